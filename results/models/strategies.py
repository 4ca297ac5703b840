"""The strategies aggregate's table: a strategy table, once per (rule set, goal, table)."""

from __future__ import annotations

from datetime import datetime
from numbers import Integral
from typing import Any

from sqlalchemy import (
    JSON,
    CheckConstraint,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from results.errors import NotStored
from results.instants import UTCDateTime
from results.models.base import NAME_LENGTH, Base, utc_now
from strategies.names import parse_id

__all__ = ["Strategy", "strategy_row"]


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
