"""The one ranking of Hog Arena, for leagues and class contests alike.

A strategy (or team) wins a match when its win rate is above
``WIN_THRESHOLD`` (0.500001); anything else, a tie included, is a loss.
Everyone ranks by wins; equal wins share a rank (1, 2, 2, 4). The mean win
rate (``math.fsum``'s, so it does not depend on the order of the entries)
then orders the display, and the two uses differ in one rule, the
parameter ``ties``:

* ``"wins and mean"`` (leagues): the mean breaks ties of wins, so only
  equal wins *and* equal means share a rank;
* ``"wins"`` (contests, as the course's contest ranks): equal wins share a
  rank whatever the means, which only order the display within it.

Names break the remaining ties of the display. Wins and means are counted
with numpy over the win-rate matrix (NaN for a pair not played, and on the
diagonal); a 750-team contest ranks in a few milliseconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

import numpy as np

from results.records import LeagueResults

__all__ = [
    "WIN_THRESHOLD",
    "Ties",
    "Ranking",
    "rank_matrix",
    "is_win",
    "format_rate",
    "Row",
    "rank",
    "in_rank_order",
    "league_positions",
]

WIN_THRESHOLD = 0.500001
Ties = Literal["wins", "wins and mean"]


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


@dataclass(frozen=True, eq=False)
class Ranking:
    """Per matrix position: WINS, LOSSES (pairs played and not won), MEAN win
    rate (NaN if none played) and RANK; ORDER lists the positions best first."""

    wins: np.ndarray
    losses: np.ndarray
    mean: np.ndarray
    rank: np.ndarray
    order: list[int]

    def mean_of(self, position: int) -> float | None:
        value = float(self.mean[position])
        return None if math.isnan(value) else value


def rank_matrix(rates: np.ndarray, names: Sequence[str], ties: Ties) -> Ranking:
    """The ranking of the entries named NAMES whose win rates, row against
    column, are RATES (n x n; NaN where not played, the diagonal ignored).

    >>> m = np.array([[np.nan, 0.6, 0.7], [0.4, np.nan, 0.5], [0.3, 0.5, np.nan]])
    >>> r = rank_matrix(m, ["a", "b", "c"], "wins")
    >>> r.order, r.rank.tolist(), r.wins.tolist()
    ([0, 1, 2], [1, 2, 2], [2, 0, 0])
    >>> rank_matrix(m, ["a", "b", "c"], "wins and mean").rank.tolist()
    [1, 2, 3]
    """
    n = len(names)
    values = np.array(rates, dtype=np.float64).reshape(n, n)
    np.fill_diagonal(values, np.nan)
    played = ~np.isnan(values)
    counts = played.sum(axis=1)
    wins = np.count_nonzero(played & (np.nan_to_num(values, nan=0.0) > WIN_THRESHOLD), axis=1)
    mean = np.array(
        [
            math.fsum(row[seen].tolist()) / int(k) if k else math.nan
            for row, seen, k in zip(values, played, counts, strict=True)
        ]
    )
    shown_mean = np.where(np.isnan(mean), -1.0, mean)
    order = sorted(range(n), key=lambda k: (-int(wins[k]), -float(shown_mean[k]), names[k]))
    rank = np.empty(n, dtype=np.int64)
    for position, k in enumerate(order):
        previous = order[position - 1] if position else None
        tied = previous is not None and wins[previous] == wins[k]
        if ties == "wins and mean":
            tied = tied and shown_mean[previous] == shown_mean[k]
        rank[k] = rank[previous] if tied else position + 1
    return Ranking(wins.astype(np.int64), (counts - wins).astype(np.int64), mean, rank, order)


def in_rank_order(rates: np.ndarray, order: Sequence[int]) -> np.ndarray:
    """RATES (n x n, matrix positions) with rows and columns in ORDER (positions, best first): one indexed copy.

    >>> in_rank_order(np.array([[np.nan, 0.2], [0.8, np.nan]]), [1, 0]).tolist()
    [[nan, 0.8], [0.2, nan]]
    """
    ordered: np.ndarray = rates[np.ix_(order, order)]
    return ordered


def league_positions(results: LeagueResults, rows: Sequence[Row]) -> list[int]:
    """The matrix positions (entries in id order) of a league's ROWS, in their order."""
    where = {entry.id: k for k, entry in enumerate(results.entries)}
    return [where[row.strategy_id] for row in rows]


@dataclass(frozen=True)
class Row:
    """One strategy's line in a league's leaderboard."""

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
    """A league's leaderboard, best first: ``rank_matrix`` with the mean
    breaking ties of wins; each row names its worst opponent (the lowest
    win rate, the first name among equals). Only stored matches count, so a
    running league ranks by the matches played so far."""
    entries = results.entries
    names = [entry.name for entry in entries]
    ranking = rank_matrix(results.rates, names, "wins and mean")
    name_rank = np.empty(len(entries), dtype=np.int64)
    name_rank[np.argsort(np.array(names, dtype=object), kind="stable")] = np.arange(len(entries))
    rows = []
    for k in ranking.order:
        rates = results.rates[k]
        played = ~np.isnan(rates)
        worst = None
        if played.any():
            ties = np.flatnonzero(played & (rates == rates[played].min()))
            worst = int(ties[np.argmin(name_rank[ties])])
        rows.append(
            Row(
                rank=int(ranking.rank[k]),
                name=entries[k].name,
                author=entries[k].author,
                wins=int(ranking.wins[k]),
                losses=int(ranking.losses[k]),
                mean_win_rate=ranking.mean_of(k),
                worst_opponent=None if worst is None else entries[worst].name,
                worst_rate=None if worst is None else float(rates[worst]),
                strategy_id=entries[k].id,
            )
        )
    return rows
