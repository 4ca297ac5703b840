"""The contests aggregate of the store: a contest, its roster (tokens kept
as sha256 digests), the submission attempts a rate limit counts, the
entries (kept apart from the public ``strategies`` table) and the
published standings.

Every decision that must not race is taken inside one write transaction
that first locks the contest's row (SQLite: the write lock taken at BEGIN;
PostgreSQL: ``SELECT ... FOR UPDATE``): the rate limit, the deadline, one
current entry per team, no two teams with the same table or name. The
standings are published with a check that nobody published since they
were read, so two workers can never both count an entry.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import numpy as np
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from results.contest_records import ContestRecord, EntryRecord, ParticipantRecord, StandingsRecord
from results.database import Database, check_name
from results.errors import ContestRefusal, NotStored, StoreError
from results.models import (
    PUBLISH_CHOICES,
    ROLES,
    Contest,
    ContestAttempt,
    ContestEntry,
    ContestParticipant,
    ContestStandings,
)
from results.tokens import new_token, token_digest
from strategies.names import looks_like

__all__ = ["ContestStore", "ContestSettings", "RankingInput", "CURRENT"]

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

    def check(self) -> None:
        """A StoreError unless every setting is in range."""
        if self.deadline.tzinfo is None:
            raise StoreError("the deadline needs a time zone (for example 2026-12-01T23:59:00-08:00)")
        if self.goal < 1 or self.team_size < 1 or self.rate_count < 0 or self.rate_seconds < 1:
            raise StoreError("goal, team size and rate period must be positive, the rate count not negative")
        if self.publish not in PUBLISH_CHOICES:
            raise StoreError(f"publish must be one of {', '.join(PUBLISH_CHOICES)}, not {self.publish!r}")


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


def _current_entries(session: Session, contest_id: int) -> list[ContestEntry]:
    return list(
        session.scalars(
            select(ContestEntry)
            .where(ContestEntry.contest_id == contest_id, ContestEntry.status.in_(CURRENT))
            .order_by(ContestEntry.id)
        )
    )


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

    def set_deadline(self, name: str, deadline: datetime) -> ContestRecord:
        """Move the deadline of NAME (reopening it if staff had closed it)."""
        if deadline.tzinfo is None:
            raise StoreError("the deadline needs a time zone (for example 2026-12-01T23:59:00-08:00)")
        with self._session(write=True) as session:
            row = _contest_row(session, name, self.where, lock=True)
            if row.imported:
                raise StoreError(f"contest {name!r} is an imported past contest; its deadline cannot change")
            row.deadline, row.closed = deadline, None
            return ContestRecord.from_row(row)

    def close_contest(self, name: str, now: datetime) -> ContestRecord:
        """Stop taking submissions for NAME from NOW on."""
        with self._session(write=True) as session:
            row = _contest_row(session, name, self.where, lock=True)
            row.closed = now
            return ContestRecord.from_row(row)

    # --- roster ---

    def add_roster(
        self, name: str, people: Sequence[tuple[str, str, str]]
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
                check_name(team, "team")
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

    def participant_by_token(self, contest: ContestRecord, token: str) -> ParticipantRecord:
        """The participant of CONTEST whose token TOKEN is: a refusal with 401
        for a token nobody has, 403 for one of a person not on this roster."""
        with self._session() as session:
            row = session.scalar(
                select(ContestParticipant).where(ContestParticipant.token_sha256 == token_digest(token))
            )
            if row is None:
                raise ContestRefusal("the token is not valid (revoked, mistyped or never issued)", 401)
            if row.contest_id != contest.id:
                mine = session.scalar(
                    select(ContestParticipant).where(
                        ContestParticipant.contest_id == contest.id, ContestParticipant.email == row.email
                    )
                )
                if mine is None:
                    raise ContestRefusal(f"you are not on the roster of contest {contest.name!r}", 403)
                raise ContestRefusal(f"that token is for another contest; use your token for {contest.name!r}", 401)
            return ParticipantRecord.from_row(row)

    def participant_by_email(self, contest: ContestRecord, email: str) -> ParticipantRecord:
        """The participant of CONTEST signed in as EMAIL (a 403 refusal if none)."""
        with self._session() as session:
            row = session.scalar(
                select(ContestParticipant).where(
                    ContestParticipant.contest_id == contest.id, func.lower(ContestParticipant.email) == email.lower()
                )
            )
            if row is None:
                raise ContestRefusal(f"{email} is not on the roster of contest {contest.name!r}", 403)
            return ParticipantRecord.from_row(row)

    # --- submissions ---

    def take_attempt(self, contest: ContestRecord, person: ParticipantRecord, now: datetime) -> int:
        """Record a submission by PERSON at NOW (its id): a 423 refusal after
        the deadline, a 429 one (with the seconds to wait) over the rate. The
        rate counts the attempts the checker gave a verdict on
        (:meth:`attempt_checked`, or the entry :meth:`accept_entry` made)."""
        with self._session(write=True) as session:
            row = _contest_row(session, contest.name, self.where, lock=True)
            current = ContestRecord.from_row(row)
            if not current.is_open(now):
                raise ContestRefusal(f"contest {contest.name!r} closed at {current.closes.isoformat()}", 423)
            if current.rate_count:
                since = now - timedelta(seconds=current.rate_seconds)
                recent = sorted(
                    session.scalars(
                        select(ContestAttempt.created).where(
                            ContestAttempt.participant_id == person.id,
                            ContestAttempt.created > since,
                            ContestAttempt.checked.is_(True),
                        )
                    )
                )
                if len(recent) >= current.rate_count:
                    oldest = recent[-current.rate_count]
                    if oldest.tzinfo is None:
                        oldest = oldest.replace(tzinfo=now.tzinfo)
                    wait = max(1, math.ceil((oldest - since).total_seconds()))
                    raise ContestRefusal(
                        f"at most {current.rate_count} submission(s) per {current.rate_seconds} s each; "
                        f"try again in {wait} s",
                        429,
                        wait,
                    )
            attempt = ContestAttempt(participant_id=person.id, created=now, checked=False)
            session.add(attempt)
            session.flush()
            return attempt.id

    def attempt_checked(self, attempt_id: int) -> None:
        """The checker gave its verdict on attempt ATTEMPT_ID: it counts for the rate."""
        with self._session(write=True) as session:
            session.execute(update(ContestAttempt).where(ContestAttempt.id == attempt_id).values(checked=True))

    def accept_entry(
        self,
        contest: ContestRecord,
        person: ParticipantRecord,
        *,
        table: np.ndarray,
        sha256: str,
        source: str | None,
        filename: str,
        team_name: str,
        received: datetime,
        attempt: int | None = None,
    ) -> EntryRecord:
        """Queue an entry of PERSON's team received at RECEIVED, replacing the
        team's current one, and count ATTEMPT (if given) as checked: a 423
        refusal after the deadline, 409 if another team's current entry has
        the same table or name."""
        with self._session(write=True) as session:
            row = _contest_row(session, contest.name, self.where, lock=True)
            if not ContestRecord.from_row(row).is_open(received):
                raise ContestRefusal(f"contest {contest.name!r} is closed", 423)
            others = [e for e in _current_entries(session, row.id) if e.team != person.team]
            if any(e.sha256 == sha256 for e in others):
                raise ContestRefusal("another team's current entry has exactly this strategy table", 409)
            taken = session.scalars(
                select(ContestEntry.team_name)
                .where(ContestEntry.contest_id == row.id, ContestEntry.team != person.team)
                .distinct()
            )
            if looks_like(team_name, taken, same=True) is not None:
                raise ContestRefusal(
                    f"the team name {team_name!r} is taken in this contest, or looks like one that is; choose another",
                    409,
                )
            session.execute(
                update(ContestEntry)
                .where(
                    ContestEntry.contest_id == row.id,
                    ContestEntry.team == person.team,
                    ContestEntry.status.in_(CURRENT),
                )
                .values(status="replaced")
            )
            entry = ContestEntry(
                contest_id=row.id,
                team=person.team,
                team_name=team_name,
                submitted_by=person.email,
                filename=filename,
                status="queued",
                table=np.ascontiguousarray(table, dtype=np.int8).tobytes(),
                sha256=sha256,
                source=source,
                created=received,
            )
            session.add(entry)
            row.revision += 1
            if attempt is not None:
                session.execute(update(ContestAttempt).where(ContestAttempt.id == attempt).values(checked=True))
            session.flush()
            return EntryRecord.from_row(entry)

    def team_entries(self, contest: ContestRecord, team: str) -> list[EntryRecord]:
        """Every entry TEAM made in CONTEST, newest first."""
        with self._session() as session:
            rows = session.scalars(
                select(ContestEntry)
                .where(ContestEntry.contest_id == contest.id, ContestEntry.team == team)
                .order_by(ContestEntry.id.desc())
            )
            return [EntryRecord.from_row(row) for row in rows]

    def entries(self, contest: ContestRecord, *, current_only: bool = False) -> list[EntryRecord]:
        """The entries of CONTEST (only the current ones if CURRENT_ONLY), oldest first."""
        with self._session() as session:
            statement = select(ContestEntry).where(ContestEntry.contest_id == contest.id).order_by(ContestEntry.id)
            if current_only:
                statement = statement.where(ContestEntry.status.in_(CURRENT))
            return [EntryRecord.from_row(row) for row in session.scalars(statement)]

    def entry_content(self, contest: ContestRecord, entry_id: int) -> tuple[EntryRecord, np.ndarray, str | None]:
        """An entry of CONTEST with its table and source (NotStored if none)."""
        with self._session() as session:
            row = session.get(ContestEntry, int(entry_id))
            if row is None or row.contest_id != contest.id:
                raise NotStored(f"no entry #{entry_id} in contest {contest.name!r}")
            table = np.frombuffer(row.table, dtype=np.int8).reshape(contest.goal, contest.goal).copy()
            return EntryRecord.from_row(row), table, row.source

    def disqualify(self, contest: ContestRecord, entry_id: int, reason: str) -> EntryRecord:
        """Take an entry out of CONTEST for REASON (staff's decision)."""
        check_name(reason, "reason")
        with self._session(write=True) as session:
            row = _contest_row(session, contest.name, self.where, lock=True)
            entry = session.get(ContestEntry, int(entry_id))
            if entry is None or entry.contest_id != row.id:
                raise NotStored(f"no entry #{entry_id} in contest {contest.name!r}")
            if entry.status in CURRENT:
                row.revision += 1
            entry.status, entry.reason = "disqualified", reason
            return EntryRecord.from_row(entry)

    def queued(self, contest: ContestRecord) -> int:
        """How many entries of CONTEST wait to be ranked."""
        with self._session() as session:
            return (
                session.scalar(
                    select(func.count())
                    .select_from(ContestEntry)
                    .where(ContestEntry.contest_id == contest.id, ContestEntry.status == "queued")
                )
                or 0
            )

    # --- standings ---

    def standings(self, contest: ContestRecord) -> StandingsRecord | None:
        """The standings published last for CONTEST (None before the first)."""
        with self._session() as session:
            row = session.get(ContestStandings, contest.id)
            return None if row is None else StandingsRecord.from_row(row)

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
            rows = _current_entries(session, row.id)
            tables = {
                e.id: np.frombuffer(e.table, dtype=np.int8).reshape(contest.goal, contest.goal).copy() for e in rows
            }
            standings = session.get(ContestStandings, row.id)
            return RankingInput(
                contest,
                [EntryRecord.from_row(e) for e in rows],
                tables,
                None if standings is None else StandingsRecord.from_row(standings),
            )

    def publish_standings(
        self, ranked: RankingInput, teams: list[dict[str, object]], matrix: np.ndarray, now: datetime
    ) -> bool:
        """Publish standings of RANKED's entries (TEAMS, MATRIX), and mark its
        queued entries ranked, in one transaction, unless other standings
        were published since RANKED was read (then nothing changes: False)."""
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
            row.revision, row.teams, row.updated = contest.revision, teams, now
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
        self, name: str, settings: ContestSettings, teams: list[str], matrix: np.ndarray, now: datetime
    ) -> ContestRecord:
        """A finished past contest NAME whose standings are TEAMS and MATRIX
        (from the course's archive), stored in one transaction."""
        with self._session(write=True) as session:
            row = self._new_contest(session, name, settings, imported=True)
            session.add(
                ContestStandings(
                    contest_id=row.id,
                    revision=0,
                    teams=[{"entry_id": None, "team": team, "team_name": team} for team in teams],
                    matrix=np.ascontiguousarray(matrix, dtype=np.float64).tobytes(),
                    updated=now,
                )
            )
            return ContestRecord.from_row(row)
