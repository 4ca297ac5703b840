"""hefty_hogs (Hefty Hogs + Hog Pile; sp22): RULES.md's and COURSE_APIS.md's examples."""

from .common import LEADER_COMMENTARY_SESSIONS, Course, Named, rolls_zero_for_the_rule

COURSE = Course(
    say="leader",
    sessions={
        **LEADER_COMMENTARY_SESSIONS,
        "hefty_hogs": """
>>> from hog import *
>>> hefty_hogs(5, 123), hefty_hogs(5, 456), hefty_hogs(3, 56), hefty_hogs(12, 5), hefty_hogs(6, 2), hefty_hogs(9, 0)
(9, 29, 0, 0, 18, 1)
>>> take_turn(0, 3, 56), take_turn(0, 5, 123, goal=200)
(0, 9)
>>> take_turn(0, 5, 123)
Traceback (most recent call last):
...
AssertionError: The game should be over.
""",
        "digit_fn": """
>>> from hog import *
>>> [digit_fn(digit)(5) for digit in range(10)]
[6, 25, 15, 1, 0, 5, 40, 44, 10, 5]
>>> digit_fn(6)(10), digit_fn(8)(200), digit_fn(4)(3)
(24, 40, -2)
>>> digit_fn(10)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
AssertionError: digit 10
>>> digit_fn(-1)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
AssertionError: digit -1
>>> digit_fn(2.0)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
AssertionError: digit 2.0
""",
        "hog_pile": """
>>> from hog import *
>>> hog_pile(12, 72), hog_pile(439, 709), hog_pile(26, 26), hog_pile(12, 13), hog_pile(10, 20)
(2, 9, 6, 0, 0)
""",
        "play passes the leader on": """
>>> from hog import *
>>> def echo(score0, score1, leader):
...     print(score0, score1, leader)
...     return score0 + score1, None
>>> play(always_roll(1), always_roll(1), score0=10, score1=21, dice=make_test_dice(4), goal=26, say=echo)
14 21 None
14 25 35
18 25 39
18 29 43
(18, 29)
""",
        "a zero-point turn and a Hog Pile": """
>>> from hog import *
>>> def echo(score0, score1, leader):
...     print(score0, score1)
...     return leader, None
>>> play(always_roll(0), always_roll(1), score0=3, score1=56, dice=make_test_dice(4), goal=61, say=echo)
3 56
3 60
5 60
5 64
(5, 64)
>>> play(always_roll(0), always_roll(1), score0=2, score1=36, dice=make_test_dice(5), goal=40, say=echo)
12 36
12 41
(12, 41)
""",
        "make_averaged and max_scoring_num_rolls": """
>>> from hog import *
>>> make_averaged(roll_dice, total_samples=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> max_scoring_num_rolls(make_test_dice(3), total_samples=1000), max_scoring_num_rolls(make_test_dice(1, 2))
(10, 1)
""",
        "strategies": """
>>> from hog import *
>>> hefty_hogs_strategy(5, 456), hefty_hogs_strategy(3, 56), hefty_hogs_strategy(5, 123, threshold=10)
(0, 6, 6)
>>> hog_pile_strategy(2, 36), hog_pile_strategy(0, 14), hog_pile_strategy(3, 56)
(0, 0, 6)
>>> hog_pile_strategy(0, 14, threshold=26, num_rolls=4)
4
""",
    },
    named=Named(
        "hefty_hogs_strategy", "hog_pile_strategy", "threshold", rolls_zero_for_the_rule, cases=((8, 6), (5, 3))
    ),
)
