"""The results schema: SQLAlchemy 2 typed declarative models.

Tables: ``strategies``, ``leagues``, ``league_entries``, ``matches``,
``league_snapshots``, ``evolution_runs``, ``generations``, ``front_members``
and a class contest's ``contests``, ``contest_participants``,
``contest_attempts``, ``contest_entries``, ``contest_standings`` and
``contest_bars``, and the web's ``signin_sessions``. Unique constraints make duplicates
impossible; check constraints keep enumerated columns honest. Schema changes
go through the Alembic migrations in ``results/migrations``. The row
lookups by name or id (``strategy_row``, ``league_row``, ``run_row``) are
at the end; WHERE in their messages names the database.
"""

from __future__ import annotations

from datetime import datetime, timezone
from numbers import Integral
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    select,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, defer, mapped_column

from results.errors import NotStored
from results.instants import UTCDateTime
from results.match_key import METHODS
from strategies.names import parse_id

__all__ = [
    "Base",
    "Strategy",
    "League",
    "LeagueEntry",
    "Match",
    "LeagueSnapshot",
    "EvolutionRun",
    "Generation",
    "FrontMember",
    "Contest",
    "ContestParticipant",
    "ContestAttempt",
    "ContestEntry",
    "ContestStandings",
    "ContestBar",
    "SigninSession",
    "METHODS",
    "PUBLISH_CHOICES",
    "ROLES",
    "ENTRY_STATUSES",
    "LEAGUE_STATUSES",
    "RUN_STATUSES",
    "NAME_LENGTH",
    "strategy_row",
    "league_row",
    "named_league_row",
    "league_entries",
    "run_row",
]

LEAGUE_STATUSES = ("running", "done")
RUN_STATUSES = ("running", "done")
#: What a contest makes public once its standings are final.
PUBLISH_CHOICES = ("none", "tables", "sources")
#: A contest participant's role.
ROLES = ("student", "staff")
#: A contest entry's life: waiting to be ranked, ranked, replaced by its team's newer entry, disqualified by staff.
ENTRY_STATUSES = ("queued", "ranked", "replaced", "disqualified")
#: Longest strategy, league, author or family name the schema holds.
NAME_LENGTH = 200

#: Constraint names are fixed so migrations can refer to them on every backend.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utc_now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(timezone.utc)


def _one_of(column: str, values: tuple[str, ...]) -> str:
    quoted = ", ".join(f"'{value}'" for value in values)
    return f"{column} IN ({quoted})"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class Strategy(Base):
    """A strategy table, stored once per (rule set, goal, table sha256)."""

    __tablename__ = "strategies"
    __table_args__ = (
        UniqueConstraint("rules", "goal", "sha256"),
        UniqueConstraint("rules", "goal", "name"),
        CheckConstraint("goal > 0", name="goal_positive"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    rules: Mapped[str] = mapped_column(String(40))
    goal: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    author: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    origin: Mapped[str] = mapped_column(String(20))
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    table: Mapped[bytes] = mapped_column(LargeBinary)
    sha256: Mapped[str] = mapped_column(String(64))
    source: Mapped[str | None] = mapped_column(Text)
    #: sha256 of the secret that shows the source to whoever uploaded it (the web arena's upload link)
    source_key: Mapped[str | None] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


class League(Base):
    """A round robin between stored strategies, decided by one method."""

    __tablename__ = "leagues"
    __table_args__ = (
        CheckConstraint(_one_of("method", METHODS), name="method"),
        CheckConstraint(_one_of("status", LEAGUE_STATUSES), name="status"),
        CheckConstraint("games >= 0", name="games_not_negative"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    rules: Mapped[str] = mapped_column(String(40), index=True)
    goal: Mapped[int] = mapped_column(Integer)
    method: Mapped[str] = mapped_column(String(10))
    games: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10), default="running")
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    finished: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: The league leaderboards of its rule set and goal show (at most one is).
    pinned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class LeagueEntry(Base):
    """One strategy taking part in one league."""

    __tablename__ = "league_entries"

    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), primary_key=True)
    strategy_id: Mapped[int] = mapped_column(ForeignKey("strategies.id"), primary_key=True)


class Match(Base):
    """A cached match result between two tables, stored once per pair.

    The pair is kept in sha256 order (``sha_a <= sha_b``). The rates are as
    the writer gave them: table A's, or table B's when ``swapped`` (so they
    read back exactly); a lookup in the other order flips them (see
    ``results.store``). For exact matches ``games`` and ``seed`` are 0.
    """

    __tablename__ = "matches"
    __table_args__ = (
        UniqueConstraint("rules", "goal", "method", "games", "seed", "sha_a", "sha_b"),
        CheckConstraint("sha_a <= sha_b", name="pair_ordered"),
        CheckConstraint(_one_of("method", METHODS), name="method"),
        CheckConstraint(
            "win_rate >= 0 AND win_rate <= 1 AND a_first >= 0 AND a_first <= 1 AND a_second >= 0 AND a_second <= 1",
            name="rates_in_range",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    rules: Mapped[str] = mapped_column(String(40))
    goal: Mapped[int] = mapped_column(Integer)
    method: Mapped[str] = mapped_column(String(10))
    games: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    sha_a: Mapped[str] = mapped_column(String(64))
    sha_b: Mapped[str] = mapped_column(String(64))
    swapped: Mapped[bool] = mapped_column(Boolean)
    win_rate: Mapped[float] = mapped_column(Float)
    a_first: Mapped[float] = mapped_column(Float)
    a_second: Mapped[float] = mapped_column(Float)
    stderr: Mapped[float | None] = mapped_column(Float)
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


class LeagueSnapshot(Base):
    """The matches of a finished league as arrays (``results.league_snapshot``):
    its entries' strategy ids (ascending, int64) and, per pair i < j of them
    in row-major order, whether the match's writer is entry j (bool) and the
    writer's rates (float64; ``stderr`` NaN-filled, or NULL for none at all).
    Derived from ``matches``, which never change once stored."""

    __tablename__ = "league_snapshots"

    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), primary_key=True)
    entry_ids: Mapped[bytes] = mapped_column(LargeBinary)
    writer_high: Mapped[bytes] = mapped_column(LargeBinary)
    win_rate: Mapped[bytes] = mapped_column(LargeBinary)
    a_first: Mapped[bytes] = mapped_column(LargeBinary)
    a_second: Mapped[bytes] = mapped_column(LargeBinary)
    stderr: Mapped[bytes | None] = mapped_column(LargeBinary)
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


class EvolutionRun(Base):
    """An evolution of a family's parameters against an opponent or a league."""

    __tablename__ = "evolution_runs"
    __table_args__ = (CheckConstraint(_one_of("status", RUN_STATUSES), name="status"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    family: Mapped[str] = mapped_column(String(NAME_LENGTH))
    rules: Mapped[str] = mapped_column(String(40))
    goal: Mapped[int] = mapped_column(Integer)
    opponent: Mapped[str | None] = mapped_column(Text)
    league_id: Mapped[int | None] = mapped_column(ForeignKey("leagues.id"))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10), default="running")
    best_strategy_id: Mapped[int | None] = mapped_column(ForeignKey("strategies.id"))
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    finished: Mapped[datetime | None] = mapped_column(UTCDateTime())


class Generation(Base):
    """Statistics of one generation of a run; the newest holds the checkpoint."""

    __tablename__ = "generations"
    __table_args__ = (CheckConstraint("number >= 0", name="number_not_negative"),)

    run_id: Mapped[int] = mapped_column(ForeignKey("evolution_runs.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    stats: Mapped[dict[str, Any]] = mapped_column(JSON)
    checkpoint: Mapped[bytes | None] = mapped_column(LargeBinary)
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


class FrontMember(Base):
    """One point of the Pareto front a finished run with several objectives
    found: the genome's parameters and its win rate for each objective (in
    the order of the run's ``objectives`` setting); PICKED marks the member
    stored as the run's best strategy."""

    __tablename__ = "front_members"
    __table_args__ = (CheckConstraint("position >= 0", name="position_not_negative"),)

    run_id: Mapped[int] = mapped_column(ForeignKey("evolution_runs.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    objective_values: Mapped[list[float]] = mapped_column(JSON)
    picked: Mapped[bool] = mapped_column(Boolean)


class Contest(Base):
    """A class contest: one entry per team, a deadline, live standings.

    REVISION counts the changes to the set of current entries (an accepted
    entry, a disqualification); the standings are current when they were
    ranked at that revision. An imported contest (a past one, from the
    course's archive) has standings and no entries."""

    __tablename__ = "contests"
    __table_args__ = (
        CheckConstraint(_one_of("publish", PUBLISH_CHOICES), name="publish"),
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
        CheckConstraint(_one_of("role", ROLES), name="role"),
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
    __table_args__ = (CheckConstraint(_one_of("status", ENTRY_STATUSES), name="status"),)

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


class SigninSession(Base):
    """A signed-in browser: the sha256 of the id its cookie carries, who, since when, last seen.
    Signing out deletes the row, and with it the session, wherever its cookie is."""

    __tablename__ = "signin_sessions"

    id_sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    email: Mapped[str] = mapped_column(String(NAME_LENGTH), index=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    seen: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


# --- row lookups ------------------------------------------------------------------


def _name_or_id(column_id: Any, column_name: Any, name_or_id: str | int) -> Any:
    """Match by name; an int, or a string of digits no name matches, means an id."""
    if isinstance(name_or_id, Integral) and not isinstance(name_or_id, bool):
        return column_id == int(name_or_id)
    text = str(name_or_id)
    if text.isdigit():
        return (column_name == text) | (column_id == int(text))
    return column_name == text


def strategy_row(session: Session, name_or_id: str | int, rules: str, goal: int, where: str) -> Strategy:
    """The strategy of RULES and GOAL named NAME_OR_ID: an int, or text of
    digits (``12`` or ``#12``), is always an id (no name is a number), any
    other text a name."""
    if isinstance(name_or_id, Integral) and not isinstance(name_or_id, bool):
        strategy_id: int | None = int(name_or_id)
    else:
        strategy_id = parse_id(str(name_or_id))
    which = Strategy.id == strategy_id if strategy_id is not None else Strategy.name == str(name_or_id)
    row = session.scalar(select(Strategy).where(Strategy.rules == rules, Strategy.goal == goal, which))
    if row is None:
        raise NotStored(f"no stored strategy {str(name_or_id)!r} for {rules}, goal {goal} in {where}")
    return row


def league_row(session: Session, league_id: int, where: str) -> League:
    """The league LEAGUE_ID."""
    league = session.get(League, int(league_id))
    if league is None:
        raise NotStored(f"no league #{league_id} in {where}")
    return league


def named_league_row(session: Session, name_or_id: str | int, rules: str, goal: int, where: str) -> League:
    """A league of RULES and GOAL by id or name (the newest of that name)."""
    league = session.scalars(
        select(League)
        .where(League.rules == rules, League.goal == goal)
        .where(_name_or_id(League.id, League.name, name_or_id))
        .order_by((League.name == str(name_or_id)).desc(), League.id.desc())
    ).first()
    if league is None:
        raise NotStored(f"no league {str(name_or_id)!r} for {rules}, goal {goal} in {where}")
    return league


def league_entries(session: Session, league_id: int, *, tables: bool = False) -> list[Strategy]:
    """The strategies of league LEAGUE_ID, by id; their tables and sources
    are loaded only if TABLES (a thousand entries' tables are 10 MB)."""
    statement = (
        select(Strategy)
        .join(LeagueEntry, LeagueEntry.strategy_id == Strategy.id)
        .where(LeagueEntry.league_id == league_id)
        .order_by(Strategy.id)
    )
    if not tables:
        statement = statement.options(defer(Strategy.table), defer(Strategy.source))
    return list(session.scalars(statement))


def run_row(session: Session, run_id: int, where: str) -> EvolutionRun:
    """The evolution run RUN_ID."""
    run = session.get(EvolutionRun, int(run_id))
    if run is None:
        raise NotStored(f"no evolution run #{run_id} in {where}")
    return run
