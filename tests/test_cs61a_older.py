"""The course modules of the semesters before Spring 2017 whose strategies
return 0..10 (COURSE_APIS.md, "Before Spring 2017"): ``hog.cs61a.su17``
(whose game also holds ``dice_swapped``), ``su16``, ``sp16``, ``fa14``,
``fa13`` and ``sp14``. Their names and
signatures, the rules through the course's functions (RULES.md's examples),
``play`` with the dice of ``select_dice`` against the rule engine on the
same dice, the named strategies at every score pair and ``final_strategy``."""

from __future__ import annotations

import inspect
import random

import numpy as np
import pytest

import hog.dice
import hog.game
from hog.cs61a import as_course_hog, check_course_session, course_module
from hog.exact import best_response_to_always_roll
from hog.rules import get_rules

COMMON = {
    "roll_dice": "(num_rolls, dice=six_sided)",
    "take_turn": "(num_rolls, opponent_score, dice=six_sided)",
    "select_dice": "(score, opponent_score)",
    "other": "(who)",
    "always_roll": "(n)",
    "winner": "(strategy0, strategy1)",
    "run_experiments": "()",
    "final_strategy": "(score, opponent_score)",
    "make_averaged": "(original_function, num_samples=1000)",
}
PLAY = "(strategy0, strategy1, score0=0, score1=0, goal=100)"
SIGNATURES = {
    "su17": {
        **COMMON,
        "select_dice": "(dice_swapped)",
        "free_bacon": "(opponent_score)",
        "is_perfect_piggy": "(turn_score)",
        "is_swap": "(score0, score1)",
        "play": PLAY,
        "check_strategy_roll": "(score, opponent_score, num_rolls)",
        "check_strategy": "(strategy, goal=100)",
        "max_scoring_num_rolls": "(dice=six_sided, num_samples=1000)",
        "average_win_rate": "(strategy, baseline=always_roll(6))",
        "bacon_strategy": "(score, opponent_score, margin=8, num_rolls=4)",
        "swap_strategy": "(score, opponent_score, margin=8, num_rolls=4)",
    },
    "su16": {
        **COMMON,
        "free_bacon": "(opponent_score)",
        "max_dice": "(score, opponent_score)",
        "is_swap": "(score)",
        "play": PLAY,
        "check_strategy_roll": "(score, opponent_score, num_rolls)",
        "check_strategy": "(strategy, goal=100)",
        "max_scoring_num_rolls": "(dice=six_sided, num_samples=1000)",
        "average_win_rate": "(strategy, baseline=always_roll(6))",
        "bacon_strategy": "(score, opponent_score, margin=8, num_rolls=6)",
        "swap_strategy": "(score, opponent_score, margin=5, num_rolls=6)",
    },
    "sp16": {
        **COMMON,
        "free_bacon": "(opponent_score)",
        "is_swap": "(score0, score1)",
        "play": PLAY,
        "max_scoring_num_rolls": "(dice=six_sided, num_samples=1000)",
        "average_win_rate": "(strategy, baseline=always_roll(6))",
        "bacon_strategy": "(score, opponent_score, margin=8, num_rolls=5)",
        "swap_strategy": "(score, opponent_score, num_rolls=5)",
    },
    "fa14": {
        **COMMON,
        "bid_for_start": "(bid0, bid1, goal=100)",
        "is_swap": "(score0, score1)",
        "play": PLAY,
        "max_scoring_num_rolls": "(dice=six_sided)",
        "average_win_rate": "(strategy, baseline=always_roll(5))",
        "bacon_strategy": "(score, opponent_score, margin=8, num_rolls=5)",
        "swap_strategy": "(score, opponent_score, margin=8, num_rolls=5)",
    },
    "fa13": {
        **COMMON,
        "play": "(strategy0, strategy1, goal=100)",
        "max_scoring_num_rolls": "(dice=six_sided)",
        "average_win_rate": "(strategy, baseline=always_roll(5))",
        "bacon_strategy": "(score, opponent_score)",
        "swap_strategy": "(score, opponent_score)",
    },
}
SIGNATURES["sp14"] = {
    **SIGNATURES["fa13"],
    "bacon_strategy": "(score, opponent_score, margin=8, num_rolls=5)",
    "swap_strategy": "(score, opponent_score, margin=8, num_rolls=5)",
}
#: Course functions a module must not have (COURSE_APIS.md).
ABSENT = {
    "su17": ("max_dice",),
    "sp16": ("check_strategy", "check_strategy_roll", "max_dice"),
    "fa14": ("free_bacon", "check_strategy", "max_dice"),
    "fa13": ("free_bacon", "is_swap", "check_strategy", "max_dice"),
    "sp14": ("free_bacon", "is_swap", "check_strategy", "max_dice"),
}
MODULES = list(SIGNATURES)


def text(module, function) -> str:
    """FUNCTION's parameters as the course wrote them (the dice and a baseline strategy by name)."""
    parameters = []
    for parameter in inspect.signature(function).parameters.values():
        value = parameter.default
        if value is parameter.empty:
            parameters.append(parameter.name)
            continue
        shown = repr(value)
        if value is module.six_sided:
            shown = "six_sided"
        elif callable(value):
            shown = f"always_roll({value(0, 0)})"
        parameters.append(f"{parameter.name}={shown}")
    return f"({', '.join(parameters)})"


@pytest.mark.parametrize("semester, name", [(s, name) for s, names in SIGNATURES.items() for name in names])
def test_signatures(semester, name):
    module = course_module(semester)
    assert text(module, getattr(module, name)) == SIGNATURES[semester][name]


@pytest.mark.parametrize("semester", MODULES)
def test_names_goal_and_what_is_absent(semester):
    module = course_module(semester)
    assert module.__name__ == f"hog.cs61a.{semester}"
    assert {*SIGNATURES[semester], "GOAL_SCORE", "four_sided", "six_sided"} <= set(module.__all__)
    assert module.GOAL_SCORE == 100 and "dice" not in inspect.signature(module.play).parameters
    assert not any(hasattr(module, name) for name in ABSENT.get(semester, ()))


SESSIONS = {
    "su17": """
>>> from hog import *
>>> roll_dice(3, make_test_dice(4, 1, 5)), take_turn(2, 0, make_test_dice(3, 4)), take_turn(0, 34), take_turn(0, 0)
(1, 11, 7, 1)
>>> [n for n in range(1, 70) if is_perfect_piggy(n)]
[4, 8, 9, 16, 25, 27, 36, 49, 64]
>>> select_dice(False) == six_sided, select_dice(True) == four_sided, is_swap(10, 20), is_swap(10, 21)
(True, True, True, False)
>>> check_strategy_roll(0, 0, -1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: strategy(0, 0) returned -1 (invalid number of rolls)...
>>> check_strategy(always_roll(10)) is None
True
>>> import hog
>>> old = hog.four_sided, hog.six_sided
>>> hog.four_sided, hog.six_sided = make_test_dice(2), make_test_dice(3)
>>> play(always_roll(3), always_roll(1), goal=20)
(21, 6)
>>> hog.four_sided, hog.six_sided = old  # teardown
""",
    "su16": """
>>> from hog import *
>>> roll_dice(3, make_test_dice(4, 1, 5)), take_turn(2, 0, make_test_dice(3, 4)), take_turn(1, 0, make_test_dice(1))
(1, 11, 1)
>>> free_bacon(47), take_turn(0, 47), take_turn(0, 34), take_turn(0, 0)
(8, 8, 7, 1)
>>> max_dice(3, 4), max_dice(50, 27), max_dice(3, 5), max_dice(0, 0)
(1, 1, 10, 10)
>>> is_swap(111), is_swap(7), is_swap(0), is_swap(100), is_swap(12)
(True, True, True, False, False)
>>> select_dice(0, 0) == four_sided, select_dice(3, 4) == four_sided, select_dice(3, 5) == six_sided
(True, True, True)
>>> check_strategy_roll(3, 4, 2.5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: strategy(3, 4) returned 2.5 (not an integer)...
>>> check_strategy_roll(0, 0, -1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: strategy(0, 0) returned -1 (invalid number of rolls)...
>>> strategy = always_roll(10)
>>> check_strategy(strategy) is strategy
True
>>> import hog
>>> old = hog.four_sided, hog.six_sided
>>> hog.four_sided, hog.six_sided = make_test_dice(2), make_test_dice(5)
>>> play(always_roll(3), always_roll(3), 96, 0)
(0, 111)
>>> play(always_roll(2), always_roll(5), 3, 4, goal=12)
(4, 31)
>>> hog.four_sided, hog.six_sided = old  # teardown
""",
    "sp16": """
>>> from hog import *
>>> roll_dice(3, make_test_dice(4, 1, 5)), roll_dice(2, make_test_dice(4, 6))
(0, 10)
>>> take_turn(2, 0, make_test_dice(3, 4)), take_turn(2, 0, make_test_dice(1, 4)), take_turn(0, 34)
(11, 0, 7)
>>> is_swap(19, 91), is_swap(2, 20), is_swap(55, 55), is_swap(107, 70), is_swap(71, 107), is_swap(12, 12)
(True, True, True, True, False, False)
>>> import hog
>>> old = hog.four_sided, hog.six_sided
>>> hog.four_sided, hog.six_sided = make_test_dice(1), make_test_dice(1)
>>> play(always_roll(3), always_roll(4), 50, 95)
(54, 101)
>>> hog.four_sided, hog.six_sided = old  # teardown
""",
    "fa14": """
>>> from hog import *
>>> take_turn(0, 47), take_turn(0, 90), take_turn(0, 0), take_turn(2, 0, make_test_dice(3, 4))
(4, 10, 1, 7)
>>> bid_for_start(3, 3), bid_for_start(8, 3), bid_for_start(3, 8), bid_for_start(9, 2), bid_for_start(2, 9)
((100, 100, 0), (10, 0, 0), (0, 10, 1), (2, 9, 0), (9, 2, 1))
>>> bid_for_start(4, 4, goal=50)
(50, 50, 0)
>>> bid_for_start(-1, 3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Bids should be non-negative!...
>>> bid_for_start(1.5, 3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Bids should be integers!...
>>> is_swap(10, 20), is_swap(42, 21), is_swap(10, 21)
(True, True, False)
""",
    "fa13": """
>>> from hog import *
>>> take_turn(0, 47), take_turn(0, 0), BACON_MARGIN, BASELINE_NUM_ROLLS
(8, 1, 8, 5)
>>> bacon_strategy(0, 77), bacon_strategy(0, 12), swap_strategy(11, 30), swap_strategy(4, 5)
(0, 5, 0, 5)
>>> import hog
>>> hog.BACON_MARGIN, hog.BASELINE_NUM_ROLLS = 3, 2
>>> bacon_strategy(0, 12), swap_strategy(4, 5), swap_strategy(20, 5)
(0, 2, 0)
>>> hog.BACON_MARGIN, hog.BASELINE_NUM_ROLLS = 8, 5  # teardown
>>> max_scoring_num_rolls(make_test_dice(3))  # doctest: +ELLIPSIS
1 dice scores 3.0 on average
2 dice scores 6.0 on average
...
10 dice scores 30.0 on average
10
""",
}
SESSIONS["sp14"] = """
>>> from hog import *
>>> bacon_strategy(0, 12), bacon_strategy(0, 12, margin=3)
(5, 0)
>>> swap_strategy(11, 30, num_rolls=2), swap_strategy(20, 5, 8, 2)
(0, 2)
"""


@pytest.mark.parametrize("semester", MODULES)
def test_course_session(semester):
    """RULES.md's examples through the course's functions. su17: player 0
    rolls three six-sided 3s, 9, a square: the dice are exchanged for both,
    so every later roll is of four-sided 2s: player 1's one die, 2, is prime
    and scores 3, player 0's three dice 6 (9-3, 15-3, 15-6, 21-6). su16: 96 + 15 is
    111, one distinct digit, so the scores are exchanged; at (3, 4) player 0
    rolls one four-sided die (Hog Tied, Hog Wild): 2, prime, is 3, and 6 (one
    digit) swaps to (4, 6); player 1 then rolls 25. sp16: Pig Out scores 0 and Piggy Back
    gives the opponent the dice rolled: 95 + 3, 50 + 4, 98 + 3."""
    assert check_course_session(semester, SESSIONS[semester]) == ""


def recorded(play_game, seed: int, **start) -> tuple:
    """The scores and the strategies' calls of a game on seeded dice."""
    calls = []

    def strategy(score, opponent_score):
        calls.append((score, opponent_score))
        return (score + 3 * opponent_score) % 11

    return play_game(strategy, strategy, **start), calls


@pytest.mark.parametrize("semester", MODULES)
@pytest.mark.parametrize("seed", range(4))
def test_play_matches_the_rule_engine_on_the_same_dice(semester, seed):
    start = {} if semester in ("fa13", "sp14") else {"score0": seed * 7, "score1": seed * 11}
    rng = random.Random(seed)
    with as_course_hog(semester) as module:
        module.four_sided, module.six_sided = hog.dice.make_fair_dice(4, rng), hog.dice.make_fair_dice(6, rng)
        try:
            ours = recorded(module.play, seed, **start)
        finally:
            module.four_sided, module.six_sided = hog.dice.four_sided, hog.dice.six_sided
    rng = random.Random(seed)
    dice = {4: hog.dice.make_fair_dice(4, rng), 6: hog.dice.make_fair_dice(6, rng)}
    rules = get_rules(semester)
    engine = recorded(
        lambda s0, s1, **scores: hog.game.play(s0, s1, rules, **scores, dice=dice[6], dice_of=dice.__getitem__),
        seed,
        **start,
    )
    assert ours == engine and max(ours[0]) >= 100


def points_of(semester: str, score: int, opponent: int) -> int:
    """The points of rolling 0 under the semester's rules (Hogtimus Prime included)."""
    rules = get_rules(semester)
    points = rules.zero_dice(score, opponent)
    return rules.turn_points(points) if rules.turn_points else points


@pytest.mark.parametrize("semester", MODULES)
def test_named_strategies_at_every_score_pair(semester):
    module, rules = course_module(semester), get_rules(semester)
    arguments = inspect.signature(module.swap_strategy).parameters
    margin = getattr(arguments.get("margin"), "default", getattr(module, "BACON_MARGIN", None))  # sp16: none
    num_rolls = arguments["num_rolls"].default if "num_rolls" in arguments else module.BASELINE_NUM_ROLLS
    bacon_margin = inspect.signature(module.bacon_strategy).parameters.get("margin")
    bacon_margin = module.BACON_MARGIN if bacon_margin is None else bacon_margin.default
    for score in range(100):
        for opponent in range(100):
            points = points_of(semester, score, opponent)
            assert module.bacon_strategy(score, opponent) == (0 if points >= bacon_margin else num_rolls)
            new = score + points
            swapped = rules.after_turn(new, opponent)[:2] == (opponent, new) and new != opponent
            otherwise = num_rolls if margin is None else (0 if points >= margin else num_rolls)
            harmful = otherwise if semester == "su17" else num_rolls  # su17 does not avoid a harmful swap
            expected = (0 if opponent > new else harmful) if swapped else otherwise
            assert module.swap_strategy(score, opponent) == expected, (score, opponent)


@pytest.mark.parametrize("semester", ["su17", "su16", "sp16", "fa14", "fa13"])
def test_final_strategy_is_the_best_response_table(semester):
    module = course_module(semester)
    table = np.array([[module.final_strategy(s, o) for o in range(100)] for s in range(100)])
    solved = best_response_to_always_roll(6, semester)
    assert np.array_equal(table, solved.table)
    assert f"Wins {100 * solved.rate:.1f}%" in module.final_strategy.__doc__
    assert course_module("sp14").final_strategy(30, 40) == course_module("fa13").final_strategy(30, 40)
