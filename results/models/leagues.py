"""The leagues aggregate's tables: leagues, their entries, the matches they
play (the match cache) and their snapshots."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    false,
    select,
    text,
)
from sqlalchemy.orm import Mapped, Session, defer, mapped_column

from results.errors import NotStored
from results.instants import UTCDateTime
from results.match_key import METHODS
from results.models.base import NAME_LENGTH, Base, by_name_or_id, one_of, utc_now
from results.models.strategies import Strategy

__all__ = [
    "League",
    "LeagueEntry",
    "Match",
    "LeagueSnapshot",
    "LEAGUE_STATUSES",
    "MATCH_KEY_COLUMNS",
    "league_row",
    "named_league_row",
    "league_entries",
]

LEAGUE_STATUSES = ("running", "done")
#: The columns of a match's key (``MatchKey.astuple`` gives their values, in this order).
MATCH_KEY_COLUMNS = ("rules", "goal", "method", "games", "seed", "start_score0", "start_score1", "start_player")


def _start_column() -> Mapped[int]:
    """A column of a match's start (``hog.rules.Start``): 0 unless fa14's bids gave another."""
    return mapped_column(Integer, default=0, server_default=text("0"))


class League(Base):
    """A round robin between stored strategies, decided by one method, every
    match from one start (0-0, player 0 first, unless fa14's bids gave another)."""

    __tablename__ = "leagues"
    __table_args__ = (
        CheckConstraint(one_of("method", METHODS), name="method"),
        CheckConstraint(one_of("status", LEAGUE_STATUSES), name="status"),
        CheckConstraint("games >= 0", name="games_not_negative"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    rules: Mapped[str] = mapped_column(String(40), index=True)
    goal: Mapped[int] = mapped_column(Integer)
    method: Mapped[str] = mapped_column(String(10))
    games: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    start_score0: Mapped[int] = _start_column()
    start_score1: Mapped[int] = _start_column()
    start_player: Mapped[int] = _start_column()
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
    ``results.store``). For exact matches ``games`` and ``seed`` are 0. The
    start (scores, and the player who moves first) is 0-0, player 0, unless
    fa14's bids gave another.
    """

    __tablename__ = "matches"
    __table_args__ = (
        UniqueConstraint(*MATCH_KEY_COLUMNS, "sha_a", "sha_b", name="uq_matches_key_pair"),
        CheckConstraint("sha_a <= sha_b", name="pair_ordered"),
        CheckConstraint(one_of("method", METHODS), name="method"),
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
    start_score0: Mapped[int] = _start_column()
    start_score1: Mapped[int] = _start_column()
    start_player: Mapped[int] = _start_column()
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
        .where(by_name_or_id(League.id, League.name, name_or_id))
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
