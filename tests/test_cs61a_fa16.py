"""The course module ``hog.cs61a.fa16`` (COURSE_APIS.md, "fa16"): its names
and signatures, the rules through the course's functions in the form of the
course's unlocked cases (Pig Out counting every 1, Hogtimus Prime then When
Pigs Fly, ``reroll``, ``select_dice`` of the exchanged dice, Pork Chop in
``play``), ``play`` against the rule engine on the same dice, the strategy
checks and the named strategies at every score pair."""

from __future__ import annotations

import inspect
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from properties import examples

import hog.dice
import hog.game
from hog.cs61a import as_course_hog, check_course_session, course_module
from hog.exact import best_response_to_always_roll
from hog.rules import get_rules

fa16 = course_module("fa16")

SIGNATURES = {
    "roll_dice": "(num_rolls, dice=six_sided)",
    "free_bacon": "(opponent_score)",
    "take_turn": "(num_rolls, opponent_score, dice=six_sided)",
    "reroll": "(dice)",
    "select_dice": "(score, opponent_score, dice_swapped)",
    "is_swap": "(score0, score1)",
    "other": "(who)",
    "play": "(strategy0, strategy1, score0=0, score1=0, goal=100)",
    "check_strategy_roll": "(score, opponent_score, num_rolls)",
    "check_strategy": "(strategy, goal=100)",
    "bacon_strategy": "(score, opponent_score, margin=8, num_rolls=4)",
    "swap_strategy": "(score, opponent_score, margin=8, num_rolls=4)",
    "make_averaged": "(original_function, num_samples=1000)",
    "max_scoring_num_rolls": "(dice=six_sided, num_samples=1000)",
    "average_win_rate": "(strategy, baseline=always_roll(4))",
    "final_strategy": "(score, opponent_score)",
    "always_roll": "(n)",
    "winner": "(strategy0, strategy1)",
    "run_experiments": "()",
}


def text(function) -> str:
    """FUNCTION's parameters as the course wrote them (the dice and a baseline strategy by name)."""
    parameters = []
    for parameter in inspect.signature(function).parameters.values():
        value = parameter.default
        if value is parameter.empty:
            parameters.append(parameter.name)
        elif value is fa16.six_sided:
            parameters.append(f"{parameter.name}=six_sided")
        elif callable(value):
            parameters.append(f"{parameter.name}=always_roll({value(0, 0)})")
        else:
            parameters.append(f"{parameter.name}={value!r}")
    return f"({', '.join(parameters)})"


@pytest.mark.parametrize("name", SIGNATURES)
def test_signatures(name):
    assert text(getattr(fa16, name)) == SIGNATURES[name]


def test_names_and_goal():
    assert fa16.__name__ == "hog.cs61a.fa16"
    dice = ("make_test_dice", "make_fair_dice", "six_sided", "four_sided")
    assert sorted(fa16.__all__) == sorted([*SIGNATURES, *dice, "GOAL_SCORE", "always_roll_5"])
    assert fa16.GOAL_SCORE == 100 and "dice" not in inspect.signature(fa16.play).parameters
    assert not hasattr(fa16, "is_perfect_piggy") and not hasattr(fa16, "max_dice")
    assert all(getattr(fa16, name) is getattr(hog.dice, name) for name in dice)


ROLL_DICE = """
>>> from hog import *
>>> roll_dice(10, make_test_dice(5, 4, 3, 2, 1))
2
>>> roll_dice(10, make_test_dice(1)), roll_dice(9, make_test_dice(1, 1, 1, 2)), roll_dice(2, make_test_dice(1, 6))
(10, 7, 1)
>>> roll_dice(3, make_test_dice(4, 5)), roll_dice(1, make_test_dice(2))
(13, 2)
>>> counted = []
>>> def dice():
...     counted.append(1)
...     return 1
>>> roll_dice(4, dice), len(counted)
(4, 4)
"""

TAKE_TURN = """
>>> from hog import *
>>> take_turn(6, 0, make_test_dice(4))
19
>>> take_turn(0, 97), free_bacon(97)
(10, 10)
>>> take_turn(2, 0, make_test_dice(3, 4)), take_turn(2, 0, make_test_dice(2, 2)), take_turn(1, 0, make_test_dice(1))
(11, 4, 1)
>>> take_turn(10, 0, make_test_dice(2)), take_turn(5, 0, make_test_dice(4)), take_turn(4, 0, make_test_dice(4))
(15, 20, 16)
>>> take_turn(0, 47), take_turn(0, 12), take_turn(0, 0), take_turn(10, 0, make_test_dice(1))
(8, 5, 1, 10)
>>> take_turn(-1, 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Cannot roll a negative number of dice in take_turn.
>>> take_turn(2, 100, make_test_dice(3))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: The game should be over.
"""

REROLL = """
>>> from hog import *
>>> die = reroll(make_test_dice(3, 5, 4, 1, 1, 2))
>>> die.__name__
'rerolled'
>>> die(), die(), die(), die()
(5, 4, 1, 2)
>>> reroll(make_test_dice(6, 1))(), reroll(make_test_dice(5, 3))()
(6, 3)
"""

SELECT_DICE = """
>>> from hog import *
>>> select_dice(3, 5, False) == six_sided, select_dice(3, 5, True) == four_sided
(True, True)
>>> select_dice(3, 4, False) == six_sided, select_dice(0, 0, True).__name__, select_dice(3, 4, True)() in range(1, 5)
(False, 'rerolled', True)
>>> import hog
>>> old = hog.four_sided, hog.six_sided, hog.reroll
>>> hog.four_sided, hog.six_sided = make_test_dice(3, 2), make_test_dice(5, 6)
>>> select_dice(1, 5, True)(), select_dice(1, 5, False)(), select_dice(3, 4, True)(), select_dice(3, 4, False)()
(3, 5, 2, 6)
>>> hog.reroll = lambda dice: ("rerolled", dice)
>>> select_dice(50, 6, True) == ("rerolled", hog.four_sided), select_dice(0, 0, False) == ("rerolled", hog.six_sided)
(True, True)
>>> select_dice(50, 7, True) == hog.four_sided
True
>>> hog.four_sided, hog.six_sided, hog.reroll = old  # teardown
"""

IS_SWAP = """
>>> from hog import *
>>> is_swap(10, 20), is_swap(42, 21), is_swap(0, 0), is_swap(10, 21), is_swap(20, 20), other(0), other(1)
(True, True, True, False, False, 1, 0)
"""

CHECK_STRATEGY = """
>>> from hog import *
>>> check_strategy_roll(0, 0, -1), check_strategy_roll(3, 4, 0), check_strategy_roll(99, 99, 10)
(None, None, None)
>>> check_strategy_roll(0, 0, -2)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: strategy(0, 0) returned -2 (invalid number of rolls)...
>>> check_strategy_roll(5, 7, 11)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: strategy(5, 7) returned 11 (invalid number of rolls)...
>>> check_strategy_roll(3, 4, 2.5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: strategy(3, 4) returned 2.5 (not an integer)...
>>> check_strategy(always_roll(10)), check_strategy(lambda score, opponent_score: -1)
(None, None)
>>> check_strategy(lambda score, opponent_score: 11 if score == 98 else 4)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: strategy(98, 0) returned 11 (invalid number of rolls)...
>>> check_strategy(lambda score, opponent_score: 11 if score == 98 else 4, goal=98)
"""

STRATEGIES = """
>>> from hog import *
>>> bacon_strategy(0, 0), bacon_strategy(0, 77), bacon_strategy(0, 14), bacon_strategy(0, 14, margin=7)
(4, 0, 4, 0)
>>> bacon_strategy(0, 0, num_rolls=6), bacon_strategy(0, 90, 12, 2)
(6, 2)
>>> swap_strategy(11, 30), swap_strategy(4, 5), swap_strategy(20, 5), swap_strategy(0, 77)
(0, 4, 4, 0)
>>> swap_strategy(4, 5, num_rolls=6), swap_strategy(0, 77, margin=12, num_rolls=3)
(6, 3)
"""

PLAY = """
>>> from hog import *
>>> import hog
>>> old = hog.four_sided, hog.six_sided
>>> hog.four_sided, hog.six_sided = make_test_dice(2), make_test_dice(3)
>>> choices = iter([-1, 1, 1, -1, 1, 1, 1])
>>> calls = []
>>> def scripted(score, opponent_score):
...     calls.append((score, opponent_score))
...     return next(choices)
>>> play(scripted, scripted, 1, 0, goal=15)
(15, 9)
>>> calls
[(1, 0), (0, 2), (2, 3), (3, 5), (5, 4), (4, 10), (10, 9)]
>>> play(lambda score, opponent_score: -1, always_roll(1), 3, 8, goal=9)
(9, 7)
>>> play(lambda score, opponent_score: -1, lambda score, opponent_score: -1, 95, 0)
(100, 4)
>>> hog.six_sided = make_test_dice(3, 6)
>>> play(always_roll(1), always_roll(1), goal=12)
(12, 5)
>>> hog.six_sided = make_test_dice(4)
>>> play(always_roll(6), always_roll(0), 1, 0, goal=30)
(39, 5)
>>> play(lambda score, opponent_score: 11, always_roll(1), 1, 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Cannot roll more than 10 dice.
>>> play(lambda score, opponent_score: -2, always_roll(1), 1, 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Cannot roll a negative number of dice in take_turn.
>>> hog.four_sided, hog.six_sided = old  # teardown
"""


@pytest.mark.parametrize(
    "name, session",
    [
        ("roll_dice", ROLL_DICE),
        ("take_turn", TAKE_TURN),
        ("reroll", REROLL),
        ("select_dice", SELECT_DICE),
        ("is_swap", IS_SWAP),
        ("check_strategy", CHECK_STRATEGY),
        ("strategies", STRATEGIES),
        ("play", PLAY),
    ],
)
def test_course_session(name, session):
    """RULES.md's examples through the course's functions. Pig Out counts
    every 1, uncapped (nine dice cycling 1, 1, 1, 2 show seven 1s); six 4s
    score 24, capped at 19; Free Bacon at 97 is 10, not prime; 3 + 4 = 7
    becomes 11. ``reroll``: 3 -> 5, 4, 1 -> 1, 2. The games, with four-sided
    2s and six-sided 3s: from (1, 0) player 0 chops (2, 0; dice exchanged),
    both then roll the four-sided 2 -> 3: (2, 3), (5, 3); player 1 chops (5,
    4; dice back), then six-sided 3 -> 5 each: (10, 4), (10, 9) (Hog Wild at
    14 re-rolls 3 into 3), (15, 9). From (3, 8) a chop makes 4, half of 8,
    so the scores are exchanged (8, 4) and player 1 rolls the exchanged
    four-sided die: 2 -> 3 (8, 7); the chop to 9 ends it. Chops only from
    (95, 0): one point a turn, never a swap. Six-sided 3, 6, 3, 6 ... at (0,
    0): Hog Wild re-rolls 3 into 6 (6, 0), then 3 -> 5 (6, 5) and 6 (12, 5).
    Six 4s from (1, 0): 24 capped at 19 (20, 0); Free Bacon 3 -> 5 (20, 5);
    19 again (39, 5)."""
    assert check_course_session("fa16", session, name) == ""


def played(play_game, choices: list[int]) -> tuple:
    """The scores and the strategies' calls of a game whose strategies
    return CHOICES (-1..10) by score pair."""
    calls = []

    def strategy(score, opponent_score):
        calls.append((score, opponent_score))
        return choices[(score + 7 * opponent_score) % len(choices)]

    return play_game(strategy, strategy), calls


@settings(max_examples=examples(200, 15), deadline=None)
@given(st.lists(st.integers(-1, 10), min_size=1, max_size=12), st.integers(0, 99), st.integers(0, 99), st.integers())
def test_play_matches_the_rule_engine_on_the_same_dice(choices, score0, score1, seed):
    """The course's play (dice of select_dice, Pork Chop, reroll) and
    hog.game.play under fa16 on the same seeded dice: the same scores after
    the same calls of the strategies."""
    rng = random.Random(seed)
    with as_course_hog("fa16") as module:
        module.four_sided, module.six_sided = hog.dice.make_fair_dice(4, rng), hog.dice.make_fair_dice(6, rng)
        try:
            ours = played(lambda s0, s1: module.play(s0, s1, score0, score1), choices)
        finally:
            module.four_sided, module.six_sided = hog.dice.four_sided, hog.dice.six_sided
    rng = random.Random(seed)
    dice = {4: hog.dice.make_fair_dice(4, rng), 6: hog.dice.make_fair_dice(6, rng)}
    engine = played(
        lambda s0, s1: hog.game.play(s0, s1, "fa16", score0, score1, dice=dice[6], dice_of=dice.__getitem__), choices
    )
    assert ours == engine and max(ours[0]) >= 100


def test_named_strategies_at_every_score_pair():
    """bacon_strategy and swap_strategy on the points of rolling 0 after
    Hogtimus Prime and When Pigs Fly's cap, at their defaults (8, 4)."""
    rules = get_rules("fa16")
    for score in range(100):
        for opponent in range(100):
            points = min(rules.turn_points(rules.zero_dice(score, opponent)), rules.most_points(0))
            assert fa16.bacon_strategy(score, opponent) == (0 if points >= 8 else 4)
            new = score + points
            swapped = rules.after_turn(new, opponent)[0]
            expected = 0 if swapped > new or (swapped == new and points >= 8) else 4
            assert fa16.swap_strategy(score, opponent) == expected, (score, opponent)


def test_final_strategy_is_the_best_response_table():
    table = np.array([[fa16.final_strategy(s, o) for o in range(100)] for s in range(100)])
    solved = best_response_to_always_roll(6, "fa16")
    assert np.array_equal(table, solved.table)
    assert f"Wins {100 * solved.rate:.1f}%" in fa16.final_strategy.__doc__
