"""more_boar (seed 000): the seed's ok sessions, RULES.md's examples."""

import course_reference as reference

from .common import COMMENTARY_EXAMPLES, PLAY_SESSIONS, Course, Named, Variant, grid, rolls_zero_for_the_rule, singles

COURSE = Course(
    sessions={
        **PLAY_SESSIONS,
        "q01 roll_dice": """
>>> from hog import *
>>> roll_dice(2, make_test_dice(4, 6, 1))
10
>>> roll_dice(3, make_test_dice(4, 6, 1))
1
>>> roll_dice(4, make_test_dice(2, 2, 3))
9
>>> a = roll_dice(4, make_test_dice(1, 2, 3))
>>> a # check that the value is being returned, not printed
1
>>> counted_dice = make_test_dice(4, 1, 2, 6)
>>> roll_dice(3, counted_dice)
1
>>> # Make sure you call dice exactly num_rolls times!
>>> roll_dice(1, counted_dice)
6
>>> roll_dice(9, make_test_dice(6))
54
>>> roll_dice(7, make_test_dice(2, 2, 2, 2, 2, 2, 1))
1
""",
        "q02 piggy_points": """
>>> from hog import *
>>> piggy_points(4)
4
>>> piggy_points(10)
3
>>> piggy_points(94)
6
>>> piggy_points(0)
3
>>> a = piggy_points(24)
>>> a # check that the value is being returned, not printed
8
""",
        "q03 take_turn": """
>>> from hog import *
>>> take_turn(2, 0, make_test_dice(4, 5, 1))
9
>>> take_turn(3, 0, make_test_dice(4, 6, 1))
1
>>> take_turn(0, 2)
7
>>> take_turn(0, 0)
3
""",
        "q04 more_boar": """
>>> from hog import *
>>> more_boar(21, 43)
True
>>> more_boar(22, 43)
True
>>> more_boar(43, 21)
False
>>> more_boar(12, 12)
False
>>> more_boar(7, 8)
False
""",
        "q05 use strategies": """
>>> import hog
>>> always_seven = hog.make_test_dice(7)
>>> strat0 = lambda score, opponent: opponent % 10
>>> strat1 = lambda score, opponent: max((score // 10) - 4, 0)
>>> s0, s1 = hog.play(strat0, strat1, score0=71, score1=80, dice=always_seven)
>>> s0
74
>>> s1
108
""",
        "q06 echo": """
>>> from hog import play, always_roll
>>> from dice import make_test_dice
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5, say=echo)
3 0
3 3
6 3
""",
        "q06 count": """
>>> from hog import play, always_roll
>>> from dice import make_test_dice
>>> def count(n):
...     def say(s0, s1):
...         print(n, s0)
...         return count(n + 1)
...     return say
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(5), goal=10, say=count(1))
1 5
2 5
3 10
""",
        "q06 strategies": """
>>> from hog import play, always_roll
>>> from dice import make_test_dice
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> strat0 = lambda score, opponent: 1 - opponent // 10
>>> strat1 = always_roll(3)
>>> s0, s1 = play(strat0, strat1, dice=make_test_dice(4, 2, 6), goal=15, say=echo)
4 0
4 12
8 12
8 24
""",
        "q06 say is updated": """
>>> from hog import play, always_roll
>>> from dice import make_test_dice
>>> def total(s0, s1):
...     print(s0 + s1)
...     return echo
>>> def echo(s0, s1):
...     print(s0, s1)
...     return total
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(2, 5), goal=10, say=echo)
2 0
7
4 5
14
""",
        "q06 say is updated with extra turns": """
>>> from hog import play, always_roll
>>> from dice import make_test_dice
>>> def total(s0, s1):
...     print(s0 + s1)
...     return echo
>>> def echo(s0, s1):
...     print(s0, s1)
...     return total
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(8, 2), goal=20, say=echo)
8 0
10
16 2
20
16 12
30
18 20
""",
        "q06 both": """
>>> from hog import play, always_roll, both, announce_lead_changes, say_scores
>>> from dice import make_test_dice
>>> def echo_0(s0, s1):
...     print('*', s0)
...     return echo_0
>>> def echo_1(s0, s1):
...     print('**', s1)
...     return echo_1
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(2), goal=3, say=both(echo_0, echo_1))
* 2
** 0
* 2
** 2
* 4
** 2
""",
        "q07 announce_highest": """
>>> from hog import *
>>> f0 = announce_highest(1) # Only announce Player 1 score gains
>>> f1 = f0(12, 0)
>>> f2 = f1(12, 9)
Player 1 has reached a new maximum point gain. 9 point(s)!
>>> f3 = f2(20, 9)
>>> f4 = f3(20, 30)
Player 1 has reached a new maximum point gain. 21 point(s)!
>>> f5 = f4(20, 47) # Player 1 gets 17 points; not enough for a new high
>>> f6 = f5(21, 47)
>>> f7 = f6(21, 77)
Player 1 has reached a new maximum point gain. 30 point(s)!
""",
        "commentary examples": COMMENTARY_EXAMPLES,
        "q08 make_averaged": """
>>> from hog import *
>>> dice = make_test_dice(3, 1, 5, 6)
>>> averaged_dice = make_averaged(dice, 1000)
>>> averaged_dice()
3.75
>>> dice = make_test_dice(3, 1, 5, 6)
>>> averaged_roll_dice = make_averaged(roll_dice, 1000)
>>> averaged_roll_dice(2, dice)
6.0
>>> dice = make_test_dice(4, 2, 5, 1)
>>> averaged_dice = make_averaged(roll_dice, 1000)
>>> averaged_dice(1, dice)
3.0
""",
        "q09 max_scoring_num_rolls": """
>>> from hog import *
>>> dice = make_test_dice(3)    # dice always returns 3
>>> max_scoring_num_rolls(dice, trials_count=1000)
10
>>> dice = make_test_dice(2)    # dice always rolls 2
>>> max_scoring_num_rolls(dice, trials_count=1000)
10
>>> dice = make_test_dice(1, 2) # dice alternates 1 and 2
>>> max_scoring_num_rolls(dice, trials_count=1000)
1
>>> dice = make_test_dice(1, 6)
>>> max_scoring_num_rolls(dice)
1
""",
        "q10 piggypoints_strategy": """
>>> from hog import *
>>> piggypoints_strategy(0, 3, cutoff=8, num_rolls=5)
0
>>> piggypoints_strategy(9, 0, cutoff=6, num_rolls=5)
5
>>> piggypoints_strategy(50, 2, cutoff=7, num_rolls=5)
0
>>> piggypoints_strategy(32, 0, cutoff=8, num_rolls=4)
4
>>> piggypoints_strategy(20, 1, cutoff=1, num_rolls=4)
0
""",
        "q11 more_boar_strategy": """
>>> from hog import *
>>> more_boar_strategy(3, 19, cutoff=8, num_rolls=6)
0
>>> more_boar_strategy(30, 54, cutoff=7, num_rolls=6)
6
>>> more_boar_strategy(17, 36, cutoff=100, num_rolls=6)
0
>>> more_boar_strategy(24, 3, cutoff=8, num_rolls=6)
0
""",
        "next_player": """
>>> from hog import *
>>> next_player(0)
1
>>> next_player(1)
0
""",
        "take_turn asserts the game is not over": """
>>> from hog import *
>>> take_turn(0, 100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: The game should be over...
>>> take_turn(0, 100, goal=101)  # 100 ** 2 = 10000: 0 + 3
3
""",
        "extra turns chain until the goal": """
>>> from hog import *
>>> # From (0, 16) with 2s: 02 and 04 are below 16 in both digits, 06 is not.
>>> play(always_roll(1), always_roll(1), 0, 16, make_test_dice(2), goal=20, say=say_scores)
Player 0 now has 2 and Player 1 now has 16
Player 0 now has 4 and Player 1 now has 16
Player 0 now has 6 and Player 1 now has 16
Player 0 now has 6 and Player 1 now has 18
Player 0 now has 8 and Player 1 now has 18
Player 0 now has 8 and Player 1 now has 20
(8, 20)
""",
        "announce_highest wording": """
>>> from hog import *
>>> f = announce_highest(1)(0, 0)(0, 9)
Player 1 has reached a new maximum point gain. 9 point(s)!
>>> f = f(12, 9)
""",
    },
    examples={
        "piggy_points (RULES.md)": {
            "piggy_points(4)": 4,
            "piggy_points(10)": 3,
            "piggy_points(94)": 6,
            "piggy_points(0)": 3,
            "piggy_points(24)": 8,
        },
        "more_boar (RULES.md)": {
            "more_boar(21, 43)": True,
            "more_boar(22, 43)": True,
            "more_boar(43, 21)": False,
            "more_boar(12, 12)": False,
            "more_boar(7, 8)": False,
        },
    },
    named=Named(
        "piggypoints_strategy",
        "more_boar_strategy",
        "cutoff",
        rolls_zero_for_the_rule,
        cases=((8, 6), (1, 4), (12, 2), (13, 8), (0, 10)),
    ),
    variants={"full rules": Variant(reference="more_boar")},
    references={
        "piggy_points": (reference.piggy_points, singles(range(1000))),
        "more_boar": (reference.more_boar, grid(range(0, 1200, 7), range(300))),
    },
)
