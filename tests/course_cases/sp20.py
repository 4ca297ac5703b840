"""sp20: the course cases of the Free Bacon year."""

from .free_bacon_years import Semester, course

SEMESTER = Semester(
    is_swap="player_score, opponent_score",
    threshold="margin",
    num_rolls=6,
    averaging="num_samples",
    leader="previous_leader",
    highest=("previous_high", "previous_score"),
    plural_only=True,
    feral_hogs=True,
    free_bacon={4: 3, 1: 2, 0: 1, 9: 15, 10: 2},
    swaps={(1, 1): True, (2, 1): False, (0, 0): True, (0, 1): True, (1, 0): True, (2, 2): False, (5, 0): False},
    strategies={
        # 28 ** 3 = 21952 gives 8: 3 ** 36 swaps; 9 ** 3 = 729 gives 15: 3 ** 27 swaps; 3 ** 32 at 16 vs 16
        "swap_strategy(0, 28)": 0,
        "swap_strategy(3, 9)": 6,
        "swap_strategy(3, 9, margin=8, num_rolls=5)": 5,
        "swap_strategy(0, 2)": 0,
        "swap_strategy(0, 4)": 6,
        "swap_strategy(8, 16)": 0,
        "swap_strategy(15, 18)": 6,
        "bacon_strategy(0, 4, margin=3)": 0,
        "bacon_strategy(0, 4, 4, 2)": 2,
    },
    games="""
>>> from hog import *
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> # 24 + 3: 3 ** 27 = 7625597484987 swaps; then 1 die after 3 points earns the bonus
>>> s0, s1 = play(lambda s, o: 4 if s else 2, always_roll(1), dice=make_test_dice(3), goal=30, say=echo)
9 0
9 3
3 24
3 30
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
