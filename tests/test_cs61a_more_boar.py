"""``hog.cs61a.more_boar``: the seed's ok test cases run as the course runs
them, RULES.md's examples, and play against a plain reference of the
course's code with the same seeded dice."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

import pytest

from hog.cs61a import check_course_session, more_boar as course

sys.path.insert(0, str(Path(__file__).resolve().parent))
import course_reference as reference  # noqa: E402

# The seed's ok sessions (expected output = the answer ok accepted).
OK_SESSIONS = {
    "q00 test dice": """
>>> from hog import *
>>> test_dice = make_test_dice(4, 1, 2)
>>> test_dice()
4
>>> test_dice() # Second call
1
>>> test_dice() # Third call
2
>>> test_dice() # Fourth call
4
""",
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
    "q05 play stops at goal": """
>>> import hog
>>> always_three = hog.make_test_dice(3)
>>> always = hog.always_roll
>>> s0, s1 = hog.play(always(5), always(3), score0=91, score1=10, dice=always_three)
>>> s0
106
>>> s1
10
""",
    "q05 goal is not hardwired": """
>>> import hog
>>> always_three = hog.make_test_dice(3)
>>> always = hog.always_roll
>>> s0, s1 = hog.play(always(5), always(5), goal=10, dice=always_three)
>>> s0
15
>>> s1
0
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
    "commentary examples": """
>>> from hog import *
>>> f0 = announce_lead_changes()
>>> f1 = f0(5, 0)
Player 0 takes the lead by 5
>>> f2 = f1(5, 12)
Player 1 takes the lead by 7
>>> f3 = f2(8, 12)
>>> f4 = f3(8, 13)
>>> f5 = f4(15, 13)
Player 0 takes the lead by 2
>>> h0 = both(say_scores, announce_lead_changes())
>>> h1 = h0(10, 0)
Player 0 now has 10 and Player 1 now has 0
Player 0 takes the lead by 10
>>> h2 = h1(10, 8)
Player 0 now has 10 and Player 1 now has 8
>>> h3 = h2(10, 17)
Player 0 now has 10 and Player 1 now has 17
Player 1 takes the lead by 7
""",
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
}


@pytest.mark.parametrize("name", OK_SESSIONS)
def test_ok_session(name):
    assert check_course_session("more_boar", OK_SESSIONS[name], name) == ""


@pytest.mark.parametrize("opponent, points", [(4, 4), (10, 3), (94, 6), (0, 3), (24, 8)])
def test_piggy_points_examples(opponent, points):
    assert course.piggy_points(opponent) == points


@pytest.mark.parametrize(
    "scores, extra", [((21, 43), True), ((22, 43), True), ((43, 21), False), ((12, 12), False), ((7, 8), False)]
)
def test_more_boar_examples(scores, extra):
    assert course.more_boar(*scores) is extra


def test_rules_match_the_reference_everywhere():
    assert all(course.piggy_points(s) == reference.piggy_points(s) for s in range(1000))
    assert all(course.more_boar(p, o) == reference.more_boar(p, o) for p in range(0, 1200, 7) for o in range(300))


def test_take_turn_asserts_the_game_is_not_over():
    with pytest.raises(AssertionError, match="The game should be over."):
        course.take_turn(0, 100)
    assert course.take_turn(0, 100, goal=101) == reference.piggy_points(100)


def test_extra_turns_chain_until_the_goal(capsys):
    """From (0, 16) with 2s: 02 and 04 are below 16 in both digits, 06 is not."""
    dice = course.make_test_dice(2)
    scores = course.play(course.always_roll(1), course.always_roll(1), 0, 16, dice, goal=20, say=course.say_scores)
    assert scores == (8, 20)
    assert capsys.readouterr().out.splitlines() == [
        "Player 0 now has 2 and Player 1 now has 16",
        "Player 0 now has 4 and Player 1 now has 16",
        "Player 0 now has 6 and Player 1 now has 16",
        "Player 0 now has 6 and Player 1 now has 18",
        "Player 0 now has 8 and Player 1 now has 18",
        "Player 0 now has 8 and Player 1 now has 20",
    ]


def test_announce_highest_wording(capsys):
    f = course.announce_highest(1)(0, 0)(0, 9)
    assert capsys.readouterr().out == "Player 1 has reached a new maximum point gain. 9 point(s)!\n"
    f(12, 9)
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("cutoff, num_rolls", [(8, 6), (1, 4), (12, 2), (13, 8), (0, 10)])
def test_named_strategies_match_the_reference(cutoff, num_rolls):
    for score in range(100):
        for opponent in range(100):
            points = reference.piggy_points(opponent)
            by_points = 0 if points >= cutoff else num_rolls
            by_rule = 0 if reference.more_boar(score + points, opponent) else by_points
            assert course.piggypoints_strategy(score, opponent, cutoff, num_rolls) == by_points
            assert course.more_boar_strategy(score, opponent, cutoff, num_rolls) == by_rule


STRATEGY_PAIRS = {
    "always 4 vs 6": (course.always_roll(4), course.always_roll(6)),
    "named": (course.more_boar_strategy, course.piggypoints_strategy),
    "every count": (lambda s, o: (s + 2 * o) % 11, lambda s, o: (3 * s + o) % 11),
}


@pytest.mark.parametrize("pair", STRATEGY_PAIRS)
@pytest.mark.parametrize("seed", [0, 1, 61])
def test_play_matches_the_course_call_for_call(pair, seed):
    ours = reference.recorded_game(course.play, seed, *STRATEGY_PAIRS[pair], commentary=True)
    theirs = reference.recorded_game(partial(reference.play, "more_boar"), seed, *STRATEGY_PAIRS[pair], commentary=True)
    assert ours == theirs
