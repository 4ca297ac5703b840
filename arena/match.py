"""One match between two strategy tables: exact, or simulated with seats swapped."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from hog import exact, simulate
from strategies.table import StrategyTable

__all__ = ["METHODS", "MatchResult", "IncompatibleTables", "check_compatible", "play_match"]

METHODS = ("exact", "simulate")


class IncompatibleTables(ValueError):
    """Tables of different rule sets or goals cannot meet."""


@dataclass(frozen=True)
class MatchResult:
    """A's chance to win moving first, moving second, and their mean.

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


def check_compatible(tables: Sequence[StrategyTable]) -> tuple[str, int]:
    """The common (rule set, goal) of TABLES, or IncompatibleTables naming the odd one."""
    first = tables[0]
    for table in tables[1:]:
        if (table.rules, table.goal) != (first.rules, first.goal):
            raise IncompatibleTables(
                f"{table.name!r} is for {table.rules}, goal {table.goal}, but {first.name!r} "
                f"is for {first.rules}, goal {first.goal}; they must share one rule set and goal"
            )
    return first.rules, first.goal


def play_match(
    a: StrategyTable,
    b: StrategyTable,
    method: str = "exact",
    games: int = 100_000,
    seed: int = 0,
    sides: int = 6,
) -> MatchResult:
    """A against B, both seatings, exactly or by seeded simulation."""
    rules, _ = check_compatible([a, b])
    if method == "exact":
        p = exact.win_probabilities(a.table, b.table, rules, sides=sides)
        return MatchResult(p.rate, p.first, p.second, "exact")
    if method == "simulate":
        if games < 1:
            raise ValueError(f"games must be at least 1, not {games}")
        s = simulate.simulate(a.table, b.table, rules, games=games, seed=seed, sides=sides)
        return MatchResult(s.rate, s.first, s.second, "simulate", games, seed, s.stderr, s.interval)
    raise ValueError(f"unknown method {method!r}; valid methods: {', '.join(METHODS)}")
