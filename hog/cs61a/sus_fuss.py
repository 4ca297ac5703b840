"""The course's ``hog.py`` for the ``sus_fuss`` rules (Fall 2023 to Spring
2026): Sow Sad, Boar Brawl and Sus Fuss; ``play`` takes an update function;
no commentary. The averaging keyword is ``times_called`` (Spring 2025 on);
``samples_count``, its earlier name, is accepted too.

>>> play(always_roll(3), always_roll(0), sus_update, score0=11, score1=12, dice=make_test_dice(4, 5, 6), goal=30)
(44, 13)
"""

from __future__ import annotations

from collections.abc import Callable

from hog.cs61a import _course, _semester
from hog.cs61a._course import DEFAULT_COUNT, always_roll, always_roll_5, catch_up
from hog.cs61a._semester import is_always_roll
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL as _GOAL
from hog.game import roll_dice
from hog.rules import after_turn as _after_turn
from hog.rules import numbers as _numbers
from hog.rules import zero_dice as _zero_dice

__all__ = ["GOAL", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided", "four_sided", "boar_brawl"]
__all__ += ["take_turn", "simple_update", "is_prime", "num_factors", "sus_points", "sus_update", "always_roll_5"]
__all__ += ["play", "always_roll", "catch_up", "is_always_roll", "make_averaged", "max_scoring_num_rolls", "winner"]
__all__ += ["average_win_rate", "run_experiments", "boar_strategy", "sus_strategy", "final_strategy"]

GOAL = _GOAL  # The goal of Hog is to score 100 points.


def boar_brawl(player_score: int, opponent_score: int) -> int:
    """Return the points scored by rolling 0 dice according to Boar Brawl.

    >>> boar_brawl(21, 46), boar_brawl(45, 52), boar_brawl(7, 2), boar_brawl(0, 0)
    (9, 1, 21, 1)
    """
    return _zero_dice.boar_brawl(player_score, opponent_score)


def take_turn(num_rolls: int, player_score: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Boar Brawl for 0.

    >>> take_turn(2, 0, 0, make_test_dice(4, 5, 1)), take_turn(0, 21, 46)
    (9, 9)
    """
    return _course.take_turn_of_both(num_rolls, player_score, opponent_score, dice, boar_brawl, roll_dice)


def simple_update(num_rolls: int, player_score: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """Return the total score of a player who starts their turn with
    PLAYER_SCORE and then rolls NUM_ROLLS DICE, ignoring Sus Fuss.

    >>> simple_update(3, 11, 12, make_test_dice(4, 5, 6))
    26
    """
    return player_score + take_turn(num_rolls, player_score, opponent_score, dice)


def is_prime(n: int) -> bool:
    """Return whether N is prime (1 is not).

    >>> is_prime(2), is_prime(21), is_prime(1), is_prime(0)
    (True, False, False, False)
    """
    return _numbers.is_prime(n)


def num_factors(n: int) -> int:
    """Return the number of factors of N, including 1 and N itself.

    >>> num_factors(21), num_factors(25), num_factors(64), num_factors(1), num_factors(0)
    (4, 3, 7, 1, 0)
    """
    return _numbers.num_factors(n)


def sus_points(score: int) -> int:
    """Return the new score of a player taking into account the Sus Fuss rule.

    >>> sus_points(21), sus_points(25), sus_points(64), sus_points(1)
    (23, 29, 64, 1)
    """
    return _after_turn.sus_points(score)


def sus_update(num_rolls: int, player_score: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """Return the total score of a player who starts their turn with
    PLAYER_SCORE and then rolls NUM_ROLLS DICE, *including* Sus Fuss.

    >>> sus_update(0, 15, 37), sus_update(0, 40, 22), sus_update(3, 11, 12, make_test_dice(4, 5, 6))
    (23, 47, 29)
    """
    return sus_points(simple_update(num_rolls, player_score, opponent_score, dice))


play = _semester.make_update_play(globals())


def make_averaged(
    original_function: Callable[..., float], times_called: int = DEFAULT_COUNT, *, samples_count: int = DEFAULT_COUNT
) -> Callable[..., float]:
    """Return a function that returns the average value of ORIGINAL_FUNCTION
    called TIMES_CALLED times (SAMPLES_COUNT, its earlier name, also works).

    >>> dice = make_test_dice(4, 2, 5, 1)
    >>> averaged_dice = make_averaged(roll_dice, 40)
    >>> averaged_dice(1, dice)  # The avg of 10 4's, 10 2's, 10 5's, and 10 1's
    3.0
    >>> make_averaged(roll_dice, samples_count=40)(1, dice)
    3.0
    """
    count = _course.one_count("make_averaged", times_called=times_called, samples_count=samples_count)
    return _course.make_averaged(original_function, count)


def max_scoring_num_rolls(
    dice: Dice = six_sided, times_called: int = DEFAULT_COUNT, *, samples_count: int = DEFAULT_COUNT
) -> int:
    """Return the number of dice (1 to 10) that gives the maximum average score
    for a turn. Assume that the dice always return positive outcomes.

    >>> dice = make_test_dice(1, 6)
    >>> max_scoring_num_rolls(dice)
    1
    """
    count = _course.one_count("max_scoring_num_rolls", times_called=times_called, samples_count=samples_count)
    return _course.max_scoring_num_rolls(make_averaged(roll_dice, count), dice)


winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(6) catch_up always_roll(3) always_roll(8) boar_strategy sus_strategy", "sus_update"
)


def boar_strategy(score: int, opponent_score: int, threshold: int = 11, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice if Boar Brawl gives at least THRESHOLD
    points, and returns NUM_ROLLS otherwise. Ignore the scores and Sus Fuss.

    >>> boar_strategy(7, 2), boar_strategy(21, 46), boar_strategy(21, 46, threshold=9)
    (0, 6, 0)
    """
    return 0 if boar_brawl(score, opponent_score) >= threshold else num_rolls


def sus_strategy(score: int, opponent_score: int, threshold: int = 11, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice when rolling 0 increases the score by at
    least THRESHOLD, Sus Fuss included.

    >>> sus_strategy(40, 22), sus_strategy(40, 22, threshold=7)  # 40 + 6 = 46 rises to 47
    (6, 0)
    """
    return 0 if sus_update(0, score, opponent_score) - score >= threshold else num_rolls


final_strategy = _semester.final_strategy(globals(), "sus_fuss", "76.5%")
