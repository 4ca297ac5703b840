"""What every table of the results schema shares: the declarative base,
fixed constraint names, the length of names, the time of writing, and the
check that keeps an enumerated column honest."""

from __future__ import annotations

from datetime import datetime, timezone
from numbers import Integral
from typing import Any

from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

__all__ = ["Base", "NAME_LENGTH", "NAMING_CONVENTION", "utc_now", "one_of", "by_name_or_id"]

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


def one_of(column: str, values: tuple[str, ...]) -> str:
    """The check constraint's text keeping COLUMN within VALUES."""
    quoted = ", ".join(f"'{value}'" for value in values)
    return f"{column} IN ({quoted})"


class Base(DeclarativeBase):
    """The base of every model; its metadata names constraints by ``NAMING_CONVENTION``."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def by_name_or_id(column_id: Any, column_name: Any, name_or_id: str | int) -> Any:
    """Match by name; an int, or a string of digits no name matches, means an id."""
    if isinstance(name_or_id, Integral) and not isinstance(name_or_id, bool):
        return column_id == int(name_or_id)
    text = str(name_or_id)
    if text.isdigit():
        return (column_name == text) | (column_id == int(text))
    return column_name == text
