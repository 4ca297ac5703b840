"""The evolution runs aggregate's tables: runs, their checkpointed generations and Pareto fronts."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from results.errors import NotStored
from results.instants import UTCDateTime
from results.models.base import NAME_LENGTH, Base, one_of, utc_now

__all__ = ["EvolutionRun", "Generation", "FrontMember", "RUN_STATUSES", "run_row"]

RUN_STATUSES = ("running", "done")


class EvolutionRun(Base):
    """An evolution of a family's parameters against an opponent or a league."""

    __tablename__ = "evolution_runs"
    __table_args__ = (CheckConstraint(one_of("status", RUN_STATUSES), name="status"),)

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


def run_row(session: Session, run_id: int, where: str) -> EvolutionRun:
    """The evolution run RUN_ID."""
    run = session.get(EvolutionRun, int(run_id))
    if run is None:
        raise NotStored(f"no evolution run #{run_id} in {where}")
    return run
