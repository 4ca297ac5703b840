"""The course's ``hog.py`` for the ``fuzzy_factors`` rules (Summer 2023):
Sow Sad, Boar Brawl and Fuzzy Factors; ``play`` takes an update function; no
commentary. The course forbade ``math.gcd`` here, so ``from hog import *``
brings in ``hog_gcd`` and no ``gcd``.

>>> play(always_roll(0), always_roll(2), fuzzy_update, score0=41, score1=42, dice=make_test_dice(3), goal=70)
(72, 48)
"""

from __future__ import annotations

from math import gcd as _gcd

from hog.cs61a import _course, _semester
from hog.cs61a._course import always_roll, always_roll_5, catch_up
from hog.cs61a._semester import is_always_roll
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL as _GOAL
from hog.game import roll_dice
from hog.rules import after_turn as _after_turn
from hog.rules import zero_dice as _zero_dice

__all__ = ["GOAL", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided", "four_sided", "boar_brawl"]
__all__ += ["take_turn", "simple_update", "hog_gcd", "fuzzy_points", "fuzzy_update", "always_roll_5", "play"]
__all__ += ["always_roll", "catch_up", "is_always_roll", "make_averaged", "max_scoring_num_rolls", "winner"]
__all__ += ["average_win_rate", "run_experiments", "boar_strategy", "fuzzy_strategy", "final_strategy"]

GOAL = _GOAL  # The goal of Hog is to score 100 points.


def boar_brawl(player_score: int, opponent_score: int) -> int:
    """Return the points scored by rolling 0 dice according to Boar Brawl.

    >>> boar_brawl(21, 46), boar_brawl(52, 79), boar_brawl(5, 0), boar_brawl(109, 99)
    (9, 15, 15, 1)
    """
    return _zero_dice.boar_brawl(player_score, opponent_score)


def take_turn(num_rolls: int, player_score: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Boar Brawl for 0.

    >>> take_turn(2, 0, 0, make_test_dice(4, 5, 1)), take_turn(0, 14, 27)
    (9, 6)
    """
    return _course.take_turn_of_both(num_rolls, player_score, opponent_score, dice, boar_brawl, roll_dice)


def simple_update(num_rolls: int, player_score: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """Return the total score of a player who starts their turn with
    PLAYER_SCORE and then rolls NUM_ROLLS DICE, ignoring Fuzzy Factors.

    >>> simple_update(0, 14, 27)
    20
    """
    return player_score + take_turn(num_rolls, player_score, opponent_score, dice)


def hog_gcd(x: int, y: int) -> int:
    """Return the greatest common divisor of X and Y.

    >>> hog_gcd(0, 5), hog_gcd(12, 18), hog_gcd(25, 100)
    (5, 6, 25)
    """
    return _gcd(x, y)


def fuzzy_points(score: int) -> int:
    """Return the new score of a player taking into account the Fuzzy Factors
    rule.

    >>> fuzzy_points(25), fuzzy_points(80), fuzzy_points(50), fuzzy_points(39)
    (29, 84, 60, 39)
    """
    return _after_turn.fuzzy_points(score)


def fuzzy_update(num_rolls: int, player_score: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """Return the total score of a player who starts their turn with
    PLAYER_SCORE and then rolls NUM_ROLLS DICE, *including* Fuzzy Factors.

    >>> fuzzy_update(0, 14, 27), fuzzy_update(0, 41, 42)
    (24, 60)
    """
    return fuzzy_points(simple_update(num_rolls, player_score, opponent_score, dice))


play = _semester.make_update_play(globals())


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "total_samples")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(6) catch_up always_roll(3) always_roll(8) boar_strategy fuzzy_strategy", "fuzzy_update"
)


def boar_strategy(score: int, opponent_score: int, threshold: int = 12, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice if Boar Brawl gives at least THRESHOLD
    points, and returns NUM_ROLLS otherwise. Ignore the scores and Fuzzy
    Factors.

    >>> boar_strategy(7, 2), boar_strategy(21, 46), boar_strategy(21, 46, threshold=9)
    (0, 6, 0)
    """
    return 0 if boar_brawl(score, opponent_score) >= threshold else num_rolls


def fuzzy_strategy(score: int, opponent_score: int, threshold: int = 12, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice when rolling 0 increases the score by at
    least THRESHOLD, Fuzzy Factors included.

    >>> fuzzy_strategy(41, 42), fuzzy_strategy(14, 27), fuzzy_strategy(14, 27, threshold=10)
    (0, 6, 0)
    """
    return 0 if fuzzy_update(0, score, opponent_score) - score >= threshold else num_rolls


final_strategy = _semester.final_strategy(globals(), "fuzzy_factors", "76.2%")
