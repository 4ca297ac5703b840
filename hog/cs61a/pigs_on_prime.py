"""The course's ``hog.py`` for the ``pigs_on_prime`` rules (Summer 2022):
Sow Sad, Oink Points and Pigs on Prime, with commentary that returns
``(leader, message)``.

>>> play(always_roll(2), always_roll(0), dice=make_test_dice(2, 3), goal=7)
(7, 0)
"""

from __future__ import annotations

from functools import partial

from hog.cs61a import _course, _semester
from hog.cs61a._course import always_roll, always_roll_5, next_player
from hog.cs61a._leader_commentary import announce_lead_changes, both, printing, say_scores, silence
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Turn, roll_dice
from hog.rules import after_turn as _after_turn
from hog.rules import get_rules
from hog.rules import zero_dice as _zero_dice

__all__ = ["GOAL_SCORE", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided", "four_sided", "oink_points"]
__all__ += ["take_turn", "is_prime", "pigs_on_prime", "next_player", "silence", "play", "say_scores"]
__all__ += ["announce_lead_changes", "both", "always_roll", "always_roll_5", "make_averaged", "max_scoring_num_rolls"]
__all__ += ["winner", "average_win_rate", "run_experiments", "oink_points_strategy", "pigs_on_prime_strategy"]
__all__ += ["final_strategy"]

_RULES = get_rules("pigs_on_prime")

GOAL_SCORE = GOAL  # The goal of Hog is to score 100 points.


def oink_points(player_score: int, opponent_score: int) -> int:
    """Return the points scored by player due to Oink Points.

    >>> oink_points(0, 46), oink_points(0, 73), oink_points(0, 27), oink_points(0, 584)
    (2, 11, 1, 12)
    """
    return _zero_dice.oink_points(player_score, opponent_score)


def take_turn(
    num_rolls: int, player_score: int, opponent_score: int, dice: Dice = six_sided, goal: int = GOAL_SCORE
) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Oink Points for 0.

    >>> take_turn(2, 0, 0, make_test_dice(4, 5, 1)), take_turn(0, 0, 73)
    (9, 11)
    """
    return _course.take_turn_of_both(num_rolls, player_score, opponent_score, dice, oink_points, roll_dice, goal)


def is_prime(n: int) -> bool:
    """Return whether N is prime; as in the course, 1 counts as prime.

    >>> is_prime(1), is_prime(2), is_prime(9), is_prime(0)
    (True, True, False, False)
    """
    return _after_turn.is_prime_counting_one(n)


def pigs_on_prime(player_score: int, opponent_score: int) -> int:
    """Return the points scored by the current player due to Pigs on Prime.

    >>> pigs_on_prime(7, 7), pigs_on_prime(11, 26), pigs_on_prime(2, 76), pigs_on_prime(0, 20)
    (4, 2, 1, 0)
    """
    return _RULES.after_turn(player_score, opponent_score)[0] - player_score


def _turn(dice: Dice, goal: int) -> Turn:
    """A turn of these rules, the module's ``take_turn`` rolling DICE."""
    return _course.gaining_turn(partial(take_turn, dice=dice, goal=goal), pigs_on_prime)


play = _semester.make_play(globals(), _turn, silence, annotation="LeaderCommentary", printing=printing)


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "total_samples")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(6) always_roll(8) oink_points_strategy pigs_on_prime_strategy"
)


def oink_points_strategy(score: int, opponent_score: int, threshold: int = 8, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice if that gives at least THRESHOLD points, and
    returns NUM_ROLLS otherwise.

    >>> oink_points_strategy(0, 73), oink_points_strategy(0, 46), oink_points_strategy(0, 46, threshold=2)
    (0, 6, 0)
    """
    return 0 if oink_points(score, opponent_score) >= threshold else num_rolls


def pigs_on_prime_strategy(score: int, opponent_score: int, threshold: int = 8, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice when this would result in Pigs on Prime
    taking effect. It also returns 0 dice if it gives at least THRESHOLD
    points. Otherwise, it returns NUM_ROLLS.

    >>> pigs_on_prime_strategy(5, 46), pigs_on_prime_strategy(4, 46), pigs_on_prime_strategy(4, 73)
    (0, 6, 0)
    """
    if pigs_on_prime(score + oink_points(score, opponent_score), opponent_score) > 0:
        return 0
    return oink_points_strategy(score, opponent_score, threshold, num_rolls)


final_strategy = _semester.final_strategy(globals(), "pigs_on_prime", "64.2%")
