"""Number facts the rules are made of: digits, squares, primes, pi.

Every function takes any non-negative integer (scores past 100 included).
"""

from __future__ import annotations

from functools import cache
from math import isqrt

__all__ = [
    "tens",
    "ones",
    "digits",
    "leading_digit",
    "smallest_digit",
    "largest_digit",
    "leading_digits",
    "is_perfect_square",
    "is_perfect_cube",
    "next_perfect_square",
    "num_factors",
    "is_prime",
    "next_prime",
    "pi_digit",
]


def tens(n: int) -> int:
    """The tens digit of n.

    >>> tens(46), tens(7), tens(109)
    (4, 0, 0)
    """
    return n // 10 % 10


def ones(n: int) -> int:
    """The ones digit of n.

    >>> ones(46), ones(7), ones(109)
    (6, 7, 9)
    """
    return n % 10


def digits(n: int) -> list[int]:
    """The decimal digits of n >= 0, leading digit first.

    >>> digits(8836), digits(0)
    ([8, 8, 3, 6], [0])
    """
    return [int(d) for d in str(n)]


def leading_digit(n: int) -> int:
    """The first digit of the whole number.

    >>> leading_digit(123), leading_digit(7), leading_digit(0)
    (1, 7, 0)
    """
    return int(str(n)[0])


def smallest_digit(n: int) -> int:
    """The smallest decimal digit of n.

    >>> smallest_digit(8836), smallest_digit(100), smallest_digit(7)
    (3, 0, 7)
    """
    return min(digits(n))


def largest_digit(n: int) -> int:
    """The largest decimal digit of n.

    >>> largest_digit(47), largest_digit(0), largest_digit(709)
    (7, 0, 9)
    """
    return max(digits(n))


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


def is_perfect_cube(n: int) -> bool:
    """Whether n = d * d * d for some integer d.

    >>> [n for n in range(130) if is_perfect_cube(n)]
    [0, 1, 8, 27, 64, 125]
    """
    root = round(n ** (1 / 3)) if n > 0 else 0
    return n >= 0 and any((root + d) ** 3 == n for d in (-1, 0, 1))


def next_perfect_square(n: int) -> int:
    """The smallest perfect square greater than the perfect square n.

    >>> next_perfect_square(25), next_perfect_square(1), next_perfect_square(81)
    (36, 4, 100)
    """
    return (isqrt(n) + 1) ** 2


def num_factors(n: int) -> int:
    """The number of positive divisors of n (0 for n < 1).

    >>> [num_factors(n) for n in (0, 1, 7, 21, 25, 64, 100)]
    [0, 1, 2, 4, 3, 7, 9]
    """
    if n < 1:
        return 0
    count = 0
    for d in range(1, isqrt(n) + 1):
        if n % d == 0:
            count += 1 if d * d == n else 2
    return count


def is_prime(n: int) -> bool:
    """Whether n is prime (1 is not).

    >>> [n for n in range(20) if is_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19]
    """
    return num_factors(n) == 2


def next_prime(n: int) -> int:
    """The smallest prime greater than n.

    >>> next_prime(21), next_prime(1), next_prime(7), next_prime(0)
    (23, 2, 11, 2)
    """
    n += 1
    while not is_prime(n):
        n += 1
    return n


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


@cache
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
