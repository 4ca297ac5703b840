"""The course module ``hog.cs61a.sp17`` (COURSE_APIS.md, "sp17"): its names
and signatures, the rules through the course's functions, ``play`` with the
dice of ``select_dice`` against the rule engine on the same dice, the
strategy checks and the named strategies at every score pair."""

from __future__ import annotations

import inspect
import random

import numpy as np
import pytest

import hog.game
from hog.cs61a import as_course_hog, check_course_session, course_module
from hog.exact import best_response_to_always_roll
from hog.rules import get_rules

sp17 = course_module("sp17")

SIGNATURES = {
    "roll_dice": "(num_rolls, dice=six_sided)",
    "free_bacon": "(opponent_score)",
    "take_turn": "(num_rolls, opponent_score, dice=six_sided)",
    "select_dice": "(score, opponent_score)",
    "is_swap": "(score0, score1)",
    "other": "(who)",
    "play": "(strategy0, strategy1, score0=0, score1=0, goal=100)",
    "check_strategy_roll": "(score, opponent_score, num_rolls)",
    "check_strategy": "(strategy, goal=100)",
    "bacon_strategy": "(score, opponent_score, margin=8, num_rolls=4)",
    "swap_strategy": "(score, opponent_score, margin=8, num_rolls=4)",
    "make_averaged": "(original_function, num_samples=1000)",
    "max_scoring_num_rolls": "(dice=six_sided, num_samples=1000)",
    "final_strategy": "(score, opponent_score)",
    "always_roll": "(n)",
    "winner": "(strategy0, strategy1)",
    "run_experiments": "()",
}


def text(function) -> str:
    parameters = []
    for parameter in inspect.signature(function).parameters.values():
        value = parameter.default
        default = "" if value is parameter.empty else "=" + ("six_sided" if value is sp17.six_sided else repr(value))
        parameters.append(("*" if parameter.kind is parameter.VAR_POSITIONAL else "") + parameter.name + default)
    return f"({', '.join(parameters)})"


@pytest.mark.parametrize("name", SIGNATURES)
def test_signatures(name):
    assert text(getattr(sp17, name)) == SIGNATURES[name]


def test_names_and_goal():
    assert {*SIGNATURES, "GOAL_SCORE", "is_prime", "next_prime", "four_sided", "six_sided"} <= set(sp17.__all__)
    assert sp17.GOAL_SCORE == 100 and "dice" not in inspect.signature(sp17.play).parameters


SESSION = """
>>> from hog import *
>>> roll_dice(10, make_test_dice(1, 1, 1, 2, 2, 2, 2, 2, 2, 2)), roll_dice(2, make_test_dice(1))
(1, 2)
>>> roll_dice(3, make_test_dice(4, 5))
13
>>> take_turn(2, 0, make_test_dice(3, 4)), take_turn(2, 0, make_test_dice(2, 2)), take_turn(1, 0, make_test_dice(1))
(11, 4, 1)
>>> free_bacon(47), take_turn(0, 47), take_turn(0, 12), take_turn(0, 0)
(8, 8, 5, 1)
>>> is_swap(10, 20), is_swap(42, 21), is_swap(10, 21), other(0)
(True, True, False, 1)
>>> select_dice(0, 0) == four_sided, select_dice(3, 4) == four_sided, select_dice(3, 5) == six_sided
(True, True, True)
>>> check_strategy_roll(0, 0, 11)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: strategy(0, 0) returned 11 (invalid number of rolls)...
>>> check_strategy_roll(3, 4, 2.5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: strategy(3, 4) returned 2.5 (not an integer)...
>>> check_strategy(always_roll(10)), check_strategy_roll(0, 0, -1)
(None, None)
>>> import hog
>>> old = hog.four_sided, hog.six_sided
>>> hog.four_sided, hog.six_sided = make_test_dice(2), make_test_dice(3)
>>> play(always_roll(1), always_roll(1), goal=10)
(8, 10)
>>> hog.four_sided, hog.six_sided = old  # teardown
"""


def test_course_session():
    """The game: at (0, 0) player 0 rolls the four-sided die (Hog Wild), 2 is
    prime -> 3; then six-sided dice, 3 -> 5 each turn: (3, 5), (8, 5), (8, 10)."""
    assert check_course_session("sp17", SESSION) == ""


def recorded(play_game, seed: int, **dice) -> tuple:
    """The scores and the strategies' calls of a game on seeded dice."""
    calls = []

    def strategy(score, opponent_score):
        calls.append((score, opponent_score))
        return (score + 3 * opponent_score) % 11

    return play_game(strategy, strategy, **dice), calls


@pytest.mark.parametrize("seed", range(6))
def test_play_matches_the_rule_engine_on_the_same_dice(seed):
    rng = random.Random(seed)
    with as_course_hog("sp17") as module:
        module.four_sided, module.six_sided = sp17.make_fair_dice(4, rng), sp17.make_fair_dice(6, rng)
        try:
            ours = recorded(module.play, seed)
        finally:
            module.four_sided, module.six_sided = hog.dice.four_sided, hog.dice.six_sided
    rng = random.Random(seed)
    dice = {4: hog.dice.make_fair_dice(4, rng), 6: hog.dice.make_fair_dice(6, rng)}
    engine = recorded(lambda s0, s1: hog.game.play(s0, s1, "sp17", dice=dice[6], dice_of=dice.__getitem__), seed)
    assert ours == engine and max(ours[0]) >= 100


def test_named_strategies_at_every_score_pair():
    rules = get_rules("sp17")
    for score in range(100):
        for opponent in range(100):
            points = rules.turn_points(rules.zero_dice(score, opponent))
            assert sp17.bacon_strategy(score, opponent) == (0 if points >= 8 else 4)
            new = score + points
            swapped = rules.after_turn(new, opponent)[0]
            expected = 0 if swapped > new or (swapped == new and points >= 8) else 4
            assert sp17.swap_strategy(score, opponent) == expected, (score, opponent)


def test_final_strategy_is_the_best_response_table():
    table = np.array([[sp17.final_strategy(s, o) for o in range(100)] for s in range(100)])
    solved = best_response_to_always_roll(6, "sp17")
    assert np.array_equal(table, solved.table)
    assert f"Wins {100 * solved.rate:.1f}%" in sp17.final_strategy.__doc__
