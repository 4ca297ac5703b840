"""The contests aggregate of the store: a contest, its roster (tokens kept
as sha256 digests), the submission attempts a rate limit counts, the
entries (kept apart from the public ``strategies`` table), the teams staff
barred, and the published standings with their ranked rows.

This module stores and loads; it decides nothing. Whatever must not race
(the rate, the deadline, one current entry per team, no two teams with the
same table or name) is decided by the contest's policy
(``arena.contest.service``) inside :meth:`ContestStore.locked`: one write
transaction that first locks the contest's row (SQLite: the write lock
taken at BEGIN; PostgreSQL: ``SELECT ... FOR UPDATE``), through the
:class:`LockedContest` it yields. The standings are published with a check
that nobody published since they were read, so two workers can never both
count an entry.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session, defer

from results.contest_records import (
    AttemptRecord,
    BoardState,
    ContestRecord,
    EntryRecord,
    ParticipantRecord,
    StandingsRecord,
)
from results.database import Database, check_name
from results.errors import NotStored, StoreError
from results.models import (
    PUBLISH_CHOICES,
    ROLES,
    Contest,
    ContestAttempt,
    ContestBar,
    ContestEntry,
    ContestParticipant,
    ContestStandings,
)
from results.records import utc
from results.tokens import new_token, token_digest

__all__ = ["ContestStore", "ContestSettings", "LockedContest", "NewEntry", "RankingInput", "CURRENT"]

#: The statuses of a team's current entry.
CURRENT = ("queued", "ranked")


@dataclass(frozen=True)
class ContestSettings:
    """What ``hog contest create`` sets."""

    rules: str
    goal: int
    deadline: datetime
    team_size: int = 1
    rate_count: int = 1
    rate_seconds: int = 60
    publish: str = "none"
    timezone: str = "UTC"

    def check(self) -> None:
        """A StoreError unless every setting is in range."""
        if self.deadline.tzinfo is None:
            raise StoreError("the deadline needs a time zone (for example 2026-12-01T23:59:00-08:00)")
        if self.goal < 1 or self.team_size < 1 or self.rate_count < 0 or self.rate_seconds < 1:
            raise StoreError("goal, team size and rate period must be positive, the rate count not negative")
        if self.publish not in PUBLISH_CHOICES:
            raise StoreError(f"publish must be one of {', '.join(PUBLISH_CHOICES)}, not {self.publish!r}")


@dataclass(frozen=True)
class NewEntry:
    """An entry to store: its table (goal x goal int8), what it came as, and
    the near-copy the policy found (if any)."""

    team: str
    team_name: str
    submitted_by: str
    filename: str
    table: np.ndarray
    sha256: str
    source: str | None
    received: datetime
    near_duplicate_of: int | None = None
    near_cells: int | None = None
    baseline: bool = False


@dataclass(frozen=True, eq=False)
class RankingInput:
    """What a ranking worker reads: the contest at one revision, its current
    entries with their tables (goal x goal int8, by entry id) and the
    standings published last (None before the first)."""

    contest: ContestRecord
    entries: list[EntryRecord]
    tables: dict[int, np.ndarray]
    standings: StandingsRecord | None

    @property
    def current(self) -> bool:
        """Whether the published standings already rank this revision."""
        return self.standings is not None and self.standings.revision == self.contest.revision


def _contest_row(session: Session, name: str, where: str, lock: bool = False) -> Contest:
    statement = select(Contest).where(Contest.name == name)
    if lock:
        statement = statement.with_for_update()
    row = session.scalar(statement)
    if row is None:
        raise NotStored(f"no contest {name!r} in {where}")
    return row


def _entries(session: Session, contest_id: int, *, current: bool = False, team: str | None = None) -> list[EntryRecord]:
    statement = (
        select(ContestEntry)
        .options(defer(ContestEntry.table), defer(ContestEntry.source))
        .where(ContestEntry.contest_id == contest_id)
    )
    if current:
        statement = statement.where(ContestEntry.status.in_(CURRENT))
    if team is not None:
        statement = statement.where(ContestEntry.team == team)
    return [EntryRecord.from_row(row) for row in session.scalars(statement.order_by(ContestEntry.id))]


def _table(data: bytes, goal: int) -> np.ndarray:
    table: np.ndarray = np.frombuffer(data, dtype=np.int8).reshape(goal, goal).copy()
    return table


class LockedContest:
    """One contest read and written inside one write transaction that holds
    its row's lock (:meth:`ContestStore.locked`)."""

    def __init__(self, session: Session, row: Contest, where: str) -> None:
        self._session = session
        self._row = row
        self.where = where

    @property
    def contest(self) -> ContestRecord:
        return ContestRecord.from_row(self._row)

    def checked_attempts_since(self, participant_id: int, since: datetime) -> list[datetime]:
        """When PARTICIPANT_ID's attempts with a verdict after SINCE were made, oldest first."""
        rows = self._session.scalars(
            select(ContestAttempt.created)
            .where(
                ContestAttempt.participant_id == participant_id,
                ContestAttempt.created > since,
                ContestAttempt.checked.is_(True),
            )
            .order_by(ContestAttempt.created)
        )
        return list(rows)

    def add_attempt(self, participant_id: int, when: datetime) -> int:
        """Record an attempt (not yet checked); its id."""
        attempt = ContestAttempt(participant_id=participant_id, created=when, checked=False)
        self._session.add(attempt)
        self._session.flush()
        return attempt.id

    def mark_checked(self, attempt_id: int, verdict: str) -> None:
        """The checker's VERDICT on attempt ATTEMPT_ID ("accepted", or the line that refused it)."""
        self._session.execute(
            update(ContestAttempt).where(ContestAttempt.id == attempt_id).values(checked=True, verdict=verdict[:1000])
        )

    def entries(self, *, current: bool = False, team: str | None = None) -> list[EntryRecord]:
        """The contest's entries (only current ones, only TEAM's), oldest first."""
        return _entries(self._session, self._row.id, current=current, team=team)

    def entry(self, entry_id: int) -> EntryRecord:
        """One entry of this contest (NotStored if there is none)."""
        row = self._session.get(ContestEntry, int(entry_id))
        if row is None or row.contest_id != self._row.id:
            raise NotStored(f"no entry #{entry_id} in contest {self._row.name!r}")
        return EntryRecord.from_row(row)

    def teams(self) -> list[str]:
        """The roster's teams, in the order they were first put on it."""
        rows = self._session.execute(
            select(ContestParticipant.team, func.min(ContestParticipant.id).label("first"))
            .where(ContestParticipant.contest_id == self._row.id, ContestParticipant.team.is_not(None))
            .group_by(ContestParticipant.team)
            .order_by("first")
        )
        return [team for team, _ in rows if team is not None]

    def bar_reason(self, team: str) -> str | None:
        """Why staff barred TEAM, or None if it is not barred."""
        bar = self._session.get(ContestBar, (self._row.id, team))
        return None if bar is None else bar.reason

    def add_bar(self, team: str, reason: str, when: datetime) -> None:
        check_name(reason, "reason")
        bar = self._session.get(ContestBar, (self._row.id, team))
        if bar is None:
            self._session.add(ContestBar(contest_id=self._row.id, team=team, reason=reason, created=when))
        else:
            bar.reason = reason

    def lift_bar(self, team: str) -> bool:
        """Lift TEAM's bar; whether there was one."""
        bar = self._session.get(ContestBar, (self._row.id, team))
        if bar is not None:
            self._session.delete(bar)
        return bar is not None

    def add_entry(self, new: NewEntry) -> EntryRecord:
        """Store NEW as its team's current entry (the previous one becomes
        ``replaced``) and count a new revision."""
        self._session.execute(
            update(ContestEntry)
            .where(
                ContestEntry.contest_id == self._row.id,
                ContestEntry.team == new.team,
                ContestEntry.status.in_(CURRENT),
            )
            .values(status="replaced")
        )
        row = ContestEntry(
            contest_id=self._row.id,
            team=new.team,
            team_name=new.team_name,
            submitted_by=new.submitted_by,
            filename=new.filename,
            status="queued",
            table=np.ascontiguousarray(new.table, dtype=np.int8).tobytes(),
            sha256=new.sha256,
            source=new.source,
            created=new.received,
            near_duplicate_of=new.near_duplicate_of,
            near_cells=new.near_cells,
            baseline=new.baseline,
        )
        self._session.add(row)
        self._row.revision += 1
        self._session.flush()
        return EntryRecord.from_row(row)

    def set_entry_status(self, entry_id: int, status: str, reason: str | None) -> EntryRecord:
        """Give entry ENTRY_ID a new STATUS (and REASON); a new revision if it was current."""
        row = self._session.get(ContestEntry, int(entry_id))
        if row is None or row.contest_id != self._row.id:
            raise NotStored(f"no entry #{entry_id} in contest {self._row.name!r}")
        if row.status in CURRENT:
            self._row.revision += 1
        row.status, row.reason = status, reason
        return EntryRecord.from_row(row)

    def set_times(self, deadline: datetime, closed: datetime | None) -> ContestRecord:
        """Set the deadline and the moment staff closed the contest (None: not closed)."""
        self._row.deadline, self._row.closed = deadline, closed
        self._session.flush()
        return self.contest


class ContestStore(Database):
    """Class contests: see the module docstring."""

    # --- contests ---

    def create_contest(self, name: str, settings: ContestSettings) -> ContestRecord:
        """A new contest NAME (a StoreError if the name is taken)."""
        with self._session(write=True) as session:
            return ContestRecord.from_row(self._new_contest(session, name, settings, imported=False))

    def _new_contest(self, session: Session, name: str, settings: ContestSettings, imported: bool) -> Contest:
        check_name(name, "contest name")
        settings.check()
        if session.scalar(select(Contest.id).where(Contest.name == name)) is not None:
            raise StoreError(f"contest name {name!r} is taken in {self.where}")
        row = Contest(
            name=name,
            rules=settings.rules,
            goal=settings.goal,
            deadline=settings.deadline,
            team_size=settings.team_size,
            rate_count=settings.rate_count,
            rate_seconds=settings.rate_seconds,
            publish=settings.publish,
            imported=imported,
            revision=0,
            timezone=settings.timezone,
        )
        session.add(row)
        session.flush()
        return row

    def get_contest(self, name: str) -> ContestRecord:
        """The contest NAME (NotStored if there is none)."""
        with self._session() as session:
            return ContestRecord.from_row(_contest_row(session, name, self.where))

    def list_contests(self) -> list[ContestRecord]:
        """Every contest, newest deadline first."""
        with self._session() as session:
            rows = session.scalars(select(Contest).order_by(Contest.deadline.desc(), Contest.id.desc()))
            return [ContestRecord.from_row(row) for row in rows]

    @contextmanager
    def locked(self, name: str) -> Iterator[LockedContest]:
        """The contest NAME in one write transaction holding its row's lock:
        all that is done through it is committed together, or nothing."""
        with self._session(write=True) as session:
            yield LockedContest(session, _contest_row(session, name, self.where, lock=True), self.where)

    # --- roster ---

    def add_roster(
        self, name: str, people: Sequence[tuple[str, str | None, str]]
    ) -> list[tuple[ParticipantRecord, str | None]]:
        """Put PEOPLE, (email, team, role) each, on the roster of NAME, all or
        none: a new person gets a token (returned once, stored only as its
        digest); a person already on it keeps theirs (None) and takes the
        team and role given. Teams are checked against the team size."""
        with self._session(write=True) as session:
            contest = _contest_row(session, name, self.where, lock=True)
            existing = {
                p.email: p
                for p in session.scalars(select(ContestParticipant).where(ContestParticipant.contest_id == contest.id))
            }
            out: list[tuple[ContestParticipant, str | None]] = []
            for email, team, role in people:
                check_name(email, "email")
                check_name(team, "team", required=role != "staff")
                if role not in ROLES:
                    raise StoreError(f"role of {email} must be one of {', '.join(ROLES)}, not {role!r}")
                row = existing.get(email)
                token = None
                if row is None:
                    token = new_token()
                    row = ContestParticipant(
                        contest_id=contest.id, email=email, team=team, role=role, token_sha256=token_digest(token)
                    )
                    session.add(row)
                    existing[email] = row
                else:
                    row.team, row.role = team, role
                out.append((row, token))
            sizes: dict[str, int] = {}
            for person in existing.values():
                if person.team is not None:
                    sizes[person.team] = sizes.get(person.team, 0) + 1
            for team, size in sorted(sizes.items()):
                if size > contest.team_size:
                    raise StoreError(
                        f"team {team!r} would have {size} members; contest {name!r} allows {contest.team_size}"
                    )
            session.flush()
            return [(ParticipantRecord.from_row(row), token) for row, token in out]

    def rotate_token(self, name: str, email: str) -> str:
        """Revoke EMAIL's token for contest NAME and return a new one."""
        with self._session(write=True) as session:
            contest = _contest_row(session, name, self.where)
            row = session.scalar(
                select(ContestParticipant).where(
                    ContestParticipant.contest_id == contest.id, ContestParticipant.email == email
                )
            )
            if row is None:
                raise NotStored(f"{email} is not on the roster of contest {name!r}")
            token = new_token()
            row.token_sha256 = token_digest(token)
            return token

    def roster(self, name: str) -> list[ParticipantRecord]:
        with self._session() as session:
            contest = _contest_row(session, name, self.where)
            rows = session.scalars(
                select(ContestParticipant)
                .where(ContestParticipant.contest_id == contest.id)
                .order_by(ContestParticipant.team, ContestParticipant.email)
            )
            return [ParticipantRecord.from_row(row) for row in rows]

    def participant_with_token(self, token: str) -> ParticipantRecord | None:
        """The person (of any contest) whose token TOKEN is, or None."""
        with self._session() as session:
            row = session.scalar(
                select(ContestParticipant).where(ContestParticipant.token_sha256 == token_digest(token))
            )
            return None if row is None else ParticipantRecord.from_row(row)

    def participant(self, contest: ContestRecord, email: str) -> ParticipantRecord | None:
        """The person of CONTEST's roster whose email is exactly EMAIL, or None."""
        with self._session() as session:
            row = session.scalar(
                select(ContestParticipant).where(
                    ContestParticipant.contest_id == contest.id, ContestParticipant.email == email
                )
            )
            return None if row is None else ParticipantRecord.from_row(row)

    # --- entries ---

    def team_entries(self, contest: ContestRecord, team: str) -> list[EntryRecord]:
        """Every entry TEAM made in CONTEST, newest first."""
        with self._session() as session:
            return _entries(session, contest.id, team=team)[::-1]

    def entries(self, contest: ContestRecord, *, current_only: bool = False) -> list[EntryRecord]:
        """The entries of CONTEST (only the current ones if CURRENT_ONLY), oldest first."""
        with self._session() as session:
            return _entries(session, contest.id, current=current_only)

    def current_tables(self, contest: ContestRecord) -> dict[int, tuple[str, np.ndarray]]:
        """{entry id: (team, table)} of CONTEST's current entries."""
        with self._session() as session:
            rows = session.execute(
                select(ContestEntry.id, ContestEntry.team, ContestEntry.table).where(
                    ContestEntry.contest_id == contest.id, ContestEntry.status.in_(CURRENT)
                )
            )
            return {entry_id: (team, _table(table, contest.goal)) for entry_id, team, table in rows}

    def entry_content(self, contest: ContestRecord, entry_id: int) -> tuple[EntryRecord, np.ndarray, str | None]:
        """An entry of CONTEST with its table and source (NotStored if none)."""
        with self._session() as session:
            row = session.get(ContestEntry, int(entry_id))
            if row is None or row.contest_id != contest.id:
                raise NotStored(f"no entry #{entry_id} in contest {contest.name!r}")
            return EntryRecord.from_row(row), _table(row.table, contest.goal), row.source

    def attempts(self, contest: ContestRecord) -> list[AttemptRecord]:
        """Every submission made to CONTEST with its verdict, oldest first."""
        with self._session() as session:
            rows = session.execute(
                select(ContestAttempt, ContestParticipant.email, ContestParticipant.team)
                .join(ContestParticipant, ContestParticipant.id == ContestAttempt.participant_id)
                .where(ContestParticipant.contest_id == contest.id)
                .order_by(ContestAttempt.id)
            )
            return [AttemptRecord(a.id, email, team, utc(a.created), a.verdict) for a, email, team in rows]

    def bars(self, contest: ContestRecord) -> dict[str, str]:
        """{team: reason} of the teams staff barred from CONTEST."""
        with self._session() as session:
            rows = session.execute(
                select(ContestBar.team, ContestBar.reason).where(ContestBar.contest_id == contest.id)
            )
            return {team: reason for team, reason in rows}

    # --- standings ---

    def standings(self, contest: ContestRecord, *, matrix: bool = True) -> StandingsRecord | None:
        """The standings published last for CONTEST, with their matrix if
        MATRIX (4.5 MB at 750 teams; None before the first)."""
        with self._session() as session:
            statement = select(ContestStandings).where(ContestStandings.contest_id == contest.id)
            if not matrix:
                statement = statement.options(defer(ContestStandings.matrix))
            row = session.scalar(statement)
            return None if row is None else StandingsRecord.from_row(row, matrix=matrix)

    def board_states(self, name: str | None = None) -> list[BoardState]:
        """What a leaderboard reads first of contest NAME (or of every
        contest, newest deadline first): small rows only, two queries. Of the
        standings only the revision is read: it comes before the matrix in
        the row, and SQLite reads a column after a 4.5 MB blob only by
        walking through the blob's pages."""
        with self._session() as session:
            statement = (
                select(Contest, ContestStandings.revision)
                .outerjoin(ContestStandings, ContestStandings.contest_id == Contest.id)
                .order_by(Contest.deadline.desc(), Contest.id.desc())
            )
            if name is not None:
                statement = statement.where(Contest.name == name)
            found = session.execute(statement).all()
            if name is not None and not found:
                raise NotStored(f"no contest {name!r} in {self.where}")
            queued = dict(
                session.execute(
                    select(ContestEntry.contest_id, func.count())
                    .where(ContestEntry.contest_id.in_([c.id for c, _ in found]), ContestEntry.status == "queued")
                    .group_by(ContestEntry.contest_id)
                ).all()
            )
            return [BoardState(ContestRecord.from_row(c), revision, queued.get(c.id, 0)) for c, revision in found]

    def standings_current(self, name: str) -> bool:
        """Whether the standings of contest NAME rank its current revision (no table is read)."""
        with self._session() as session:
            contest = _contest_row(session, name, self.where)
            ranked = session.scalar(select(ContestStandings.revision).where(ContestStandings.contest_id == contest.id))
            return ranked == contest.revision

    def unranked_contests(self) -> list[str]:
        """The contests whose standings do not rank their current revision."""
        with self._session() as session:
            rows = session.execute(
                select(Contest.name)
                .outerjoin(ContestStandings, ContestStandings.contest_id == Contest.id)
                .where(Contest.imported.is_(False))
                .where((ContestStandings.revision.is_(None)) | (ContestStandings.revision != Contest.revision))
            )
            return [name for (name,) in rows]

    def ranking_input(self, name: str) -> RankingInput:
        """The contest NAME, its current entries with their tables and its
        last standings, read in one transaction (one consistent revision)."""
        with self._session() as session:
            row = _contest_row(session, name, self.where)
            contest = ContestRecord.from_row(row)
            rows = list(
                session.scalars(
                    select(ContestEntry)
                    .where(ContestEntry.contest_id == row.id, ContestEntry.status.in_(CURRENT))
                    .order_by(ContestEntry.id)
                )
            )
            standings = session.get(ContestStandings, row.id)
            return RankingInput(
                contest,
                [EntryRecord.from_row(e) for e in rows],
                {e.id: _table(e.table, contest.goal) for e in rows},
                None if standings is None else StandingsRecord.from_row(standings),
            )

    def publish_standings(
        self,
        ranked: RankingInput,
        teams: list[dict[str, Any]],
        ranking: list[dict[str, Any]],
        matrix: np.ndarray,
        now: datetime,
    ) -> bool:
        """Publish standings of RANKED's entries (TEAMS per matrix position,
        the ranked rows RANKING, MATRIX), and mark its queued entries ranked,
        in one transaction, unless other standings were published since
        RANKED was read (then nothing changes: False)."""
        contest = ranked.contest
        before = None if ranked.standings is None else ranked.standings.revision
        with self._session(write=True) as session:
            _contest_row(session, contest.name, self.where, lock=True)
            row = session.get(ContestStandings, contest.id)
            if (None if row is None else row.revision) != before:
                return False
            if row is None:
                row = ContestStandings(contest_id=contest.id)
                session.add(row)
            row.revision, row.teams, row.ranking, row.updated = contest.revision, teams, ranking, now
            row.matrix = np.ascontiguousarray(matrix, dtype=np.float64).tobytes()
            ids = [e.id for e in ranked.entries]
            if ids:
                session.execute(
                    update(ContestEntry)
                    .where(ContestEntry.id.in_(ids), ContestEntry.status == "queued")
                    .values(status="ranked", ranked=now)
                )
            return True

    def import_contest(
        self,
        name: str,
        settings: ContestSettings,
        teams: list[str],
        ranking: list[dict[str, Any]],
        matrix: np.ndarray,
        now: datetime,
    ) -> ContestRecord:
        """A finished past contest NAME whose standings are TEAMS, their
        ranked rows RANKING and MATRIX (from the course's archive), stored in
        one transaction; it closed at the settings' deadline."""
        with self._session(write=True) as session:
            row = self._new_contest(session, name, settings, imported=True)
            row.closed = settings.deadline
            session.add(
                ContestStandings(
                    contest_id=row.id,
                    revision=0,
                    teams=[{"entry_id": None, "team": team, "team_name": team} for team in teams],
                    ranking=ranking,
                    matrix=np.ascontiguousarray(matrix, dtype=np.float64).tobytes(),
                    updated=now,
                )
            )
            return ContestRecord.from_row(row)

    def delete_contest(self, name: str) -> None:
        """Remove contest NAME with its roster, entries and standings."""
        with self._session(write=True) as session:
            session.delete(_contest_row(session, name, self.where, lock=True))
