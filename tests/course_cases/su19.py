"""su19: the course cases of the Free Bacon year."""

from .free_bacon_years import BACON_MIN_DIGIT, Semester, course

SEMESTER = Semester(
    is_swap="player_score, opponent_score",
    threshold="margin",
    num_rolls=4,
    averaging="num_samples",
    leader="previous_leader",
    highest=("previous_high", "previous_score"),
    plural_only=True,
    feral_hogs=False,
    free_bacon=BACON_MIN_DIGIT,
    swaps={(123, 41): True, (7, 17): True, (7, 18): False, (17, 7): False, (0, 10): True},
    strategies={
        # 0 + 9 = 9 swaps with 19; 3 + 9 = 12 swaps with 11; 2 + 9 = 11 ties 11
        "swap_strategy(0, 19)": 0,
        "swap_strategy(3, 11)": 4,
        "swap_strategy(3, 11, margin=8, num_rolls=1)": 1,
        "swap_strategy(0, 9)": 0,
        "swap_strategy(0, 35)": 4,
        "swap_strategy(2, 11)": 0,
        "swap_strategy(50, 55)": 4,
        "bacon_strategy(0, 35, margin=7)": 0,
        "bacon_strategy(0, 35, 8, 2)": 2,
    },
    games="""
>>> from hog import *
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> s0, s1 = play(always_roll(1), always_roll(1), score0=8, score1=11, dice=make_test_dice(3), goal=20, say=echo)
11 11
14 11
11 17
11 20
""",
)
COURSE = course(SEMESTER)
