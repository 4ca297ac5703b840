"""The web side of class contests: who is asking, what they may see, and
taking their submissions; shared by the contest API and pages.

A requester is identified by ``Authorization: Bearer TOKEN`` (a roster
token), else by the email they signed in with (OpenID Connect); an entry's
table and source are shown only to its team and to staff until the
contest is final, then as the contest's ``publish`` setting says.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, BinaryIO

import numpy as np
from fastapi import Request

from arena.contest.board import Board, read_board
from arena.contest.entries import submit_entry
from arena.contest.worker import RankingWorker
from arena.plots import MatrixPlot, matrix_figure
from hog_arena.web.admission import Admission, AdmissionPolicy
from hog_arena.web.service import ArenaService, saved_upload
from hog_arena.web.signin import signed_in_email
from results.contest_records import ContestRecord, EntryRecord, ParticipantRecord
from results.errors import ContestRefusal
from results.store import Store

__all__ = ["ContestService", "CONTEST_CHECKS", "PICTURE_SECONDS", "now"]

#: A live contest's matrix picture is drawn again at most this often (the
#: computations admit 60 drawings per 10 minutes for one contest).
PICTURE_SECONDS = 15

#: Checking contest entries: each person one at a time, a queue deep enough
#: for a deadline rush (entries are already authenticated and rate limited
#: per person, so the address, which a class behind one NAT shares, is not
#: what is counted).
CONTEST_CHECKS = AdmissionPolicy(
    workers=2,
    queue=200,
    per_client=1,
    per_client_running=1,
    per_window=1_000_000,
    jobs="submissions",
    service="the contest's strategy checker",
)


def now() -> datetime:
    return datetime.now(timezone.utc)


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


class ContestService:
    """Contests over a results store, ranked by WORKER (None: by another
    process); pictures are drawn by ARENA's computations, entries checked
    under CHECKS (default ``CONTEST_CHECKS``)."""

    def __init__(
        self, store: Store, arena: ArenaService, worker: RankingWorker | None = None, checks: Admission | None = None
    ) -> None:
        self.store = store
        self.arena = arena
        self.worker = worker
        self.checks = checks or Admission(CONTEST_CHECKS)

    def close(self) -> None:
        self.checks.close()

    def board(self, name: str) -> Board:
        return read_board(self.store, name, now())

    def requester(self, request: Request, contest: ContestRecord, required: bool = True) -> ParticipantRecord | None:
        """The participant making REQUEST: by bearer token, else by the
        signed-in email; a 401 refusal (or None unless REQUIRED) if neither."""
        token = _bearer(request)
        if token is not None:
            return self.store.participant_by_token(contest, token)
        email = signed_in_email(request)
        if email is not None:
            return self.store.participant_by_email(contest, email)
        if required:
            raise ContestRefusal("sign in, or send Authorization: Bearer TOKEN with your roster token", 401)
        return None

    async def submit(
        self,
        name: str,
        person: ParticipantRecord,
        upload: BinaryIO,
        filename: str | None,
        team_name: str | None,
        received: datetime,
    ) -> EntryRecord:
        """Check and queue an entry uploaded whole at RECEIVED (what the
        deadline is held against, however long the check waits), once
        admitted: one check at a time per person."""
        key = f"{name}\n{person.email}"
        return await self.checks.run(key, self._submit, name, person, upload, filename, team_name, received)

    def _submit(
        self,
        name: str,
        person: ParticipantRecord,
        upload: BinaryIO,
        filename: str | None,
        team_name: str | None,
        received: datetime,
    ) -> EntryRecord:
        try:
            with saved_upload(upload, filename) as path:
                entry = submit_entry(
                    self.store, name, person, path, filename=path.name, team_name=team_name, received=received
                )
        except ValueError as error:
            if isinstance(error, ContestRefusal):
                raise
            raise ContestRefusal(str(error), 400) from None
        if self.worker is not None:
            self.worker.wake()
        return entry

    def may_see(self, board: Board, entry: EntryRecord, viewer: ParticipantRecord | None) -> tuple[bool, bool]:
        """(the table, the source) of ENTRY that VIEWER may see."""
        if viewer is not None and (viewer.staff or viewer.team == entry.team):
            return True, True
        publish = board.contest.publish if board.final else "none"
        return publish in ("tables", "sources"), publish == "sources"

    def entry_view(self, board: Board, entry_id: int, viewer: ParticipantRecord | None) -> dict[str, Any]:
        """An entry as VIEWER may see it (a 403 refusal if not at all)."""
        entry, table, source = self.store.entry_content(board.contest, entry_id)
        see_table, see_source = self.may_see(board, entry, viewer)
        if not see_table:
            raise ContestRefusal(
                "entries are visible only to their team and staff until the contest publishes them", 403
            )
        data = {**entry.as_dict(), "table": table.tolist()}
        data["source"] = source if see_source else None
        return data

    def matrix_png(self, board: Board) -> bytes:
        """The win-rate matrix picture of BOARD. Every viewer sees the same
        one, so it is drawn for the contest, not for a viewer's address, and
        at most once per PICTURE_SECONDS while the standings keep changing
        (the table on the page is live; the picture follows within that)."""
        names, matrix = board.matrix_in_rank_order()
        ranks = tuple(row.rank for row in board.rows)
        updated = None if board.standings is None else board.standings.updated
        contest = board.contest
        period = None if updated is None else int(updated.timestamp() // PICTURE_SECONDS)
        key = ("contest", contest.id, period, board.final)
        title = f"Contest {contest.name}: {contest.rules}, goal {contest.goal}{' (final)' if board.final else ''}"
        data = MatrixPlot(tuple(names), ranks, np.asarray(matrix))
        return self.arena.picture(key, f"contest {contest.name}", matrix_figure, data, title)
