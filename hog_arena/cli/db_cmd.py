"""``hog db``: the results database's schema revision, its upgrade, and SQLite backups.

A SQLite file upgrades itself when a command opens it; a PostgreSQL server's
older schema is refused until ``hog db upgrade`` (run once the servers that
use it are stopped), so a newer ``hog`` never migrates it under them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hog_arena.cli.flags import FlagTyper
from hog_arena.cli.options import Db, Json, emit
from hog_arena.cli.text import say

if TYPE_CHECKING:
    from results.database import Database
    from results.schema import SchemaState

db_app = FlagTyper(
    name="db",
    help="The database: its schema revision, upgrades and backups.\n\nExample: hog db status",
    no_args_is_help=True,
)


@contextmanager
def _opened(db: str | None) -> Iterator[Database]:
    """The database DB as it is: never created, upgraded or refused for its schema."""
    from results.database import Database

    database = Database(db, create=False, check_schema=False)
    try:
        yield database
    finally:
        database.close()


def _advice(database: Database, state: SchemaState) -> str:
    if state.newer:
        return "no: the database is newer than this program; upgrade hog-arena"
    if not state.behind:
        return "no"
    if database.backend == "sqlite":
        return "yes; `hog db upgrade`, or any command that opens it, upgrades it"
    if state.empty:
        return "yes; `hog db upgrade`, or the first command that opens it, creates the schema"
    return "yes; stop the servers that use it, then run `hog db upgrade`"


@db_app.command("status")
def status_command(db: Db = None, as_json: Json = False) -> None:
    """The database, its schema revision, the latest one, and whether it needs an upgrade.

    Example: hog db status --db hog_arena.db
    """
    with _opened(db) as database:
        state = database.schema_state()
        advice = _advice(database, state)
    data = {
        "database": database.where,
        "backend": database.backend,
        "current": state.current,
        "latest": state.head,
        "upgrade_needed": state.behind,
        "newer": state.newer,
    }

    def render() -> None:
        say(f"database: {database.where} ({database.backend})")
        current = "none (empty)" if state.current is None else state.current
        say(f"schema revision: {current} (latest: {state.head})")
        say(f"upgrade needed: {advice}")

    emit(data, as_json, render)


@db_app.command("list")
def list_command(db: Db = None, as_json: Json = False) -> None:
    """The schema revisions this program knows, oldest first, and which ones the database has.

    Example: hog db list --json
    """
    from results.schema import revisions

    with _opened(db) as database:
        state = database.schema_state()
    applied = set(state.applied())
    rows = [{"revision": revision, "applied": revision in applied} for revision in revisions()]

    def render() -> None:
        say(f"schema revisions, oldest first (* applied to {database.where}):")
        for row in rows:
            say(f"{'*' if row['applied'] else ' '} {row['revision']}")
        if state.newer:
            say(f"the database is at {state.current}, newer than all of these; upgrade hog-arena")

    emit({"database": database.where, "current": state.current, "revisions": rows}, as_json, render)


@db_app.command("upgrade")
def upgrade_command(db: Db = None, as_json: Json = False) -> None:
    """Upgrade the database's schema to the latest revision (stop its servers first).

    Example: hog db upgrade --db hog_arena.db
    """
    with _opened(db) as database:
        before, after = database.upgrade_schema()
    if before == after:
        text = f"{database.where} is already at the latest schema revision {after}"
    else:
        text = f"upgraded {database.where} from {before or 'an empty database'} to {after}"
    emit(
        {"database": database.where, "from": before, "to": after, "upgraded": before != after},
        as_json,
        lambda: say(text),
    )


@db_app.command("backup")
def backup_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="The backup: a new SQLite file.")],
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Copy a SQLite database to FILE, even while a server uses it (PostgreSQL: pg_dump).

    Example: hog db backup backup.db
    """
    from results.backup import backup_sqlite
    from results.engine import describe, resolve_url

    size = backup_sqlite(db, file, replace=force)
    where = describe(resolve_url(db))
    emit(
        {"database": where, "backup": str(file), "bytes": size},
        as_json,
        lambda: say(f"backed up {where} to {file} ({size:,} bytes)"),
    )


def register(app: typer.Typer) -> None:
    app.add_typer(db_app, name="db")
