"""The course's ``hog.py`` of Spring 2020 (rule set ``sp20``): Pig Out, Free
Bacon (the digits of the cube), Feral Hogs (the previous turn's points) and
Swine Swap (3 to the total score starts and ends with the same digit), with
commentary.

>>> play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5)
(9, 3)
"""

from __future__ import annotations

from hog.commentary import both, say_scores, silence
from hog.cs61a import _course, _semester, _swap_years
from hog.cs61a._course import always_roll, always_roll_5
from hog.cs61a._swap_years import announce_lead_changes, other
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, roll_dice
from hog.rules import get_rules
from hog.rules.after_turn import swap_power_of_three
from hog.rules.zero_dice import bacon_cube

__all__ = ["GOAL_SCORE", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided", "four_sided", "free_bacon"]
__all__ += ["take_turn", "is_swap", "other", "silence", "play", "say_scores", "announce_lead_changes", "both"]
__all__ += ["announce_highest", "always_roll", "always_roll_5", "make_averaged", "max_scoring_num_rolls", "winner"]
__all__ += ["average_win_rate", "run_experiments", "bacon_strategy", "swap_strategy", "final_strategy"]

_RULES = get_rules("sp20")

GOAL_SCORE = GOAL  # The goal of Hog is to score 100 points.


def free_bacon(score: int) -> int:
    """Return the points scored from rolling 0 dice (Free Bacon): 1 plus the
    absolute alternating sum of the digits of the score's cube, the ones digit
    positive.

    >>> free_bacon(4), free_bacon(1), free_bacon(0), free_bacon(9)
    (3, 2, 1, 15)
    """
    return _swap_years.free_bacon(bacon_cube, score)


def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Free Bacon for 0.

    >>> take_turn(2, 0, make_test_dice(4, 5, 1)), take_turn(3, 0, make_test_dice(4, 6, 1)), take_turn(0, 4)
    (9, 1, 3)
    """
    return _swap_years.take_turn(num_rolls, opponent_score, dice, free_bacon, roll_dice)


def is_swap(player_score: int, opponent_score: int) -> bool:
    """Return whether the two scores should be swapped: the leading digit of 3
    to the power of the two scores' total equals its ones digit.

    >>> is_swap(1, 1), is_swap(2, 1), is_swap(0, 0)
    (True, False, True)
    """
    return swap_power_of_three(player_score, opponent_score)


play = _swap_years.make_play(globals(), _RULES, feral_hogs=True)


announce_highest = _swap_years.make_announce_highest(_swap_years.gain_in_points_parenthesised)


make_averaged = _semester.make_averaged(globals(), "num_samples")
max_scoring_num_rolls = _semester.max_scoring_num_rolls(globals(), "num_samples")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), ["always_roll(8)", "bacon_strategy", "swap_strategy", "final_strategy"]
)


def bacon_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 6) -> int:
    """This strategy rolls 0 dice if that gives at least MARGIN points, and
    rolls NUM_ROLLS otherwise.

    >>> bacon_strategy(0, 2), bacon_strategy(0, 4)
    (0, 6)
    """
    return 0 if free_bacon(opponent_score) >= margin else num_rolls


def swap_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 6) -> int:
    """This strategy rolls 0 dice when it triggers a beneficial swap and
    rolls NUM_ROLLS when it would trigger a harmful swap. Otherwise, it rolls 0
    dice if that gives at least MARGIN points and rolls NUM_ROLLS otherwise.

    >>> swap_strategy(0, 28), swap_strategy(3, 9), swap_strategy(0, 2), swap_strategy(0, 4)
    (0, 6, 0, 6)
    """
    move = _swap_years.swap_move(score, opponent_score, free_bacon, is_swap, num_rolls)
    return bacon_strategy(score, opponent_score, margin, num_rolls) if move is None else move


def final_strategy(score: int, opponent_score: int) -> int:
    """The project's best table for these rules against always_roll(6), derived
    from optimal play over the full state (Feral Hogs memory included) and
    improved. Wins 84.3% against always_roll(6).
    """
    return _course.final_strategy_move(_RULES, score, opponent_score)
