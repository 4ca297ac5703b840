"""A contest's leaderboard: the published standings' ranked rows, how many
entries wait, and whether the standings are final (the deadline passed,
nothing waits, and they rank the newest entries).

The rows are ranked once, by the worker that publishes the standings
(:func:`ranked_rows`, the course's rule: ``arena.ranking`` with ties of
wins shared), and stored with them; reading a board ranks nothing.

What the public sees (:meth:`Board.public_rows`, :func:`public_matrix`)
carries no team id, e-mail or file name: a team is its name. Until the
standings are final, every public win rate, a team's mean included, is
rounded to ``PUBLIC_DECIMALS`` (3) decimals: exact rates of a known probe
entry against a private one identify that private table offline, and
exact means before and after a new entry give that entry's exact rate
against every team. Wins and ranks stay exact. Staff see exact values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

import numpy as np

from arena.ranking import in_rank_order, rank_matrix
from results.contest_records import BoardState, ContestRecord

__all__ = ["Board", "ContestRow", "PUBLIC_DECIMALS", "WINNING_PLACES", "ranked_rows", "rows_of", "public_matrix"]

#: Decimals of the public win rates until the standings are final.
PUBLIC_DECIMALS = 3
#: The ranks named winners once the standings are final.
WINNING_PLACES = 3


@dataclass(frozen=True)
class ContestRow:
    """A team's line on a contest leaderboard; POSITION is its row of the matrix."""

    rank: int | None  #: None for a baseline
    team: str
    team_name: str
    wins: int
    losses: int
    mean_win_rate: float | None
    entry_id: int | None
    position: int
    baseline: bool = False

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def ranked_rows(teams: Sequence[dict[str, Any]], matrix: np.ndarray) -> list[dict[str, Any]]:
    """The ranked rows of TEAMS (``team``, ``team_name``, ``baseline`` each)
    whose win rates, row against column, are MATRIX: the course's rule
    (equal wins share a rank; the mean, then the name, order the display),
    best first. Teams count only their matches against teams; a baseline
    (staff's reference entry) is scored against the teams alone, has no
    rank, and is shown before the first team with fewer wins.

    >>> m = np.array([[np.nan, 0.6, 0.7], [0.4, np.nan, 0.5], [0.3, 0.5, np.nan]])
    >>> [(r["rank"], r["position"], r["wins"]) for r in ranked_rows([{"team": t, "team_name": t} for t in "abc"], m)]
    [(1, 0, 2), (2, 1, 0), (2, 2, 0)]
    >>> teams = [{"team": t, "team_name": t, "baseline": t == "b"} for t in "abc"]
    >>> [(r["rank"], r["position"], r["wins"]) for r in ranked_rows(teams, m)]
    [(1, 0, 1), (2, 2, 0), (None, 1, 0)]
    """
    playing = [k for k, t in enumerate(teams) if not t.get("baseline")]
    keys = [f"{str(teams[k]['team_name']).casefold()}\0{teams[k]['team']}" for k in playing]
    ranking = rank_matrix(matrix[np.ix_(playing, playing)], keys, "wins")
    rows: list[dict[str, Any]] = [
        {
            "position": playing[k],
            "rank": int(ranking.rank[k]),
            "wins": int(ranking.wins[k]),
            "losses": int(ranking.losses[k]),
            "mean": ranking.mean_of(k),
        }
        for k in ranking.order
    ]
    for k, team in enumerate(teams):
        if team.get("baseline"):
            score = rank_matrix(matrix[np.ix_([k, *playing], [k, *playing])], ["", *keys], "wins")
            row: dict[str, Any] = {"position": k, "rank": None, "wins": int(score.wins[0])}
            row.update(losses=int(score.losses[0]), mean=score.mean_of(0))
            fewer = (i for i, r in enumerate(rows) if r["rank"] is not None and r["wins"] < row["wins"])
            before = next(fewer, len(rows))
            rows.insert(before, row)
    return rows


def rows_of(teams: Sequence[dict[str, Any]], ranking: Sequence[dict[str, Any]]) -> list[ContestRow]:
    """The leaderboard's rows from stored TEAMS and their stored RANKING."""
    return [
        ContestRow(
            rank=None if r["rank"] is None else int(r["rank"]),
            team=str(teams[r["position"]]["team"]),
            team_name=str(teams[r["position"]]["team_name"]),
            wins=int(r["wins"]),
            losses=int(r["losses"]),
            mean_win_rate=r["mean"],
            entry_id=teams[r["position"]].get("entry_id"),
            position=int(r["position"]),
            baseline=bool(teams[r["position"]].get("baseline")),
        )
        for r in ranking
    ]


def _shown(value: float | None, exact: bool) -> float | None:
    return value if value is None or exact else round(value, PUBLIC_DECIMALS)


@dataclass(frozen=True, eq=False)
class Board:
    """A contest's leaderboard at one moment (``state`` from BoardState, ROWS ranked)."""

    state_read: BoardState
    rows: list[ContestRow]
    open: bool  #: whether it takes submissions
    updated: datetime | None = None  #: when the standings shown were published

    @property
    def contest(self) -> ContestRecord:
        return self.state_read.contest

    @property
    def queued(self) -> int:
        return self.state_read.queued

    @property
    def final(self) -> bool:
        """Whether the standings are final: closed, nothing waits, and they rank the newest entries."""
        read = self.state_read
        if self.contest.imported:
            return True
        return not self.open and read.queued == 0 and read.standings_revision == self.contest.revision

    @property
    def state(self) -> str:
        """``open``, ``ranking`` (closed, the last entries not ranked yet) or ``final``."""
        if self.open:
            return "open"
        return "final" if self.final else "ranking"

    @property
    def winners(self) -> list[ContestRow]:
        """The rows ranked within the first WINNING_PLACES (ties can make more), once final."""
        return [row for row in self.teams if row.rank is not None and row.rank <= WINNING_PLACES] if self.final else []

    @property
    def teams(self) -> list[ContestRow]:
        """The rows of teams (baselines left out)."""
        return [row for row in self.rows if not row.baseline]

    @property
    def version(self) -> tuple[Any, ...]:
        """What the board shows depends on this alone (a cache key)."""
        c = self.contest
        read = self.state_read
        return (c.id, c.created, c.revision, c.deadline, c.closed, read.standings_revision, self.updated, read.queued)

    def public_rows(self, exact: bool = False) -> list[dict[str, Any]]:
        """The rows as the leaderboard shows them: rank, team name, wins,
        losses, mean win rate (rounded until final unless EXACT), entry id."""
        exact = exact or self.final
        return [
            {
                "rank": row.rank,
                "team_name": row.team_name,
                "wins": row.wins,
                "losses": row.losses,
                "mean_win_rate": _shown(row.mean_win_rate, exact),
                "entry_id": row.entry_id,
                "baseline": row.baseline,
            }
            for row in self.rows
        ]

    def as_dict(self, exact: bool = False) -> dict[str, Any]:
        """The API's leaderboard (GET /api/contests/{name}/leaderboard)."""
        contest = self.contest
        return {
            "contest": contest.name,
            "rules": contest.rules,
            "goal": contest.goal,
            "deadline": contest.deadline.isoformat(),
            "closes": contest.closes.isoformat(),
            "timezone": contest.timezone,
            "state": self.state,
            "final": self.final,
            "exact": exact or self.final,
            "updated": None if self.updated is None else self.updated.isoformat(),
            "entries": len(self.teams),
            "queued": self.queued,
            "rows": self.public_rows(exact),
        }


def public_matrix(board: Board, matrix: np.ndarray, exact: bool = False) -> tuple[list[str], np.ndarray]:
    """Team names and the win-rate MATRIX of BOARD's standings, both in
    leaderboard order; rounded until final unless EXACT."""
    ordered = in_rank_order(matrix, [row.position for row in board.rows])
    if not (exact or board.final):
        ordered = np.round(ordered, PUBLIC_DECIMALS)
    return [row.team_name for row in board.rows], ordered
