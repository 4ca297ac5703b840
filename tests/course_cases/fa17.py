"""fa17: the course cases of the Free Bacon year."""

from .free_bacon_years import MULTIPLES, Semester, course

SEMESTER = Semester(
    is_swap="score0, score1",
    threshold="margin",
    num_rolls=4,
    averaging="num_samples",
    leader="previous_leader",
    highest=("previous_high", "previous_score"),
    plural_only=False,
    feral_hogs=False,
    free_bacon={0: 1, 47: 8, 9: 10, 90: 10, 99: 10, 12: 3},
    swaps=MULTIPLES,
    strategies={
        # 0 + 2 = 2 swaps with 10; 6 + 8 = 14 swaps with 7; 39 + 8 = 47 ties 47
        "swap_strategy(0, 10)": 0,
        "swap_strategy(6, 7)": 4,
        "swap_strategy(6, 7, margin=8, num_rolls=9)": 9,
        "swap_strategy(0, 47)": 0,
        "swap_strategy(0, 31)": 4,
        "swap_strategy(39, 47)": 0,
        "swap_strategy(27, 31)": 4,
        "bacon_strategy(0, 31, margin=4)": 0,
        "bacon_strategy(0, 31, 8, 2)": 2,
    },
    games="""
>>> from hog import *
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(2), goal=7, say=echo)
2 0
2 2
2 4
6 2
2 8
""",
)
COURSE = course(SEMESTER)
