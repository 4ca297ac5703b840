"""The course's ``hog.py`` of Summer 2016 (rule set ``su16``): Hog Wild
(four-sided dice when the sum of the scores is a multiple of 7), Hog Tied
(at most one die when the sum ends in 7), Pig Out, Free Bacon (1 plus the
larger digit), Hogtimus Prime on the turn's points and Swine Swap when the
mover's new score has one distinct digit. ``play`` takes no dice and no
commentary: each turn rolls at most ``max_dice`` of the dice of ``select_dice``.

The functions call each other through the module's globals at call time,
so a course script that replaces one of them (``hog.four_sided``,
``hog.roll_dice``) is heard.

>>> take_turn(2, 0, make_test_dice(3, 4)), take_turn(0, 34), max_dice(3, 4), max_dice(3, 5)
(11, 7, 1, 10)
>>> is_swap(111), is_swap(7), is_swap(100)
(True, True, False)
"""

from __future__ import annotations

from typing import Any

from hog.cs61a import _course, _hog_wild, _semester
from hog.cs61a._swap_years import other
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Strategy, roll_dice
from hog.rules import get_rules
from hog.rules.after_turn import has_one_digit
from hog.rules.dice_rules import hog_tied

__all__ = [
    "GOAL_SCORE",
    "roll_dice",
    "make_test_dice",
    "make_fair_dice",
    "six_sided",
    "four_sided",
    "free_bacon",
    "take_turn",
    "select_dice",
    "max_dice",
    "is_swap",
    "other",
    "play",
    "check_strategy_roll",
    "check_strategy",
    "always_roll",
    "always_roll_5",
    "make_averaged",
    "max_scoring_num_rolls",
    "winner",
    "average_win_rate",
    "run_experiments",
    "bacon_strategy",
    "swap_strategy",
    "final_strategy",
]

GOAL_SCORE = GOAL
always_roll, always_roll_5 = _course.always_roll, _course.always_roll_5


free_bacon, take_turn = _hog_wild.bacon_turn(globals())


def select_dice(score: int, opponent_score: int) -> Dice:
    """Four-sided dice when the sum of the scores is a multiple of 7 (Hog Wild), else six-sided."""
    return _hog_wild.select_dice(globals(), score, opponent_score)


def max_dice(score: int, opponent_score: int) -> int:
    """The most dice the player may roll: 1 when the sum of the scores ends in 7 (Hog Tied), else 10."""
    return hog_tied(score, opponent_score)


def is_swap(score: int) -> bool:
    """Whether SCORE, the current player's new score, has one distinct digit (Swine Swap)."""
    return has_one_digit(score)


def play(
    strategy0: Strategy, strategy1: Strategy, score0: int = 0, score1: int = 0, goal: int = GOAL_SCORE
) -> tuple[int, int]:
    """Play a game from SCORE0, SCORE1 to GOAL and return the final scores,
    Player 0's first; each turn rolls at most ``max_dice`` of the dice of ``select_dice``."""
    swapped = lambda score, opponent_score: globals()["is_swap"](score)  # noqa: E731
    return _hog_wild.play(globals(), get_rules("su16"), swapped, strategy0, strategy1, score0, score1, goal)


def check_strategy_roll(score: int, opponent_score: int, num_rolls: Any) -> None:
    """Fail if NUM_ROLLS, returned by a strategy at (SCORE, OPPONENT_SCORE), is not an int in 0..10."""
    _hog_wild.check_strategy_roll(score, opponent_score, num_rolls)


check_strategy = _hog_wild.check_all(globals(), returns_strategy=True)


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "num_samples")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(8) bacon_strategy swap_strategy"
)


def bacon_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 6) -> int:
    """Roll 0 dice if rolling 0 (Hogtimus Prime included) gives at least MARGIN points, and NUM_ROLLS otherwise."""
    return 0 if globals()["take_turn"](0, opponent_score) >= margin else num_rolls


def swap_strategy(score: int, opponent_score: int, margin: int = 5, num_rolls: int = 6) -> int:
    """Roll 0 dice for a swap that helps, NUM_ROLLS for one that hurts, else as bacon_strategy with MARGIN."""
    swapped = lambda new_score, opponent: globals()["is_swap"](new_score)  # noqa: E731
    otherwise = lambda: globals()["bacon_strategy"](score, opponent_score, margin, num_rolls)  # noqa: E731
    return _hog_wild.swap_strategy(globals(), score, opponent_score, swapped, num_rolls, otherwise)


final_strategy = _semester.final_strategy(globals(), "su16", "87.9%")
