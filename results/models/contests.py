"""The contests aggregate's tables: contests, their participants, attempts, entries, standings and bars."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from results.instants import UTCDateTime
from results.models.base import NAME_LENGTH, Base, one_of, utc_now

__all__ = [
    "Contest",
    "ContestParticipant",
    "ContestAttempt",
    "ContestEntry",
    "ContestStandings",
    "ContestBar",
    "PUBLISH_CHOICES",
    "ROLES",
    "ENTRY_STATUSES",
]

#: What a contest makes public once its standings are final.
PUBLISH_CHOICES = ("none", "tables", "sources")
#: A contest participant's role.
ROLES = ("student", "staff")
#: A contest entry's life: waiting to be ranked, ranked, replaced by its team's newer entry, disqualified by staff.
ENTRY_STATUSES = ("queued", "ranked", "replaced", "disqualified")


class Contest(Base):
    """A class contest: one entry per team, a deadline, live standings.

    REVISION counts the changes to the set of current entries (an accepted
    entry, a disqualification); the standings are current when they were
    ranked at that revision. An imported contest (a past one, from the
    course's archive) has standings and no entries."""

    __tablename__ = "contests"
    __table_args__ = (
        CheckConstraint(one_of("publish", PUBLISH_CHOICES), name="publish"),
        CheckConstraint("goal > 0", name="goal_positive"),
        CheckConstraint("team_size > 0", name="team_size_positive"),
        CheckConstraint("rate_count >= 0 AND rate_seconds > 0", name="rate"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True)
    rules: Mapped[str] = mapped_column(String(40))
    goal: Mapped[int] = mapped_column(Integer)
    deadline: Mapped[datetime] = mapped_column(UTCDateTime())
    closed: Mapped[datetime | None] = mapped_column(UTCDateTime())
    team_size: Mapped[int] = mapped_column(Integer)
    rate_count: Mapped[int] = mapped_column(Integer)  #: submissions a person may make per RATE_SECONDS (0: any)
    rate_seconds: Mapped[int] = mapped_column(Integer)
    publish: Mapped[str] = mapped_column(String(10))
    imported: Mapped[bool] = mapped_column(Boolean, default=False)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    #: The zone its times are shown in (an IANA name such as America/Los_Angeles).
    timezone: Mapped[str] = mapped_column(String(64), default="UTC", server_default="UTC")
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


class ContestParticipant(Base):
    """A person on a contest's roster, with their team and the sha256 of their secret token."""

    __tablename__ = "contest_participants"
    __table_args__ = (
        UniqueConstraint("contest_id", "email"),
        CheckConstraint(one_of("role", ROLES), name="role"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    contest_id: Mapped[int] = mapped_column(ForeignKey("contests.id", ondelete="CASCADE"), index=True)
    email: Mapped[str] = mapped_column(String(NAME_LENGTH))
    team: Mapped[str | None] = mapped_column(String(NAME_LENGTH))  #: None: staff without a team
    role: Mapped[str] = mapped_column(String(10))
    token_sha256: Mapped[str] = mapped_column(String(64), unique=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


class ContestAttempt(Base):
    """One submission a participant made: what the rate limit counts, once
    CHECKED (the checker gave its verdict, whatever it was; a submission the
    server never finished, because it was killed, does not count)."""

    __tablename__ = "contest_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    participant_id: Mapped[int] = mapped_column(ForeignKey("contest_participants.id", ondelete="CASCADE"), index=True)
    checked: Mapped[bool] = mapped_column(Boolean, default=False)
    verdict: Mapped[str | None] = mapped_column(Text)  #: "accepted", or the one line that refused it
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


class ContestEntry(Base):
    """A team's accepted submission: the table (and source) kept apart from
    the public ``strategies``, so nobody outside the team sees it before the
    contest publishes it."""

    __tablename__ = "contest_entries"
    __table_args__ = (CheckConstraint(one_of("status", ENTRY_STATUSES), name="status"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    contest_id: Mapped[int] = mapped_column(ForeignKey("contests.id", ondelete="CASCADE"), index=True)
    team: Mapped[str] = mapped_column(String(NAME_LENGTH))
    team_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    submitted_by: Mapped[str] = mapped_column(String(NAME_LENGTH))
    filename: Mapped[str] = mapped_column(String(NAME_LENGTH))
    status: Mapped[str] = mapped_column(String(15), index=True)
    table: Mapped[bytes] = mapped_column(LargeBinary)
    sha256: Mapped[str] = mapped_column(String(64))
    source: Mapped[str | None] = mapped_column(Text)
    reason: Mapped[str | None] = mapped_column(Text)  #: why staff disqualified it
    #: A team's current entry whose table differed from this one's in few cells when it came (staff see it).
    near_duplicate_of: Mapped[int | None] = mapped_column(Integer)
    near_cells: Mapped[int | None] = mapped_column(Integer)  #: in how many cells they differed
    #: Staff's reference entry: on the leaderboard, marked, in no team's wins or ranks.
    baseline: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    ranked: Mapped[datetime | None] = mapped_column(UTCDateTime())


class ContestStandings(Base):
    """A contest's published standings: the entries ranked (ids, in order),
    the win-rate matrix between them (float64, row against column, row-major)
    and the rows of the ranking, as of contest revision REVISION."""

    __tablename__ = "contest_standings"

    contest_id: Mapped[int] = mapped_column(ForeignKey("contests.id", ondelete="CASCADE"), primary_key=True)
    revision: Mapped[int] = mapped_column(Integer)
    teams: Mapped[list[Any]] = mapped_column(JSON)  #: per matrix position: {"entry_id", "team", "team_name"}
    matrix: Mapped[bytes] = mapped_column(LargeBinary)
    #: The ranked rows (``arena.ranking``), computed once by the worker that published them.
    ranking: Mapped[list[Any] | None] = mapped_column(JSON)
    updated: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


class ContestBar(Base):
    """A team that staff barred from entering a contest again, and why."""

    __tablename__ = "contest_bars"

    contest_id: Mapped[int] = mapped_column(ForeignKey("contests.id", ondelete="CASCADE"), primary_key=True)
    team: Mapped[str] = mapped_column(String(NAME_LENGTH), primary_key=True)
    reason: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
