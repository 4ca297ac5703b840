"""The course's ``hog.py`` for the ``swine_align`` rules: Pig Out, Free Bacon,
Swine Align and Pig Pass, with commentary.

>>> play(always_roll(5), always_roll(3), score0=91, score1=10, dice=make_test_dice(3))
(106, 10)
"""

from __future__ import annotations

from functools import partial

from hog.commentary import HIGHEST_MESSAGES, announce_lead_changes, both, make_announce_highest, say_scores, silence
from hog.cs61a import _course, _semester
from hog.cs61a._course import always_roll, always_roll_5
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Turn, roll_dice
from hog.rules import get_rules, is_pig_pass, is_swine_align, pi_digit
from hog.rules import zero_dice as _zero_dice

__all__ = ["GOAL_SCORE", "FIRST_101_DIGITS_OF_PI", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided"]
__all__ += ["four_sided", "free_bacon", "take_turn", "extra_turn", "swine_align", "pig_pass", "other", "silence"]
__all__ += ["play", "say_scores", "announce_lead_changes", "both", "announce_highest", "always_roll", "always_roll_5"]
__all__ += ["make_averaged", "max_scoring_num_rolls", "winner", "average_win_rate", "run_experiments", "bacon_strategy"]
__all__ += ["extra_turn_strategy", "final_strategy"]

_RULES = get_rules("swine_align")

GOAL_SCORE = GOAL  # The goal of Hog is to score 100 points.
FIRST_101_DIGITS_OF_PI = int("".join(str(pi_digit(n)) for n in range(101)))


def free_bacon(score: int) -> int:
    """Return the points scored from rolling 0 dice (Free Bacon), for any score.

    >>> free_bacon(0), free_bacon(1), free_bacon(2), free_bacon(42)
    (6, 4, 7, 12)
    """
    return _zero_dice.free_bacon_pi(score)


def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Free Bacon for 0.

    >>> take_turn(2, 0, make_test_dice(4, 5, 1)), take_turn(0, 42)
    (9, 12)
    """
    return _course.take_turn(num_rolls, opponent_score, dice, free_bacon, roll_dice)


def extra_turn(player_score: int, opponent_score: int) -> bool:
    """Return whether the player gets an extra turn.

    >>> extra_turn(20, 30), extra_turn(28, 30), extra_turn(8, 36)
    (True, True, False)
    """
    return _RULES.after_turn(player_score, opponent_score)[2]


def swine_align(player_score: int, opponent_score: int) -> bool:
    """Return whether the player gets an extra turn due to Swine Align.

    >>> swine_align(30, 45)  # The GCD is 15.
    True
    >>> swine_align(35, 45)  # The GCD is 5.
    False
    """
    return is_swine_align(player_score, opponent_score)


def pig_pass(player_score: int, opponent_score: int) -> bool:
    """Return whether the player gets an extra turn due to Pig Pass.

    >>> pig_pass(9, 12)
    False
    >>> pig_pass(10, 12)
    True
    >>> pig_pass(11, 12)
    True
    >>> pig_pass(12, 12)
    False
    >>> pig_pass(13, 12)
    False
    """
    return is_pig_pass(player_score, opponent_score)


def other(who: int) -> int:
    """Return the other player, for a player WHO numbered 0 or 1.

    >>> other(0)
    1
    >>> other(1)
    0
    """
    return _course.next_player(who)


def _turn(dice: Dice, goal: int) -> Turn:
    """A turn of these rules, the module's ``take_turn`` rolling DICE."""
    return _course.scoring_turn(partial(take_turn, dice=dice), _RULES)


play = _semester.make_play(globals(), _turn)


announce_highest = make_announce_highest(HIGHEST_MESSAGES["swine_align"])


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "trials_count")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(8) bacon_strategy extra_turn_strategy"
)


def bacon_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
    """This strategy rolls 0 dice if that gives at least CUTOFF points, and
    rolls NUM_ROLLS otherwise.

    >>> bacon_strategy(0, 42), bacon_strategy(0, 1)
    (0, 6)
    """
    return 0 if free_bacon(opponent_score) >= cutoff else num_rolls


def extra_turn_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
    """This strategy rolls 0 dice when it triggers an extra turn. It also
    rolls 0 dice if it gives at least CUTOFF points and does not give an extra
    turn. Otherwise, it rolls NUM_ROLLS.

    >>> free_bacon(32)
    3
    >>> extra_turn_strategy(13, 32), extra_turn_strategy(28, 32), extra_turn_strategy(20, 32)
    (0, 0, 6)
    """
    if extra_turn(score + free_bacon(opponent_score), opponent_score):
        return 0
    return bacon_strategy(score, opponent_score, cutoff, num_rolls)


final_strategy = _semester.final_strategy(globals(), "swine_align", "72.1%")
