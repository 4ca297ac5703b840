"""su18: the course cases of the Free Bacon year."""

from .free_bacon_years import Semester, course

SEMESTER = Semester(
    is_swap="score0, score1",
    threshold="margin",
    num_rolls=4,
    averaging="num_samples",
    leader="previous_leader",
    highest=("previous_high", "previous_score"),
    plural_only=True,
    feral_hogs=False,
    free_bacon={47: 9, 0: 1, 99: 2, 25: 1, 38: 5},
    swaps={(13, 31): True, (31, 13): True, (13, 13): False, (0, 0): True, (20, 5): True, (5, 20): False},
    strategies={
        # 0 + 1 = 1 swaps with 10; harmful swaps are not avoided: 11 + 10 = 21 with 19, 9 + 1 = 10 with 0
        "swap_strategy(0, 10)": 0,
        "swap_strategy(11, 19)": 0,
        "swap_strategy(11, 19, margin=11, num_rolls=3)": 3,
        "swap_strategy(9, 0)": 4,
        "swap_strategy(0, 47)": 0,
        "swap_strategy(17, 22)": 4,
        "bacon_strategy(0, 10, margin=1)": 0,
        "bacon_strategy(0, 10, 8, 2)": 2,
    },
    games="""
>>> from hog import *
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> s0, s1 = play(always_roll(2), always_roll(2), dice=make_test_dice(5), goal=25, say=echo)
0 10
20 0
0 30
""",
    harmful_swaps=False,
)
COURSE = course(SEMESTER)
