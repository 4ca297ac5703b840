"""Online backups of a SQLite database file (``hog db backup``).

The copy is SQLite's backup API in one step: a read transaction on the
source, which in WAL mode neither waits for a writer nor holds one up, so a
running server goes on. It is written to ``FILE.part`` and renamed to FILE
once complete, so FILE is never half a database. A PostgreSQL server is
backed up with its own tools (``pg_dump -Fc``, ``pg_restore``; see the README).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from results.engine import BUSY_TIMEOUT_MS, describe, first_line, resolve_url, sqlite_path
from results.errors import StoreError

__all__ = ["backup_sqlite"]

#: The files SQLite may keep beside a database.
_SIDE_FILES = ("-journal", "-wal", "-shm")


def _remove(path: Path) -> None:
    for name in (path, *(path.with_name(path.name + side) for side in _SIDE_FILES)):
        name.unlink(missing_ok=True)


def backup_sqlite(db: str | None, target: Path, *, replace: bool = False) -> int:
    """Copy the SQLite database DB to TARGET while others use it; returns TARGET's size in bytes.

    An existing TARGET is refused unless REPLACE.
    """
    url = resolve_url(db)
    where = describe(url)
    if url.get_backend_name() == "postgresql":
        raise StoreError(f"database {where} is PostgreSQL: back it up with `pg_dump -Fc` (see the README)")
    source = sqlite_path(url) if url.get_backend_name() == "sqlite" else None
    if source is None:
        raise StoreError(f"cannot back up {where}: only a SQLite file is backed up this way")
    if not source.is_file():
        raise StoreError(f"no database at {where} (nothing stored yet)")
    if target.is_dir():
        raise StoreError(f"{target} is a folder; name the backup file")
    if not target.parent.is_dir():
        raise StoreError(f"cannot write {target}: folder {target.parent} does not exist")
    if target.resolve() == source.resolve():
        raise StoreError(f"{target} is the database itself; name another file")
    if target.exists() and not replace:
        raise StoreError(f"{target} exists; give --force to replace it")
    left = [side for side in _SIDE_FILES if target.with_name(target.name + side).exists()]
    if left:
        raise StoreError(f"{target}{left[0]} exists: {target} is open somewhere or was not closed cleanly")
    part = target.with_name(target.name + ".part")
    _remove(part)
    try:
        reader = sqlite3.connect(source.resolve().as_uri() + "?mode=rw", uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            copy = sqlite3.connect(part)
            try:
                reader.backup(copy)  # every page in one step: one consistent snapshot
            finally:
                copy.close()
        finally:
            reader.close()
        os.replace(part, target)
    except sqlite3.Error as error:
        _remove(part)
        message = first_line(error)
        if "file is not a database" in message:
            raise StoreError(f"{where} is not a SQLite database") from None
        raise StoreError(f"cannot back up {where}: {message}") from None
    except BaseException:
        _remove(part)
        raise
    return target.stat().st_size
