"""Alembic environment: runs the migrations on the connection the store hands over.

The store passes its connection in ``config.attributes["connection"]``,
inside a transaction it holds. From the ``alembic`` command line (configured
in pyproject.toml) the database is the store's default: ``HOG_DB`` or
``sqlite:///hog_arena.db``.
"""

from alembic import context
from sqlalchemy.engine import Connection

from results.models import Base


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def _run_from_command_line() -> None:
    from results.engine import make_engine, resolve_url

    engine = make_engine(resolve_url(None))
    try:
        with engine.connect() as connection:
            _run(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise SystemExit("offline (--sql) migrations are not supported; run them against a database")
connection = context.config.attributes.get("connection")
if connection is None:
    _run_from_command_line()
else:
    _run(connection)
