"""su21 (Piggy Points + More Boar, Summer 2021): RULES.md's and COURSE_APIS.md's examples."""

from .common import Course, Named, rolls_zero_for_the_rule

COURSE = Course(
    sessions={
        "piggy_points and take_turn": """
>>> from hog import *
>>> piggy_points(14), piggy_points(9), piggy_points(156), piggy_points(0)
(7, 13, 5, 4)
>>> take_turn(0, 14), take_turn(2, 0, make_test_dice(4, 5, 1))
(7, 9)
>>> take_turn(0, 100)
Traceback (most recent call last):
...
AssertionError: The game should be over.
""",
        "more_boar": """
>>> from hog import *
>>> more_boar(25, 43), more_boar(7, 10), more_boar(709, 897), more_boar(26, 43), more_boar(43, 25)
(True, False, False, True, False)
""",
        "play with extra turns": """
>>> from hog import *
>>> def echo(score0, score1):
...     print(score0, score1)
...     return echo
>>> play(always_roll(0), always_roll(1), score0=21, score1=43, dice=make_test_dice(3), goal=50, say=echo)
26 43
31 43
31 46
37 46
43 46
43 49
52 49
(52, 49)
""",
        "commentary": """
>>> from hog import *
>>> f0 = announce_highest(1)
>>> f1 = f0(12, 0)
>>> f2 = f1(12, 10)
Player 1 has reached a new maximum point gain. 10 point(s)!
>>> f3 = f2(20, 15)
>>> f4 = f3(20, 26)
Player 1 has reached a new maximum point gain. 11 point(s)!
>>> f5 = f4(20, 20)
>>> f6 = f5(20, 31)
>>> f7 = f6(20, 43)
Player 1 has reached a new maximum point gain. 12 point(s)!
>>> h0 = both(say_scores, announce_lead_changes())
>>> h1 = h0(10, 3)
Player 0 now has 10 and Player 1 now has 3
Player 0 takes the lead by 7
>>> h2 = h1(10, 10)
Player 0 now has 10 and Player 1 now has 10
>>> h3 = h2(10, 13)
Player 0 now has 10 and Player 1 now has 13
Player 1 takes the lead by 3
>>> _ = announce_lead_changes(last_leader=1)(10, 13)
""",
        "make_averaged and max_scoring_num_rolls": """
>>> from hog import *
>>> make_averaged(roll_dice, trials_count=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> max_scoring_num_rolls(make_test_dice(3), trials_count=1000), max_scoring_num_rolls(make_test_dice(1, 2))
(10, 1)
""",
        "strategies": """
>>> from hog import *
>>> piggypoints_strategy(0, 9), piggypoints_strategy(0, 14), piggypoints_strategy(0, 14, cutoff=7, num_rolls=5)
(0, 6, 0)
>>> more_boar_strategy(21, 43), more_boar_strategy(0, 14), more_boar_strategy(0, 14, cutoff=7)
(0, 6, 0)
>>> more_boar_strategy(21, 43, cutoff=20, num_rolls=2)
0
""",
    },
    named=Named(
        "piggypoints_strategy", "more_boar_strategy", "cutoff", rolls_zero_for_the_rule, cases=((8, 6), (5, 3))
    ),
)
