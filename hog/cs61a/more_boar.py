"""The course's ``hog.py`` for the ``more_boar`` rules: Sow Sad, Piggy Points
and More Boar, with commentary.

>>> play(always_roll(5), always_roll(3), score0=91, score1=10, dice=make_test_dice(3))
(106, 10)
"""

from __future__ import annotations

from functools import partial

from hog.commentary import (
    HIGHEST_MESSAGES,
    announce_lead_changes,
    both,
    make_announce_highest,
    say_scores,
    silence,
)
from hog.cs61a import _course, _semester
from hog.cs61a._course import always_roll, always_roll_5, next_player
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Turn, roll_dice
from hog.rules import get_rules
from hog.rules import zero_dice as _zero_dice

__all__ = ["GOAL_SCORE", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided", "four_sided", "piggy_points"]
__all__ += ["take_turn", "more_boar", "next_player", "silence", "play", "say_scores", "announce_lead_changes", "both"]
__all__ += ["announce_highest", "always_roll", "always_roll_5", "make_averaged", "max_scoring_num_rolls", "winner"]
__all__ += ["average_win_rate", "run_experiments", "piggypoints_strategy", "more_boar_strategy", "final_strategy"]

_RULES = get_rules("more_boar")

GOAL_SCORE = GOAL  # The goal of Hog is to score 100 points.


def piggy_points(score: int) -> int:
    """Return the points scored from rolling 0 dice.

    >>> piggy_points(4), piggy_points(10), piggy_points(94), piggy_points(0), piggy_points(24)
    (4, 3, 6, 3, 8)
    """
    return _zero_dice.piggy_points(score)


def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided, goal: int = GOAL_SCORE) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Piggy Points for 0.

    >>> take_turn(2, 0, make_test_dice(4, 5, 1)), take_turn(0, 2)
    (9, 7)
    """
    return _course.take_turn(num_rolls, opponent_score, dice, piggy_points, roll_dice, goal)


def more_boar(player_score: int, opponent_score: int) -> bool:
    """Return whether the player gets an extra turn.

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
    """
    return _RULES.after_turn(player_score, opponent_score)[2]


def _turn(dice: Dice, goal: int) -> Turn:
    """A turn of these rules, the module's ``take_turn`` rolling DICE."""
    return _course.scoring_turn(partial(take_turn, dice=dice, goal=goal), _RULES)


play = _semester.make_play(globals(), _turn)


announce_highest = make_announce_highest(HIGHEST_MESSAGES["more_boar"])


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "trials_count")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(6) always_roll(8) piggypoints_strategy more_boar_strategy"
)


def piggypoints_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
    """This strategy rolls 0 dice if that gives at least CUTOFF points, and
    rolls NUM_ROLLS otherwise.

    >>> piggypoints_strategy(0, 3, cutoff=8, num_rolls=5), piggypoints_strategy(9, 0, cutoff=6, num_rolls=5)
    (0, 5)
    """
    return 0 if piggy_points(opponent_score) >= cutoff else num_rolls


def more_boar_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
    """This strategy rolls 0 dice when it triggers an extra turn. It also
    rolls 0 dice if it gives at least CUTOFF points and does not give an extra
    turn. Otherwise, it rolls NUM_ROLLS.

    >>> more_boar_strategy(3, 19), more_boar_strategy(30, 54, cutoff=7)
    (0, 6)
    """
    if more_boar(score + piggy_points(opponent_score), opponent_score):
        return 0
    return piggypoints_strategy(score, opponent_score, cutoff, num_rolls)


final_strategy = _semester.final_strategy(globals(), "more_boar", "76.2%")
