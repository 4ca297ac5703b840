"""The course's ``hog.py`` for the ``su21`` rules (Summer 2021): Pig Out,
Piggy Points (4 + the difference of the last two digits) and More Boar
(smallest and largest digits), with commentary.

>>> play(always_roll(0), always_roll(1), score0=21, score1=43, dice=make_test_dice(3), goal=50)
(52, 49)
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
from hog.rules import after_turn as _after_turn
from hog.rules import zero_dice as _zero_dice

__all__ = ["GOAL_SCORE", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided", "four_sided", "piggy_points"]
__all__ += ["take_turn", "more_boar", "next_player", "silence", "play", "say_scores", "announce_lead_changes", "both"]
__all__ += ["announce_highest", "always_roll", "always_roll_5", "make_averaged", "max_scoring_num_rolls", "winner"]
__all__ += ["average_win_rate", "run_experiments", "piggypoints_strategy", "more_boar_strategy", "final_strategy"]

GOAL_SCORE = GOAL  # The goal of Hog is to score 100 points.


def piggy_points(score: int) -> int:
    """Return the points scored from rolling 0 dice.

    >>> piggy_points(14), piggy_points(9), piggy_points(156), piggy_points(0)
    (7, 13, 5, 4)
    """
    return _zero_dice.piggy_points_su21(score)


def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided, goal: int = GOAL_SCORE) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Piggy Points for 0.

    >>> take_turn(2, 0, make_test_dice(4, 5, 1)), take_turn(3, 0, make_test_dice(4, 6, 1)), take_turn(0, 14)
    (9, 1, 7)
    """
    return _course.take_turn(num_rolls, opponent_score, dice, piggy_points, roll_dice, goal)


def more_boar(player_score: int, opponent_score: int) -> bool:
    """Return whether the player gets an extra turn.

    >>> more_boar(25, 43), more_boar(7, 10), more_boar(709, 897)
    (True, False, False)
    """
    return _after_turn.is_more_boar_su21(player_score, opponent_score)


def _turn(dice: Dice, goal: int) -> Turn:
    """A turn of these rules, the module's ``take_turn`` rolling DICE."""
    return _course.extra_turn_if(partial(take_turn, dice=dice, goal=goal), more_boar)


play = _semester.make_play(globals(), _turn)


announce_highest = make_announce_highest(HIGHEST_MESSAGES["su21"])


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "trials_count")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(6) always_roll(8) piggypoints_strategy more_boar_strategy"
)


def piggypoints_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
    """This strategy rolls 0 dice if that gives at least CUTOFF points, and
    rolls NUM_ROLLS otherwise.

    >>> piggypoints_strategy(0, 9), piggypoints_strategy(0, 14), piggypoints_strategy(0, 14, cutoff=7, num_rolls=5)
    (0, 6, 0)
    """
    return 0 if piggy_points(opponent_score) >= cutoff else num_rolls


def more_boar_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
    """This strategy rolls 0 dice when it triggers an extra turn. It also
    rolls 0 dice if it gives at least CUTOFF points and does not give an extra
    turn. Otherwise, it rolls NUM_ROLLS.

    >>> more_boar_strategy(21, 43), more_boar_strategy(0, 14)  # 21 + 5 = 26 against 43: an extra turn
    (0, 6)
    """
    if more_boar(score + piggy_points(opponent_score), opponent_score):
        return 0
    return piggypoints_strategy(score, opponent_score, cutoff, num_rolls)


final_strategy = _semester.final_strategy(globals(), "su21", "78.9%")
