"""One match between two strategy tables: exact, or simulated with seats swapped."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from hog import exact, simulate
from hog.exact import TableStack
from hog.rules import ORIGIN, Start, get_rules
from results.match_key import METHODS
from strategies.table import StrategyTable

__all__ = ["METHODS", "MatchOutcome", "IncompatibleTables", "Lineup", "check_compatible", "play_match"]


class IncompatibleTables(ValueError):
    """Tables of different rule sets or goals cannot meet."""


@dataclass(frozen=True)
class MatchOutcome:
    """How a match just played came out: A's chance to win moving first,
    moving second, and their mean, and how it was decided (the store keeps
    cached matches as ``results.records.MatchResult``).

    Simulated matches also carry the number of dice streams (each played
    once in each seating), the standard error of ``rate`` and its 95%
    interval."""

    rate: float
    first: float
    second: float
    method: str
    games: int = 0
    seed: int = 0
    stderr: float | None = None
    interval95: tuple[float, float] | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def check_compatible(tables: Iterable[StrategyTable]) -> tuple[str, int]:
    """The common (rule set, goal) of TABLES, or IncompatibleTables naming the odd one."""
    first, *others = tables
    for table in others:
        if (table.rules, table.goal) != (first.rules, first.goal):
            raise IncompatibleTables(
                f"{table.name!r} is for {table.rules}, goal {table.goal}, but {first.name!r} "
                f"is for {first.rules}, goal {first.goal}; they must share one rule set and goal"
            )
    return first.rules, first.goal


@dataclass(frozen=True, eq=False)
class Lineup:
    """Tables checked once for a league or an evolution: all of one rule set
    and goal (``check_compatible``), and their stack of checked values
    (``hog.exact.TableStack``) that the exact kernels take without checking
    again. Make one with ``Lineup.of``."""

    tables: tuple[StrategyTable, ...]
    rules: str
    goal: int
    stack: TableStack

    @classmethod
    def of(cls, tables: Iterable[StrategyTable] | Lineup) -> Lineup:
        """TABLES checked, or TABLES itself if it is a Lineup already."""
        if isinstance(tables, Lineup):
            return tables
        tables = tuple(tables)
        if not tables:
            raise IncompatibleTables("no tables to line up")
        rules, goal = check_compatible(tables)
        stack = TableStack.of(np.stack([t.table for t in tables]), choices=get_rules(rules).choices)
        return cls(tables, rules, goal, stack)

    def __len__(self) -> int:
        return len(self.tables)

    def reordered(self, order: Sequence[int]) -> Lineup:
        """The same checked tables in ORDER (indices into this lineup), not checked again."""
        stack = self.stack.tables[list(order)]
        stack.setflags(write=False)
        return Lineup(tuple(self.tables[k] for k in order), self.rules, self.goal, TableStack(stack))


def play_match(
    a: StrategyTable,
    b: StrategyTable,
    method: str = "exact",
    games: int = 100_000,
    seed: int = 0,
    sides: int = 6,
    start: Start = ORIGIN,
) -> MatchOutcome:
    """A against B, both seatings, exactly or by seeded simulation, from
    START (0-0, player 0 first, unless fa14's bids gave another: then
    ``first`` and ``second`` are A's chances as player 0 and as player 1)."""
    rules, _ = check_compatible([a, b])
    if method == "exact":
        p = exact.win_probabilities(a.table, b.table, rules, sides=sides, start=start)
        return MatchOutcome(p.rate, p.first, p.second, "exact")
    if method == "simulate":
        if games < 1:
            raise ValueError(f"games must be at least 1, not {games}")
        s = simulate.simulate(a.table, b.table, rules, games=games, seed=seed, sides=sides, start=start)
        return MatchOutcome(s.rate, s.first, s.second, "simulate", games, seed, s.stderr, s.interval)
    raise ValueError(f"unknown method {method!r}; valid methods: {', '.join(METHODS)}")
