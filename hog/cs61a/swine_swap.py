"""The course's ``hog.py`` for the ``swine_swap`` rules: Pig Out, Picky Piggy
(``2 * |tens - ones| + 1``) and Swine Swap; no commentary.

>>> play(always_roll(5), always_roll(3), score0=91, score1=10, dice=make_test_dice(3))
(106, 10)
"""

from __future__ import annotations

from functools import partial

from hog.cs61a import _course, _semester
from hog.cs61a._course import always_roll, always_roll_5, catch_up
from hog.cs61a._semester import is_always_roll
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Turn, roll_dice
from hog.rules import get_rules
from hog.rules import zero_dice as _zero_dice

__all__ = ["GOAL_SCORE", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided", "four_sided", "picky_piggy"]
__all__ += ["take_turn", "swine_swap", "play", "always_roll", "always_roll_5", "catch_up", "is_always_roll"]
__all__ += ["make_averaged", "max_scoring_num_rolls", "winner", "average_win_rate", "run_experiments", "picky_strategy"]
__all__ += ["swine_strategy", "final_strategy"]

_RULES = get_rules("swine_swap")

GOAL_SCORE = GOAL  # The goal of Hog is to score 100 points.


def picky_piggy(score: int) -> int:
    """Return the points scored from rolling 0 dice according to Picky Piggy.

    >>> picky_piggy(46), picky_piggy(73)
    (5, 9)
    """
    return _zero_dice.tens_ones_points(score)


def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Picky Piggy for 0.

    >>> take_turn(2, 0, make_test_dice(4, 5, 1)), take_turn(0, 46)
    (9, 5)
    """
    return _course.take_turn(num_rolls, opponent_score, dice, picky_piggy, roll_dice)


def swine_swap(score: int) -> bool:
    """Return whether the players' scores will be swapped due to Swine Swap.

    >>> swine_swap(4), swine_swap(11), swine_swap(99)
    (True, False, False)
    """
    # The rule swaps or not whatever the opponent has; any other score shows which.
    other_score = score + 1
    return _RULES.after_turn(score, other_score)[0] == other_score


def _turn(dice: Dice, goal: int) -> Turn:
    """A turn of these rules, the module's ``take_turn`` rolling DICE."""
    return _course.scoring_turn(partial(take_turn, dice=dice), _RULES)


play = _semester.make_play(globals(), _turn, say=None)


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "total_samples")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(6) catch_up always_roll(3) always_roll(8) picky_strategy swine_strategy"
)


def picky_strategy(score: int, opponent_score: int, threshold: int = 8, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice if that gives at least THRESHOLD points,
    and returns NUM_ROLLS otherwise.

    >>> picky_strategy(0, 73), picky_strategy(0, 46), picky_strategy(62, 9)
    (0, 6, 0)
    """
    return 0 if picky_piggy(opponent_score) >= threshold else num_rolls


def swine_strategy(score: int, opponent_score: int, threshold: int = 8, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice when this would give the player at least
    THRESHOLD points in this turn, Swine Swap included. Otherwise, it returns
    NUM_ROLLS.

    >>> swine_strategy(7, 40)  # 7 + 9 = 16 is a square: swapped to 40
    0
    >>> swine_strategy(62, 9)  # 62 + 19 = 81 is a square: swapped to 9
    6
    """
    new_score = _RULES.after_turn(score + picky_piggy(opponent_score), opponent_score)[0]
    return 0 if new_score - score >= threshold else num_rolls


final_strategy = _semester.final_strategy(globals(), "swine_swap", "85.8%")
