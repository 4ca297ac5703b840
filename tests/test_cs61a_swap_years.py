"""The course modules of the Free Bacon / Swine Swap years, ``hog.cs61a.fa17``
to ``hog.cs61a.su20``: COURSE_APIS.md's names and signatures, RULES.md's and
COURSE_APIS.md's examples as ok-style sessions, and the course loop against
the rule definitions (``hog.game.play``) on the same seeded dice.

Each semester is one entry of ``SEMESTERS``; every check is one test
parametrised over the entries. The examples were worked out by hand from the
rules' text.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
import re

import numpy as np
import pytest

import hog.dice
from hog import exact, game
from hog.commentary import silence
from hog.cs61a import as_course_hog, check_course_session, course_module
from hog.rules import get_rules


@dataclasses.dataclass(frozen=True)
class Semester:
    """What tells one semester's module from the others (COURSE_APIS.md), and its examples."""

    is_swap: str  # is_swap's parameters
    threshold: str  # bacon_strategy's and swap_strategy's threshold parameter
    num_rolls: int  # their num_rolls default
    averaging: str  # make_averaged's and max_scoring_num_rolls' keyword
    leader: str  # announce_lead_changes' parameter
    highest: tuple[str, str]  # announce_highest's parameters after who
    plural_only: bool  # announce_highest says "1 point(s)!", not "1 point!"
    feral_hogs: bool
    free_bacon: dict[int, int]  # opponent's score -> points
    swaps: dict[tuple[int, int], bool]  # is_swap(player, opponent)
    strategies: dict[str, int]  # a call of a named strategy -> dice
    games: str = ""  # a session of play examples of this semester


MULTIPLES = {(4, 12): True, (12, 4): True, (1, 5): False, (5, 7): False, (2, 2): True, (0, 5): False, (3, 99): True}
BACON_MIN_DIGIT = {35: 7, 9: 10, 0: 10, 47: 6, 99: 1}
SEMESTERS = {
    "su20": Semester(
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
    ),
    "sp20": Semester(
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
    ),
    "fa19": Semester(
        is_swap="player_score, opponent_score",
        threshold="margin",
        num_rolls=4,
        averaging="num_samples",
        leader="previous_leader",
        highest=("previous_high", "previous_score"),
        plural_only=True,
        feral_hogs=True,
        free_bacon=BACON_MIN_DIGIT,
        swaps={(23, 32): True, (7, 17): False, (0, 10): True, (12, 21): True, (36, 63): True, (5, 15): False},
        strategies={
            # 3 + 9 = 12 swaps with 21; 22 + 9 = 31 swaps with 13; 12 + 9 = 21 ties 21
            "swap_strategy(3, 21)": 0,
            "swap_strategy(22, 13)": 4,
            "swap_strategy(22, 13, margin=8, num_rolls=7)": 7,
            "swap_strategy(0, 9)": 0,
            "swap_strategy(0, 35)": 4,
            "swap_strategy(12, 21)": 0,
            "swap_strategy(28, 35)": 4,
            "bacon_strategy(0, 35, margin=7)": 0,
            "bacon_strategy(0, 35, 8, 2)": 2,
        },
        games="""
>>> from hog import *
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> # RULES.md's example
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5, say=echo)
3 0
3 3
6 3
>>> # Feral Hogs remembers the dice count: 0 -> 2, 1 -> 3
>>> s0, s1 = play(lambda s, o: 3 if s else 1, always_roll(2), dice=make_test_dice(2), goal=12, say=echo)
2 0
2 7
11 7
11 11
17 11
>>> play(lambda s, o: 3 if s else 1, always_roll(2), dice=make_test_dice(2), goal=12, feral_hogs=False)
(14, 8)
>>> play(always_roll(2), always_roll(2), dice=make_test_dice(3), goal=12)
(15, 9)
>>> play(always_roll(2), always_roll(2), dice=make_test_dice(3), goal=12, feral_hogs=False)
(12, 6)
""",
    ),
    "su19": Semester(
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
    ),
    "fa18": Semester(
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
    ),
    "su18": Semester(
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
    ),
    "sp18": Semester(
        is_swap="score0, score1",
        threshold="margin",
        num_rolls=4,
        averaging="num_samples",
        leader="previous_leader",
        highest=("previous_high", "previous_score"),
        plural_only=False,
        feral_hogs=False,
        free_bacon={47: 5, 0: 2, 19: 10, 90: 11, 55: 2},
        swaps=MULTIPLES,
        strategies={
            # 0 + 3 = 3 swaps with 12; 4 + 8 = 12 swaps with 6; 9 + 10 = 19 ties 19
            "swap_strategy(0, 12)": 0,
            "swap_strategy(4, 6)": 4,
            "swap_strategy(4, 6, margin=8, num_rolls=2)": 2,
            "swap_strategy(0, 19)": 0,
            "swap_strategy(0, 47)": 4,
            "swap_strategy(9, 19)": 0,
            "swap_strategy(42, 47)": 4,
            "bacon_strategy(0, 47, margin=5)": 0,
            "bacon_strategy(0, 47, 8, 2)": 2,
        },
        games="""
>>> from hog import *
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(2), goal=7, say=echo)
2 0
2 2
2 4
6 2
2 8
""",
    ),
    "fa17": Semester(
        is_swap="score0, score1",
        threshold="margin",
        num_rolls=4,
        averaging="num_samples",
        leader="previous_leader",
        highest=("previous_high", "previous_score"),
        plural_only=False,
        feral_hogs=False,
        free_bacon={0: 1, 47: 8, 9: 10, 90: 10, 99: 10, 12: 3},
        swaps=MULTIPLES,
        strategies={
            # 0 + 2 = 2 swaps with 10; 6 + 8 = 14 swaps with 7; 39 + 8 = 47 ties 47
            "swap_strategy(0, 10)": 0,
            "swap_strategy(6, 7)": 4,
            "swap_strategy(6, 7, margin=8, num_rolls=9)": 9,
            "swap_strategy(0, 47)": 0,
            "swap_strategy(0, 31)": 4,
            "swap_strategy(39, 47)": 0,
            "swap_strategy(27, 31)": 4,
            "bacon_strategy(0, 31, margin=4)": 0,
            "bacon_strategy(0, 31, 8, 2)": 2,
        },
        games="""
>>> from hog import *
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(2), goal=7, say=echo)
2 0
2 2
2 4
6 2
2 8
""",
    ),
}

# --- names and signatures ----------------------------------------------------

EVERYWHERE = {
    "roll_dice": "num_rolls, dice=six_sided",
    "make_test_dice": "*outcomes",
    "make_fair_dice": "sides, rng=None",  # the course's (sides), plus an optional random.Random
    "six_sided": "",
    "four_sided": "",
    "always_roll": "n",
    "always_roll_5": "score, opponent_score",
    "winner": "strategy0, strategy1",
    "average_win_rate": "strategy, baseline=always_roll(6)",
    "run_experiments": "",
    "final_strategy": "score, opponent_score",
    "free_bacon": "score",
    "take_turn": "num_rolls, opponent_score, dice=six_sided",
    "other": "who",
    "silence": "score0, score1",
    "say_scores": "score0, score1",
    "both": "f, g",
}
PLAY = "strategy0, strategy1, score0=0, score1=0, dice=six_sided, goal=100, say=silence"


def expected_signatures(semester: Semester) -> dict[str, str]:
    """COURSE_APIS.md's names and parameters for SEMESTER, as ``parameters_text`` writes them."""
    strategy = f"score, opponent_score, {semester.threshold}=8, num_rolls={semester.num_rolls}"
    return {
        **EVERYWHERE,
        "is_swap": semester.is_swap,
        "play": PLAY + (", feral_hogs=True" if semester.feral_hogs else ""),
        "announce_lead_changes": f"{semester.leader}=None",
        "announce_highest": f"who, {semester.highest[0]}=0, {semester.highest[1]}=0",
        "make_averaged": f"original_function, {semester.averaging}=1000",
        "max_scoring_num_rolls": f"dice=six_sided, {semester.averaging}=1000",
        "bacon_strategy": strategy,
        "swap_strategy": strategy,
    }


def default_text(value: object) -> str:
    """How COURSE_APIS.md writes a default value."""
    if value is hog.dice.six_sided:
        return "six_sided"
    if value is silence:
        return "silence"
    if callable(value) and all(value(s, o) == 6 for s in range(0, 100, 7) for o in range(0, 100, 9)):
        return "always_roll(6)"
    return repr(value)


def parameters_text(function: object) -> str:
    parts = []
    for parameter in inspect.signature(function).parameters.values():
        text = ("*" if parameter.kind is parameter.VAR_POSITIONAL else "") + parameter.name
        if parameter.default is not parameter.empty:
            text += "=" + default_text(parameter.default)
        parts.append(text)
    return ", ".join(parts)


@pytest.mark.parametrize("rule_set", SEMESTERS)
def test_signatures_are_the_course_apis(rule_set):
    module = course_module(rule_set)
    expected = expected_signatures(SEMESTERS[rule_set])
    assert {name: parameters_text(getattr(module, name)) for name in expected} == expected


@pytest.mark.parametrize("rule_set", SEMESTERS)
def test_star_import_gives_exactly_the_course_names(rule_set):
    namespace: dict = {}
    with as_course_hog(rule_set):
        exec("from hog import *", namespace)
    assert set(namespace) - {"__builtins__"} == {*expected_signatures(SEMESTERS[rule_set]), "GOAL_SCORE"}
    assert namespace["GOAL_SCORE"] == 100
    assert namespace["make_test_dice"] is hog.dice.make_test_dice


# --- ok-style sessions ---------------------------------------------------------

COMMON_SESSIONS = {
    "take_turn calls roll_dice": """
>>> import hog
>>> def roll_dice(num_rolls, dice):
...     print("Called roll dice!")
...     return 9002
...
>>> hog.roll_dice, old_roll_dice = roll_dice, hog.roll_dice
>>> hog.take_turn(5, 0) # Make sure you call roll_dice!
Called roll dice!
9002
>>> hog.roll_dice = old_roll_dice     # teardown
>>> hog.take_turn(2, 0, hog.make_test_dice(4, 5, 1)), hog.take_turn(3, 0, hog.make_test_dice(4, 6, 1))
(9, 1)
>>> hog.take_turn(10, 0, hog.make_test_dice(2, 3)), hog.take_turn(4, 99, hog.make_test_dice(6))
(25, 24)
""",
    # Messages end in "...": pytest rewrites the asserts of a module named on its command line,
    # which adds a line to their messages.
    "assertions": """
>>> from hog import *
>>> free_bacon(100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: The game should be over...
>>> take_turn(0, 100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: The game should be over...
>>> take_turn(11, 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Cannot roll more than 10 dice...
>>> take_turn(-1, 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Cannot roll a negative number of dice in take_turn...
>>> always_roll(11)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError...
""",
    "other and the goal": """
>>> from hog import *
>>> other(0), other(1), GOAL_SCORE
(1, 0, 100)
>>> play(always_roll(5), always_roll(5), goal=10, dice=make_test_dice(3)) # Goal score is not hardwired
(15, 0)
""",
    "final_strategy": """
>>> from hog import *
>>> [final_strategy(0, 0) in range(11), final_strategy(99, 98) in range(11)]
[True, True]
""",
    "commentary": """
>>> from hog import *
>>> f = both(say_scores, announce_lead_changes())
>>> f = f(1, 0)
Player 0 now has 1 and Player 1 now has 0
Player 0 takes the lead by 1
>>> f = f(1, 1)
Player 0 now has 1 and Player 1 now has 1
>>> f = f(2, 1)
Player 0 now has 2 and Player 1 now has 1
Player 0 takes the lead by 1
>>> f = f(2, 9)
Player 0 now has 2 and Player 1 now has 9
Player 1 takes the lead by 7
>>> silence(5, 7) is silence
True
""",
}


def free_bacon_session(semester: Semester) -> str:
    lines = [f">>> free_bacon({score})\n{points}" for score, points in semester.free_bacon.items()]
    lines += [f">>> take_turn(0, {score})\n{points}" for score, points in semester.free_bacon.items()]
    return "\n".join([">>> from hog import *", *lines])


def is_swap_session(semester: Semester) -> str:
    lines = [f">>> is_swap({player}, {opponent})\n{swap}" for (player, opponent), swap in semester.swaps.items()]
    return "\n".join([">>> from hog import *", *lines])


def strategies_session(semester: Semester) -> str:
    lines = [f">>> {call}\n{dice}" for call, dice in semester.strategies.items()]
    return "\n".join([">>> from hog import *", *lines])


def averaging_session(semester: Semester) -> str:
    return f"""
>>> from hog import *
>>> dice = make_test_dice(4, 2, 5, 1)
>>> averaged_dice = make_averaged(dice, {semester.averaging}=1000)
>>> averaged_dice()
3.0
>>> max_scoring_num_rolls(make_test_dice(1, 6), {semester.averaging}=10)
1
"""


def lead_changes_session(semester: Semester) -> str:
    return f"""
>>> from hog import *
>>> f1 = announce_lead_changes({semester.leader}=1)(3, 5)
>>> f2 = f1(7, 5)
Player 0 takes the lead by 2
>>> f3 = f2(7, 7)  # a tie: no leader
>>> f4 = f3(9, 7)
Player 0 takes the lead by 2
>>> f5 = f4(9, 20)
Player 1 takes the lead by 11
"""


def announced(semester: Semester, gain: int, who: int) -> str:
    """COURSE_APIS.md's record-gain wording of SEMESTER."""
    points = "point(s)" if semester.plural_only else "point" if gain == 1 else "points"
    return f"{gain} {points}! That's the biggest gain yet for Player {who}"


def highest_session(semester: Semester) -> str:
    """The course's announce_highest test (swaps make gains large or negative),
    the singular gain of 1, and the parameters' order."""

    def call(high: int, score: int) -> str:
        named = {"previous_high": high, "running_high": high, "previous_score": score, "last_score": score}
        return ", ".join(str(named[parameter]) for parameter in semester.highest)

    return f"""
>>> from hog import *
>>> f0 = announce_highest(1) # Only announce Player 1 score gains
>>> f1 = f0(12, 0)
>>> f2 = f1(12, 10)
{announced(semester, 10, 1)}
>>> f3 = f2(20, 10)
>>> f4 = f3(22, 20)
>>> f5 = f4(22, 35)
{announced(semester, 15, 1)}
>>> f6 = f5(30, 47) # Player 1 gets 12 points; not enough for a new high
>>> f7 = f6(31, 47)
>>> f8 = f7(32, 77)
{announced(semester, 30, 1)}
>>> f9 = f8(83, 32) # a swap: a negative gain
>>> f10 = f9(38, 83)
{announced(semester, 51, 1)}
>>> # The only side effect of a commentary function should be to print.
>>> f2_again = f1(11, 9)
{announced(semester, 9, 1)}
>>> f = announce_highest(0)(1, 0)
{announced(semester, 1, 0)}
>>> f = f(1, 5)
>>> f = announce_highest(1, {call(5, 20)})(0, 27)
{announced(semester, 7, 1)}
>>> f = announce_highest(1, {call(10, 20)})(0, 27)
>>> f = announce_highest(1, {call(10, 20)})(0, 31)
{announced(semester, 11, 1)}
"""


SESSION_MAKERS = {
    "free_bacon": free_bacon_session,
    "is_swap": is_swap_session,
    "named strategies": strategies_session,
    "averaging": averaging_session,
    "announce_lead_changes": lead_changes_session,
    "announce_highest": highest_session,
    "games": lambda semester: semester.games,
}
SESSIONS = {
    (rule_set, name): text
    for rule_set, semester in SEMESTERS.items()
    for name, text in {**COMMON_SESSIONS, **{n: make(semester) for n, make in SESSION_MAKERS.items()}}.items()
    if text
}


@pytest.mark.parametrize("rule_set, name", SESSIONS)
def test_ok_session(rule_set, name):
    assert check_course_session(rule_set, SESSIONS[rule_set, name], name) == ""


def test_sessions_are_checked():
    """A wrong expectation in a session is reported (the sessions can fail)."""
    report = check_course_session("fa17", ">>> from hog import *\n>>> free_bacon(47)\n9\n")
    assert "Expected:\n    9\nGot:\n    8" in report


# --- the course loop against the rule definitions ------------------------------------


def without_feral_hogs(rule_set: str):
    """RULE_SET's rules without Feral Hogs (``play(..., feral_hogs=False)``)."""
    return dataclasses.replace(get_rules(rule_set), memory=None)


STRATEGY_PAIRS = {
    "every count": (lambda s, o: (s + 2 * o) % 11, lambda s, o: (3 * s + o + 1) % 11),
    "counts two apart": (lambda s, o: (s % 3) * 2, lambda s, o: 2 + (o % 2) * 2 + (s % 5 == 0) * 6),
}


def reference_play(rules):
    """``hog.game.play`` under RULES, called as the course's play is."""
    return lambda strategy0, strategy1, **options: game.play(strategy0, strategy1, rules, **options)


def recorded(play_game, seed: int, strategy0, strategy1, **options) -> list[tuple[int, int]]:
    """The scores after every turn of a game with fair dice seeded by SEED."""
    scores: list[tuple[int, int]] = []

    def record(score0: int, score1: int):
        scores.append((score0, score1))
        return record

    dice = hog.dice.make_fair_dice(6, random.Random(seed))
    final = play_game(strategy0, strategy1, dice=dice, say=record, **options)
    assert final == scores[-1]
    return scores


@pytest.mark.parametrize("pair", STRATEGY_PAIRS)
@pytest.mark.parametrize("rule_set", SEMESTERS)
def test_play_is_the_rule_definition_turn_for_turn(rule_set, pair):
    module = course_module(rule_set)
    strategies = STRATEGY_PAIRS[pair]
    rules = get_rules(rule_set)
    variants = [({}, rules)]
    if SEMESTERS[rule_set].feral_hogs:
        variants.append(({"feral_hogs": False}, without_feral_hogs(rule_set)))
    bonuses = 0
    for seed in range(60):
        for options, reference in variants:
            ours = recorded(module.play, seed, *strategies, **options)
            assert ours == recorded(reference_play(reference), seed, *strategies)
            if reference.memory is not None:
                bonuses += ours != recorded(module.play, seed, *strategies, feral_hogs=False)
    assert bonuses > 10 or rules.memory is None  # Feral Hogs made a difference


@pytest.mark.parametrize("rule_set", SEMESTERS)
def test_play_uses_the_module_is_swap_and_take_turn(rule_set, monkeypatch):
    """Course scripts replace module functions; play hears the replacements."""
    module = course_module(rule_set)
    asked = []

    def no_swap(player_score: int, opponent_score: int) -> bool:
        asked.append((player_score, opponent_score))
        return False

    monkeypatch.setattr(module, "is_swap", no_swap)
    rules = dataclasses.replace(get_rules(rule_set), after_turn=lambda score, opponent: (score, opponent, False))
    strategies = STRATEGY_PAIRS["every count"]
    scores = recorded(module.play, 3, *strategies)
    assert scores == recorded(reference_play(rules), 3, *strategies)
    assert asked == [(s[k % 2], s[1 - k % 2]) for k, s in enumerate(scores)]

    monkeypatch.setattr(module, "take_turn", lambda num_rolls, opponent_score, dice: 40)
    monkeypatch.setattr(module, "is_swap", lambda player_score, opponent_score: player_score == 40)
    # 40 swaps with 0, 80 vs 0 stays, 40 swaps with 80, 80 ties 80, 120 wins
    assert module.play(module.always_roll(5), module.always_roll(5)) == (120, 80)


@pytest.mark.parametrize("rule_set", SEMESTERS)
def test_module_functions_call_the_module_globals(rule_set, monkeypatch):
    module = course_module(rule_set)
    monkeypatch.setattr(module, "free_bacon", lambda score: 50 + score)
    assert module.take_turn(0, 7) == 57
    assert module.bacon_strategy(0, 7) == 0
    monkeypatch.setattr(module, "is_swap", lambda player_score, opponent_score: False)
    monkeypatch.setattr(module, "bacon_strategy", lambda *args: 7)
    assert module.swap_strategy(0, 7) == 7


# --- final_strategy ----------------------------------------------------------------


@pytest.mark.parametrize("rule_set", SEMESTERS)
def test_final_strategy_wins_as_its_docstring_says(rule_set):
    module = course_module(rule_set)
    table = np.array([[module.final_strategy(s, o) for o in range(100)] for s in range(100)], dtype=np.int8)
    six = np.full((100, 100), 6, dtype=np.int8)
    rate = 1 - exact.win_probabilities(six, table, rule_set).rate
    stated = float(re.search(r"Wins (\d+\.\d)%", module.final_strategy.__doc__).group(1))
    assert round(100 * rate, 1) == stated
    with pytest.raises(AssertionError, match="game should be over"):
        module.final_strategy(100, 3)
