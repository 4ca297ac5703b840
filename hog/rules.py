"""The five rule sets of Hog, each defined once.

A rule set is two small functions of scores:

* ``zero_dice(opponent_score) -> points``: what rolling zero dice scores;
* ``after_turn(score, opponent_score) -> (score, opponent_score, extra_turn)``:
  what happens once the turn's points are added to the current player's
  score (swaps, doublings, raises, extra turns).

Everything else (the reference game loop, the course modules, the exact
solver and the simulator) takes its semantics from these functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import gcd, isqrt
from typing import Callable

__all__ = [
    "RuleSet",
    "UnknownRuleSet",
    "RULE_SETS",
    "DEFAULT_RULES",
    "get_rules",
    "pi_digit",
    "smallest_digit",
    "leading_digits",
    "is_perfect_square",
    "next_perfect_square",
    "tens_ones_points",
    "is_swine_align",
    "is_pig_pass",
]

DEFAULT_RULES = "square_swine"


class UnknownRuleSet(KeyError):
    """Raised for a rule-set name that does not exist; lists the valid ones."""

    def __init__(self, name: str):
        self.name = name
        super().__init__(name)

    def __str__(self) -> str:
        return f"unknown rule set {self.name!r}; valid names: {', '.join(RULE_SETS)}"


@dataclass(frozen=True)
class RuleSet:
    """One rule set: its name, a one-line summary and its two rule functions."""

    name: str
    summary: str
    zero_dice_rule: str
    after_turn_rule: str
    zero_dice: Callable[[int], int]
    after_turn: Callable[[int, int], tuple[int, int, bool]]

    def __repr__(self) -> str:
        return f"RuleSet({self.name!r})"


# --- digits and squares --------------------------------------------------


def smallest_digit(n: int) -> int:
    """The smallest decimal digit of a non-negative integer.

    >>> smallest_digit(8836), smallest_digit(100), smallest_digit(7)
    (3, 0, 7)
    """
    return int(min(str(n)))


def leading_digits(score: int) -> tuple[int, int]:
    """The first two digits of a score; a single digit has leading digit 0.

    >>> leading_digits(7), leading_digits(43), leading_digits(123)
    ((0, 7), (4, 3), (1, 2))
    """
    text = str(score).rjust(2, "0")
    return int(text[0]), int(text[1])


def is_perfect_square(n: int) -> bool:
    """Whether n = d * d for some integer d.

    >>> [n for n in range(20) if is_perfect_square(n)]
    [0, 1, 4, 9, 16]
    """
    return n >= 0 and isqrt(n) ** 2 == n


def next_perfect_square(n: int) -> int:
    """The smallest perfect square greater than the perfect square n.

    >>> next_perfect_square(25), next_perfect_square(1), next_perfect_square(81)
    (36, 4, 100)
    """
    return (isqrt(n) + 1) ** 2


def tens_ones_points(opponent_score: int) -> int:
    """``2 * |tens - ones| + 1`` of the opponent's last two digits.

    >>> tens_ones_points(46), tens_ones_points(73), tens_ones_points(0), tens_ones_points(108)
    (5, 9, 1, 17)
    """
    tens, ones = opponent_score // 10 % 10, opponent_score % 10
    return 2 * abs(tens - ones) + 1


def _pi_digits(count: int) -> str:
    """The first ``count`` digits of pi, "3" first, by Machin's formula."""
    guard = 10
    scale = 10 ** (count + guard)

    def arctan_inverse(x: int) -> int:
        total, term, k, sign = 0, scale // x, 1, 1
        x2 = x * x
        while term:
            total += sign * (term // k)
            term //= x2
            k += 2
            sign = -sign
        return total

    pi_scaled = 4 * (4 * arctan_inverse(5) - arctan_inverse(239))
    return str(pi_scaled // 10**guard)[:count]


@lru_cache(maxsize=None)
def _pi_block(block: int) -> str:
    return _pi_digits(256 * (block + 1) + 1)


def pi_digit(n: int) -> int:
    """The n-th digit of pi after the decimal point; n = 0 gives the 3 before it.

    >>> [pi_digit(n) for n in range(6)]
    [3, 1, 4, 1, 5, 9]
    >>> pi_digit(100), pi_digit(1000)
    (9, 9)
    """
    if n < 0:
        raise ValueError(f"digit index must be >= 0, not {n}")
    return int(_pi_block(n // 256)[n])


# --- zero-dice rules ------------------------------------------------------


def piggy_points(opponent_score: int) -> int:
    """Piggy Points: 3 plus the smallest digit of the opponent's score squared.

    >>> [piggy_points(s) for s in (0, 4, 10, 24, 94)]
    [3, 4, 3, 8, 6]
    """
    return smallest_digit(opponent_score**2) + 3


def picky_piggy_sevenths(opponent_score: int) -> int:
    """Picky Piggy (hog_pile): the n-th digit of 1/7 after the point; 7 for n = 0.

    >>> [picky_piggy_sevenths(s) for s in (0, 1, 2, 3, 5, 14, 24)]
    [7, 1, 4, 2, 5, 4, 7]
    """
    if opponent_score == 0:
        return 7
    return int("142857"[(opponent_score - 1) % 6])


def free_bacon(opponent_score: int) -> int:
    """Free Bacon: 3 plus the n-th digit of pi, n the opponent's score.

    >>> [free_bacon(s) for s in (0, 1, 2, 42)]
    [6, 4, 7, 12]
    """
    return pi_digit(opponent_score) + 3


# --- after-turn rules -----------------------------------------------------


def no_change(score: int, opponent_score: int) -> tuple[int, int, bool]:
    """Nothing happens after the turn (used to build plain variants)."""
    return score, opponent_score, False


def more_boar(score: int, opponent_score: int) -> tuple[int, int, bool]:
    """More Boar: an extra turn when both leading digits are smaller.

    >>> [more_boar(*s)[2] for s in ((21, 43), (22, 43), (43, 21), (12, 12), (7, 8))]
    [True, True, False, False, False]
    """
    first, second = leading_digits(score)
    opp_first, opp_second = leading_digits(opponent_score)
    return score, opponent_score, first < opp_first and second < opp_second


def hog_pile(score: int, opponent_score: int) -> tuple[int, int, bool]:
    """Hog Pile: equal scores double the current player's score.

    >>> hog_pile(5, 5), hog_pile(11, 10)
    ((10, 5, False), (11, 10, False))
    """
    if score == opponent_score:
        return 2 * score, opponent_score, False
    return score, opponent_score, False


def swine_swap(score: int, opponent_score: int) -> tuple[int, int, bool]:
    """Swine Swap: a perfect-square score swaps the two scores.

    >>> swine_swap(4, 2), swine_swap(11, 5), swine_swap(99, 16), swine_swap(100, 3)
    ((2, 4, False), (11, 5, False), (99, 16, False), (3, 100, False))
    """
    if is_perfect_square(score):
        return opponent_score, score, False
    return score, opponent_score, False


def square_swine(score: int, opponent_score: int) -> tuple[int, int, bool]:
    """Square Swine: a perfect-square score rises to the next perfect square.

    >>> square_swine(25, 0), square_swine(24, 0), square_swine(1, 9), square_swine(81, 5)
    ((36, 0, False), (24, 0, False), (4, 9, False), (100, 5, False))
    """
    if is_perfect_square(score):
        return next_perfect_square(score), opponent_score, False
    return score, opponent_score, False


def is_swine_align(score: int, opponent_score: int) -> bool:
    """Swine Align: both scores positive and their gcd at least 10.

    >>> is_swine_align(30, 45), is_swine_align(8, 36), is_swine_align(15, 0)
    (True, False, False)
    """
    return score > 0 and opponent_score > 0 and gcd(score, opponent_score) >= 10


def is_pig_pass(score: int, opponent_score: int) -> bool:
    """Pig Pass: behind the opponent by less than 3.

    >>> is_pig_pass(28, 30), is_pig_pass(11, 10), is_pig_pass(7, 10)
    (True, False, False)
    """
    return score < opponent_score and opponent_score - score < 3


def swine_align_or_pig_pass(score: int, opponent_score: int) -> tuple[int, int, bool]:
    """An extra turn on Swine Align or Pig Pass.

    >>> [swine_align_or_pig_pass(*s)[2] for s in ((8, 36), (20, 30), (24, 36), (36, 36))]
    [False, True, True, True]
    >>> [swine_align_or_pig_pass(*s)[2] for s in ((15, 0), (11, 10), (7, 10), (28, 30))]
    [False, False, False, True]
    """
    extra = is_swine_align(score, opponent_score) or is_pig_pass(score, opponent_score)
    return score, opponent_score, extra


RULE_SETS: dict[str, RuleSet] = {
    rules.name: rules
    for rules in (
        RuleSet(
            "more_boar",
            "Piggy Points (smallest digit of opp^2 + 3); More Boar extra turns",
            "Piggy Points",
            "More Boar",
            piggy_points,
            more_boar,
        ),
        RuleSet(
            "hog_pile",
            "Picky Piggy (digits of 1/7); Hog Pile doubles a score that ties",
            "Picky Piggy",
            "Hog Pile",
            picky_piggy_sevenths,
            hog_pile,
        ),
        RuleSet(
            "swine_swap",
            "Picky Piggy (2|tens-ones|+1); Swine Swap on perfect squares",
            "Picky Piggy",
            "Swine Swap",
            tens_ones_points,
            swine_swap,
        ),
        RuleSet(
            "square_swine",
            "Pig Tail (2|tens-ones|+1); Square Swine raises perfect squares",
            "Pig Tail",
            "Square Swine",
            tens_ones_points,
            square_swine,
        ),
        RuleSet(
            "swine_align",
            "Free Bacon (pi digits + 3); Swine Align and Pig Pass extra turns",
            "Free Bacon",
            "Swine Align / Pig Pass",
            free_bacon,
            swine_align_or_pig_pass,
        ),
    )
}


def get_rules(name: str | RuleSet) -> RuleSet:
    """The rule set of that name (a RuleSet passes through).

    >>> get_rules("hog_pile").name
    'hog_pile'
    >>> get_rules("pig_latin")
    Traceback (most recent call last):
    ...
    hog.rules.UnknownRuleSet: unknown rule set 'pig_latin'; valid names: more_boar, hog_pile, swine_swap, square_swine, swine_align
    """
    if isinstance(name, RuleSet):
        return name
    try:
        return RULE_SETS[name]
    except KeyError:
        raise UnknownRuleSet(name) from None
