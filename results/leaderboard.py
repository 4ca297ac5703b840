"""League rankings, counted as in the course's strategy contest.

A strategy wins a match when its win rate is above ``WIN_THRESHOLD``
(0.500001); anything else, a tie included, is a loss. Strategies rank by
wins, then by mean win rate; strategies equal in both share a rank
(1, 2, 2, 4). Only stored matches count, so a running league ranks by the
matches played so far.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace
from typing import Any, Protocol

import numpy as np

from results.records import LeagueRecord, LeagueResults

__all__ = ["WIN_THRESHOLD", "Row", "rank", "is_win", "format_rate", "LeagueReader", "shown_record", "shown_league"]

WIN_THRESHOLD = 0.500001


def is_win(win_rate: float) -> bool:
    """Whether a match with this win rate counts as a win (ties are losses).

    >>> is_win(0.5), is_win(0.500001), is_win(0.5000011)
    (False, False, True)
    """
    return win_rate > WIN_THRESHOLD


def format_rate(value: float | None) -> str:
    """A win rate as the leaderboards show it: four decimals, ``-`` for none.

    >>> format_rate(0.5), format_rate(None)
    ('0.5000', '-')
    """
    return "-" if value is None else f"{value:.4f}"


class LeagueReader(Protocol):
    """What finding a league needs from a results store."""

    def get_league(self, name_or_id: str | int, rules: str, goal: int) -> LeagueRecord: ...

    def latest_league(self, rules: str, goal: int) -> LeagueRecord | None: ...

    def pinned_league(self, rules: str, goal: int) -> LeagueRecord | None: ...

    def league_results(self, league_id: int) -> LeagueResults: ...


def shown_record(store: LeagueReader, rules: str, goal: int, league: str | None = None) -> LeagueRecord | None:
    """The league a leaderboard shows: LEAGUE (a name or id) of RULES and
    GOAL, else the pinned one, else the one most recently finished (a league
    grown by new entries finishes again); None if there is none (a LEAGUE
    that names none raises the store's NotStored)."""
    if league:
        return store.get_league(league, rules, goal)
    return store.pinned_league(rules, goal) or store.latest_league(rules, goal)


def shown_league(store: LeagueReader, rules: str, goal: int, league: str | None = None) -> LeagueResults | None:
    """The results of the league a leaderboard shows (``shown_record``), or None."""
    record = shown_record(store, rules, goal, league)
    return None if record is None else store.league_results(record.id)


@dataclass(frozen=True)
class Row:
    """One strategy's line in a leaderboard."""

    rank: int
    name: str
    author: str | None
    wins: int
    losses: int
    mean_win_rate: float | None
    worst_opponent: str | None
    worst_rate: float | None
    strategy_id: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def rank(results: LeagueResults) -> list[Row]:
    """The league's leaderboard, best first, computed from its win-rate
    array (each mean is ``math.fsum``'s, so it does not depend on the order
    of the entries)."""
    entries = results.entries
    by_name = np.argsort(np.array([entry.name for entry in entries], dtype=object), kind="stable")
    name_rank = np.empty(len(entries), dtype=np.int64)
    name_rank[by_name] = np.arange(len(entries))
    unranked = []
    for k, entry in enumerate(entries):
        rates = results.rates[k]
        played = ~np.isnan(rates)
        stored = rates[played]
        worst = None
        if len(stored):
            lowest = stored.min()
            ties = np.flatnonzero(played & (rates == lowest))
            worst = int(ties[np.argmin(name_rank[ties])])
        wins = int(np.count_nonzero(stored > WIN_THRESHOLD))
        unranked.append(
            Row(
                rank=0,
                name=entry.name,
                author=entry.author,
                wins=wins,
                losses=len(stored) - wins,
                mean_win_rate=math.fsum(stored.tolist()) / len(stored) if len(stored) else None,
                worst_opponent=None if worst is None else entries[worst].name,
                worst_rate=None if worst is None else float(rates[worst]),
                strategy_id=entry.id,
            )
        )

    ordered = sorted(unranked, key=lambda row: (-row.wins, -_mean(row), row.name))
    rows: list[Row] = []
    for position, row in enumerate(ordered, start=1):
        tied = rows and (rows[-1].wins, _mean(rows[-1])) == (row.wins, _mean(row))
        rows.append(replace(row, rank=rows[-1].rank if tied else position))
    return rows


def _mean(row: Row) -> float:
    return -1.0 if row.mean_win_rate is None else row.mean_win_rate
