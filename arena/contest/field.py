"""The field a contest entry plays: the current entries of every other team, baselines included.

Coaching an entry against its field tells its team how it fares against
each other entry, so it is shown by the contest's own rule for entries
(``Contests.entry_view``): to the entry's team and staff, and once the
contest is final, to whoever the contest publishes its entries to. Its
win rates, against single entries and their means, follow the
leaderboard's rule (``arena.contest.board``): rounded to
``PUBLIC_DECIMALS`` until final, except for staff.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from arena.contest.board import PUBLIC_DECIMALS, Board
from arena.contest.service import Contests
from results.contest_records import ParticipantRecord

__all__ = ["EntryField", "entry_field"]


@dataclass(frozen=True)
class EntryField:
    """An entry as its viewer may see it (``view``), its table, and its
    field: the other teams' current entries (``ids``, ``labels``: their
    team names, and ``tables``, in the order of their ids); ``exact``:
    whether its viewer sees exact win rates against single entries."""

    view: dict[str, Any]
    table: np.ndarray
    ids: tuple[int, ...]
    labels: tuple[str, ...]
    tables: tuple[np.ndarray, ...]
    exact: bool

    def shown(self, rate: float) -> float:
        """A win rate against one entry (or a difference of two) as the viewer may see it."""
        return rate if self.exact else round(rate, PUBLIC_DECIMALS)


def entry_field(contests: Contests, board: Board, entry_id: int, viewer: ParticipantRecord | None) -> EntryField:
    """Entry ENTRY_ID of BOARD's contest and its field, if VIEWER may see the
    entry (``Contests.entry_view``: NoSuchEntry otherwise)."""
    view = contests.entry_view(board, entry_id, viewer)
    store, contest = contests.store, board.contest
    entry, _, _ = store.entry_content(contest, entry_id)
    names = {
        e.id: e.team_name + (" (baseline)" if e.baseline else "") for e in store.entries(contest, current_only=True)
    }
    current = store.current_tables(contest)
    others = sorted(k for k, (team, _) in current.items() if team != entry.team and k in names)
    table = np.asarray(view["table"], dtype=np.int8)
    labels, tables = tuple(names[k] for k in others), tuple(current[k][1] for k in others)
    exact = board.final or (viewer is not None and viewer.staff)
    return EntryField(view, table, tuple(others), labels, tables, exact)
