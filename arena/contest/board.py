"""A contest's leaderboard as everyone sees it: the published standings
ranked, how many entries wait, and whether the standings are final (the
deadline passed, nothing waits, and they rank the newest entries)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from arena.contest.ranking import ContestRow, contest_rows, winners
from results.contest_records import ContestRecord, StandingsRecord
from results.store import Store

__all__ = ["Board", "read_board"]


@dataclass(frozen=True, eq=False)
class Board:
    contest: ContestRecord
    standings: StandingsRecord | None
    rows: list[ContestRow]
    queued: int
    final: bool
    open: bool  #: whether it takes submissions

    @property
    def state(self) -> str:
        """``open``, ``ranking`` (closed, the last entries not ranked yet) or ``final``."""
        if self.open:
            return "open"
        return "final" if self.final else "ranking"

    @property
    def winners(self) -> list[ContestRow]:
        return winners(self.rows) if self.final else []

    def matrix_in_rank_order(self) -> tuple[list[str], np.ndarray]:
        """Team names and the win-rate matrix, both in leaderboard order."""
        if self.standings is None:
            return [], np.zeros((0, 0))
        order = [row.position for row in self.rows]
        return [row.team_name for row in self.rows], self.standings.matrix[np.ix_(order, order)]

    def as_dict(self) -> dict[str, Any]:
        """The API's leaderboard (GET /api/contests/{name}/leaderboard)."""
        contest = self.contest
        return {
            "contest": contest.name,
            "rules": contest.rules,
            "goal": contest.goal,
            "deadline": contest.deadline.isoformat(),
            "closes": contest.closes.isoformat(),
            "state": self.state,
            "final": self.final,
            "updated": None if self.standings is None else self.standings.updated.isoformat(),
            "entries": len(self.rows),
            "queued": self.queued,
            "rows": [{k: v for k, v in row.as_dict().items() if k not in ("position",)} for row in self.rows],
        }


def read_board(store: Store, name: str, now: datetime) -> Board:
    """The leaderboard of contest NAME at NOW."""
    contest = store.get_contest(name)
    standings = store.standings(contest)
    rows = [] if standings is None else contest_rows(standings.teams, standings.matrix)
    queued = 0 if contest.imported else store.queued(contest)
    current = contest.imported or (standings is not None and standings.revision == contest.revision)
    is_open = contest.is_open(now)
    final = contest.imported or (not is_open and queued == 0 and current)
    return Board(contest, standings, rows, queued, final, is_open)
