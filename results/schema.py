"""Alembic wiring: the migration scripts ship inside the package.

The store calls :func:`upgrade` on open, so an older database is brought to
the newest schema before use. Developers add a revision with
``alembic revision --autogenerate -m "what changed"`` (configured in
pyproject.toml) and review it.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy.engine import Connection

__all__ = ["SCRIPT_LOCATION", "alembic_config", "head_revision", "current_revision", "is_known", "upgrade"]

#: The migrations folder, found through the installed ``results`` package.
SCRIPT_LOCATION = "results:migrations"


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration without an ini file; CONNECTION, if given, is migrated."""
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    """The newest schema revision this code knows."""
    head = _scripts().get_current_head()
    assert head is not None, "no migration scripts found"
    return head


def current_revision(connection: Connection) -> str | None:
    """The schema revision of the database (None for an empty database)."""
    return MigrationContext.configure(connection).get_current_revision()


def is_known(revision: str) -> bool:
    """Whether REVISION is one of this code's migrations."""
    try:
        return _scripts().get_revision(revision) is not None
    except CommandError:
        return False


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Migrate the database behind CONNECTION to REVISION, inside its transaction."""
    command.upgrade(alembic_config(connection), revision)
