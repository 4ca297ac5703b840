"""The course's ``hog.py`` for the ``hog_pile`` rules: Sow Sad, Picky Piggy
(digits of 1/7) and Hog Pile, with commentary.

>>> play(always_roll(5), always_roll(3), score0=91, score1=10, dice=make_test_dice(3))
(106, 10)
"""

from __future__ import annotations

from functools import partial

from hog.commentary import HIGHEST_MESSAGES, announce_lead_changes, both, make_announce_highest, say_scores, silence
from hog.cs61a import _course, _semester
from hog.cs61a._course import always_roll, always_roll_5, next_player
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Turn, roll_dice
from hog.rules import get_rules
from hog.rules import zero_dice as _zero_dice

__all__ = ["GOAL_SCORE", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided", "four_sided", "picky_piggy"]
__all__ += ["take_turn", "hog_pile", "next_player", "silence", "play", "say_scores", "announce_lead_changes", "both"]
__all__ += ["announce_highest", "always_roll", "always_roll_5", "make_averaged", "max_scoring_num_rolls", "winner"]
__all__ += ["average_win_rate", "run_experiments", "picky_piggy_strategy", "hog_pile_strategy", "final_strategy"]

_RULES = get_rules("hog_pile")

GOAL_SCORE = GOAL  # The goal of Hog is to score 100 points.


def picky_piggy(score: int) -> int:
    """Return the points scored from rolling 0 dice.

    >>> [picky_piggy(score) for score in (0, 1, 2, 3, 5, 14, 24)]
    [7, 1, 4, 2, 5, 4, 7]
    """
    return _zero_dice.picky_piggy_sevenths(score)


def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided, goal: int = GOAL_SCORE) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Picky Piggy for 0.

    >>> take_turn(2, 0, make_test_dice(4, 5, 1)), take_turn(0, 2), take_turn(0, 0)
    (9, 4, 7)
    """
    return _course.take_turn(num_rolls, opponent_score, dice, picky_piggy, roll_dice, goal)


def hog_pile(player_score: int, opponent_score: int) -> int:
    """Return the points scored by player due to Hog Pile.

    >>> hog_pile(25, 43), hog_pile(7, 7), hog_pile(187, 187)
    (0, 7, 187)
    """
    return _RULES.after_turn(player_score, opponent_score)[0] - player_score


def _turn(dice: Dice, goal: int) -> Turn:
    """A turn of these rules, the module's ``take_turn`` rolling DICE."""
    return _course.scoring_turn(partial(take_turn, dice=dice, goal=goal), _RULES)


play = _semester.make_play(globals(), _turn)


announce_highest = make_announce_highest(HIGHEST_MESSAGES["hog_pile"])


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "trials_count")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(6) always_roll(8) picky_piggy_strategy hog_pile_strategy"
)


def picky_piggy_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice if that gives at least CUTOFF points, and
    returns NUM_ROLLS otherwise.

    >>> picky_piggy_strategy(0, 4, cutoff=7, num_rolls=5), picky_piggy_strategy(50, 3, cutoff=7, num_rolls=5)
    (0, 5)
    """
    return 0 if picky_piggy(opponent_score) >= cutoff else num_rolls


def hog_pile_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice when this would result in Hog Pile taking
    effect. It also returns 0 dice if it gives at least CUTOFF points.
    Otherwise, it returns NUM_ROLLS.

    >>> hog_pile_strategy(2, 10, cutoff=10), hog_pile_strategy(30, 54, cutoff=10)
    (0, 6)
    """
    if hog_pile(score + picky_piggy(opponent_score), opponent_score):
        return 0
    return picky_piggy_strategy(score, opponent_score, cutoff, num_rolls)


final_strategy = _semester.final_strategy(globals(), "hog_pile", "62.4%")
