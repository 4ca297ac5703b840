"""The store's plumbing: one database, its sessions and its errors.

:class:`Database` opens an engine for a URL, brings the schema up to date
(a SQLite file or an empty database by itself; a PostgreSQL server's older
schema only by ``hog db upgrade``, so a newer program never migrates it
under a running older server), and hands out sessions that are each one
transaction (``_session``), turning every database error into a one-line
:class:`StoreError` naming the database. The store's aggregates
(``results.strategy_store``, ``results.league_store``, ``results.match_cache``,
``results.run_store``, ``results.contest_store``, ``results.signin_store``) build on it;
``results.store.Store`` joins them. The small argument checks they share
are here too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from results import schema
from results.engine import describe, first_line, make_engine, resolve_url
from results.errors import StoreError
from results.models import NAME_LENGTH

__all__ = ["Database", "chunks", "plain_json", "check_name"]

#: Key of the PostgreSQL advisory lock that serialises schema upgrades.
_UPGRADE_LOCK = 0x486F67  # "Hog"
#: Rows per statement in bulk reads and writes (well under SQLite's variable limit).
CHUNK = 500


def chunks(items: Sequence[Any], size: int = CHUNK) -> Iterator[Sequence[Any]]:
    """ITEMS in slices of at most SIZE."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _json_scalar(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    raise TypeError(f"{type(value).__name__} is not JSON data")


def plain_json(value: Any, what: str) -> Any:
    """VALUE as plain JSON data (numpy scalars and arrays allowed)."""
    try:
        return json.loads(json.dumps(value, default=_json_scalar, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise StoreError(f"{what} must be JSON data: {first_line(error)}") from None


def check_name(value: str | None, what: str, required: bool = True) -> None:
    """A StoreError unless VALUE is a non-empty name that fits the schema (or None, if not REQUIRED)."""
    if value is None and not required:
        return
    if not isinstance(value, str) or not value.strip():
        raise StoreError(f"{what} must be a non-empty string, not {value!r}")
    if len(value) > NAME_LENGTH:
        raise StoreError(f"{what} {value[:40]!r}... is longer than {NAME_LENGTH} characters")


class Database:
    """An open, up-to-date database; see ``results.store`` for the API built on it.

    With CHECK_SCHEMA false the schema is left as it is, neither created,
    upgraded nor refused (``hog db`` reads and upgrades it).
    """

    def __init__(self, db: str | None = None, *, create: bool = True, check_schema: bool = True) -> None:
        self.url = resolve_url(db)
        self.where = describe(self.url)
        self.backend = self.url.get_backend_name()
        self._engine = make_engine(self.url, create)
        self._read = sessionmaker(self._engine, expire_on_commit=False)
        self._write = sessionmaker(self._engine.execution_options(hog_write=True), expire_on_commit=False)
        if not check_schema:
            return
        try:
            self._check_schema()
        except BaseException:
            self._engine.dispose()
            raise

    def close(self) -> None:
        """Close every connection (a SQLite file's WAL is checkpointed)."""
        self._engine.dispose()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.where!r})"

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn database errors into one-line StoreErrors naming the database."""
        try:
            yield
        except DBAPIError as error:
            message = first_line(error.orig) if error.orig is not None else first_line(error)
            if "file is not a database" in message:
                raise StoreError(f"{self.where} is not a SQLite database") from None
            if "readonly database" in message:
                raise StoreError(f"database {self.where} is read-only") from None
            raise StoreError(f"database {self.where}: {message}") from None
        except SQLAlchemyError as error:
            raise StoreError(f"database {self.where}: {first_line(error)}") from None

    @contextmanager
    def _session(self, write: bool = False) -> Iterator[Session]:
        """A session in one transaction: committed at the end, rolled back on error."""
        maker = self._write if write else self._read
        with self._errors(), maker() as session, session.begin():
            yield session

    def _newer(self, revision: str) -> StoreError:
        return StoreError(
            f"database {self.where} has schema revision {revision!r}, newer than this program knows; upgrade hog-arena"
        )

    def _behind(self, revision: str | None) -> StoreError:
        at = "no schema revision" if revision is None else f"schema revision {revision!r}"
        return StoreError(
            f"database {self.where} has {at}, older than this program's {schema.head_revision()!r}; "
            "stop the servers that use it, then run `hog db upgrade`"
        )

    def _check_schema(self) -> None:
        """Upgrade a SQLite file or create an empty database's schema; refuse a
        PostgreSQL server's older schema, and any newer one."""
        with self._errors(), self._engine.connect() as connection:
            if schema.current_revision(connection) == schema.head_revision():
                return
            found = schema.state(connection)
        if found.newer:
            raise self._newer(str(found.current))
        server = self.backend == "postgresql"
        if server and not found.empty:
            raise self._behind(found.current)
        self._migrate(only_empty=server)

    def schema_state(self) -> schema.SchemaState:
        """Where the database's schema stands against this program's revisions."""
        with self._errors(), self._engine.connect() as connection:
            return schema.state(connection)

    def upgrade_schema(self) -> tuple[str | None, str]:
        """Migrate to the newest revision (``hog db upgrade``); (revision before, revision now)."""
        return self._migrate(only_empty=False)

    def _migrate(self, only_empty: bool) -> tuple[str | None, str]:
        """Migrate to the newest revision, one upgrader at a time (ONLY_EMPTY: unless
        another program gave the database a schema meanwhile)."""
        head = schema.head_revision()
        with self._errors(), self._engine.execution_options(hog_write=True).begin() as connection:
            if self.backend == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _UPGRADE_LOCK})
            before = schema.current_revision(connection)
            if before is not None and not schema.is_known(before):
                raise self._newer(before)
            if only_empty and before not in (None, head):
                raise self._behind(before)
            if before != head:
                schema.upgrade(connection)
        return before, head

    def schema_revision(self) -> str | None:
        """The database's schema revision (the newest one after opening)."""
        with self._errors(), self._engine.connect() as connection:
            return schema.current_revision(connection)
