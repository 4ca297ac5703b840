"""The web side of class contests: who is asking (a bearer token or the
signed-in session), the admission of checks, and the answers that many
people read at once, made once per standings and shared.

Every decision is the contest's policy (``arena.contest.service.Contests``);
this module only reads the request and keeps what is expensive to answer:
the leaderboard's JSON body and page rows by the board's version (a read is
two small queries and a lookup), the matrix as JSON and as a picture under
the arena's admission control for computations.
"""

from __future__ import annotations

import json
import logging
import time
from datetime import datetime
from typing import Any, BinaryIO

import numpy as np
from fastapi import Request
from markupsafe import Markup

from arena.contest.board import Board, public_matrix
from arena.contest.errors import ContestError, NotSignedIn
from arena.contest.service import Contests, utc_now
from arena.contest.worker import RankingWorker
from arena.plots import MatrixPlot, matrix_figure
from hog_arena.web.admission import Admission, AdmissionPolicy, Refused
from hog_arena.web.errors import status_of
from hog_arena.web.logs import LOGGER, event
from hog_arena.web.service import ArenaService, SharedCache, saved_upload
from hog_arena.web.signin import signed_in_email
from results.contest_records import ContestRecord, EntryRecord, ParticipantRecord
from results.interfaces import ContestStorage

__all__ = ["ContestService", "CONTEST_CHECKS", "PICTURE_SECONDS", "now"]

#: A live contest's matrix picture is drawn again at most this often (the
#: computations admit 60 drawings per 10 minutes for one contest).
PICTURE_SECONDS = 15

#: Checking contest entries' Python files: each team one at a time (two
#: teammates cannot hold both checkers), a queue deep enough for a deadline
#: rush (entries are already authenticated and rate limited per person, so
#: the address, which a class behind one NAT shares, is not what is
#: counted). A ``.json`` table runs no code and waits for no checker.
CONTEST_CHECKS = AdmissionPolicy(
    workers=2,
    queue=200,
    per_client=1,
    per_client_running=1,
    per_window=1_000_000,
    jobs="submissions",
    service="the contest's strategy checker",
)


#: Reading a contest's whole matrix (for its JSON or its picture): one at a
#: time for each contest, a short queue; each version is read once and shared.
CONTEST_READS = AdmissionPolicy(
    workers=2, queue=16, per_client=4, per_window=1_000_000, jobs="matrix reads", service="the contest's matrices"
)


_log = logging.getLogger(f"{LOGGER}.contest")


def now() -> datetime:
    return utc_now()


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


class ContestService:
    """Contests over a results store, ranked by WORKER (None: by another
    process); pictures and matrices are computed under ARENA's admission
    control, entries checked under CHECKS (default ``CONTEST_CHECKS``)."""

    def __init__(
        self,
        store: ContestStorage,
        arena: ArenaService,
        worker: RankingWorker | None = None,
        checks: Admission | None = None,
    ) -> None:
        self.contests = Contests(store)
        self.arena = arena
        self.worker = worker
        self.checks = checks or Admission(CONTEST_CHECKS)
        self.reads = Admission(CONTEST_READS)
        self._answers = SharedCache(size=256)

    def close(self) -> None:
        self.checks.close()
        self.reads.close()

    def board(self, name: str) -> Board:
        return self.contests.board(name)

    def requester(self, request: Request, contest: ContestRecord, required: bool = True) -> ParticipantRecord | None:
        """The participant making REQUEST: by bearer token, else by the
        signed-in email; NotSignedIn (or None unless REQUIRED) if neither."""
        token = _bearer(request)
        if token is not None:
            return self.contests.by_token(contest, token)
        email = signed_in_email(request)
        if email is not None:
            return self.contests.by_email(contest, email)
        if required:
            raise NotSignedIn("sign in, or send Authorization: Bearer TOKEN with your roster token")
        return None

    def staff(self, request: Request, name: str) -> ContestRecord:
        """Contest NAME, if REQUEST comes from its staff (else a domain error)."""
        contest = self.contests.contest(name)
        person = self.requester(request, contest)
        self.contests.require_staff(contest, person)
        request.state.contest_staff = person
        return contest

    def staff_did(self, request: Request, name: str, action: str, **what: object) -> None:
        """Log staff's ACTION on contest NAME (once ``staff`` let REQUEST through): who did it, and WHAT."""
        person = getattr(request.state, "contest_staff", None)
        event(_log, "staff action", contest=name, action=action, by=None if person is None else person.email, **what)

    async def receive(
        self, request: Request, name: str, upload: BinaryIO, filename: str | None, team_name: str | None
    ) -> EntryRecord:
        """The entry REQUEST uploads to contest NAME, from the person it
        identifies, checked and queued (``submit``); every submission,
        queued or refused, is logged with how long it took."""
        from starlette.concurrency import run_in_threadpool

        received, started = now(), time.perf_counter()
        team = None
        try:
            contest = await run_in_threadpool(self.contests.contest, name)
            person = await run_in_threadpool(self.requester, request, contest)
            assert person is not None
            team = person.team
            entry = await self.submit(contest, person, upload, filename, team_name, received)
        except Exception as error:
            _log_submission(name, team, error, started)
            raise
        _log_submission(name, team, entry, started)
        return entry

    async def submit(
        self,
        contest: ContestRecord,
        person: ParticipantRecord,
        upload: BinaryIO,
        filename: str | None,
        team_name: str | None,
        received: datetime,
    ) -> EntryRecord:
        """Check and queue an entry uploaded whole at RECEIVED (what the
        deadline is held against, however long the check waits): a Python
        file once admitted, one check at a time per team."""
        if (filename or "").lower().endswith(".json"):
            from starlette.concurrency import run_in_threadpool

            return await run_in_threadpool(self._submit, contest, person, upload, filename, team_name, received)
        key = f"{contest.id}\n{person.team}"
        return await self.checks.run(key, self._submit, contest, person, upload, filename, team_name, received)

    def _submit(
        self,
        contest: ContestRecord,
        person: ParticipantRecord,
        upload: BinaryIO,
        filename: str | None,
        team_name: str | None,
        received: datetime,
    ) -> EntryRecord:
        with saved_upload(upload, filename) as path:
            entry = self.contests.submit(
                contest, person, path, filename=path.name, team_name=team_name, received=received
            )
        if self.worker is not None:
            self.worker.wake()
        return entry

    def changed(self) -> None:
        """Staff changed the entries: rank again now."""
        if self.worker is not None:
            self.worker.wake()

    # --- shared answers ---

    def leaderboard_json(self, board: Board, exact: bool) -> bytes:
        """The leaderboard API's body for BOARD (exact win rates if EXACT, for staff)."""
        key = ("leaderboard", board.version, board.state, exact or board.final)
        return self._answers.get(key, lambda: _json(board.as_dict(exact)))

    def rows_html(self, board: Board, exact: bool, published: bool, mine: tuple[int, ...]) -> Markup:
        """The leaderboard's rows as the contest page shows them (the viewer's
        team's entries MINE marked), rendered once per board version and MINE:
        750 rows cost a page about 10 ms to render."""
        from hog_arena.web.views import fragment

        key = ("rows", board.version, board.state, exact or board.final, published, mine)
        context = {"exact": exact or board.final, "published": published, "mine_ids": mine}
        context["contest_name"] = board.contest.name
        return self._answers.get(
            key, lambda: fragment("_contest_rows.html", {**context, "rows": board.public_rows(exact)})
        )

    def matrix_json(self, board: Board, exact: bool) -> bytes:
        """The matrix API's body: team names and win rates in leaderboard
        order (rounded until final unless EXACT), made once per version,
        under admission control (4.5 MB of matrix at 750 teams)."""
        key = ("contest-matrix", board.version, exact or board.final)
        client = f"contest {board.contest.name}"
        return self._answers.get(key, lambda: self.reads.call(client, self._matrix_json, board, exact))

    def _matrix_json(self, board: Board, exact: bool) -> bytes:
        names, values = public_matrix(board, self.contests.matrix(board), exact)
        # None (JSON null) where there is no win rate: an object array, which numpy's stubs do not allow for.
        rows = np.where(np.isnan(values), None, values).tolist()  # type: ignore[call-overload]
        return _json({"contest": board.contest.name, "teams": names, "winrate_mat": rows})

    def matrix_png(self, board: Board) -> bytes:
        """The win-rate matrix picture of BOARD, as the public sees it. Every
        viewer sees the same one, so it is drawn for the contest, not for a
        viewer's address, and at most once per PICTURE_SECONDS while the
        standings keep changing (the table on the page is live; the picture
        follows within that). Drawn under the arena's admission control."""
        contest = board.contest
        updated = board.updated
        period = None if updated is None else int(updated.timestamp() // PICTURE_SECONDS)
        key = ("contest", contest.id, period, board.final)
        client = f"contest {contest.name}"
        return self._answers.get(key, lambda: self.reads.call(client, self._draw, board, key, client))

    def _draw(self, board: Board, key: tuple[Any, ...], client: str) -> bytes:
        contest = board.contest
        names, matrix = public_matrix(board, self.contests.matrix(board))
        data = MatrixPlot(tuple(names), tuple(row.rank for row in board.rows), np.asarray(matrix))
        title = f"Contest {contest.name}: {contest.rules}, goal {contest.goal}{' (final)' if board.final else ''}"
        return self.arena.picture(key, client, matrix_figure, data, title)


def _log_submission(contest: str, team: str | None, outcome: EntryRecord | Exception, started: float) -> None:
    """Log a submission to CONTEST by TEAM (None: not known) and its OUTCOME, begun at STARTED."""
    seconds = round(time.perf_counter() - started, 3)
    if isinstance(outcome, EntryRecord):
        event(_log, "submission", contest=contest, team=team, entry=outcome.id, verdict=outcome.status, seconds=seconds)
        return
    refused = isinstance(outcome, (ContestError, Refused))
    status = status_of(outcome) if isinstance(outcome, ContestError) else getattr(outcome, "status", None)
    verdict = "refused" if refused else "failed"
    reason = str(outcome)[:300] or type(outcome).__name__
    event(
        _log, "submission", contest=contest, team=team, verdict=verdict, status=status, reason=reason, seconds=seconds
    )


def _json(data: dict[str, Any]) -> bytes:
    return json.dumps(data, separators=(",", ":"), allow_nan=False).encode()
