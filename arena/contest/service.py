"""The contest's policy: who is asking, what they may do, and when.

:class:`Contests` is the one place where a contest decides: identity (a
roster token, or the e-mail a provider verified), the deadline, the rate,
bars and disqualification, duplicates and near-copies, team names, what
each viewer may see of an entry. It raises the domain's errors
(``arena.contest.errors``); the store (``results.contest_store``) only
stores and loads, and the web and the command line only translate.

A submission reads the contest once (:meth:`Contests.contest`) and passes
that record down; the two write transactions it takes (the attempt, then
the entry) lock the contest's row and decide on the row they locked, so
nothing races: a deadline moved or an entry taken meanwhile is seen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import numpy as np

from arena.contest.board import Board, ContestRow, ranked_rows, rows_of
from arena.contest.emails import fold_email
from arena.contest.errors import (
    ContestClosed,
    DisqualifiedTable,
    DuplicateTable,
    EntryRefused,
    InvalidToken,
    NameTaken,
    NoSuchEntry,
    NoTeam,
    NotOnRoster,
    NotStaff,
    RateLimited,
    TeamBarred,
)
from arena.contest.names import check_team_name, team_label
from arena.contest.teams import clean_team_name, declared_team_name
from results.contest_records import BoardState, ContestRecord, EntryRecord, ParticipantRecord, StandingsRecord
from results.contest_store import LockedContest, NewEntry
from results.errors import NotStored
from results.interfaces import ContestStorage
from strategies.names import looks_like
from strategies.submission import CheckRequest, Submission, check_file, check_file_in_fresh_process

__all__ = ["Contests", "NEAR_COPY_SHARE", "near_copy", "utc_now"]

#: A table that differs from another team's current entry in fewer than
#: this share of its cells (200 of a goal-100 table's 10,000) is flagged to
#: staff as a near-copy of it. Every cell counts: each score pair is one a
#: game can reach.
NEAR_COPY_SHARE = 0.02


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def near_copy(table: np.ndarray, others: dict[int, np.ndarray]) -> tuple[int, int] | None:
    """(entry id, cells that differ) of the table of OTHERS nearest to TABLE
    if it differs in fewer than NEAR_COPY_SHARE of the cells, else None.

    >>> a = np.zeros((10, 10), np.int8); b = a.copy(); b[3, 4] = 6
    >>> near_copy(a, {7: b, 8: a + 1})
    (7, 1)
    """
    if not others:
        return None
    ids = list(others)
    stack = np.stack([others[k] for k in ids])
    differ = np.count_nonzero(stack != table[None], axis=(1, 2))
    nearest = int(np.argmin(differ))
    return (ids[nearest], int(differ[nearest])) if differ[nearest] < NEAR_COPY_SHARE * table.size else None


@dataclass(frozen=True)
class _Rows:
    """Standings' rows read once, for the revision and time they were published."""

    key: tuple[datetime, int | None]
    rows: list[ContestRow]
    updated: datetime | None


class Contests:
    """The contests of STORE, at the time CLOCK tells."""

    def __init__(self, store: ContestStorage, clock: Callable[[], datetime] = utc_now) -> None:
        self.store = store
        self.clock = clock
        self._rows: dict[int, _Rows] = {}

    # --- reading ---

    def contest(self, name: str) -> ContestRecord:
        return self.store.get_contest(name)

    def board(self, name: str) -> Board:
        """The leaderboard of contest NAME now."""
        (state,) = self.store.board_states(name)
        return self._board(state)

    def boards(self) -> list[Board]:
        """Every contest's leaderboard, newest deadline first."""
        return [self._board(state) for state in self.store.board_states()]

    def _board(self, state: BoardState) -> Board:
        contest = state.contest
        key = (contest.created, state.standings_revision)  # a publication ranks a new revision
        cached = self._rows.get(contest.id)
        if cached is None or cached.key != key:
            standings = None if key[1] is None else self.store.standings(contest, matrix=False)
            if standings is not None and standings.ranking is None:  # published before rows were kept
                standings = self.store.standings(contest)
            rows = [] if standings is None else _rows(standings)
            cached = _Rows(key, rows, None if standings is None else standings.updated)
            self._rows[contest.id] = cached
        return Board(state, cached.rows, contest.is_open(self.clock()), cached.updated)

    def matrix(self, board: Board) -> np.ndarray:
        """The win-rate matrix of BOARD's standings (matrix positions), empty before the first."""
        standings = self.store.standings(board.contest)
        return np.zeros((0, 0)) if standings is None or standings.matrix is None else standings.matrix

    # --- who is asking ---

    def by_token(self, contest: ContestRecord, token: str) -> ParticipantRecord:
        """The person of CONTEST whose roster token TOKEN is (InvalidToken
        otherwise, whether it is unknown, revoked or another contest's)."""
        person = self.store.participant_with_token(token)
        if person is None or person.contest_id != contest.id:
            raise InvalidToken(f"that token is not valid for contest {contest.name!r} (revoked, mistyped or another's)")
        return person

    def by_email(self, contest: ContestRecord, email: str) -> ParticipantRecord:
        """The person of CONTEST's roster signed in as EMAIL, compared
        exactly after ASCII-only case folding (NotOnRoster otherwise)."""
        person = self.store.participant(contest, fold_email(email))
        if person is None:
            raise NotOnRoster(f"{email} is not on the roster of contest {contest.name!r}")
        return person

    @staticmethod
    def require_staff(contest: ContestRecord, person: ParticipantRecord | None) -> ParticipantRecord:
        if person is None or not person.staff:
            raise NotStaff(f"only the staff of contest {contest.name!r} may do this")
        return person

    # --- submissions ---

    def take_attempt(self, contest: ContestRecord, person: ParticipantRecord, received: datetime) -> int:
        """Record a submission by PERSON received at RECEIVED (its id):
        ContestClosed after the deadline, TeamBarred, RateLimited over the
        rate (which counts the attempts the checker gave a verdict on)."""
        team = _team_of(person)
        with self.store.locked(contest.name) as locked:
            current = locked.contest
            _check_open(current, received)
            _check_not_barred(locked, team)
            if current.rate_count:
                since = received - timedelta(seconds=current.rate_seconds)
                recent = locked.checked_attempts_since(person.id, since)
                if len(recent) >= current.rate_count:
                    wait = max(1, math.ceil((recent[-current.rate_count] - since).total_seconds()))
                    raise RateLimited(
                        f"at most {current.rate_count} submission(s) per {current.rate_seconds} s each; "
                        f"try again in {wait} s",
                        wait,
                    )
            return locked.add_attempt(person.id, received)

    def attempt_checked(self, contest: ContestRecord, attempt: int, verdict: str) -> None:
        """The checker gave its VERDICT on ATTEMPT (the line that refused it): it counts for the rate."""
        with self.store.locked(contest.name) as locked:
            locked.mark_checked(attempt, verdict)

    def accept(
        self,
        contest: ContestRecord,
        person: ParticipantRecord,
        submission: Submission,
        *,
        filename: str,
        team_name: str | None,
        received: datetime,
        attempt: int | None = None,
    ) -> EntryRecord:
        """Queue SUBMISSION (a checked table) as PERSON's team's entry,
        replacing its current one, and count ATTEMPT (if given) as checked.
        The team's name: the file's TEAM_NAME, else TEAM_NAME, else its label."""
        team = _team_of(person)
        if submission.table is None:
            raise EntryRefused(f"refused: {submission.error}")
        table = submission.table.table
        sha256 = submission.table.sha256
        others = {k: t for k, (other, t) in self.store.current_tables(contest).items() if other != team}
        near = near_copy(table, others)
        python = filename.lower().endswith(".py")
        with self.store.locked(contest.name) as locked:
            _check_open(locked.contest, received)
            _check_not_barred(locked, team)
            current = locked.entries(current=True)
            if any(e.sha256 == sha256 and e.team != team and not e.baseline for e in current):
                raise DuplicateTable("another team's current entry has exactly this strategy table")
            thrown_out = [
                e for e in locked.entries(team=person.team) if e.status == "disqualified" and e.sha256 == sha256
            ]
            if thrown_out:
                number = thrown_out[-1].id
                raise DisqualifiedTable(
                    f"staff disqualified this table for your team (entry #{number}); it cannot return"
                )
            source = submission.source if python else None
            name = self._team_name(locked, team, source, team_name, current)
            entry = locked.add_entry(
                NewEntry(
                    team=team,
                    team_name=name,
                    submitted_by=person.email,
                    filename=filename,
                    table=table,
                    sha256=sha256,
                    source=submission.source,
                    received=received,
                    near_duplicate_of=None if near is None else near[0],
                    near_cells=None if near is None else near[1],
                )
            )
            if attempt is not None:
                locked.mark_checked(attempt, "accepted")
            return entry

    def _team_name(
        self,
        locked: LockedContest,
        team: str,
        source: str | None,
        field: str | None,
        current: Sequence[EntryRecord],
    ) -> str:
        teams = locked.teams()
        labels = {team: team_label(k) for k, team in enumerate(teams, start=1)}
        own = labels.get(team, team_label(len(teams) + 1))
        declared = declared_team_name(source) if source else None
        chosen = declared if declared is not None else (field if field and field.strip() else None)
        if chosen is None:
            return own
        try:
            name = clean_team_name(chosen)
        except ValueError as error:
            raise EntryRefused(f"{error} ({chosen[:60]!r})") from None
        others = [e.team_name for e in current if e.team != team]
        others += [other for other in teams if other != team]
        others += [label for other, label in labels.items() if other != team]
        if name.casefold() != team.casefold():
            check_team_name(name, own, others)
        return name

    def submit(
        self,
        contest: ContestRecord,
        person: ParticipantRecord,
        path: Path,
        *,
        filename: str,
        team_name: str | None,
        received: datetime,
    ) -> EntryRecord:
        """Check the file at PATH (uploaded as FILENAME by PERSON at RECEIVED)
        and queue it as PERSON's team's entry: the attempt first (deadline,
        bar, rate), then the check (a ``.json`` table is read here, no code
        runs; a ``.py`` file runs in the sandbox, in a fresh process), then
        the entry. SandboxError when the checker itself cannot run (that
        attempt does not count for the rate, nor one the server never finished)."""
        attempt = self.take_attempt(contest, person, received)
        request = CheckRequest(str(path), contest.rules, contest.goal)
        if path.suffix.lower() == ".json":
            submission = check_file(request)
        else:
            submission = check_file_in_fresh_process(request)
        try:
            return self.accept(
                contest, person, submission, filename=filename, team_name=team_name, received=received, attempt=attempt
            )
        except ValueError as refused:
            self.attempt_checked(contest, attempt, str(refused))  # a verdict all the same: it counts for the rate
            raise

    def add_baseline(self, contest: ContestRecord, submission: Submission, name: str, *, filename: str) -> EntryRecord:
        """Staff's baseline entry NAME (a checked table): on the leaderboard,
        marked, in no team's wins or ranks; a baseline of the same name is replaced."""
        if submission.table is None:
            raise EntryRefused(f"refused: {submission.error}")
        try:
            label = clean_team_name(name)
        except ValueError as error:
            raise EntryRefused(f"{error} ({name[:60]!r})") from None
        with self.store.locked(contest.name) as locked:
            if contest.imported:
                raise ValueError(f"contest {contest.name!r} is an imported past contest; it takes no baselines")
            teams = locked.teams()
            taken = [e.team_name for e in locked.entries(current=True) if e.team != _baseline_team(label)] + teams
            if looks_like(label, taken, same=True) is not None:
                raise NameTaken(f"the baseline name {label!r} is a team's name or looks like one; choose another")
            return locked.add_entry(
                NewEntry(
                    team=_baseline_team(label),
                    team_name=label,
                    submitted_by="staff",
                    filename=filename,
                    table=submission.table.table,
                    sha256=submission.table.sha256,
                    source=submission.source,
                    received=self.clock(),
                    baseline=True,
                )
            )

    # --- staff ---

    def set_deadline(self, name: str, deadline: datetime) -> ContestRecord:
        """Move the deadline of NAME (reopening it if staff had closed it)."""
        if deadline.tzinfo is None:
            raise ValueError("the deadline needs a time zone (for example 2026-12-01T23:59:00-08:00)")
        with self.store.locked(name) as locked:
            if locked.contest.imported:
                raise ValueError(f"contest {name!r} is an imported past contest; its deadline cannot change")
            return locked.set_times(deadline, None)

    def close(self, name: str) -> ContestRecord:
        """Stop taking submissions for NAME from now on."""
        with self.store.locked(name) as locked:
            return locked.set_times(locked.contest.deadline, self.clock())

    def disqualify(self, name: str, entry_id: int, reason: str, *, bar: bool = False) -> EntryRecord:
        """Take entry ENTRY_ID out of contest NAME for REASON; its table can
        never come back for its team, and with BAR the team may enter nothing more."""
        with self.store.locked(name) as locked:
            try:
                entry = locked.set_entry_status(entry_id, "disqualified", _reason(reason))
            except NotStored:
                raise NoSuchEntry(f"no entry #{entry_id} in contest {name!r}") from None
            if bar:
                locked.add_bar(entry.team, reason, self.clock())
            return entry

    def bar(self, name: str, team: str, reason: str) -> None:
        """Bar TEAM of contest NAME from further entries, for REASON (its current entry stays until disqualified)."""
        with self.store.locked(name) as locked:
            if team not in locked.teams():
                raise NotStored(f"no team {team!r} on the roster of contest {name!r}")
            locked.add_bar(team, _reason(reason), self.clock())

    def lift_bar(self, name: str, team: str) -> bool:
        """Let TEAM of contest NAME enter again; whether it was barred."""
        with self.store.locked(name) as locked:
            return locked.lift_bar(team)

    def rotate_token(self, name: str, email: str) -> str:
        """A new token for EMAIL in contest NAME; the old one and every
        sign-in session of that person end."""
        folded = fold_email(email)
        token = self.store.rotate_token(name, folded)
        self.store.end_sessions_of(folded)
        return token

    # --- what a viewer may see ---

    def entry_view(self, board: Board, entry_id: int, viewer: ParticipantRecord | None) -> dict[str, Any]:
        """Entry ENTRY_ID as VIEWER may see it. Its team and staff see all of
        it; once the contest is final and publishes, everyone sees each
        team's final entry (its name, table, and source if it publishes
        sources), never who sent it, its file name or staff's reasons.
        NoSuchEntry for anything else, whether it exists or not."""
        hidden = NoSuchEntry(f"no entry #{entry_id} that you may see in contest {board.contest.name!r}")
        try:
            entry, table, source = self.store.entry_content(board.contest, entry_id)
        except NotStored:
            raise hidden from None
        if viewer is not None and (viewer.staff or viewer.team == entry.team):
            return {**entry.as_dict(), "table": table.tolist(), "source": source}
        publish = board.contest.publish if board.final else "none"
        final_entries = {row.entry_id for row in board.rows}
        if publish == "none" or entry.id not in final_entries:
            raise hidden
        return {
            "id": entry.id,
            "team_name": entry.team_name,
            "table": table.tolist(),
            "source": source if publish == "sources" else None,
        }


def _rows(standings: StandingsRecord) -> list[ContestRow]:
    ranking = standings.ranking
    if ranking is None:
        assert standings.matrix is not None
        ranking = ranked_rows(standings.teams, standings.matrix)
    return rows_of(standings.teams, ranking)


def _baseline_team(name: str) -> str:
    """The team id a baseline is kept under (no roster team can have it: it has a colon and a space)."""
    return f"baseline: {name.casefold()}"


def _reason(reason: str) -> str:
    text = " ".join(reason.split())
    if not text:
        raise ValueError("give a reason")
    return text


def _check_open(contest: ContestRecord, received: datetime) -> None:
    if not contest.is_open(received):
        raise ContestClosed(f"contest {contest.name!r} closed at {contest.closes.isoformat()}")


def _team_of(person: ParticipantRecord) -> str:
    if person.team is None:
        raise NoTeam("the roster puts you in no team: staff add baselines (hog contest baseline), not entries")
    return person.team


def _check_not_barred(locked: LockedContest, team: str) -> None:
    reason = locked.bar_reason(team)
    if reason is not None:
        raise TeamBarred(f"staff barred your team from contest {locked.contest.name!r}: {reason}")
