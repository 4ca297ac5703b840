"""Database URLs and engines: SQLite (WAL, busy timeout, foreign keys) or PostgreSQL."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from results.errors import StoreError

__all__ = ["DEFAULT_URL", "BUSY_TIMEOUT_MS", "resolve_url", "describe", "sqlite_path", "make_engine", "first_line"]

DEFAULT_URL = "sqlite:///hog_arena.db"
#: How long a SQLite writer waits for another one to finish, in milliseconds.
BUSY_TIMEOUT_MS = 60_000
#: Seconds to wait for a database server to answer a connection.
CONNECT_TIMEOUT_S = 10


def resolve_url(db: str | None) -> URL:
    """The database URL for DB (None: HOG_DB, else the default); a path means SQLite."""
    text_ = db if db is not None else os.environ.get("HOG_DB") or DEFAULT_URL
    text_ = text_.strip()
    if not text_:
        raise StoreError("empty database URL")
    if "://" not in text_:
        return URL.create("sqlite", database=str(Path(text_).expanduser()))
    try:
        url = make_url(text_)
    except (ArgumentError, ValueError) as error:
        shown = re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", text_)
        raise StoreError(f"malformed database URL {shown!r}: {first_line(error)}") from None
    if url.drivername in ("postgresql", "postgres"):
        url = url.set(drivername="postgresql+psycopg")
    return url


def describe(url: URL) -> str:
    """How messages name the database: the file, or the URL without its password."""
    if url.get_backend_name() == "sqlite":
        return url.database or ":memory:"
    return url.render_as_string(hide_password=True)


def sqlite_path(url: URL) -> Path | None:
    """The file behind a SQLite URL (None for memory or URI-style names)."""
    database = url.database or ""
    if database in ("", ":memory:") or url.query.get("uri") in ("true", "1") or database.startswith("file:"):
        return None
    return Path(database)


def _on_sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (see _on_sqlite_begin)
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        mode = cursor.execute("PRAGMA journal_mode").fetchone()[0]
        if mode not in ("wal", "memory"):
            cursor.execute("PRAGMA journal_mode = WAL")
    finally:
        cursor.close()


def _on_sqlite_begin(connection: Any) -> None:
    # A write transaction takes the write lock at once, so it never has to
    # upgrade a read lock later (which SQLite cannot wait for).
    writing = connection.get_execution_options().get("hog_write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")


def make_engine(url: URL, create: bool = True) -> Engine:
    """An engine for URL with the store's connection settings (no schema upgrade).

    With CREATE false a missing SQLite file is an error, and none is created.
    """
    backend = url.get_backend_name()
    where = describe(url)
    if backend == "sqlite":
        path = sqlite_path(url)
        if path is not None:
            if path.is_dir():
                raise StoreError(f"database {where} is a folder, not a SQLite file")
            if not path.exists() and not create:
                raise StoreError(f"no database at {where} (nothing stored yet)")
            if not path.exists() and not path.parent.is_dir():
                raise StoreError(f"cannot create database {where}: folder {path.parent} does not exist")
        connect_args: dict[str, Any] = {"timeout": BUSY_TIMEOUT_MS / 1000}
    elif backend == "postgresql":
        connect_args = {"connect_timeout": CONNECT_TIMEOUT_S}
    else:
        raise StoreError(f"unsupported database backend {backend!r} in {where}; use sqlite or postgresql")
    try:
        engine = create_engine(url, connect_args=connect_args, pool_pre_ping=backend == "postgresql")
    except (NoSuchModuleError, ImportError) as error:
        raise StoreError(f"cannot use database {where}: {first_line(error)}") from None
    if backend == "sqlite":
        event.listen(engine, "connect", _on_sqlite_connect)
        event.listen(engine, "begin", _on_sqlite_begin)
    return engine


def first_line(error: BaseException) -> str:
    """The first non-empty line of an error's message."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__
