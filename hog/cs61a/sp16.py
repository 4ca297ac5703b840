"""The course's ``hog.py`` of Spring 2016 (rule set ``sp16``): Hog Wild
(four-sided dice when the sum of the scores is a multiple of 7), Pig Out
scoring 0, Piggy Back (a turn that scores 0 gives the opponent the number of
dice rolled), Free Bacon (1 plus the larger digit), Hogtimus Prime on the
turn's points and Swine Swap when the last two digits of the scores are each
other's reverse. ``play`` takes no dice and no commentary: each turn's dice
come from ``select_dice``.

The functions call each other through the module's globals at call time,
so a course script that replaces one of them (``hog.four_sided``,
``hog.roll_dice``) is heard.

>>> roll_dice(2, make_test_dice(1, 6)), take_turn(2, 0, make_test_dice(3, 4)), take_turn(0, 34)
(0, 11, 7)
>>> is_swap(19, 91), is_swap(2, 20), is_swap(71, 107)
(True, True, False)
"""

from __future__ import annotations

from hog.cs61a import _course, _hog_wild, _semester
from hog.cs61a._swap_years import other
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Strategy
from hog.rules import get_rules
from hog.rules.after_turn import swap_reversed_digits
from hog.rules.dice_rules import pig_out_zero

__all__ = [
    "GOAL_SCORE",
    "roll_dice",
    "make_test_dice",
    "make_fair_dice",
    "six_sided",
    "four_sided",
    "free_bacon",
    "take_turn",
    "select_dice",
    "is_swap",
    "other",
    "play",
    "always_roll",
    "always_roll_5",
    "make_averaged",
    "max_scoring_num_rolls",
    "winner",
    "average_win_rate",
    "run_experiments",
    "bacon_strategy",
    "swap_strategy",
    "final_strategy",
]

GOAL_SCORE = GOAL
always_roll, always_roll_5 = _course.always_roll, _course.always_roll_5


def roll_dice(num_rolls: int, dice: Dice = six_sided) -> int:
    """Roll DICE NUM_ROLLS times: 0 if any outcome is a 1 (Pig Out), otherwise the sum."""
    assert type(num_rolls) is int, "num_rolls must be an integer."
    assert num_rolls > 0, "Must roll at least once."
    return pig_out_zero([dice() for _ in range(num_rolls)])


free_bacon, take_turn = _hog_wild.bacon_turn(globals())


def select_dice(score: int, opponent_score: int) -> Dice:
    """Four-sided dice when the sum of the scores is a multiple of 7 (Hog Wild), else six-sided."""
    return _hog_wild.select_dice(globals(), score, opponent_score)


def is_swap(score0: int, score1: int) -> bool:
    """Whether the last two digits of the scores are each other's reverse (Swine Swap)."""
    return swap_reversed_digits(score0, score1)


def play(
    strategy0: Strategy, strategy1: Strategy, score0: int = 0, score1: int = 0, goal: int = GOAL_SCORE
) -> tuple[int, int]:
    """Play a game from SCORE0, SCORE1 to GOAL and return the final scores,
    Player 0's first; each turn rolls the dice of ``select_dice``, and a turn
    that scores 0 gives the opponent the number of dice rolled (Piggy Back)
    before the swap."""
    swapped = lambda score, opponent_score: globals()["is_swap"](score, opponent_score)  # noqa: E731
    return _hog_wild.play(globals(), get_rules("sp16"), swapped, strategy0, strategy1, score0, score1, goal)


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "num_samples")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(8) bacon_strategy swap_strategy"
)


def bacon_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 5) -> int:
    """Roll 0 dice if rolling 0 (Hogtimus Prime included) gives at least MARGIN points, and NUM_ROLLS otherwise."""
    return 0 if globals()["take_turn"](0, opponent_score) >= margin else num_rolls


def swap_strategy(score: int, opponent_score: int, num_rolls: int = 5) -> int:
    """Roll 0 dice only for a swap that helps, and NUM_ROLLS otherwise."""
    return _hog_wild.swap_strategy(globals(), score, opponent_score, globals()["is_swap"], num_rolls, lambda: num_rolls)


final_strategy = _semester.final_strategy(globals(), "sp16", "94.8%")
