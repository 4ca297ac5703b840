"""pigs_on_prime (Oink Points + Pigs on Prime; su22): RULES.md's and COURSE_APIS.md's examples."""

from .common import LEADER_COMMENTARY_SESSIONS, Course, Named, rolls_zero_for_the_rule

COURSE = Course(
    say="leader",
    sessions={
        **LEADER_COMMENTARY_SESSIONS,
        "oink_points": """
>>> from hog import *
>>> [oink_points(0, score) for score in (46, 73, 27, 7, 584, 12345)]
[2, 11, 1, 1, 12, 3]
>>> oink_points(99, 46)
2
""",
        "take_turn": """
>>> from hog import *
>>> take_turn(2, 0, 0, make_test_dice(4, 5, 1)), take_turn(0, 0, 73)
(9, 11)
>>> take_turn(0, 5, 100)
Traceback (most recent call last):
...
AssertionError: The game should be over.
>>> take_turn(0, 100, 5)
Traceback (most recent call last):
...
AssertionError: The game should be over.
>>> take_turn(0, 5, 100, goal=101)
1
""",
        "is_prime counts 1": """
>>> from hog import *
>>> is_prime(1), is_prime(2), is_prime(9), is_prime(0)
(True, True, False, False)
""",
        "pigs_on_prime": """
>>> from hog import *
>>> pigs_on_prime(7, 7), pigs_on_prime(11, 26), pigs_on_prime(2, 76), pigs_on_prime(0, 20), pigs_on_prime(1, 0)
(4, 2, 1, 0, 1)
>>> play(always_roll(2), always_roll(1), dice=make_test_dice(2, 3), goal=7)  # 5 rises to 7
(7, 0)
""",
        "play passes the leader on": """
>>> from hog import *
>>> def echo(score0, score1, leader):
...     print(score0, score1, leader)
...     return score0 + score1, None
>>> play(always_roll(1), always_roll(1), score0=10, score1=20, dice=make_test_dice(4), goal=30, say=echo)
14 20 None
14 24 34
18 24 38
18 28 42
22 28 46
22 32 50
(22, 32)
""",
        "play with commentary": """
>>> from hog import *
>>> commentary = both(say_scores, announce_lead_changes)
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=8, say=commentary)
Player 0 now has 5 and now Player 1 has 0
Player 0 takes the lead by 5
Player 0 now has 5 and now Player 1 has 5
Player 0 now has 8 and now Player 1 has 5
Player 0 takes the lead by 3
>>> s0, s1
(8, 5)
""",
        "make_averaged and max_scoring_num_rolls": """
>>> from hog import *
>>> make_averaged(roll_dice, total_samples=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> max_scoring_num_rolls(make_test_dice(3), total_samples=1000), max_scoring_num_rolls(make_test_dice(1, 2))
(10, 1)
""",
        "strategies": """
>>> from hog import *
>>> oink_points_strategy(0, 73), oink_points_strategy(0, 46), oink_points_strategy(0, 46, threshold=2)
(0, 6, 0)
>>> pigs_on_prime_strategy(5, 46), pigs_on_prime_strategy(4, 46), pigs_on_prime_strategy(4, 73)
(0, 6, 0)
>>> pigs_on_prime_strategy(4, 73, threshold=12, num_rolls=3)
3
""",
    },
    named=Named(
        "oink_points_strategy", "pigs_on_prime_strategy", "threshold", rolls_zero_for_the_rule, cases=((8, 6), (5, 3))
    ),
)
