"""The course's ``hog.py`` for the ``hefty_hogs`` rules (Spring 2022): Sow
Sad, Hefty Hogs and Hog Pile (equal ones digits), with commentary that
returns ``(leader, message)``.

Hefty Hogs can score 0 points, so two players who both roll 0 for nothing
play forever: ``play`` loops, as the course's did.

>>> play(always_roll(0), always_roll(1), score0=3, score1=56, dice=make_test_dice(4), goal=61)
(5, 64)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from hog.cs61a import _course, _semester
from hog.cs61a._course import always_roll, always_roll_5, next_player
from hog.cs61a._leader_commentary import announce_lead_changes, both, printing, say_scores, silence
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Turn, roll_dice
from hog.rules import get_rules
from hog.rules import zero_dice as _zero_dice

__all__ = ["GOAL_SCORE", "roll_dice", "make_test_dice", "make_fair_dice", "six_sided", "four_sided", "digit_fn"]
__all__ += ["hefty_hogs", "take_turn", "hog_pile", "next_player", "silence", "play", "say_scores"]
__all__ += ["announce_lead_changes", "both", "always_roll", "always_roll_5", "make_averaged", "max_scoring_num_rolls"]
__all__ += ["winner", "average_win_rate", "run_experiments", "hefty_hogs_strategy", "hog_pile_strategy"]
__all__ += ["final_strategy"]

_RULES = get_rules("hefty_hogs")

GOAL_SCORE = GOAL  # The goal of Hog is to score 100 points.


def digit_fn(digit: int) -> Callable[[int], int]:
    """Return the corresponding function for the given DIGIT, an int 0..9.

    >>> digit_fn(2)(6), digit_fn(4)(3), digit_fn(8)(5)
    (18, -2, 10)
    """
    return _zero_dice.hefty_digit_fn(digit)


def hefty_hogs(player_score: int, opponent_score: int) -> int:
    """Return the points scored by player due to Hefty Hogs.

    >>> hefty_hogs(5, 123), hefty_hogs(5, 456), hefty_hogs(3, 56), hefty_hogs(12, 5), hefty_hogs(6, 2)
    (9, 29, 0, 0, 18)
    """
    return _zero_dice.hefty_hogs(player_score, opponent_score)


def take_turn(
    num_rolls: int, player_score: int, opponent_score: int, dice: Dice = six_sided, goal: int = GOAL_SCORE
) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or Hefty Hogs for 0.

    >>> take_turn(2, 0, 0, make_test_dice(4, 5, 1)), take_turn(0, 6, 2), take_turn(0, 3, 56)
    (9, 18, 0)
    """
    return _course.take_turn_of_both(num_rolls, player_score, opponent_score, dice, hefty_hogs, roll_dice, goal)


def hog_pile(player_score: int, opponent_score: int) -> int:
    """Return the points scored by player due to Hog Pile.

    >>> hog_pile(12, 72), hog_pile(439, 709), hog_pile(26, 26), hog_pile(25, 43)
    (2, 9, 6, 0)
    """
    return _RULES.after_turn(player_score, opponent_score)[0] - player_score


def _turn(dice: Dice, goal: int) -> Turn:
    """A turn of these rules, the module's ``take_turn`` rolling DICE."""
    return _course.gaining_turn(partial(take_turn, dice=dice, goal=goal), hog_pile)


play = _semester.make_play(globals(), _turn, silence, annotation="LeaderCommentary", printing=printing)


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "total_samples")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(6) always_roll(8) hefty_hogs_strategy hog_pile_strategy"
)


def hefty_hogs_strategy(score: int, opponent_score: int, threshold: int = 8, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice if that gives at least THRESHOLD points, and
    returns NUM_ROLLS otherwise.

    >>> hefty_hogs_strategy(5, 456), hefty_hogs_strategy(3, 56), hefty_hogs_strategy(5, 123, threshold=10)
    (0, 6, 6)
    """
    return 0 if hefty_hogs(score, opponent_score) >= threshold else num_rolls


def hog_pile_strategy(score: int, opponent_score: int, threshold: int = 8, num_rolls: int = 6) -> int:
    """This strategy returns 0 dice when this would result in Hog Pile taking
    effect. It also returns 0 dice if it gives at least THRESHOLD points.
    Otherwise, it returns NUM_ROLLS.

    >>> hog_pile_strategy(2, 36), hog_pile_strategy(0, 14), hog_pile_strategy(3, 56)  # 4 points, 25, 0
    (0, 0, 6)
    """
    if hog_pile(score + hefty_hogs(score, opponent_score), opponent_score) > 0:
        return 0
    return hefty_hogs_strategy(score, opponent_score, threshold, num_rolls)


final_strategy = _semester.final_strategy(globals(), "hefty_hogs", "82.6%")
