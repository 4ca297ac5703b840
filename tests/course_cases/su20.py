"""su20: the course cases of the Free Bacon year."""

from .free_bacon_years import Semester, course

SEMESTER = Semester(
    is_swap="player_score, opponent_score",
    threshold="cutoff",
    num_rolls=6,
    averaging="trials_count",
    leader="last_leader",
    highest=("last_score", "running_high"),
    plural_only=True,
    feral_hogs=True,
    free_bacon={4: 6, 1: 9, 0: 10, 90: 19, 19: 2},
    swaps={(12, 24): True, (12, 25): False, (3, 3): True, (24, 12): False, (0, 10): False, (1, 10): True},
    strategies={
        # good swap: 0 + 10 = 10 < 11; harmful: 2 + 9 = 11 > 1; no swap; equal scores 5 and 5
        "swap_strategy(0, 11)": 0,
        "swap_strategy(2, 1)": 6,
        "swap_strategy(2, 1, cutoff=8, num_rolls=3)": 3,
        "swap_strategy(0, 1)": 0,
        "swap_strategy(0, 4)": 6,
        "swap_strategy(0, 5)": 6,
        "bacon_strategy(0, 4, cutoff=6)": 0,
        "bacon_strategy(0, 4, 7, 2)": 2,
    },
    games="""
>>> from hog import *
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> # Feral Hogs remembers the points of the previous turn, without the bonus
>>> s0, s1 = play(lambda s, o: 4 if s else 2, always_roll(1), dice=make_test_dice(3), goal=30, say=echo)
9 0
9 3
24 3
24 9
36 9
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5, say=echo)
3 0
3 3
9 3
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5, say=echo, feral_hogs=False)
3 0
3 3
6 3
""",
)
COURSE = course(SEMESTER)
