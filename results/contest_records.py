"""Plain records of a class contest (no ORM state): the contest, its
participants, its entries and its published standings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from results.records import _Record, utc

if TYPE_CHECKING:
    from results.models import Contest, ContestEntry, ContestParticipant, ContestStandings

__all__ = ["ContestRecord", "ParticipantRecord", "EntryRecord", "AttemptRecord", "StandingsRecord", "BoardState"]


@dataclass(frozen=True)
class ContestRecord(_Record):
    """A contest. It takes submissions until ``closes`` (its deadline, or
    the moment staff closed it, whichever came first)."""

    id: int
    name: str
    rules: str
    goal: int
    deadline: datetime
    closed: datetime | None
    team_size: int
    rate_count: int
    rate_seconds: int
    publish: str
    imported: bool
    revision: int
    created: datetime
    timezone: str = "UTC"  #: the zone its times are shown in (an IANA name)

    @classmethod
    def from_row(cls, row: Contest) -> ContestRecord:
        return cls(
            id=row.id,
            name=row.name,
            rules=row.rules,
            goal=row.goal,
            deadline=utc(row.deadline),
            closed=utc(row.closed),
            team_size=row.team_size,
            rate_count=row.rate_count,
            rate_seconds=row.rate_seconds,
            publish=row.publish,
            imported=row.imported,
            revision=row.revision,
            created=utc(row.created),
            timezone=row.timezone or "UTC",
        )

    @property
    def closes(self) -> datetime:
        """When submissions stop being taken."""
        return self.deadline if self.closed is None else min(self.deadline, self.closed)

    def is_open(self, now: datetime) -> bool:
        """Whether a submission received at NOW is taken."""
        return not self.imported and now < self.closes


@dataclass(frozen=True)
class ParticipantRecord(_Record):
    """A person on a roster (the token itself is never stored); TEAM is
    None for staff the roster put in no team."""

    id: int
    contest_id: int
    email: str
    team: str | None
    role: str

    @classmethod
    def from_row(cls, row: ContestParticipant) -> ParticipantRecord:
        return cls(id=row.id, contest_id=row.contest_id, email=row.email, team=row.team, role=row.role)

    @property
    def staff(self) -> bool:
        return self.role == "staff"


@dataclass(frozen=True)
class EntryRecord(_Record):
    """A team's entry, without its table and source."""

    id: int
    contest_id: int
    team: str
    team_name: str
    submitted_by: str
    filename: str
    status: str
    sha256: str
    reason: str | None
    created: datetime
    ranked: datetime | None
    near_duplicate_of: int | None = None  #: another team's entry it differed from in few cells
    near_cells: int | None = None
    baseline: bool = False  #: staff's reference entry: in no team's wins or ranks

    @classmethod
    def from_row(cls, row: ContestEntry) -> EntryRecord:
        return cls(
            id=row.id,
            contest_id=row.contest_id,
            team=row.team,
            team_name=row.team_name,
            submitted_by=row.submitted_by,
            filename=row.filename,
            status=row.status,
            sha256=row.sha256,
            reason=row.reason,
            created=utc(row.created),
            ranked=utc(row.ranked),
            near_duplicate_of=row.near_duplicate_of,
            near_cells=row.near_cells,
            baseline=bool(row.baseline),
        )


@dataclass(frozen=True)
class AttemptRecord(_Record):
    """A submission someone made, and its verdict (None: the checker never gave one)."""

    id: int
    email: str
    team: str | None
    created: datetime
    verdict: str | None


@dataclass(frozen=True, eq=False)
class StandingsRecord:
    """Published standings: per matrix position the team (``entry_id``,
    ``team``, ``team_name``); the ranked rows, best first, as the worker
    that published them ranked them (``rank``, ``wins``, ``losses``,
    ``mean``, ``position``: ``arena.ranking``; None in standings published
    before rows were kept); and the win rate of row against column (NaN on
    the diagonal; None when read without it), as of contest revision REVISION."""

    revision: int
    teams: list[dict[str, Any]]
    ranking: list[dict[str, Any]] | None
    matrix: np.ndarray | None
    updated: datetime

    @classmethod
    def from_row(cls, row: ContestStandings, matrix: bool = True) -> StandingsRecord:
        n = len(row.teams)
        values = np.frombuffer(row.matrix, dtype=np.float64).reshape(n, n).copy() if matrix else None
        ranking = None if row.ranking is None else list(row.ranking)
        return cls(row.revision, list(row.teams), ranking, values, utc(row.updated))


@dataclass(frozen=True)
class BoardState:
    """A contest as a leaderboard first reads it, in a few small rows: the
    contest, the revision of its standings (None before the first; each
    publication ranks a new revision) and how many entries wait to be
    ranked. Together they say whether standings read before are still the
    ones to show."""

    contest: ContestRecord
    standings_revision: int | None
    queued: int
