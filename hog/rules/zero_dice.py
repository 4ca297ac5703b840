"""What rolling zero dice scores, one function per rule.

Each rule keeps the arguments it reads: most read only the opponent's
score; Boar Brawl and Hefty Hogs read both scores. ``hog.rules.registry``
puts each behind the common form ``zero_dice(score, opponent_score)``.
"""

from __future__ import annotations

from collections.abc import Callable

from hog.rules.numbers import digits, largest_digit, ones, pi_digit, smallest_digit, tens

__all__ = [
    "piggy_points",
    "picky_piggy_sevenths",
    "tens_ones_points",
    "free_bacon_pi",
    "boar_brawl",
    "oink_points",
    "hefty_hogs",
    "hefty_digit_fn",
    "piggy_points_su21",
    "bacon_largest_digit",
    "bacon_difference",
    "bacon_product",
    "bacon_twice_tens",
    "bacon_min_digit",
    "bacon_smaller_digit",
    "bacon_cube",
    "bacon_tens_minus_ones",
    "bacon_one_plus_difference",
]


def piggy_points(opponent_score: int) -> int:
    """Piggy Points (more_boar): 3 plus the smallest digit of the opponent's score squared.

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


def tens_ones_points(opponent_score: int) -> int:
    """Picky Piggy (swine_swap) and Pig Tail (square_swine): ``2 * |tens - ones| + 1``.

    >>> tens_ones_points(46), tens_ones_points(73), tens_ones_points(0), tens_ones_points(108)
    (5, 9, 1, 17)
    """
    return 2 * abs(tens(opponent_score) - ones(opponent_score)) + 1


def free_bacon_pi(opponent_score: int) -> int:
    """Free Bacon (swine_align): 3 plus the n-th digit of pi, n the opponent's score.

    >>> [free_bacon_pi(s) for s in (0, 1, 2, 42)]
    [6, 4, 7, 12]
    """
    return pi_digit(opponent_score) + 3


def boar_brawl(player_score: int, opponent_score: int) -> int:
    """Boar Brawl: three times the difference between the opponent's tens
    digit and the player's ones digit, at least 1.

    >>> [boar_brawl(*s) for s in ((21, 46), (45, 52), (2, 5), (52, 79), (0, 0))]
    [9, 1, 6, 15, 1]
    >>> [boar_brawl(*s) for s in ((7, 2), (72, 29), (5, 0), (109, 99))]
    [21, 1, 15, 1]
    """
    return max(1, 3 * abs(tens(opponent_score) - ones(player_score)))


def oink_points(player_score: int, opponent_score: int) -> int:
    """Oink Points: twice the opponent's tens digit minus its ones digit, at least 1.

    >>> [oink_points(0, s) for s in (46, 73, 27, 7, 584, 12345)]
    [2, 11, 1, 1, 12, 3]
    """
    return max(1, 2 * tens(opponent_score) - ones(opponent_score))


def _f0(v: int) -> int:
    return v + 1


def _f1(v: int) -> int:
    return v * v


def _f2(v: int) -> int:
    return 3 * v


def _f3(v: int) -> int:
    return v // 4


def _f4(v: int) -> int:
    return v - 5


def _f5(v: int) -> int:
    return v % 6


def _f6(v: int) -> int:
    return int((v % 7) * 8)


def _f7(v: int) -> int:
    return int(v * 8.8)


def _f8(v: int) -> int:
    return int(v / 99 * 15) + 10


def _f9(v: int) -> int:
    return v


_DIGIT_FNS = (_f0, _f1, _f2, _f3, _f4, _f5, _f6, _f7, _f8, _f9)


def hefty_digit_fn(digit: int) -> Callable[[int], int]:
    """The one-argument function Hefty Hogs applies for DIGIT.

    >>> hefty_digit_fn(2)(6), hefty_digit_fn(4)(3), hefty_digit_fn(8)(5)
    (18, -2, 10)
    """
    assert type(digit) is int and 0 <= digit < 10, "digit must be an int 0..9"
    return _DIGIT_FNS[digit]


def hefty_hogs(player_score: int, opponent_score: int) -> int:
    """Hefty Hogs: 1 against a score of 0; else the player's score passed
    through each digit's function of the opponent's score, ones digit first,
    modulo 30 (which can be 0).

    >>> [hefty_hogs(*s) for s in ((5, 123), (5, 456), (3, 56), (12, 5), (6, 2), (9, 0))]
    [9, 29, 0, 0, 18, 1]
    """
    if opponent_score == 0:
        return 1
    value = player_score
    for digit in reversed(digits(opponent_score)):
        value = hefty_digit_fn(digit)(value)
    return value % 30


def piggy_points_su21(opponent_score: int) -> int:
    """Piggy Points (su21): 4 plus the difference of the last two digits.

    >>> [piggy_points_su21(s) for s in (14, 9, 156, 0)]
    [7, 13, 5, 4]
    """
    return 4 + abs(tens(opponent_score) - ones(opponent_score))


# --- Free Bacon of the swap years (the opponent's score, below 100) ----------


def bacon_largest_digit(opponent_score: int) -> int:
    """Free Bacon (fa17): 1 plus the largest digit.

    >>> bacon_largest_digit(0), bacon_largest_digit(47)
    (1, 8)
    """
    return 1 + largest_digit(opponent_score % 100)


def bacon_difference(opponent_score: int) -> int:
    """Free Bacon (sp18): 2 plus the difference of the two digits.

    >>> bacon_difference(47), bacon_difference(0)
    (5, 2)
    """
    return 2 + abs(tens(opponent_score) - ones(opponent_score))


def bacon_product(opponent_score: int) -> int:
    """Free Bacon (su18): 1 plus the ones digit of the product of the two digits.

    >>> bacon_product(47), bacon_product(0)
    (9, 1)
    """
    return 1 + (tens(opponent_score) * ones(opponent_score)) % 10


def bacon_twice_tens(opponent_score: int) -> int:
    """Free Bacon (fa18): twice the tens digit minus the ones digit, at least 1.

    >>> bacon_twice_tens(47), bacon_twice_tens(71)
    (1, 13)
    """
    return max(1, 2 * tens(opponent_score) - ones(opponent_score))


def bacon_min_digit(opponent_score: int) -> int:
    """Free Bacon (su19, fa19): 10 minus the smaller of the two digits.

    >>> bacon_min_digit(35), bacon_min_digit(9)
    (7, 10)
    """
    return 10 - min(tens(opponent_score), ones(opponent_score))


def bacon_smaller_digit(opponent_score: int) -> int:
    """Free Bacon (sp19): 1 plus the smaller of the two digits.

    >>> bacon_smaller_digit(47), bacon_smaller_digit(9), bacon_smaller_digit(0), bacon_smaller_digit(88)
    (5, 1, 1, 9)
    """
    return 1 + min(tens(opponent_score), ones(opponent_score))


def bacon_cube(opponent_score: int) -> int:
    """Free Bacon (sp20): 1 plus the absolute alternating sum of the digits of
    the cube, the ones digit counted positive.

    >>> bacon_cube(4), bacon_cube(1), bacon_cube(0)
    (3, 2, 1)
    """
    cube_digits = reversed(digits((opponent_score % 100) ** 3))
    return 1 + abs(sum(d if i % 2 == 0 else -d for i, d in enumerate(cube_digits)))


def bacon_tens_minus_ones(opponent_score: int) -> int:
    """Free Bacon (su20): 10 plus the tens digit minus the ones digit.

    >>> bacon_tens_minus_ones(4), bacon_tens_minus_ones(1), bacon_tens_minus_ones(90)
    (6, 9, 19)
    """
    return 10 + tens(opponent_score) - ones(opponent_score)


def bacon_one_plus_difference(opponent_score: int) -> int:
    """Free Bacon (fa14): 1 plus the difference of the two digits.

    >>> bacon_one_plus_difference(47), bacon_one_plus_difference(0), bacon_one_plus_difference(90)
    (4, 1, 10)
    """
    return 1 + abs(tens(opponent_score) - ones(opponent_score))
