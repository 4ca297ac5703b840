"""sp18: the course cases of the Free Bacon year."""

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
    free_bacon={47: 5, 0: 2, 19: 10, 90: 11, 55: 2},
    swaps=MULTIPLES,
    strategies={
        # 0 + 3 = 3 swaps with 12; 4 + 8 = 12 swaps with 6; 9 + 10 = 19 ties 19
        "swap_strategy(0, 12)": 0,
        "swap_strategy(4, 6)": 4,
        "swap_strategy(4, 6, margin=8, num_rolls=2)": 2,
        "swap_strategy(0, 19)": 0,
        "swap_strategy(0, 47)": 4,
        "swap_strategy(9, 19)": 0,
        "swap_strategy(42, 47)": 4,
        "bacon_strategy(0, 47, margin=5)": 0,
        "bacon_strategy(0, 47, 8, 2)": 2,
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
