"""The course modules of Fall 2013 and Spring 2014 (rule set ``fa13``),
written once: the same rules and functions, but the strategies of fa13 take
no parameters and read the module constants ``BACON_MARGIN`` and
``BASELINE_NUM_ROLLS`` at call time, while those of sp14 take them as
parameters.

``define`` makes a semester's functions in its module's globals; each finds
the others there at call time, so that a course script replacing one of
them (``hog.roll_dice``, ``hog.four_sided``) or a constant is heard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hog.cs61a import _hog_wild, _semester
from hog.cs61a._semester import BASICS, Namespace
from hog.cs61a._swap_years import other
from hog.dice import Dice, six_sided
from hog.game import GOAL, Strategy
from hog.rules import get_rules
from hog.rules.after_turn import swap_double
from hog.rules.zero_dice import bacon_largest_digit

__all__ = ["BACON_MARGIN", "BASELINE_NUM_ROLLS", "define"]

#: The course's constants: the Free Bacon points worth rolling 0 for, and the dice rolled otherwise.
BACON_MARGIN = 8
BASELINE_NUM_ROLLS = 5


def _functions(namespace: Namespace) -> dict[str, Callable[..., Any]]:
    """The rule functions and ``play`` of fa13 and sp14, over NAMESPACE."""

    def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided) -> int:
        """The points of a turn rolling NUM_ROLLS DICE, or for 0 dice (Free
        Bacon) 1 plus the larger digit of OPPONENT_SCORE."""
        return _hog_wild.take_turn(namespace, num_rolls, opponent_score, dice, bacon_largest_digit)

    def select_dice(score: int, opponent_score: int) -> Dice:
        """Four-sided dice when the sum of the scores is a multiple of 7 (Hog Wild), else six-sided."""
        return _hog_wild.select_dice(namespace, score, opponent_score)

    def play(strategy0: Strategy, strategy1: Strategy, goal: int = GOAL) -> tuple[int, int]:
        """Play a game from 0-0 to GOAL and return the final scores, Player 0's
        first; each turn rolls the dice of ``select_dice``, and the scores are
        exchanged when one is double the other (Swine Swap)."""
        return _hog_wild.play(namespace, get_rules("fa13"), swap_double, strategy0, strategy1, 0, 0, goal)

    return {"take_turn": take_turn, "select_dice": select_dice, "play": play}


def _strategies(namespace: Namespace, parameters: bool) -> dict[str, Callable[..., int]]:
    """``bacon_strategy`` and ``swap_strategy`` over NAMESPACE: with the
    parameters ``margin`` and ``num_rolls`` (sp14), or reading the module's
    constants at call time (fa13)."""

    def bacon_with(
        score: int, opponent_score: int, margin: int = BACON_MARGIN, num_rolls: int = BASELINE_NUM_ROLLS
    ) -> int:
        """Roll 0 dice if rolling 0 gives at least MARGIN points, and NUM_ROLLS otherwise."""
        return 0 if namespace["take_turn"](0, opponent_score) >= margin else num_rolls

    def swap_with(
        score: int, opponent_score: int, margin: int = BACON_MARGIN, num_rolls: int = BASELINE_NUM_ROLLS
    ) -> int:
        """Roll 0 dice for a swap that helps, NUM_ROLLS for one that hurts, else as bacon_strategy with MARGIN."""
        otherwise = lambda: namespace["bacon_strategy"](score, opponent_score, margin, num_rolls)  # noqa: E731
        return _hog_wild.swap_strategy(namespace, score, opponent_score, swap_double, num_rolls, otherwise)

    def bacon_strategy(score: int, opponent_score: int) -> int:
        """Roll 0 dice if rolling 0 gives at least BACON_MARGIN points, and BASELINE_NUM_ROLLS otherwise."""
        return bacon_with(score, opponent_score, namespace["BACON_MARGIN"], namespace["BASELINE_NUM_ROLLS"])

    def swap_strategy(score: int, opponent_score: int) -> int:
        """Roll 0 dice for a swap that helps, BASELINE_NUM_ROLLS for one that
        hurts, else as bacon_strategy."""
        otherwise = lambda: namespace["bacon_strategy"](score, opponent_score)  # noqa: E731
        num_rolls = namespace["BASELINE_NUM_ROLLS"]
        return _hog_wild.swap_strategy(namespace, score, opponent_score, swap_double, num_rolls, otherwise)

    if parameters:
        return {"bacon_strategy": bacon_with, "swap_strategy": swap_with}
    return {"bacon_strategy": bacon_strategy, "swap_strategy": swap_strategy}


def define(namespace: Namespace, parameters: bool) -> list[str]:
    """Define the course functions of fa13 (sp14 if PARAMETERS: strategies
    with parameters) in NAMESPACE, the module's globals, and return their
    names, the module's ``__all__``."""
    defined: dict[str, Any] = {
        **BASICS,
        "GOAL_SCORE": GOAL,
        "BACON_MARGIN": BACON_MARGIN,
        "BASELINE_NUM_ROLLS": BASELINE_NUM_ROLLS,
        "other": other,
    }
    for name, function in {**_functions(namespace), **_strategies(namespace, parameters)}.items():
        defined[name] = _semester.named(function, namespace, name, function.__doc__ or "")
    namespace.update(defined)
    defined["make_averaged"] = namespace["make_averaged"] = _semester.make_averaged(namespace, "num_samples")
    defined["max_scoring_num_rolls"] = _hog_wild.max_scoring_num_rolls(namespace, printing=True)
    experiments = _semester.experiments(namespace, "always_roll(8) bacon_strategy swap_strategy", baseline_rolls=5)
    defined["winner"], defined["average_win_rate"], defined["run_experiments"] = experiments
    defined["final_strategy"] = _semester.final_strategy(namespace, "fa13", "78.5%")
    namespace.update(defined)
    return list(defined)
