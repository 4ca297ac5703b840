"""What the course's ``hog.py`` of the Hog Wild semesters, Spring 2017 and
before (``sp17``, ``su17``, ``fa16``, ``su16``, ``sp16``, ``fa14``,
``fa13``, ``sp14``), share, written once.

Their ``play`` takes no dice and no commentary: each turn rolls the dice of
the module's ``select_dice`` (four-sided when the sum of the scores is a
multiple of 7; in fa16 those turns re-roll odd outcomes instead), looked up
at call time as the course's tests replace ``hog.four_sided`` and
``hog.six_sided``. The rules come from ``hog.rules``;
the game loop from ``hog.cs61a._course``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hog.cs61a import _course, _semester
from hog.cs61a._semester import Namespace
from hog.cs61a._swap_years import swap_move
from hog.dice import Dice, six_sided
from hog.game import GOAL, MAX_ROLLS, Strategy
from hog.rules import RuleSet
from hog.rules.dice_rules import hog_wild, hogtimus_prime
from hog.rules.zero_dice import bacon_largest_digit

__all__ = [
    "select_dice",
    "take_turn",
    "bacon_turn",
    "check_all",
    "play",
    "check_strategy_roll",
    "swap_strategy",
    "max_scoring_num_rolls",
]


def select_dice(namespace: Namespace, score: int, opponent_score: int) -> Dice:
    """NAMESPACE's ``four_sided`` when the sum of the scores is a multiple of 7
    (Hog Wild), else its ``six_sided``."""
    dice: Dice = namespace["four_sided"] if hog_wild(score, opponent_score) else namespace["six_sided"]
    return dice


def take_turn(
    namespace: Namespace,
    num_rolls: int,
    opponent_score: int,
    dice: Dice,
    zero_dice: Callable[[int], int],
    points_rule: Callable[[int], int] | None = None,
) -> int:
    """The course's ``take_turn``: its assertions, then ZERO_DICE of the
    opponent's score or NAMESPACE's ``roll_dice``; POINTS_RULE (Hogtimus
    Prime) applied to the points."""
    points = _course.take_turn(num_rolls, opponent_score, dice, zero_dice, namespace["roll_dice"], GOAL)
    return points if points_rule is None else points_rule(points)


def bacon_turn(
    namespace: Namespace, most_points: Callable[[int], int] | None = None
) -> tuple[Callable[[int], int], Callable[..., int]]:
    """The course's ``free_bacon(opponent_score)`` (1 plus the larger digit)
    and ``take_turn(num_rolls, opponent_score, dice=six_sided)`` (Hogtimus
    Prime on its points, then at most MOST_POINTS(num_rolls) if given: fa16's
    When Pigs Fly) of NAMESPACE's module, as su17, fa16, sp17, su16 and sp16
    wrote them; ``take_turn`` finds ``free_bacon`` and ``roll_dice`` in
    NAMESPACE at call time."""

    def free_bacon(opponent_score: int) -> int:
        assert opponent_score < 100, "The game should be over."
        return bacon_largest_digit(opponent_score)

    def take_turn_of(num_rolls: int, opponent_score: int, dice: Dice = six_sided) -> int:
        points = take_turn(namespace, num_rolls, opponent_score, dice, namespace["free_bacon"], hogtimus_prime)
        return points if most_points is None else min(points, most_points(num_rolls))

    bacon_doc = "The points of rolling 0 dice (Free Bacon): 1 plus the larger digit of OPPONENT_SCORE."
    turn_doc = "The points of a turn rolling NUM_ROLLS DICE, or Free Bacon for 0; prime points become the next prime"
    turn_doc += "." if most_points is None else ", then capped by When Pigs Fly (at most 25 - NUM_ROLLS)."
    return (
        _semester.named(free_bacon, namespace, "free_bacon", bacon_doc),
        _semester.named(take_turn_of, namespace, "take_turn", turn_doc),
    )


def check_all(namespace: Namespace, returns_strategy: bool) -> Callable[..., Strategy | None]:
    """The course's ``check_strategy(strategy, goal=GOAL_SCORE)``: NAMESPACE's
    ``check_strategy_roll`` at every pair of scores below the goal; it returns
    the strategy if RETURNS_STRATEGY (su16), else None."""

    def check_strategy(strategy: Strategy, goal: int = GOAL) -> Strategy | None:
        for score in range(goal):
            for opponent_score in range(goal):
                namespace["check_strategy_roll"](score, opponent_score, strategy(score, opponent_score))
        return strategy if returns_strategy else None

    end = "; return STRATEGY." if returns_strategy else "."
    doc = f"Check STRATEGY at every pair of scores below GOAL with ``check_strategy_roll``{end}"
    checked: Callable[..., Strategy | None] = _semester.named(check_strategy, namespace, "check_strategy", doc)
    return checked


def play(
    namespace: Namespace,
    rules: RuleSet,
    swapped: Callable[[int, int], bool],
    strategy0: Strategy,
    strategy1: Strategy,
    score0: int,
    score1: int,
    goal: int,
) -> tuple[int, int]:
    """The course's ``play`` of NAMESPACE's semester under RULES: each turn
    rolls at most NAMESPACE's ``max_dice`` (su16) of the dice of its
    ``select_dice``, scores what its ``take_turn`` returns, gives the
    opponent what RULES give it (Piggy Back, sp16), then exchanges the
    scores when SWAPPED(score, opponent_score) holds (the module's swap test)."""

    def turn(num_rolls: int, score: int, opponent_score: int) -> tuple[int, int, bool]:
        if "max_dice" in namespace:
            num_rolls = min(num_rolls, namespace["max_dice"](score, opponent_score))
        dice = namespace["select_dice"](score, opponent_score)
        points = namespace["take_turn"](num_rolls, opponent_score, dice)
        if rules.opponent_points is not None:
            opponent_score += rules.opponent_points(num_rolls, points)
        score += points
        if swapped(score, opponent_score):
            return opponent_score, score, False
        return score, opponent_score, False

    return _course.play(strategy0, strategy1, turn, score0, score1, goal)


def check_strategy_roll(score: int, opponent_score: int, num_rolls: Any, lowest: int = 0) -> None:
    """Fail if NUM_ROLLS, returned by a strategy at (SCORE, OPPONENT_SCORE), is
    not an int in LOWEST..10 (sp17 accepts -1).

    >>> check_strategy_roll(3, 4, 11)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: strategy(3, 4) returned 11 (invalid number of rolls)...
    """
    message = f"strategy({score}, {opponent_score}) returned {num_rolls}"
    assert type(num_rolls) is int, message + " (not an integer)"
    assert lowest <= num_rolls <= MAX_ROLLS, message + " (invalid number of rolls)"


def swap_strategy(
    namespace: Namespace,
    score: int,
    opponent_score: int,
    is_swap: Callable[[int, int], bool],
    num_rolls: int,
    otherwise: Callable[[], int],
    avoid_harmful_swaps: bool = True,
) -> int:
    """The course's ``swap_strategy``: 0 for a swap that helps (rolling 0 with
    NAMESPACE's ``take_turn``; IS_SWAP(new score, opponent score)), NUM_ROLLS
    for one that hurts (unless not AVOID_HARMFUL_SWAPS, as in su17), else
    what OTHERWISE returns."""
    bacon = lambda opponent: namespace["take_turn"](0, opponent)  # noqa: E731
    move = swap_move(score, opponent_score, bacon, is_swap, num_rolls, avoid_harmful_swaps)
    return otherwise() if move is None else move


def max_scoring_num_rolls(namespace: Namespace, printing: bool) -> Callable[..., int]:
    """The course's ``max_scoring_num_rolls(dice=six_sided)`` of fa14 and
    fa13, averaging NAMESPACE's ``roll_dice`` with its ``make_averaged`` at
    its default count; if PRINTING (fa13) it prints ``N dice scores X on
    average`` for each count N."""

    def max_scoring_num_rolls(dice: Dice = six_sided) -> int:
        averaged = namespace["make_averaged"](namespace["roll_dice"])
        averages = []
        for num_rolls in range(1, MAX_ROLLS + 1):
            averages.append(averaged(num_rolls, dice))
            if printing:
                print(num_rolls, "dice scores", averages[-1], "on average")
        return 1 + averages.index(max(averages))

    doc = "The dice count 1..10 with the highest average turn score of DICE (ties: the lowest count)."
    found: Callable[..., int] = _semester.named(max_scoring_num_rolls, namespace, "max_scoring_num_rolls", doc)
    return found
