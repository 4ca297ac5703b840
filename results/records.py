"""Plain records the store hands out (no ORM state): strategies, leagues, matches, runs.

Each record is made from its database row by its own ``from_row``, field
by field. The match cache's key is ``results.match_key.MatchKey``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, overload

import numpy as np

from hog.rules.start import ORIGIN, Start
from results.match_key import MatchKey

if TYPE_CHECKING:
    from results.models import EvolutionRun, League, Match, Strategy

__all__ = [
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
            id=row.id,
            name=row.name,
            rules=row.rules,
            goal=row.goal,
            sha256=row.sha256,
            origin=row.origin,
            author=row.author,
            params=dict(row.params),
            created=utc(row.created),
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
    #: The start of every match (0-0, player 0 first, unless fa14's bids gave another).
    start: Start = ORIGIN

    @classmethod
    def from_row(cls, row: League) -> LeagueRecord:
        return cls(
            id=row.id,
            name=row.name,
            rules=row.rules,
            goal=row.goal,
            method=row.method,
            games=row.games,
            seed=row.seed,
            status=row.status,
            created=utc(row.created),
            finished=utc(row.finished),
            pinned=bool(row.pinned),
            start=Start(row.start_score0, row.start_score1, row.start_player),
        )

    @property
    def updated(self) -> datetime:
        """When the league last finished (growing it by ``--add`` finishes it again), else when it was made."""
        return self.finished or self.created

    @property
    def key(self) -> MatchKey:
        """The key of the league's matches."""
        return MatchKey(self.rules, self.goal, self.method, self.games, self.seed, self.start)


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
        return cls(a=a, b=b, win_rate=row.win_rate, a_first=row.a_first, a_second=row.a_second, stderr=row.stderr)

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
            id=row.id,
            family=row.family,
            rules=row.rules,
            goal=row.goal,
            opponent=row.opponent,
            league_id=row.league_id,
            settings=dict(row.settings),
            seed=row.seed,
            status=row.status,
            best_strategy_id=row.best_strategy_id,
            created=utc(row.created),
            finished=utc(row.finished),
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
