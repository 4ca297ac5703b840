"""Evaluating tables exactly: their checks, a checked stack of them
(``TableStack``), and the win probabilities of pairs of tables, dispatched
to the score-only, swap (exchanged dice), full-state or Time Trot kernels; ``hog.exact`` is the
public face."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from hog import kernels, state_kernels, swap_kernels, trot_kernels
from hog.dice_counts import DICE_COUNTS, choice_span, first_bad_count, pork_chop_note
from hog.exact_rules import CompiledRules, compile_rules
from hog.rules import ORIGIN, RuleSet, Start, get_rules

__all__ = [
    "TableStack",
    "WinProbabilities",
    "as_policy",
    "checked_table",
    "checked_tables",
    "trot_policy",
    "win_probabilities",
    "win_probabilities_many",
    "win_probabilities_pairs",
]


@dataclass(frozen=True)
class WinProbabilities:
    """A's chance to win moving first, moving second, and their mean."""

    first: float
    second: float
    rate: float


def checked_tables(tables: np.ndarray, label: str = "tables", choices: range = DICE_COUNTS) -> np.ndarray:
    """A stack (n, goal, goal) of tables as a contiguous int8 array, or a
    ValueError naming the first bad table and score pair (a value outside
    CHOICES: a rule set's ``choices``, by default 0..10)."""
    array = np.asarray(tables)
    if array.ndim != 3 or array.shape[1] != array.shape[2] or array.shape[1] < 1:
        raise ValueError(f"{label}: shape {array.shape}; expected (n, goal, goal)")
    return _checked_values(array, lambda i: f"{label}[{i}]", choices)


def checked_table(table: np.ndarray, label: str = "table", choices: range = DICE_COUNTS) -> np.ndarray:
    """One goal x goal table as a contiguous int8 array, or a ValueError
    naming the first bad score pair (a value outside CHOICES)."""
    array = np.asarray(table)
    if array.ndim != 2 or array.shape[0] != array.shape[1] or array.shape[0] < 1:
        raise ValueError(f"{label}: shape {array.shape}; expected (goal, goal)")
    checked: np.ndarray = _checked_values(array[None], lambda i: label, choices)[0]
    return checked


def _checked_values(array: np.ndarray, name: Callable[[int], str], choices: range) -> np.ndarray:
    """ARRAY (n, goal, goal) as int8 if every value is an integer in CHOICES.

    >>> _checked_values(np.full((1, 2, 2), -1), lambda i: "table", range(11))
    Traceback (most recent call last):
    ...
    ValueError: table: -1 at score 0, opponent score 0; expected 0..10 (-1, Pork Chop, is a choice only in fa16)
    """
    expected = choice_span(choices)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"{name(0)}: {array.dtype} values; expected integers {expected}")
    bad = first_bad_count(array, choices)
    if bad is not None:
        (i, s, o), value = bad
        note = pork_chop_note(int(value), choices)
        raise ValueError(f"{name(i)}: {int(value)} at score {s}, opponent score {o}; expected {expected}{note}")
    return np.ascontiguousarray(array, dtype=np.int8)


@dataclass(frozen=True, eq=False)
class TableStack:
    """A stack ``(n, goal, goal)`` of tables checked once: read-only,
    contiguous int8 dice counts 0..10 (or a rule set's ``choices``). The
    exact functions take it as it is, checking only that its lowest value
    is a choice of their rules; make one with ``TableStack.of``.
    """

    tables: np.ndarray

    def __post_init__(self) -> None:
        array = self.tables
        if not isinstance(array, np.ndarray) or array.dtype != np.int8 or array.ndim != 3 or array.flags.writeable:
            raise TypeError("a TableStack holds a read-only int8 (n, goal, goal) array; use TableStack.of")

    @classmethod
    def of(cls, tables: np.ndarray | TableStack, label: str = "tables", choices: range = DICE_COUNTS) -> TableStack:
        """TABLES checked against CHOICES (see ``checked_tables``), or TABLES itself if it is a TableStack."""
        if isinstance(tables, TableStack):
            return tables
        array = checked_tables(tables, label, choices)
        if np.may_share_memory(array, tables):
            array = array.copy()  # never freeze the caller's array
        array.setflags(write=False)
        return cls(array)

    @property
    def goal(self) -> int:
        return int(self.tables.shape[1])

    def __len__(self) -> int:
        return len(self.tables)


def win_probabilities_pairs(
    tables: np.ndarray | TableStack,
    pairs: np.ndarray | list[list[int]],
    rules: RuleSet | str,
    sides: int = 6,
    start: Start = ORIGIN,
) -> np.ndarray:
    """For each row (i, j) of PAIRS, [first, second]: table i's chances to win
    against table j moving first and moving second (from START, a game
    started by fa14's bids: as player 0 and as player 1). TABLES is (n,
    goal, goal), checked here unless it is a TableStack (checked already).
    A chance the arithmetic puts a rounding error outside 0..1 (``1 -
    value`` of a value summed to just above 1) is clipped to it."""
    choices = get_rules(rules).choices
    if isinstance(tables, TableStack):
        tables = tables.tables
        if tables.size and tables.min() < choices.start:  # a stack checked against wider choices
            checked_tables(tables, choices=choices)
    else:
        tables = checked_tables(tables, choices=choices)
    pairs = np.asarray(pairs)
    if pairs.ndim != 2 or pairs.shape[1] != 2 or not (pairs.size == 0 or np.issubdtype(pairs.dtype, np.integer)):
        raise ValueError(f"pairs: shape {pairs.shape} of {pairs.dtype}; expected (m, 2) integers")
    bad = np.argwhere((pairs < 0) | (pairs >= len(tables)))
    if len(bad):
        row = int(bad[0][0])
        raise ValueError(f"pairs[{row}]: {pairs[row].tolist()} names a table outside 0..{len(tables) - 1}")
    compiled = compile_rules(rules, tables.shape[1], sides)
    begin = start_array(start, compiled)
    pairs = np.ascontiguousarray(pairs, dtype=np.int64)
    if not len(pairs):
        return np.zeros((0, 2))
    chances = _chances(tables, pairs, compiled, begin)
    return np.clip(chances, 0.0, 1.0, out=chances)


def start_array(start: Start, compiled: CompiledRules) -> np.ndarray:
    """START as the kernels take it, (score0, score1, first player), or a
    ValueError: a start other than 0-0 is analysed only where the state is
    the two scores, and its scores must be below the goal.

    >>> start_array(Start(2, 9, 0), compile_rules("fa14")).tolist()
    [2, 9, 0]
    """
    if start != ORIGIN and (compiled.full_state or compiled.time_trot):
        raise ValueError(f"rule set {compiled.name}: a start other than 0-0 is analysed only over the two scores")
    start = start.checked(compiled.goal)
    return np.array([start.score0, start.score1, start.first], dtype=np.int64)


def _chances(tables: np.ndarray, pairs: np.ndarray, compiled: CompiledRules, begin: np.ndarray) -> np.ndarray:
    """``win_probabilities_pairs`` of checked TABLES and PAIRS from BEGIN, from the kernels of COMPILED's rules."""
    if compiled.time_trot:
        used, which = np.unique(pairs, return_inverse=True)
        which = np.ascontiguousarray(which.reshape(pairs.shape), dtype=np.int64)
        trotted: np.ndarray = trot_kernels.pair_win_probabilities(
            np.ascontiguousarray(tables[used]), which, compiled.time_trot, compiled.exact_arrays
        )
        return trotted
    if compiled.swap_kernel:
        return kernels.pair_win_probabilities(tables, pairs, compiled.swap_arrays, swap_kernels.analyse_pairs)
    if compiled.full_state:
        used, which = np.unique(pairs, return_inverse=True)
        policies = np.stack([as_policy(tables[i], compiled) for i in used])
        which = np.ascontiguousarray(which.reshape(pairs.shape), dtype=np.int64)
        full: np.ndarray = state_kernels.pair_win_probabilities(policies, which, compiled.cyclic, compiled.state_arrays)
        return full
    return kernels.pair_win_probabilities(tables, pairs, compiled.exact_arrays, begin=begin)


def as_policy(table: np.ndarray, compiled: CompiledRules) -> np.ndarray:
    """A goal x goal table as a full-state policy that ignores the memories."""
    memories = compiled.memory_bonus.shape[0]
    return np.ascontiguousarray(np.broadcast_to(table[:, :, None, None], table.shape + (memories, memories)))


def trot_policy(table: np.ndarray) -> np.ndarray:
    """A goal x goal table as a Time Trot policy (``policy[score, opponent,
    turn mod M, extra turn]``) that ignores the turn: shape (goal, goal, 1, 1)."""
    return np.ascontiguousarray(table[:, :, None, None])


def win_probabilities_many(
    table: np.ndarray, opponents: np.ndarray | TableStack, rules: RuleSet | str, sides: int = 6, start: Start = ORIGIN
) -> np.ndarray:
    """[first, second] of TABLE against each of OPPONENTS (k, goal, goal),
    checked here unless they are a TableStack (checked already)."""
    choices = get_rules(rules).choices
    table = checked_table(table, "table", choices)
    if not isinstance(opponents, TableStack):
        opponents = TableStack.of(opponents, "opponents", choices)
    opponents = opponents.tables
    if opponents.shape[1:] != table.shape:
        raise ValueError(f"opponents: {opponents.shape[1:]} tables, but the table is {table.shape}")
    stack = np.concatenate([table[None], opponents])
    stack.setflags(write=False)
    pairs = np.column_stack([np.zeros(len(opponents), dtype=np.int64), np.arange(1, len(stack))])
    return win_probabilities_pairs(TableStack(stack), pairs, rules, sides, start)


def win_probabilities(
    table_a: np.ndarray, table_b: np.ndarray, rules: RuleSet | str, sides: int = 6, start: Start = ORIGIN
) -> WinProbabilities:
    """Exact chances of TABLE_A to win against TABLE_B, moving first and second
    (from START: as player 0 and as player 1)."""
    choices = get_rules(rules).choices
    table_a, table_b = checked_table(table_a, "table_a", choices), checked_table(table_b, "table_b", choices)
    if table_a.shape != table_b.shape:
        raise ValueError(f"table_b: shape {table_b.shape}, but table_a is {table_a.shape}; both need the same goal")
    first, second = win_probabilities_pairs(np.stack([table_a, table_b]), [[0, 1]], rules, sides, start)[0]
    return WinProbabilities(float(first), float(second), float((first + second) / 2))
