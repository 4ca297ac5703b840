"""What happens once a turn's points are added, one function per rule.

An after-turn rule takes the current player's new score and the opponent's
score and returns ``(score, opponent_score, extra_turn)``: swaps, raises,
doublings and extra turns. The predicates and score functions the course
modules name (``is_swap``, ``sus_points`` ...) are here too, and the Feral
Hogs bonus, which reads a player's memory of its previous turn.
"""

from __future__ import annotations

from collections.abc import Callable
from math import gcd

from hog.rules.numbers import (
    is_perfect_square,
    is_prime,
    largest_digit,
    leading_digit,
    leading_digits,
    next_perfect_square,
    next_prime,
    num_factors,
    ones,
    smallest_digit,
    tens,
)

AfterTurn = Callable[[int, int], "tuple[int, int, bool]"]

__all__ = [
    "AfterTurn",
    "more_boar",
    "hog_pile",
    "swine_swap",
    "square_swine",
    "is_swine_align",
    "is_pig_pass",
    "swine_align_or_pig_pass",
    "sus_points",
    "sus_fuss",
    "fuzzy_points",
    "fuzzy_factors",
    "is_prime_counting_one",
    "pigs_on_prime_points",
    "pigs_on_prime",
    "hefty_pile_gain",
    "hefty_hog_pile",
    "is_more_boar_su21",
    "more_boar_su21",
    "swap_multiples",
    "swap_ones_tens",
    "swap_digit_difference",
    "swap_leading_ones",
    "swap_leading_times_ones",
    "swap_same_place_digit",
    "swap_double",
    "swap_power_of_three",
    "swap_ones_difference",
    "has_one_digit",
    "swap_one_digit",
    "swap_reversed_digits",
    "swapping",
    "feral_hogs_bonus",
]


def _raising(score_fn: Callable[[int], int]) -> AfterTurn:
    """The after-turn rule that replaces the current player's score by SCORE_FN of it."""

    def rule(score: int, opponent_score: int) -> tuple[int, int, bool]:
        return score_fn(score), opponent_score, False

    rule.__name__ = rule.__qualname__ = score_fn.__name__.replace("_points", "")
    rule.__doc__ = f"The after-turn form of ``{score_fn.__name__}``: the player's score becomes its result."
    return rule


def swapping(is_swap: Callable[[int, int], bool]) -> AfterTurn:
    """The after-turn rule that exchanges the scores when IS_SWAP(score, opponent) holds.

    >>> swapping(swap_multiples)(4, 12), swapping(swap_multiples)(5, 12)
    ((12, 4, False), (5, 12, False))
    """

    def rule(score: int, opponent_score: int) -> tuple[int, int, bool]:
        if is_swap(score, opponent_score):
            return opponent_score, score, False
        return score, opponent_score, False

    rule.__name__ = rule.__qualname__ = f"swapping_{is_swap.__name__}"
    rule.__doc__ = f"Swap the two scores when ``{is_swap.__name__}`` holds."
    return rule


# --- the seeded rule sets ------------------------------------------------------


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


# --- Boar Brawl years -----------------------------------------------------------


def sus_points(score: int) -> int:
    """Sus Fuss: a score with exactly 3 or 4 divisors becomes the next prime.

    >>> [sus_points(s) for s in (21, 25, 62, 64, 86, 100, 1, 26)]
    [23, 29, 67, 64, 89, 100, 1, 29]
    """
    if num_factors(score) in (3, 4):
        return next_prime(score)
    return score


def fuzzy_points(score: int) -> int:
    """Fuzzy Factors: with g = gcd(score, 100) above 10, add twice g's tens digit, once.

    >>> [fuzzy_points(s) for s in (25, 75, 80, 50, 39, 100, 20, 0)]
    [29, 79, 84, 60, 39, 100, 24, 0]
    """
    g = gcd(score, 100)
    if g > 10:
        return score + 2 * tens(g)
    return score


sus_fuss = _raising(sus_points)
fuzzy_factors = _raising(fuzzy_points)


# --- Oink Points and Hefty Hogs years --------------------------------------------


def is_prime_counting_one(n: int) -> bool:
    """The course's ``is_prime`` of su22: primes, and 1.

    >>> [n for n in range(12) if is_prime_counting_one(n)]
    [1, 2, 3, 5, 7, 11]
    """
    return n == 1 or is_prime(n)


def pigs_on_prime_points(score: int) -> int:
    """Pigs on Prime: a prime score (1 counts) rises to the next prime.

    >>> [pigs_on_prime_points(s) for s in (7, 11, 2, 1, 0, 20, 5)]
    [11, 13, 3, 2, 0, 20, 7]
    """
    if is_prime_counting_one(score):
        return next_prime(score)
    return score


pigs_on_prime = _raising(pigs_on_prime_points)


def hefty_pile_gain(score: int, opponent_score: int) -> int:
    """Hog Pile (hefty_hogs): the shared ones digit when the two ones digits are equal.

    >>> hefty_pile_gain(12, 72), hefty_pile_gain(439, 709), hefty_pile_gain(26, 26), hefty_pile_gain(12, 13)
    (2, 9, 6, 0)
    """
    return ones(score) if ones(score) == ones(opponent_score) else 0


def hefty_hog_pile(score: int, opponent_score: int) -> tuple[int, int, bool]:
    """Hog Pile of hefty_hogs as an after-turn rule.

    >>> hefty_hog_pile(12, 72), hefty_hog_pile(10, 20)
    ((14, 72, False), (10, 20, False))
    """
    return score + hefty_pile_gain(score, opponent_score), opponent_score, False


# --- su21 ----------------------------------------------------------------------


def is_more_boar_su21(score: int, opponent_score: int) -> bool:
    """More Boar (su21): the player's smallest digit is smaller and its largest
    digit larger than the opponent's.

    >>> is_more_boar_su21(25, 43), is_more_boar_su21(7, 10), is_more_boar_su21(709, 897)
    (True, False, False)
    """
    return smallest_digit(score) < smallest_digit(opponent_score) and largest_digit(score) > largest_digit(
        opponent_score
    )


def more_boar_su21(score: int, opponent_score: int) -> tuple[int, int, bool]:
    """An extra turn on More Boar (su21).

    >>> more_boar_su21(25, 43)
    (25, 43, True)
    """
    return score, opponent_score, is_more_boar_su21(score, opponent_score)


# --- the swap tests of fa17 .. su20 ---------------------------------------------------


def swap_multiples(score: int, opponent_score: int) -> bool:
    """fa17, sp18: both above 1 and one a multiple of the other.

    >>> swap_multiples(4, 12), swap_multiples(12, 4), swap_multiples(1, 5), swap_multiples(5, 7)
    (True, True, False, False)
    """
    if score <= 1 or opponent_score <= 1:
        return False
    return score % opponent_score == 0 or opponent_score % score == 0


def swap_ones_tens(score: int, opponent_score: int) -> bool:
    """su18: the player's ones digit equals the opponent's tens digit.

    >>> swap_ones_tens(13, 31), swap_ones_tens(13, 13)
    (True, False)
    """
    return ones(score) == tens(opponent_score)


def swap_digit_difference(score: int, opponent_score: int) -> bool:
    """fa18: the two scores' |tens - ones| are equal.

    >>> swap_digit_difference(13, 75), swap_digit_difference(13, 76)
    (True, False)
    """
    return abs(tens(score) - ones(score)) == abs(tens(opponent_score) - ones(opponent_score))


def swap_leading_ones(score: int, opponent_score: int) -> bool:
    """su19: the player's leading digit equals the opponent's ones digit.

    >>> swap_leading_ones(123, 41), swap_leading_ones(7, 17), swap_leading_ones(7, 18)
    (True, True, False)
    """
    return leading_digit(score) == ones(opponent_score)


def swap_leading_times_ones(score: int, opponent_score: int) -> bool:
    """fa19: leading digit times ones digit is the same for both scores.

    >>> swap_leading_times_ones(23, 32), swap_leading_times_ones(7, 17), swap_leading_times_ones(0, 10)
    (True, False, True)
    """
    return leading_digit(score) * ones(score) == leading_digit(opponent_score) * ones(opponent_score)


def swap_same_place_digit(score: int, opponent_score: int) -> bool:
    """sp19: the two scores have an equal digit in the same place value,
    compared from the ones digit up while both still have digits (0 has none).

    >>> swap_same_place_digit(117, 14), swap_same_place_digit(20, 30)
    (True, True)
    >>> swap_same_place_digit(108, 7), swap_same_place_digit(20, 0), swap_same_place_digit(0, 0)
    (False, False, False)
    """
    while score > 0 and opponent_score > 0:
        if score % 10 == opponent_score % 10:
            return True
        score, opponent_score = score // 10, opponent_score // 10
    return False


def swap_double(score: int, opponent_score: int) -> bool:
    """sp17: one score is exactly double the other.

    >>> swap_double(10, 20), swap_double(42, 21), swap_double(10, 21), swap_double(0, 0)
    (True, True, False, True)
    """
    return score == 2 * opponent_score or opponent_score == 2 * score


def swap_power_of_three(score: int, opponent_score: int) -> bool:
    """sp20: the leading digit of 3 ** (score0 + score1) equals its ones digit.

    >>> swap_power_of_three(1, 1), swap_power_of_three(2, 1), swap_power_of_three(0, 0)
    (True, False, True)
    """
    power: int = 3 ** (score + opponent_score)
    return leading_digit(power) == power % 10


def swap_ones_difference(score: int, opponent_score: int) -> bool:
    """su20: |ones(player) - ones(opponent)| equals the opponent's tens digit.

    >>> swap_ones_difference(12, 24), swap_ones_difference(12, 25)
    (True, False)
    """
    return abs(ones(score) - ones(opponent_score)) == tens(opponent_score)


# --- the swap tests before sp17 ----------------------------------------------------


def has_one_digit(score: int) -> bool:
    """su16: the score is written with one distinct digit.

    >>> [s for s in range(120) if has_one_digit(s) and s > 9]
    [11, 22, 33, 44, 55, 66, 77, 88, 99, 111]
    """
    return len(set(str(score))) == 1


def swap_one_digit(score: int, opponent_score: int) -> bool:
    """su16: the player's new score has one distinct digit (the opponent's is not read).

    >>> swap_one_digit(111, 96), swap_one_digit(7, 50), swap_one_digit(100, 5)
    (True, True, False)
    """
    return has_one_digit(score)


def swap_reversed_digits(score: int, opponent_score: int) -> bool:
    """sp16: the last two digits of the scores are each other's reverse (7 reads as 07).

    >>> [swap_reversed_digits(*s) for s in ((19, 91), (2, 20), (55, 55), (107, 70), (71, 107), (12, 12))]
    [True, True, True, True, False, False]
    """
    return ones(score) == tens(opponent_score) and tens(score) == ones(opponent_score)


# --- Feral Hogs -------------------------------------------------------------------


def feral_hogs_bonus(previous: int, num_rolls: int) -> int:
    """Feral Hogs: 3 points when the dice count differs by exactly 2 from what
    the player remembers of its previous turn (its dice count or its points).

    >>> feral_hogs_bonus(1, 3), feral_hogs_bonus(5, 3), feral_hogs_bonus(0, 1), feral_hogs_bonus(13, 10)
    (3, 3, 0, 0)
    """
    return 3 if abs(num_rolls - previous) == 2 else 0
