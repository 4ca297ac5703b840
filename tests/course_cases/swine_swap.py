"""swine_swap (seed 001, nju24): the seed's and RULES.md's examples, the
course's docstring examples, worked games."""

import course_reference as reference

from .common import Course, Named, Variant, rolls_zero_for_a_gain, singles

COURSE = Course(
    say=None,
    sessions={
        "q00 test dice": """
>>> from hog import *
>>> test_dice = make_test_dice(4, 1, 2)
>>> test_dice()
4
""",
        "q01 pig out": """
>>> from hog import *
>>> roll_dice(7, make_test_dice(1, 1, 1, 1, 1, 2, 3))
1
>>> roll_dice(4, make_test_dice(3))
12
""",
        "q02 picky_piggy": """
>>> from hog import *
>>> picky_piggy(46)
5
>>> picky_piggy(73)
9
""",
        "q04 swine_swap": """
>>> from hog import *
>>> swine_swap(4)
True
>>> swine_swap(11)
False
>>> swine_swap(99)
False
""",
        "q06 always_roll": """
>>> from hog import *
>>> strategy = always_roll(3)
>>> strategy(0, 0)
3
>>> strategy(99, 99)
3
""",
        "q07 is_always_roll": """
>>> from hog import *
>>> is_always_roll(always_roll_5)
True
>>> is_always_roll(always_roll(3))
True
>>> is_always_roll(catch_up)
False
>>> catch_up(9, 4)
5
>>> catch_up(17, 18)
6
""",
        "q08 make_averaged": """
>>> from hog import *
>>> dice = make_test_dice(4, 2, 5, 1)
>>> averaged_dice = make_averaged(roll_dice, 40)
>>> averaged_dice(1, dice)  # The avg of 10 4's, 10 2's, 10 5's, and 10 1's
3.0
""",
        "q09 max_scoring_num_rolls": """
>>> from hog import *
>>> dice = make_test_dice(1, 6)
>>> max_scoring_num_rolls(dice)
1
>>> max_scoring_num_rolls(make_test_dice(3), total_samples=10)
10
""",
        "worked games": """
>>> from hog import *
>>> play(always_roll(5), always_roll(3), 91, 10, make_test_dice(3))
(106, 10)
>>> play(always_roll(5), always_roll(5), 0, 0, make_test_dice(3), 10)
(15, 0)
>>> play(lambda s, o: o % 10, lambda s, o: max(s // 10 - 4, 0), 71, 80, make_test_dice(7))
(88, 108)
>>> # 85 + 15 = 100 is a square: swapped at the goal, so player 1 wins
>>> play(always_roll(5), always_roll(3), 85, 10, make_test_dice(3))
(10, 100)
""",
        "swaps chain through a game": """
>>> from hog import *
>>> # Everyone rolls 0: 0 + 1 = 1 swaps; 13 + 3 = 16 swaps; 19 + 11 = 30 wins.
>>> seen = []
>>> def zero(score, opponent_score):
...     seen.append((score, opponent_score))
...     return 0
>>> play(zero, zero, goal=30)
(30, 27)
>>> seen
[(0, 0), (1, 0), (0, 2), (2, 5), (5, 13), (13, 10), (16, 10), (10, 19), (19, 27)]
""",
    },
    examples={
        "picky_piggy (RULES.md)": {
            f"picky_piggy({score})": points
            for score, points in ((46, 5), (73, 9), (0, 1), (7, 15), (122, 1), (584, 9), (12345, 3))
        },
        "swine_swap (RULES.md)": {
            f"swine_swap({score})": swapped
            for score, swapped in ((4, True), (11, False), (99, False), (0, True), (1, True), (100, True))
        },
        # (picky_strategy, swine_strategy): swine_strategy counts the swap
        "swine_strategy counts the swap": {
            f"picky_strategy({s}, {o}), swine_strategy({s}, {o})": dice
            for (s, o), dice in {
                (0, 4): (0, 6),
                (0, 11): (6, 0),
                (1, 7): (0, 6),
                (1, 10): (6, 0),
                (62, 9): (0, 6),
            }.items()
        },
    },
    named=Named(
        "picky_strategy",
        "swine_strategy",
        "threshold",
        rolls_zero_for_a_gain,
        cases=((8, 6), (9, 5), (1, 4), (20, 2), (0, 10)),
    ),
    variants={"full rules": Variant(reference="swine_swap")},
    references={
        "picky_piggy": (reference.tens_ones, singles(range(1000))),
        "swine_swap": (reference.perfect_square, singles(range(1000))),
    },
)
