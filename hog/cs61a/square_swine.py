"""The course's ``hog.py`` for the ``square_swine`` rules: Sow Sad, Pig Tail
and Square Swine; ``play`` takes an update function; no commentary.

>>> play(always_roll(5), always_roll(3), square_update, score0=91, score1=10, dice=make_test_dice(3))
(106, 10)
"""

from __future__ import annotations

from hog.cs61a import _course, _semester
from hog.cs61a._course import always_roll, always_roll_5, catch_up
from hog.cs61a._semester import is_always_roll
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, roll_dice
from hog.rules import get_rules, is_perfect_square
from hog.rules import next_perfect_square as _next_perfect_square
from hog.rules import zero_dice as _zero_dice

__all__ = ["GOAL", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided", "four_sided", "tail_points"]
__all__ += ["take_turn", "simple_update", "square_update", "perfect_square", "next_perfect_square", "always_roll_5"]
__all__ += ["play", "always_roll", "catch_up", "is_always_roll", "make_averaged", "max_scoring_num_rolls", "winner"]
__all__ += ["average_win_rate", "run_experiments", "tail_strategy", "square_strategy", "final_strategy"]

_RULES = get_rules("square_swine")


def tail_points(opponent_score: int) -> int:
    """Return the points scored by rolling 0 dice according to Pig Tail.

    >>> tail_points(46), tail_points(73)
    (5, 9)
    """
    return _zero_dice.tens_ones_points(opponent_score)


def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Tail Points for 0.

    >>> take_turn(2, 0, make_test_dice(4, 5, 1)), take_turn(0, 73)
    (9, 9)
    """
    return _course.take_turn(num_rolls, opponent_score, dice, tail_points, roll_dice)


def simple_update(num_rolls: int, player_score: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """Return the total score of a player who starts their turn with
    PLAYER_SCORE and then rolls NUM_ROLLS DICE, ignoring Square Swine.

    >>> simple_update(3, 12, 0, make_test_dice(4, 5, 4))
    25
    """
    return player_score + take_turn(num_rolls, opponent_score, dice)


def square_update(num_rolls: int, player_score: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """Return the total score of a player who starts their turn with
    PLAYER_SCORE and then rolls NUM_ROLLS DICE, *including* Square Swine.

    >>> square_update(3, 12, 0, make_test_dice(4, 5, 4)), square_update(3, 12, 0, make_test_dice(4))
    (36, 24)
    """
    score = simple_update(num_rolls, player_score, opponent_score, dice)
    return _RULES.after_turn(score, opponent_score)[0]


def perfect_square(score: int) -> bool:
    """Return whether SCORE is a perfect square.

    >>> perfect_square(25), perfect_square(24), perfect_square(1)
    (True, False, True)
    """
    return is_perfect_square(score)


def next_perfect_square(score: int) -> int:
    """Return the next perfect square above the perfect square SCORE.

    >>> next_perfect_square(25), next_perfect_square(1), next_perfect_square(81)
    (36, 4, 100)
    """
    return _next_perfect_square(score)


play = _semester.make_update_play(globals())


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "total_samples")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(6) catch_up always_roll(3) always_roll(8) tail_strategy square_strategy", "square_update"
)


def tail_strategy(score: int, opponent_score: int, threshold: int = 12, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice if Pig Tail gives at least THRESHOLD
    points, and returns NUM_ROLLS otherwise. Ignore score and Square Swine.

    >>> tail_strategy(0, 91), tail_strategy(31, 42)
    (0, 6)
    """
    return 0 if tail_points(opponent_score) >= threshold else num_rolls


def square_strategy(score: int, opponent_score: int, threshold: int = 12, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice when your score would increase by at least threshold.

    >>> square_strategy(31, 42)  # 31 + 5 = 36 rises to 49: a gain of 18
    0
    """
    return 0 if square_update(0, score, opponent_score) - score >= threshold else num_rolls


final_strategy = _semester.final_strategy(globals(), "square_swine", "73.4%")
