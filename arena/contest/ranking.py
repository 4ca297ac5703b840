"""The course contest's ranking: wins first, with shared ranks.

A team wins against another when its win rate is above
``results.leaderboard.WIN_THRESHOLD`` (0.500001; a tie is a loss). Teams
with the same number of wins share a rank (1, 2, 2, 4); within a rank the
mean win rate orders the display.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np

from results.leaderboard import WIN_THRESHOLD

__all__ = ["ContestRow", "contest_rows", "winners"]


@dataclass(frozen=True)
class ContestRow:
    """A team's line on a contest leaderboard; POSITION is its row of the matrix."""

    rank: int
    team: str
    team_name: str
    wins: int
    losses: int
    mean_win_rate: float | None
    entry_id: int | None
    position: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def contest_rows(teams: list[dict[str, Any]], matrix: np.ndarray) -> list[ContestRow]:
    """The leaderboard of TEAMS (``team``, ``team_name``, ``entry_id`` each)
    whose win rates row against column are MATRIX (the diagonal ignored).

    >>> m = np.array([[np.nan, 0.6, 0.7], [0.4, np.nan, 0.5], [0.3, 0.5, np.nan]])
    >>> teams = [{"team": t, "team_name": t.upper(), "entry_id": None} for t in "abc"]
    >>> [(r.rank, r.team, r.wins) for r in contest_rows(teams, m)]
    [(1, 'a', 2), (2, 'b', 0), (2, 'c', 0)]
    """
    n = len(teams)
    rows = []
    for i, team in enumerate(teams):
        rates = [float(matrix[i, j]) for j in range(n) if j != i]
        wins = sum(rate > WIN_THRESHOLD for rate in rates)
        rows.append(
            ContestRow(
                rank=0,
                team=str(team["team"]),
                team_name=str(team["team_name"]),
                wins=wins,
                losses=len(rates) - wins,
                mean_win_rate=math.fsum(rates) / len(rates) if rates else None,
                entry_id=team.get("entry_id"),
                position=i,
            )
        )
    counts = [row.wins for row in rows]
    ranked = [replace(row, rank=1 + sum(w > row.wins for w in counts)) for row in rows]
    return sorted(ranked, key=lambda row: (row.rank, -(row.mean_win_rate or 0.0), row.team_name.casefold(), row.team))


def winners(rows: list[ContestRow], places: int = 3) -> list[ContestRow]:
    """The rows ranked within the first PLACES (ties can make more)."""
    return [row for row in rows if row.rank <= places]
