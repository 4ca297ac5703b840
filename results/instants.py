"""Instants as the database keeps them: always UTC.

:class:`UTCDateTime` is the column type of every time in the schema. A
value is converted to UTC before it is written (SQLite keeps no offset, so
``2026-12-01T23:59:00-08:00`` stored as it came would read back as 23:59
UTC, eight hours early) and read back as an aware UTC time on every
backend. A time without a time zone is refused: nobody can tell which
instant it means.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

__all__ = ["UTCDateTime", "as_utc"]


def as_utc(value: datetime) -> datetime:
    """VALUE, an aware time, as the same instant in UTC (a ValueError if it is naive).

    >>> from datetime import timedelta
    >>> as_utc(datetime(2026, 12, 1, 23, 59, tzinfo=timezone(timedelta(hours=-8)))).isoformat()
    '2026-12-02T07:59:00+00:00'
    """
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"the time {value.isoformat()} has no time zone")
    return value.astimezone(timezone.utc)


class UTCDateTime(TypeDecorator[datetime]):
    """A ``DateTime(timezone=True)`` column that stores and returns UTC instants."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        instant = as_utc(value)
        # SQLite's DATETIME keeps no offset: write the UTC wall time.
        return instant.replace(tzinfo=None) if dialect.name == "sqlite" else instant

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        instant: datetime = value
        return instant.replace(tzinfo=timezone.utc) if instant.tzinfo is None else instant.astimezone(timezone.utc)
