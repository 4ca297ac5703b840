"""Plain records the store hands out (no ORM state): strategies, leagues, matches, runs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import datetime
from itertools import combinations
from typing import Any

__all__ = [
    "StrategyRecord",
    "LeagueRecord",
    "MatchResult",
    "LeagueResults",
    "RunRecord",
    "GenerationRecord",
    "Checkpoint",
    "ordered_pair",
]


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


@dataclass(frozen=True)
class MatchResult(_Record):
    """A's results against B; A and B are table sha256s."""

    a: str
    b: str
    win_rate: float
    a_first: float
    a_second: float
    stderr: float | None = None

    def flipped(self) -> MatchResult:
        """The same match seen from B."""
        return MatchResult(self.b, self.a, 1.0 - self.win_rate, 1.0 - self.a_second, 1.0 - self.a_first, self.stderr)


@dataclass(frozen=True)
class LeagueResults:
    """A league, its entries (by id) and its stored matches (keyed by the pair in sha256 order)."""

    league: LeagueRecord
    entries: tuple[StrategyRecord, ...]
    matches: Mapping[tuple[str, str], MatchResult]

    def result(self, a: StrategyRecord, b: StrategyRecord) -> MatchResult | None:
        """A's result against B, or None if that match is not stored yet."""
        stored = self.matches.get(ordered_pair(a.sha256, b.sha256))
        if stored is None or stored.a == a.sha256:
            return stored
        return stored.flipped()

    @property
    def complete(self) -> bool:
        """Whether every pair of entries has a stored match."""
        return all(self.result(a, b) is not None for a, b in combinations(self.entries, 2))


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
