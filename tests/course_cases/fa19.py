"""fa19: the course cases of the Free Bacon year."""

from .free_bacon_years import BACON_MIN_DIGIT, Semester, course

SEMESTER = Semester(
    is_swap="player_score, opponent_score",
    threshold="margin",
    num_rolls=4,
    averaging="num_samples",
    leader="previous_leader",
    highest=("previous_high", "previous_score"),
    plural_only=True,
    feral_hogs=True,
    free_bacon=BACON_MIN_DIGIT,
    swaps={(23, 32): True, (7, 17): False, (0, 10): True, (12, 21): True, (36, 63): True, (5, 15): False},
    strategies={
        # 3 + 9 = 12 swaps with 21; 22 + 9 = 31 swaps with 13; 12 + 9 = 21 ties 21
        "swap_strategy(3, 21)": 0,
        "swap_strategy(22, 13)": 4,
        "swap_strategy(22, 13, margin=8, num_rolls=7)": 7,
        "swap_strategy(0, 9)": 0,
        "swap_strategy(0, 35)": 4,
        "swap_strategy(12, 21)": 0,
        "swap_strategy(28, 35)": 4,
        "bacon_strategy(0, 35, margin=7)": 0,
        "bacon_strategy(0, 35, 8, 2)": 2,
    },
    games="""
>>> from hog import *
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> # RULES.md's example
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5, say=echo)
3 0
3 3
6 3
>>> # Feral Hogs remembers the dice count: 0 -> 2, 1 -> 3
>>> s0, s1 = play(lambda s, o: 3 if s else 1, always_roll(2), dice=make_test_dice(2), goal=12, say=echo)
2 0
2 7
11 7
11 11
17 11
>>> play(lambda s, o: 3 if s else 1, always_roll(2), dice=make_test_dice(2), goal=12, feral_hogs=False)
(14, 8)
>>> play(always_roll(2), always_roll(2), dice=make_test_dice(3), goal=12)
(15, 9)
>>> play(always_roll(2), always_roll(2), dice=make_test_dice(3), goal=12, feral_hogs=False)
(12, 6)
""",
)
COURSE = course(SEMESTER)
