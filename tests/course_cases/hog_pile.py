"""hog_pile (seed 002): the seed's ok sessions, RULES.md's examples."""

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
>>> roll_dice(1, counted_dice)
6
>>> roll_dice(9, make_test_dice(6))
54
>>> roll_dice(7, make_test_dice(2, 2, 2, 2, 2, 2, 1))
1
>>> fixed_dice = make_test_dice(3, 4)
>>> roll_dice(2, fixed_dice)
7
""",
        "q02 picky_piggy": """
>>> from hog import *
>>> picky_piggy(0)
7
>>> picky_piggy(1)
1
>>> picky_piggy(2)
4
>>> picky_piggy(5)
5
>>> a = picky_piggy(24)
>>> a # check that the value is being returned, not printed
7
""",
        "q03 take_turn": """
>>> from hog import *
>>> take_turn(2, 0, make_test_dice(4, 5, 1))
9
>>> take_turn(3, 0, make_test_dice(4, 6, 1))
1
>>> take_turn(0, 2)
4
>>> take_turn(0, 0)
7
""",
        "q04 hog_pile": """
>>> from hog import *
>>> hog_pile(25, 43)
0
>>> hog_pile(32, 33)
0
>>> hog_pile(7, 7)
7
>>> hog_pile(26, 26)
26
>>> hog_pile(23, 23)
23
>>> hog_pile(193, 42)
0
>>> a = hog_pile(187, 187)
>>> a # check that the value is being returned, not printed
187
""",
        "q05 use strategies": """
>>> import hog
>>> always_seven = hog.make_test_dice(7)
>>> strat0 = lambda score, opponent: opponent % 10
>>> strat1 = lambda score, opponent: max((score // 10) - 4, 0)
>>> s0, s1 = hog.play(strat0, strat1, score0=71, score1=80, dice=always_seven)
>>> s0
75
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
3 6
""",
        "q06 count": """
>>> from hog import play, always_roll
>>> from dice import make_test_dice
>>> def count(n):
...     def say(s0, s1):
...         print(n, s0)
...         return count(n + 1)
...     return say
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(5), goal=15, say=count(1))
1 5
2 5
3 20
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
11 12
11 24
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
        "q06 both": """
>>> from hog import play, always_roll, both, announce_lead_changes, say_scores
>>> from dice import make_test_dice
>>> def echo_0(s0, s1):
...     print('*', s0)
...     return echo_0
>>> def echo_1(s0, s1):
...     print('**', s1)
...     return echo_1
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(2), goal=5, say=both(echo_0, echo_1))
* 2
** 0
* 2
** 4
* 8
** 4
""",
        "q07 announce_highest": """
>>> from hog import *
>>> f0 = announce_highest(1) # Only announce Player 1 score gains
>>> f1 = f0(12, 0)
>>> f2 = f1(12, 9)
9 point(s)! That's a record gain for Player 1!
>>> f3 = f2(20, 9)
>>> f4 = f3(20, 30)
21 point(s)! That's a record gain for Player 1!
>>> f5 = f4(20, 47) # Player 1 gets 17 points; not enough for a new high
>>> f6 = f5(21, 47)
>>> f7 = f6(21, 77)
30 point(s)! That's a record gain for Player 1!
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
""",
        "q09 max_scoring_num_rolls": """
>>> from hog import *
>>> dice = make_test_dice(3)   # dice always returns 3
>>> max_scoring_num_rolls(dice, trials_count=1000)
10
>>> dice = make_test_dice(2)     # dice always rolls 2
>>> max_scoring_num_rolls(dice, trials_count=1000)
10
>>> dice = make_test_dice(1, 2)  # dice alternates 1 and 2
>>> max_scoring_num_rolls(dice, trials_count=1000)
1
""",
        "q10 picky_piggy_strategy": """
>>> from hog import *
>>> picky_piggy_strategy(0, 4, cutoff=7, num_rolls=5)
0
>>> picky_piggy_strategy(9, 0, cutoff=6, num_rolls=5)
0
>>> picky_piggy_strategy(50, 3, cutoff=7, num_rolls=5)
5
>>> picky_piggy_strategy(32, 0, cutoff=8, num_rolls=4)
4
>>> picky_piggy_strategy(20, 0, cutoff=1, num_rolls=4)
0
""",
        "q11 hog_pile_strategy": """
>>> from hog import *
>>> hog_pile_strategy(2, 10, cutoff=10, num_rolls=6)
0
>>> hog_pile_strategy(30, 54, cutoff=10, num_rolls=6)
6
>>> hog_pile_strategy(20, 36, cutoff=7, num_rolls=6)
0
>>> hog_pile_strategy(24, 5, cutoff=8, num_rolls=6)
6
""",
        "take_turn asserts the game is not over": """
>>> from hog import *
>>> take_turn(0, 100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: The game should be over...
>>> take_turn(0, 100, goal=101)  # the 100th digit of 1/7
8
""",
        "RULES.md's example game": """
>>> from hog import *
>>> # (5, 0), tie -> (5, 10), (11, 10), pig out to a tie -> (11, 22)
>>> counts = iter([2, 1, 2, 8])
>>> strategy = lambda score, opponent_score: next(counts)
>>> dice = make_test_dice(2, 3, 5, 3, 3, 1, 2, 2, 2, 2, 2, 2, 2)
>>> play(strategy, strategy, dice=dice, goal=22, say=say_scores)
Player 0 now has 5 and Player 1 now has 0
Player 0 now has 5 and Player 1 now has 10
Player 0 now has 11 and Player 1 now has 10
Player 0 now has 11 and Player 1 now has 22
(11, 22)
""",
        "doubling reaches the goal": """
>>> from hog import *
>>> # Player 1 ties at 60 and doubles past the goal of 100.
>>> play(always_roll(1), always_roll(2), 60, 55, make_test_dice(5))
(65, 130)
""",
        "announce_highest wording": """
>>> from hog import *
>>> f = announce_highest(1)(0, 0)(0, 9)
9 point(s)! That's a record gain for Player 1!
>>> f = f(12, 9)
""",
    },
    examples={
        "picky_piggy (RULES.md)": {
            f"picky_piggy({score})": points
            for score, points in ((0, 7), (1, 1), (2, 4), (3, 2), (5, 5), (14, 4), (24, 7))
        },
    },
    named=Named(
        "picky_piggy_strategy",
        "hog_pile_strategy",
        "cutoff",
        rolls_zero_for_the_rule,
        cases=((8, 6), (7, 5), (1, 4), (9, 6), (0, 10)),
    ),
    variants={"full rules": Variant(reference="hog_pile")},
    references={
        "picky_piggy": (reference.sevenths_digit, singles(range(1000))),
        "hog_pile": (reference.hog_pile, grid(range(300), range(0, 300, 3))),
    },
)
