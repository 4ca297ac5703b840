"""The course's ``hog.py`` of Fall 2016 (rule set ``fa16``): Pig Out
counting every 1, Free Bacon (1 plus the larger digit), Hogtimus Prime on
the turn's points, When Pigs Fly (at most 25 - num_rolls points), Hog Wild
(on a multiple of 7 the dice re-roll odd outcomes, ``reroll``), Pork Chop (a
strategy returns -1: 1 point, and six- and four-sided dice are exchanged for
both players) and Swine Swap when one score is double the other. ``play``
takes no dice and no commentary: each turn's dice come from ``select_dice``
of the scores and the game's ``dice_swapped``.

The functions call each other through the module's globals at call time,
so a course script that replaces one of them (``hog.four_sided``,
``hog.reroll``) is heard.

>>> roll_dice(10, make_test_dice(5, 4, 3, 2, 1)), take_turn(6, 0, make_test_dice(4)), take_turn(0, 97)
(2, 19, 10)
>>> reroll(six_sided).__name__, reroll(make_test_dice(3, 6))(), reroll(make_test_dice(4, 1))()
('rerolled', 6, 4)
>>> select_dice(3, 5, True) == four_sided, select_dice(3, 5, False) == six_sided, is_swap(10, 20)
(True, True, True)
"""

from __future__ import annotations

from typing import Any

from hog.cs61a import _course, _hog_wild, _semester
from hog.cs61a._swap_years import other
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Strategy
from hog.rules.after_turn import swap_double
from hog.rules.dice_rules import (
    PORK_CHOP,
    PORK_CHOP_POINTS,
    hog_wild_reroll,
    pig_out_all_ones,
    pork_chop,
    rerolled,
    when_pigs_fly,
)

__all__ = [
    "GOAL_SCORE",
    "roll_dice",
    "make_test_dice",
    "make_fair_dice",
    "six_sided",
    "four_sided",
    "free_bacon",
    "take_turn",
    "reroll",
    "select_dice",
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


def roll_dice(num_rolls: int, dice: Dice = six_sided) -> int:
    """Roll DICE NUM_ROLLS times: the number of 1s (no cap) if any outcome
    is a 1 (Pig Out), otherwise the sum."""
    assert type(num_rolls) is int, "num_rolls must be an integer."
    assert num_rolls > 0, "Must roll at least once."
    return pig_out_all_ones([dice() for _ in range(num_rolls)])


free_bacon, take_turn = _hog_wild.bacon_turn(globals(), most_points=when_pigs_fly)


def reroll(dice: Dice) -> Dice:
    """A die that rolls DICE and, on an odd outcome, rolls DICE once more:
    the second outcome stands (Hog Wild)."""
    doc = "Roll the dice once; on an odd outcome roll again and return the second outcome."
    die: Dice = _semester.named(rerolled(dice), globals(), "rerolled", doc)
    return die


def select_dice(score: int, opponent_score: int, dice_swapped: bool) -> Dice:
    """Four-sided dice while the dice are exchanged (DICE_SWAPPED), else
    six-sided; re-rolling odd outcomes (``reroll``) when the sum of the
    scores is a multiple of 7 (Hog Wild)."""
    dice: Dice = globals()["four_sided"] if dice_swapped else globals()["six_sided"]
    if hog_wild_reroll(score, opponent_score):
        dice = globals()["reroll"](dice)
    return dice


def is_swap(score0: int, score1: int) -> bool:
    """Whether one score is double the other (Swine Swap)."""
    return swap_double(score0, score1)


def play(
    strategy0: Strategy, strategy1: Strategy, score0: int = 0, score1: int = 0, goal: int = GOAL_SCORE
) -> tuple[int, int]:
    """Play a game from SCORE0, SCORE1 to GOAL and return the final scores,
    Player 0's first. A strategy returning -1 (Pork Chop) scores 1 point and
    exchanges six- and four-sided dice for both players; any other choice
    rolls the dice of ``select_dice``. After every turn the scores are
    exchanged when ``is_swap`` holds."""
    strategies = (strategy0, strategy1)
    who, dice_swapped = 0, False
    while score0 < goal and score1 < goal:
        score, opponent_score = (score0, score1) if who == 0 else (score1, score0)
        num_rolls = strategies[who](score, opponent_score)
        if type(num_rolls) is int and num_rolls == PORK_CHOP:
            points = PORK_CHOP_POINTS
        else:
            dice = globals()["select_dice"](score, opponent_score, dice_swapped)
            points = globals()["take_turn"](num_rolls, opponent_score, dice)
        dice_swapped = dice_swapped != pork_chop(num_rolls, points)
        score += points
        if globals()["is_swap"](score, opponent_score):
            score, opponent_score = opponent_score, score
        score0, score1 = (score, opponent_score) if who == 0 else (opponent_score, score)
        who = globals()["other"](who)
    return score0, score1


def check_strategy_roll(score: int, opponent_score: int, num_rolls: Any) -> None:
    """Fail if NUM_ROLLS, returned by a strategy at (SCORE, OPPONENT_SCORE), is not an int in -1..10."""
    _hog_wild.check_strategy_roll(score, opponent_score, num_rolls, lowest=PORK_CHOP)


check_strategy = _hog_wild.check_all(globals(), returns_strategy=False)


make_averaged, max_scoring_num_rolls = _semester.averaging(globals(), "num_samples")
winner, average_win_rate, run_experiments = _semester.experiments(
    globals(), "always_roll(8) bacon_strategy swap_strategy", baseline_rolls=4
)


def bacon_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 4) -> int:
    """Roll 0 dice if rolling 0 (Hogtimus Prime included) gives at least MARGIN points, and NUM_ROLLS otherwise."""
    return 0 if globals()["take_turn"](0, opponent_score) >= margin else num_rolls


def swap_strategy(score: int, opponent_score: int, margin: int = 8, num_rolls: int = 4) -> int:
    """Roll 0 dice for a swap that helps, NUM_ROLLS for one that hurts, else as bacon_strategy with MARGIN."""
    otherwise = lambda: globals()["bacon_strategy"](score, opponent_score, margin, num_rolls)  # noqa: E731
    return _hog_wild.swap_strategy(globals(), score, opponent_score, globals()["is_swap"], num_rolls, otherwise)


final_strategy = _semester.final_strategy(globals(), "fa16", "91.9%")
