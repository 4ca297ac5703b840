"""StrategyTable: a strategy as pure data.

A strategy that depends only on the two scores is, for goal ``G``, a
``G x G`` table ``table[score][opponent_score]`` of dice counts 0..10
(and -1, Pork Chop, in the rule sets that offer it: fa16). This is what the
arena compares, what the store keeps and what files turn into.
"""

from __future__ import annotations

import hashlib
import json
import keyword
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from hog.dice_counts import DICE_COUNTS, choice_span, first_bad_count, pork_chop_note
from hog.rules import get_rules
from hog.rules.dice_rules import PORK_CHOP

__all__ = [
    "StrategyTable",
    "InvalidTable",
    "ORIGINS",
    "LIBRARY_ORIGINS",
    "validate_table",
    "choice_character",
]

#: Where a table came from.
ORIGINS = ("builtin", "family", "file", "evolved", "solved")
#: The origins of tables the library makes (a built-in, a family member, a solver's answer).
LIBRARY_ORIGINS = ("builtin", "solved", "family")

#: One character per dice count in exported Python source: int(c, 11).
_DIGITS = "0123456789A"
#: The character of -1 (Pork Chop) in exported Python source and ``hog show``.
_CHOP = "-"


class InvalidTable(ValueError):
    """A table of the wrong shape, or with a value that is not 0..10 (-1..10 where Pork Chop is a choice)."""


def choice_character(value: int) -> str:
    """One character for a table's VALUE: its base-11 digit ("A" is 10), "-" for -1 (Pork Chop).

    >>> "".join(choice_character(v) for v in (0, 9, 10, -1))
    '09A-'
    """
    if value == PORK_CHOP:
        return _CHOP
    if not 0 <= value < len(_DIGITS):
        raise ValueError(f"{value} is not a dice count")
    return _DIGITS[value]


def validate_table(values: Any, goal: int, choices: range = DICE_COUNTS) -> np.ndarray:
    """Return VALUES as a read-only ``goal x goal`` int8 array, or raise
    InvalidTable naming the first offending score pair.

    Every value must be in CHOICES: by default 0..10, a rule set's
    ``choices`` (``-1..10`` where Pork Chop is one). Python ints and numpy
    integers are accepted; bools, floats, strings and None are not (a list
    holding them is checked value by value).
    """
    array = values if isinstance(values, np.ndarray) else _object_array(values, goal)
    if array.shape != (goal, goal):
        raise InvalidTable(f"table has shape {array.shape}, expected ({goal}, {goal})")
    bad = first_bad_count(array, choices)
    if bad is not None:
        (score, opponent), value = bad
        integer = not isinstance(value, (bool, np.bool_)) and isinstance(value, (int, np.integer))
        span = choice_span(choices)
        problem = f"is out of range {span}" if integer else f"is not an integer {span}"
        note = pork_chop_note(value, choices)
        raise InvalidTable(f"value {_shown(value)} at score {score}, opponent score {opponent} {problem}{note}")
    result = np.ascontiguousarray(array, dtype=np.int8)
    result.setflags(write=False)
    return result


def _shown(value: Any, limit: int = 60) -> str:
    """VALUE for a message, shortened to LIMIT characters."""
    try:
        text = repr(value)
    except ValueError:  # an int of more digits than Python converts to text
        return "(an integer too long to show)"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _object_array(rows: Any, goal: int) -> np.ndarray:
    """Nested sequences as a goal x goal object array, keeping each value's type."""
    try:
        rows = list(rows)
        lengths = sorted({len(row) for row in rows})
    except TypeError:
        raise InvalidTable("a table must be a list of lists of integers") from None
    if len(rows) != goal or lengths != [goal]:
        raise InvalidTable(f"table has {len(rows)} rows of lengths {lengths}, expected {goal} x {goal}")
    array = np.empty((goal, goal), dtype=object)
    for score, row in enumerate(rows):
        array[score, :] = list(row)
    return array


@dataclass(frozen=True, eq=False)
class StrategyTable:
    """A validated strategy table with its name, rule set, origin and parameters."""

    table: np.ndarray
    rules: str
    name: str
    origin: str = "builtin"
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        choices = get_rules(self.rules).choices
        if self.origin not in ORIGINS:
            raise ValueError(f"origin {self.origin!r} is not one of {', '.join(ORIGINS)}")
        goal = np.shape(self.table)[0] if np.ndim(self.table) == 2 else -1
        if goal < 1:
            raise InvalidTable(f"table has shape {np.shape(self.table)}, expected a square table")
        object.__setattr__(self, "table", validate_table(self.table, goal, choices))
        object.__setattr__(self, "params", dict(self.params))

    @property
    def goal(self) -> int:
        return int(self.table.shape[0])

    def renamed(self, name: str) -> StrategyTable:
        """This table under another NAME, its origin and parameters kept."""
        return replace(self, name=name)

    @property
    def sha256(self) -> str:
        """Content hash over the goal and the table bytes (not name or origin)."""
        digest = hashlib.sha256(self.goal.to_bytes(4, "little"))
        digest.update(self.table.tobytes())
        return digest.hexdigest()

    def __call__(self, score: int, opponent_score: int) -> int:
        """Use the table as a strategy function."""
        return int(self.table[score, opponent_score])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StrategyTable):
            return NotImplemented
        return self.rules == other.rules and np.array_equal(self.table, other.table)

    def __hash__(self) -> int:
        return hash((self.rules, self.sha256))

    def __repr__(self) -> str:
        return f"StrategyTable({self.name!r}, rules={self.rules!r}, goal={self.goal}, origin={self.origin!r})"

    # --- construction ---------------------------------------------------

    @classmethod
    def from_function(
        cls,
        function: Callable[[int, int], int],
        rules: str,
        goal: int = 100,
        name: str | None = None,
        origin: str = "builtin",
        params: Mapping[str, Any] | None = None,
    ) -> StrategyTable:
        """Tabulate a trusted strategy function on every score pair below GOAL."""
        values = [[function(s, o) for o in range(goal)] for s in range(goal)]
        return cls(
            validate_table(values, goal, get_rules(rules).choices),
            rules,
            name or str(getattr(function, "__name__", "strategy")),
            origin,
            params or {},
        )

    # --- JSON (the course contest's format) ------------------------------

    def to_json(self) -> str:
        """The contest format: a list of ``goal`` lists of ``goal`` integers."""
        return json.dumps(self.table.tolist(), separators=(",", ":"))

    @classmethod
    def from_json(
        cls,
        text: str,
        rules: str,
        name: str,
        goal: int = 100,
        origin: str = "file",
        params: Mapping[str, Any] | None = None,
    ) -> StrategyTable:
        """Parse a contest-format JSON table; raise InvalidTable if malformed."""
        try:
            values = json.loads(text)
        except json.JSONDecodeError as error:
            raise InvalidTable(f"not valid JSON: {error}") from None
        except RecursionError:
            raise InvalidTable("not a table: nested too deeply") from None
        except ValueError:  # an integer of more digits than Python reads
            raise InvalidTable("not a table: a number too long to read") from None
        if not isinstance(values, list) or not all(isinstance(row, list) for row in values):
            raise InvalidTable("a table must be a list of lists of integers")
        return cls(validate_table(values, goal, get_rules(rules).choices), rules, name, origin, params or {})

    # --- Python source ----------------------------------------------------

    def to_python_source(self, function_name: str = "final_strategy") -> str:
        """A standalone module defining FUNCTION_NAME(score, opponent_score).

        It needs only the standard library and defines no other public name,
        so the function (with its table) can be pasted into a course hog.py.
        """
        if not function_name.isidentifier() or keyword.iskeyword(function_name):
            raise ValueError(f"{function_name!r} is not a valid Python function name")
        rows_name = f"_{function_name.upper()}_ROWS"
        rows = "\n".join(f'    "{"".join(choice_character(v) for v in row)}",' for row in self.table.tolist())
        params = json.dumps(self.params, default=str) if self.params else "none"
        if PORK_CHOP in get_rules(self.rules).choices:  # every table of such a rule set, -1 in it or not
            digits = '# written in base 11 ("A" is 10), "-" for -1 (Pork Chop).\n\n'
            returned = '    """Return the number of dice to roll (0..10), or -1 for Pork Chop, at these scores."""\n'
            value = (
                f'    value = {rows_name}[score][opponent_score]\n    return -1 if value == "-" else int(value, 11)\n'
            )
        else:
            digits = '# written in base 11 ("A" is 10).\n\n'
            returned = '    """Return the number of dice to roll (0..10) at these scores."""\n'
            value = f"    return int({rows_name}[score][opponent_score], 11)\n"
        return (
            f"# Hog strategy {self.name!r}, generated by Hog Arena.\n"
            f"# rules: {self.rules}; goal: {self.goal}; origin: {self.origin}; parameters: {params}\n"
            f"# sha256: {self.sha256}\n"
            "# Row SCORE, column OPPONENT_SCORE holds the number of dice to roll,\n"
            f"{digits}"
            f"{rows_name} = (\n{rows}\n)\n\n\n"
            f"def {function_name}(score, opponent_score):\n"
            f"{returned}"
            f"    goal = len({rows_name})\n"
            '    assert 0 <= score < goal and 0 <= opponent_score < goal, "The game should be over."\n'
            f"{value}"
        )
