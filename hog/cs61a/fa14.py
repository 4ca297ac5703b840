"""The course's ``hog.py`` of Fall 2014 (rule set ``fa14``): Hog Wild
(four-sided dice when the sum of the scores is a multiple of 7), Pig Out,
Free Bacon (1 plus the difference of the opponent's two digits, in
``take_turn``), Swine Swap when one score is double the other, and
``bid_for_start``, which sets the starting scores from two bids. ``play``
takes no dice and no commentary: each turn's dice come from ``select_dice``.

The functions call each other through the module's globals at call time,
so a course script that replaces one of them (``hog.four_sided``,
``hog.roll_dice``) is heard.

>>> take_turn(2, 0, make_test_dice(3, 4)), take_turn(0, 47), take_turn(0, 90)
(7, 4, 10)
>>> bid_for_start(3, 3), bid_for_start(8, 3), bid_for_start(2, 9)
((100, 100, 0), (10, 0, 0), (9, 2, 1))
"""

from __future__ import annotations

from hog.cs61a import _course, _hog_wild, _semester
from hog.cs61a._swap_years import other
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Strategy, roll_dice
from hog.rules import get_rules, start
from hog.rules.after_turn import swap_double
from hog.rules.zero_dice import bacon_one_plus_difference

__all__ = [
    "GOAL_SCORE",
    "roll_dice",
    "make_test_dice",
    "make_fair_dice",
    "six_sided",
    "four_sided",
    "take_turn",
    "select_dice",
    "bid_for_start",
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


def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided) -> int:
    """The points of a turn rolling NUM_ROLLS DICE, or for 0 dice (Free Bacon)
    1 plus the difference of the two digits of OPPONENT_SCORE."""
    return _hog_wild.take_turn(globals(), num_rolls, opponent_score, dice, bacon_one_plus_difference)


def select_dice(score: int, opponent_score: int) -> Dice:
    """Four-sided dice when the sum of the scores is a multiple of 7 (Hog Wild), else six-sided."""
    return _hog_wild.select_dice(globals(), score, opponent_score)


def bid_for_start(bid0: int, bid1: int, goal: int = GOAL_SCORE) -> tuple[int, int, int]:
    """(score0, score1, the player who moves first) after the bids BID0 and BID1."""
    assert bid0 >= 0 and bid1 >= 0, "Bids should be non-negative!"
    assert type(bid0) == int and type(bid1) == int, "Bids should be integers!"  # noqa: E721
    return start.bid_for_start(bid0, bid1, goal)


def is_swap(score0: int, score1: int) -> bool:
    """Whether one score is double the other (Swine Swap)."""
    return swap_double(score0, score1)


def play(
    strategy0: Strategy, strategy1: Strategy, score0: int = 0, score1: int = 0, goal: int = GOAL_SCORE
) -> tuple[int, int]:
    """Play a game from SCORE0, SCORE1 to GOAL and return the final scores,
    Player 0's first; each turn rolls the dice of ``select_dice``."""
    swapped = lambda score, opponent_score: globals()["is_swap"](score, opponent_score)  # noqa: E731
    return _hog_wild.play(globals(), get_rules("fa14"), swapped, strategy0, strategy1, score0, score1, goal)


make_averaged = _semester.make_averaged(globals(), "num_samples")
max_scoring_num_rolls = _hog_wild.max_scoring_num_rolls(globals(), printing=False)
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(8) bacon_strategy swap_strategy", baseline_rolls=5
)


def bacon_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 5) -> int:
    """Roll 0 dice if rolling 0 gives at least MARGIN points, and NUM_ROLLS otherwise."""
    return 0 if globals()["take_turn"](0, opponent_score) >= margin else num_rolls


def swap_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 5) -> int:
    """Roll 0 dice for a swap that helps, NUM_ROLLS for one that hurts, else as bacon_strategy with MARGIN."""
    otherwise = lambda: globals()["bacon_strategy"](score, opponent_score, margin, num_rolls)  # noqa: E731
    return _hog_wild.swap_strategy(globals(), score, opponent_score, globals()["is_swap"], num_rolls, otherwise)


final_strategy = _semester.final_strategy(globals(), "fa14", "73.7%")
