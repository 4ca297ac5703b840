"""What a dice count is: an integer 0..MAX_ROLLS (or in a rule set's
``choices``: -1..10 where Pork Chop is a choice), checked in one place.

Strategy tables (``strategies.table``) and the exact solver's inputs
(``hog.exact``) find their first bad value here and word their errors
themselves.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hog.game import MAX_ROLLS
from hog.rules import RULE_SETS
from hog.rules.dice_rules import PORK_CHOP

__all__ = ["DICE_COUNTS", "choice_span", "is_dice_count", "first_bad_count", "pork_chop_note"]


#: What a strategy may return where no rule adds a choice.
DICE_COUNTS = range(MAX_ROLLS + 1)


def choice_span(choices: range) -> str:
    """CHOICES for a message.

    >>> choice_span(DICE_COUNTS), choice_span(range(-1, 11))
    ('0..10', '-1..10')
    """
    return f"{choices.start}..{choices.stop - 1}"


def is_dice_count(value: object, choices: range = DICE_COUNTS) -> bool:
    """Whether VALUE is an integer in CHOICES, by default 0..MAX_ROLLS (a bool is not an integer).

    >>> [is_dice_count(v) for v in (0, 10, np.int8(3), 11, -1, True, 2.0, "2")]
    [True, True, True, False, False, False, False, False]
    >>> is_dice_count(-1, range(-1, 11))
    True
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        return False
    return bool(choices.start <= value < choices.stop)


def first_bad_count(array: np.ndarray, choices: range = DICE_COUNTS) -> tuple[tuple[int, ...], Any] | None:
    """The index (in C order) and the value of ARRAY's first entry that is
    not in CHOICES (by default a dice count 0..10), or None if all are. An
    integer array is checked at once; any other array value by value (a huge
    Python int is compared as it is, never overflowed).

    >>> first_bad_count(np.array([[0, 10], [11, -1]]))
    ((1, 0), 11)
    >>> first_bad_count(np.array([[1, True]], dtype=object))
    ((0, 1), True)
    >>> first_bad_count(np.zeros((2, 2), dtype=np.int8)) is None
    True
    >>> first_bad_count(np.array([[0, 10], [11, -1]]), range(-1, 11))
    ((1, 0), 11)
    """
    if array.dtype != np.bool_ and np.issubdtype(array.dtype, np.integer):
        bad = np.argwhere((array < choices.start) | (array >= choices.stop))
        if not len(bad):
            return None
        index = tuple(int(k) for k in bad[0])
        return index, array[index].item()
    for index in np.ndindex(array.shape):
        if not is_dice_count(array[index], choices):
            return index, array[index]
    return None


def pork_chop_note(value: object, choices: range) -> str:
    """What to add to a refusal of VALUE outside CHOICES: that -1 is a choice
    only in the rule sets offering Pork Chop, if VALUE is that -1.

    >>> pork_chop_note(-1, range(0, 11))
    ' (-1, Pork Chop, is a choice only in fa16)'
    >>> pork_chop_note(11, range(0, 11)), pork_chop_note(-1, range(-1, 11))
    ('', '')
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value != PORK_CHOP:
        return ""
    if PORK_CHOP in choices:
        return ""
    offering = [name for name, rules in RULE_SETS.items() if PORK_CHOP in rules.choices]
    return f" (-1, Pork Chop, is a choice only in {', '.join(offering)})" if offering else ""
