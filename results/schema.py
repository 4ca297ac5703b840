"""Alembic wiring: the migration scripts ship inside the package.

The store calls :func:`upgrade` on open, so an older database is brought to
the newest schema before use. Checking whether that is needed costs no
Alembic import: the database's revision is read with plain SQL, and this
code's revisions are the migration files' names (``versions/NNNN_name.py``
holds revision ``NNNN_name``; a test keeps it so). Alembic loads only to
migrate. Developers add a revision with ``alembic revision --autogenerate
-m "what changed"`` (configured in pyproject.toml), then name the file and
its revision ``NNNN_name`` and review it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from results.errors import StoreError

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


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Migrate the database behind CONNECTION to REVISION, inside its transaction."""
    from alembic import command  # loads only when a database needs migrating

    command.upgrade(alembic_config(connection), revision)
