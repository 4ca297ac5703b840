"""fa18: the course cases of the Free Bacon year."""

from .free_bacon_years import Semester, course

SEMESTER = Semester(
    is_swap="player_score, opponent_score",
    threshold="margin",
    num_rolls=4,
    averaging="num_samples",
    leader="previous_leader",
    highest=("previous_high", "previous_score"),
    plural_only=True,
    feral_hogs=False,
    free_bacon={47: 1, 71: 13, 0: 1, 90: 18, 95: 13},
    swaps={(13, 75): True, (13, 76): False, (40, 4): True, (0, 11): True, (9, 90): True, (12, 34): True},
    strategies={
        # 0 + 1 = 1 swaps with 12; 40 + 8 = 48 swaps with 40; 58 + 13 = 71 ties 71
        "swap_strategy(0, 12)": 0,
        "swap_strategy(40, 40)": 4,
        "swap_strategy(40, 40, margin=8, num_rolls=10)": 10,
        "swap_strategy(0, 71)": 0,
        "swap_strategy(0, 47)": 4,
        "swap_strategy(58, 71)": 0,
        "swap_strategy(46, 47)": 4,
        "bacon_strategy(0, 47, margin=1)": 0,
        "bacon_strategy(0, 47, 8, 2)": 2,
    },
    games="""
>>> from hog import *
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> s0, s1 = play(always_roll(1), always_roll(1), score0=10, score1=20, dice=make_test_dice(3), goal=25, say=echo)
20 13
20 16
23 16
23 19
26 19
""",
)
COURSE = course(SEMESTER)
