"""square_swine (seed 003, fa22): the seed's and RULES.md's examples, the
course's ok test cases of that semester, replayed course games."""

import course_reference as reference

from .common import Course, Named, Replay, Variant, rolls_zero_for_a_gain, singles, without_after_turn

SQUARES = singles(s for s in range(1000) if reference.perfect_square(s))


COURSE = Course(
    say=None,
    sessions={
        "q02 tail_points": """
>>> from hog import *
>>> tail_points(25)
7
>>> tail_points(52)
7
>>> tail_points(0)
1
>>> tail_points(7)
15
>>> tail_points(22)
1
>>> tail_points(122)
1
>>> tail_points(584)
9
>>> a = tail_points(23)
>>> a # check that the value is being returned, not printed
3
>>> tail_points(12345)
3
""",
        "q04 squares": """
>>> from hog import *
>>> perfect_square(9)
True
>>> perfect_square(1)
True
>>> perfect_square(2)
False
>>> perfect_square(144)
True
>>> perfect_square(150)
False
>>> perfect_square(8)
False
>>> next_perfect_square(1)
4
>>> next_perfect_square(9)
16
>>> next_perfect_square(64)
81
>>> next_perfect_square(144)
169
>>> next_perfect_square(81)
100
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
""",
        "q10 tail_strategy": """
>>> from hog import *
>>> tail_strategy(40, 51, threshold=7, num_rolls=2)
0
>>> tail_strategy(40, 53, threshold=7, num_rolls=2)
2
>>> tail_strategy(40, 51, threshold=12, num_rolls=5)
5
>>> tail_strategy(40, 52, threshold=7, num_rolls=2)
0
>>> s = 0
>>> while s < 100:
...     if tail_points(s) >= 10:
...         assert tail_strategy(90, s, threshold=10, num_rolls=3) == 0
...     else:
...         assert tail_strategy(90, s, threshold=10, num_rolls=3) == 3
...     s += 1
""",
        "q11 square_strategy": """
>>> from hog import *
>>> square_strategy(40, 51, threshold=7, num_rolls=2)
0
>>> square_strategy(40, 53, threshold=7, num_rolls=2)
2
>>> square_strategy(44, 53, threshold=7, num_rolls=2)
0
>>> square_strategy(44, 53, threshold=12, num_rolls=5)
0
>>> s = 0
>>> while s < 100:
...     if square_update(0, 20, s) - 20 >= 10:
...         assert square_strategy(20, s, threshold=10, num_rolls=3) == 0
...     else:
...         assert square_strategy(20, s, threshold=10, num_rolls=3) == 3
...     s += 1
""",
        "play calls update as the course does": """
>>> from hog import *
>>> calls = []
>>> def update(*args):
...     calls.append(args)
...     return args[1] + 30
>>> dice = make_test_dice(2)
>>> play(always_roll(4), always_roll(7), update, 5, 9, dice, 50)
(65, 39)
>>> calls == [(4, 5, 9, dice), (7, 9, 35, dice), (4, 35, 39, dice)]
True
""",
    },
    examples={
        "tail_points (RULES.md)": {"tail_points(46)": 5, "tail_points(73)": 9},
        # RULES.md: 12 + 13 = 25 -> 36; 12 + 12 = 24 stays; Sow Sad: 0 + 1 = 1 -> 4; 80 + 1 = 81 -> 100
        "square swine (RULES.md)": {
            f"{update}({num_rolls}, {score}, 0, make_test_dice{outcomes})": points
            for score, outcomes, num_rolls, simple, square in (
                (12, (4, 5, 4), 3, 25, 36),
                (12, (4,), 3, 24, 24),
                (0, (2, 1, 3, 4, 5), 5, 1, 4),
                (80, (1, 1, 1, 2, 3, 4, 5, 6, 2, 3), 10, 81, 100),
            )
            for update, points in (("simple_update", simple), ("square_update", square))
        },
        # The seed's Problem 11: at 31 against 42, rolling 0 gives 5 -> 36 -> 49.
        "rolling 0 can climb two squares' worth": {
            "square_update(0, 31, 42)": 49,
            "simple_update(0, 31, 42)": 36,
            "tail_strategy(31, 42), square_strategy(31, 42)": (6, 0),
        },
        # 80 + 1 = 81 rises to 100: player 0 wins on the rule.
        "a square wins the game": {
            "play(always_roll(10), always_roll(1), square_update, 80, 0, make_test_dice(1))": (100, 0),
        },
    },
    named=Named(
        "tail_strategy",
        "square_strategy",
        "threshold",
        rolls_zero_for_a_gain,
        cases=((12, 6), (11, 5), (7, 2), (1, 4), (0, 10)),
    ),
    variants={
        "full rules": Variant(update="square_update", reference="square_swine"),
        "simple_update": Variant(update="simple_update", rules=without_after_turn, reference="pig_tail"),
    },
    references={
        "tail_points": (reference.tens_ones, singles(range(1000))),
        "perfect_square": (reference.perfect_square, singles(range(1000))),
        "next_perfect_square": (reference.next_perfect_square, SQUARES),
    },
    # Games printed by the course's ok tests (tests/play_utils.describe_game).
    replays={
        "simple 15-10 to 32": Replay(
            15,
            10,
            32,
            "simple_update",
            (((2, 1, 6, 6, 6, 5, 4, 4), (16, 10)), ((4, 2, 4, 6, 2), (16, 28)), ((1, 1, 5), (17, 28)), ((), (17, 41))),
        ),
        "square 64-24 to 88": Replay(
            64,
            24,
            88,
            "square_update",
            (
                ((5, 5, 1, 4, 6, 6, 2, 4, 1), (65, 24)),
                ((5, 6, 5, 4, 1, 5, 1, 1), (65, 36)),
                ((4, 3, 2, 6, 5, 5, 3, 6, 6), (105, 36)),
            ),
        ),
        "square 0-20 to 66": Replay(
            0,
            20,
            66,
            "square_update",
            (
                ((5, 1, 4, 1), (4, 20)),
                ((6, 2), (4, 28)),
                ((5, 6, 6), (21, 28)),
                ((), (21, 31)),
                ((6, 5, 6, 4, 1, 5, 3, 6, 6, 6), (22, 31)),
                ((2, 6, 4, 1, 4, 3), (22, 32)),
                ((4, 2, 2, 5, 4), (39, 32)),
                ((), (39, 45)),
                ((), (42, 45)),
                ((4, 3, 2, 3), (42, 57)),
                ((4, 4, 6, 6, 6, 2, 3), (73, 57)),
            ),
        ),
    },
)
