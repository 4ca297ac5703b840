"""Plain records the store hands out (no ORM state): strategies, leagues, matches, runs.

Each record is made from its database row by its own ``from_row``. The
match cache's key, :class:`MatchKey`, lives here too: the one place where a
match's (rule set, goal, method, games, seed) is checked and normalised, for
the store, the arena's leagues and their workers (this module needs no
database).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from functools import cached_property
from typing import TYPE_CHECKING, Any, overload

import numpy as np

from results.errors import StoreError

if TYPE_CHECKING:
    from results.models import EvolutionRun, League, Match, Strategy

__all__ = [
    "METHODS",
    "MAX_SEED",
    "MatchKey",
    "match_terms",
    "check_seed",
    "utc",
    "StrategyRecord",
    "LeagueRecord",
    "Removal",
    "MatchResult",
    "LeagueResults",
    "RunRecord",
    "GenerationRecord",
    "Checkpoint",
    "ordered_pair",
]


#: How a match is decided: exact dynamic programming or Monte Carlo games.
METHODS = ("exact", "simulate")
#: The largest seed the store keeps (a signed 64-bit column).
MAX_SEED = 2**63 - 1


def check_seed(seed: object) -> int:
    """SEED as an int 0..MAX_SEED, or a StoreError."""
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED:
        return int(seed)
    raise StoreError(f"seed must be an integer 0..2**63-1, not {seed!r}")


def _positive_int(value: object) -> int | None:
    """VALUE as an int if it is an integer (not a bool) of at least 1, else None."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value >= 1:
        return int(value)
    return None


def match_terms(method: str, games: int, seed: int) -> tuple[str, int, int]:
    """(METHOD, GAMES, SEED) as a match is keyed: both 0 for exact matches
    (they do not matter), else a positive number of games and a seed
    0..2**63-1; a StoreError otherwise.

    >>> match_terms("exact", 500, 9)
    ('exact', 0, 0)
    >>> match_terms("simulate", 500, 9)
    ('simulate', 500, 9)
    """
    if method not in METHODS:
        raise StoreError(f"method {method!r} is not one of {', '.join(METHODS)}")
    if method == "exact":
        return method, 0, 0
    count = _positive_int(games)
    if count is None:
        raise StoreError(f"a simulated match needs a positive number of games, not {games!r}")
    return method, count, check_seed(seed)


@dataclass(frozen=True)
class MatchKey:
    """What a cached match is keyed by besides its two tables: rule set,
    goal, method, games and seed, normalised once (``match_terms``), so two
    keys that mean the same computation are equal.

    >>> MatchKey("hog_pile", 100, "exact", 500, 9) == MatchKey("hog_pile", 100)
    True
    """

    rules: str
    goal: int
    method: str = "exact"
    games: int = 0
    seed: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.rules, str) or not self.rules:
            raise StoreError(f"a match key needs a rule set name, not {self.rules!r}")
        goal = _positive_int(self.goal)
        if goal is None:
            raise StoreError(f"goal must be a positive integer, not {self.goal!r}")
        _, games, seed = match_terms(self.method, self.games, self.seed)
        object.__setattr__(self, "goal", goal)
        object.__setattr__(self, "games", games)
        object.__setattr__(self, "seed", seed)

    def astuple(self) -> tuple[str, int, str, int, int]:
        """(rules, goal, method, games, seed): the store's positional arguments."""
        return self.rules, self.goal, self.method, self.games, self.seed


@overload
def utc(value: datetime) -> datetime: ...
@overload
def utc(value: None) -> None: ...
def utc(value: datetime | None) -> datetime | None:
    """VALUE as an aware UTC time (SQLite hands back naive ones)."""
    if value is None:
        return None
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def ordered_pair(a: str, b: str) -> tuple[str, str]:
    """A pair of table sha256s in the order the match cache keys them."""
    return (a, b) if a <= b else (b, a)


class _Record:
    """Base of the records: conversion to JSON-ready data."""

    def as_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (times in ISO 8601)."""
        return {k: v.isoformat() if isinstance(v, datetime) else v for k, v in asdict(self).items()}  # type: ignore[call-overload]


@dataclass(frozen=True)
class StrategyRecord(_Record):
    """A stored strategy, without its table (``Store.get_strategy`` loads that)."""

    id: int
    name: str
    rules: str
    goal: int
    sha256: str
    origin: str
    author: str | None
    params: dict[str, Any]
    created: datetime

    @classmethod
    def from_row(cls, row: Strategy) -> StrategyRecord:
        return cls(
            row.id,
            row.name,
            row.rules,
            row.goal,
            row.sha256,
            row.origin,
            row.author,
            dict(row.params),
            utc(row.created),
        )


@dataclass(frozen=True)
class LeagueRecord(_Record):
    id: int
    name: str
    rules: str
    goal: int
    method: str
    games: int
    seed: int
    status: str
    created: datetime
    finished: datetime | None
    pinned: bool = False

    @classmethod
    def from_row(cls, row: League) -> LeagueRecord:
        return cls(
            row.id,
            row.name,
            row.rules,
            row.goal,
            row.method,
            row.games,
            row.seed,
            row.status,
            utc(row.created),
            utc(row.finished),
            bool(row.pinned),
        )

    @property
    def updated(self) -> datetime:
        """When the league last finished (growing it by ``--add`` finishes it again), else when it was made."""
        return self.finished or self.created

    @property
    def key(self) -> MatchKey:
        """The key of the league's matches."""
        return MatchKey(self.rules, self.goal, self.method, self.games, self.seed)


@dataclass(frozen=True)
class Removal(_Record):
    """What removing a stored strategy did: the strategy, the leagues it
    left, and the evolution runs that no longer have it as their best."""

    strategy: StrategyRecord
    leagues: tuple[LeagueRecord, ...]
    runs: tuple[int, ...]


@dataclass(frozen=True)
class MatchResult(_Record):
    """A's results against B; A and B are table sha256s."""

    a: str
    b: str
    win_rate: float
    a_first: float
    a_second: float
    stderr: float | None = None

    @classmethod
    def from_row(cls, row: Match) -> MatchResult:
        """The row as its writer gave it."""
        a, b = (row.sha_b, row.sha_a) if row.swapped else (row.sha_a, row.sha_b)
        return cls(a, b, row.win_rate, row.a_first, row.a_second, row.stderr)

    def flipped(self) -> MatchResult:
        """The same match seen from B."""
        return MatchResult(self.b, self.a, 1.0 - self.win_rate, 1.0 - self.a_second, 1.0 - self.a_first, self.stderr)


@dataclass(frozen=True, eq=False)
class LeagueResults:
    """A league, its entries (by id) and its stored matches as n x n arrays
    in entry order: ``rates[i, j]`` is entry i's win rate against entry j,
    ``first`` and ``second`` its chances moving first and second, ``stderr``
    their standard error (simulated leagues; None for exact ones); NaN
    where no match is stored (and on the diagonal). Each match fills both
    orientations: its writer's rates as given, the other as
    ``MatchResult.flipped`` sees it."""

    league: LeagueRecord
    entries: tuple[StrategyRecord, ...]
    rates: np.ndarray
    first: np.ndarray
    second: np.ndarray
    stderr: np.ndarray | None = None

    @classmethod
    def empty(cls, league: LeagueRecord, entries: tuple[StrategyRecord, ...]) -> LeagueResults:
        """No match stored yet (fill it with ``fill``)."""
        n = len(entries)
        stderr = np.full((n, n), np.nan) if league.method == "simulate" else None
        return cls(league, entries, np.full((n, n), np.nan), np.full((n, n), np.nan), np.full((n, n), np.nan), stderr)

    @classmethod
    def of(
        cls, league: LeagueRecord, entries: tuple[StrategyRecord, ...], matches: Iterable[MatchResult]
    ) -> LeagueResults:
        """The league with MATCHES (between its entries' tables) stored."""
        results = cls.empty(league, entries)
        where = {entry.sha256: k for k, entry in enumerate(entries)}
        found = [m for m in matches if m.a in where and m.b in where]
        values = np.array([(m.win_rate, m.a_first, m.a_second, m.stderr) for m in found], dtype=float).reshape(-1, 4)
        a = np.array([where[m.a] for m in found], dtype=np.int64)
        b = np.array([where[m.b] for m in found], dtype=np.int64)
        results.fill(a, b, *values.T)
        return results

    def fill(
        self, a: np.ndarray, b: np.ndarray, rate: np.ndarray, first: np.ndarray, second: np.ndarray, stderr: np.ndarray
    ) -> None:
        """Record matches of entries A against entries B (index arrays) as their writers gave them."""
        self.rates[a, b], self.rates[b, a] = rate, 1.0 - rate
        self.first[a, b], self.first[b, a] = first, 1.0 - second
        self.second[a, b], self.second[b, a] = second, 1.0 - first
        if self.stderr is not None:
            self.stderr[a, b] = self.stderr[b, a] = stderr

    @cached_property
    def _index(self) -> dict[int, int]:
        return {entry.id: k for k, entry in enumerate(self.entries)}

    def result(self, a: StrategyRecord, b: StrategyRecord) -> MatchResult | None:
        """A's result against B, or None if that match is not stored yet."""
        i, j = self._index[a.id], self._index[b.id]
        if i == j or np.isnan(self.rates[i, j]):
            return None
        stderr = None if self.stderr is None else float(self.stderr[i, j])
        return MatchResult(
            a.sha256, b.sha256, float(self.rates[i, j]), float(self.first[i, j]), float(self.second[i, j]), stderr
        )

    @property
    def stored(self) -> int:
        """How many pairs of entries have a stored match."""
        return int(np.count_nonzero(~np.isnan(self.rates))) // 2

    @property
    def complete(self) -> bool:
        """Whether every pair of entries has a stored match."""
        n = len(self.entries)
        return self.stored == n * (n - 1) // 2


@dataclass(frozen=True)
class RunRecord(_Record):
    id: int
    family: str
    rules: str
    goal: int
    opponent: str | None
    league_id: int | None
    settings: dict[str, Any]
    seed: int
    status: str
    best_strategy_id: int | None
    created: datetime
    finished: datetime | None

    @classmethod
    def from_row(cls, row: EvolutionRun) -> RunRecord:
        return cls(
            row.id,
            row.family,
            row.rules,
            row.goal,
            row.opponent,
            row.league_id,
            dict(row.settings),
            row.seed,
            row.status,
            row.best_strategy_id,
            utc(row.created),
            utc(row.finished),
        )


@dataclass(frozen=True)
class GenerationRecord(_Record):
    run_id: int
    number: int
    stats: dict[str, Any]
    has_checkpoint: bool
    created: datetime


@dataclass(frozen=True)
class Checkpoint:
    """The newest checkpoint blob of an evolution run, and its generation."""

    run_id: int
    number: int
    blob: bytes
