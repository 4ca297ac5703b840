"""The course's ``hog.py`` of Summer 2017 (rule set ``su17``): Pig Out, Free
Bacon (1 plus the larger digit), Hogtimus Prime on the turn's points,
Perfect Piggy (a turn scoring a perfect square or cube other than 1
exchanges six- and four-sided dice for both players for the rest of the
game) and Swine Swap when one score is double the other. ``play`` takes no
dice and no commentary: each turn's dice come from ``select_dice`` of the
game's ``dice_swapped``.

The functions call each other through the module's globals at call time,
so a course script that replaces one of them (``hog.four_sided``,
``hog.roll_dice``) is heard.

>>> take_turn(2, 0, make_test_dice(3, 4)), take_turn(0, 34), is_perfect_piggy(9), is_perfect_piggy(1)
(11, 7, True, False)
>>> select_dice(False) == six_sided, select_dice(True) == four_sided
(True, True)
"""

from __future__ import annotations

from typing import Any

from hog.cs61a import _course, _hog_wild, _semester
from hog.cs61a._swap_years import other
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Strategy, roll_dice
from hog.rules.after_turn import swap_double
from hog.rules.dice_rules import perfect_piggy

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
    "is_perfect_piggy",
    "is_swap",
    "other",
    "play",
    "check_strategy_roll",
    "check_strategy",
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


free_bacon, take_turn = _hog_wild.bacon_turn(globals())


def select_dice(dice_swapped: bool) -> Dice:
    """Four-sided dice while the dice are exchanged (DICE_SWAPPED), else six-sided."""
    dice: Dice = globals()["four_sided"] if dice_swapped else globals()["six_sided"]
    return dice


def is_perfect_piggy(turn_score: int) -> bool:
    """Whether TURN_SCORE, not 1, is a perfect square or a perfect cube (Perfect Piggy)."""
    return perfect_piggy(0, turn_score)


def is_swap(score0: int, score1: int) -> bool:
    """Whether one score is double the other (Swine Swap)."""
    return swap_double(score0, score1)


def play(
    strategy0: Strategy, strategy1: Strategy, score0: int = 0, score1: int = 0, goal: int = GOAL_SCORE
) -> tuple[int, int]:
    """Play a game from SCORE0, SCORE1 to GOAL and return the final scores,
    Player 0's first; each turn rolls the dice of ``select_dice``, and a
    Perfect Piggy turn exchanges them for both players."""
    dice_swapped = False

    def turn(num_rolls: int, score: int, opponent_score: int) -> tuple[int, int, bool]:
        nonlocal dice_swapped
        points = globals()["take_turn"](num_rolls, opponent_score, globals()["select_dice"](dice_swapped))
        if globals()["is_perfect_piggy"](points):
            dice_swapped = not dice_swapped
        score += points
        if globals()["is_swap"](score, opponent_score):
            return opponent_score, score, False
        return score, opponent_score, False

    return _course.play(strategy0, strategy1, turn, score0, score1, goal)


def check_strategy_roll(score: int, opponent_score: int, num_rolls: Any) -> None:
    """Fail if NUM_ROLLS, returned by a strategy at (SCORE, OPPONENT_SCORE), is not an int in 0..10."""
    _hog_wild.check_strategy_roll(score, opponent_score, num_rolls)


check_strategy = _hog_wild.check_all(globals(), returns_strategy=False)


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "num_samples")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(8) bacon_strategy swap_strategy"
)


def bacon_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 4) -> int:
    """Roll 0 dice if rolling 0 (Hogtimus Prime included) gives at least MARGIN points, and NUM_ROLLS otherwise."""
    return 0 if globals()["take_turn"](0, opponent_score) >= margin else num_rolls


def swap_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 4) -> int:
    """Roll 0 dice for a swap that helps, else as bacon_strategy with MARGIN."""
    otherwise = lambda: globals()["bacon_strategy"](score, opponent_score, margin, num_rolls)  # noqa: E731
    is_swap = globals()["is_swap"]
    return _hog_wild.swap_strategy(globals(), score, opponent_score, is_swap, num_rolls, otherwise, False)


final_strategy = _semester.final_strategy(globals(), "su17", "85.5%")
