"""Dice with the course's semantics.

A die is a zero-argument function returning an outcome. Fair dice draw from
the ``random`` module (so ``random.seed`` makes course tests reproducible)
or from a ``random.Random`` you pass; test dice cycle through fixed outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Callable

Dice = Callable[[], int]

__all__ = ["Dice", "make_fair_dice", "make_test_dice", "four_sided", "six_sided"]


def make_fair_dice(sides: int, rng: random.Random | None = None) -> Dice:
    """Return a die that returns 1 to SIDES with equal chance.

    >>> die = make_fair_dice(6, random.Random(61))
    >>> all(1 <= die() <= 6 for _ in range(100))
    True
    """
    assert type(sides) is int and sides >= 1, "Illegal value for sides"
    randint = (rng or random).randint

    def dice() -> int:
        return randint(1, sides)

    return dice


four_sided = make_fair_dice(4)
six_sided = make_fair_dice(6)


def make_test_dice(*outcomes: int) -> Dice:
    """Return a die that cycles deterministically through OUTCOMES.

    >>> dice = make_test_dice(1, 2, 3)
    >>> dice(), dice(), dice(), dice()
    (1, 2, 3, 1)
    """
    assert len(outcomes) > 0, "You must supply outcomes to make_test_dice"
    for o in outcomes:
        assert type(o) is int and o >= 1, "Outcome is not a positive integer"
    index = len(outcomes) - 1

    def dice() -> int:
        nonlocal index
        index = (index + 1) % len(outcomes)
        return outcomes[index]

    return dice
