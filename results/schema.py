"""Alembic wiring: the migration scripts ship inside the package.

The store calls :func:`upgrade` on open for a SQLite file or an empty
database, so it is brought to the newest schema before use; a server's
database that is behind waits for ``hog db upgrade`` (``results.database``
decides). Checking whether that is needed costs no
Alembic import: the database's revision is read with plain SQL, and this
code's revisions are the migration files' names (``versions/NNNN_name.py``
holds revision ``NNNN_name``; a test keeps it so). Alembic loads only to
migrate. Developers add a revision with ``alembic revision --autogenerate
-m "what changed"`` (configured in pyproject.toml), then name the file and
its revision ``NNNN_name`` and review it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from results.errors import StoreError
from results.models import Base

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "SCRIPT_LOCATION",
    "VERSIONS",
    "alembic_config",
    "revisions",
    "head_revision",
    "current_revision",
    "is_known",
    "has_tables",
    "SchemaState",
    "state",
    "upgrade",
]

#: The migrations folder, found through the installed ``results`` package.
SCRIPT_LOCATION = "results:migrations"
#: The folder of the migration scripts, one revision per file.
VERSIONS = Path(__file__).parent / "migrations" / "versions"
#: Alembic's table of the database's revision.
VERSION_TABLE = "alembic_version"


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration without an ini file; CONNECTION, if given, is migrated."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def revisions() -> list[str]:
    """This code's schema revisions, oldest first: the migration files' names."""
    return sorted(path.stem for path in VERSIONS.glob("[0-9]*.py"))


def head_revision() -> str:
    """The newest schema revision this code knows."""
    known = revisions()
    assert known, f"no migration scripts in {VERSIONS}"
    return known[-1]


def current_revision(connection: Connection) -> str | None:
    """The schema revision of the database (None for an empty database)."""
    if not inspect(connection).has_table(VERSION_TABLE):
        return None
    stored = list(connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars())
    if len(stored) > 1:
        raise StoreError(f"the database has several schema revisions ({', '.join(sorted(stored))}), not one")
    return stored[0] if stored else None


def is_known(revision: str) -> bool:
    """Whether REVISION is one of this code's migrations."""
    return revision in revisions()


def has_tables(connection: Connection) -> bool:
    """Whether the database (its current schema, on PostgreSQL) holds any of the store's tables."""
    return bool(set(inspect(connection).get_table_names()) & set(Base.metadata.tables))


@dataclass(frozen=True)
class SchemaState:
    """Where a database's schema stands against this code's revisions."""

    current: str | None
    #: No schema revision and none of the store's tables: nothing can be using it yet.
    empty: bool
    head: str = field(default_factory=head_revision)

    @property
    def newer(self) -> bool:
        """The database was migrated by a newer program."""
        return self.current is not None and not is_known(self.current)

    @property
    def behind(self) -> bool:
        """An upgrade would change the database (an empty one included)."""
        return self.current != self.head and not self.newer

    def applied(self) -> list[str]:
        """This code's revisions that the database has, oldest first."""
        known = revisions()
        if self.current is None:
            return []
        if self.newer:
            return known
        return known[: known.index(self.current) + 1]


def state(connection: Connection) -> SchemaState:
    """The schema state of the database behind CONNECTION."""
    current = current_revision(connection)
    return SchemaState(current, current is None and not has_tables(connection))


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Migrate the database behind CONNECTION to REVISION, inside its transaction."""
    from alembic import command  # loads only when a database needs migrating

    command.upgrade(alembic_config(connection), revision)
