"""``hog db`` and explicit upgrades: a SQLite file upgrades itself, a
PostgreSQL server's older schema waits for ``hog db upgrade``, and backups
(``hog db backup`` for SQLite, ``pg_dump -Fc``/``pg_restore`` for PostgreSQL)
keep every contest, entry and standing."""

from __future__ import annotations

import glob
import json
import shutil
import sqlite3
import subprocess
import sys
import uuid
from typing import Any

import numpy as np
import pytest
from contest_support import NOW, queue_entry, settings, table_of
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from arena.contest.worker import rank_until_current
from hog_arena.cli.main import main
from results import schema
from results.errors import StoreError
from results.store import open_store, resolve_url
from strategies.table import StrategyTable

#: The revision an older program left the database at.
OLD = "0006_league_pinned"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *args: str) -> dict[str, Any]:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def migrate_to(url: str, revision: str) -> None:
    """Give the empty database at URL the schema of REVISION, as an older program would."""
    engine = create_engine(resolve_url(url))
    try:
        with engine.begin() as connection:
            schema.upgrade(connection, revision)
    finally:
        engine.dispose()


def stored_revision(url: str) -> str | None:
    engine = create_engine(resolve_url(url))
    try:
        with engine.connect() as connection:
            return schema.current_revision(connection)
    finally:
        engine.dispose()


def fill(store) -> None:
    """Two strategies, and a contest with a roster, entries and published standings."""
    for n in (4, 6):
        store.add_strategy(StrategyTable(np.full((30, 30), n), "sus_fuss", f"always_{n}", "builtin"))
    contest = store.create_contest("fa26", settings())
    people = store.add_roster("fa26", [(f"p{k}@x.edu", f"t{k}", "student") for k in range(3)])
    for k, (person, _token) in enumerate(people):
        queue_entry(store, contest, person, table_of(k), f"Team t{k}", NOW)
    assert rank_until_current(store, "fa26") == 1


def contents(store) -> dict[str, Any]:
    """Everything ``fill`` stored, as plain data."""
    found: dict[str, Any] = {"strategies": [s.as_dict() for s in store.list_strategies("sus_fuss", 30)]}
    for contest in store.list_contests():
        standings = store.standings(contest)
        assert standings is not None and standings.matrix is not None
        found[contest.name] = {
            "contest": contest.as_dict(),
            "roster": [p.as_dict() for p in store.roster(contest.name)],
            "entries": [e.as_dict() for e in store.entries(contest)],
            "standings": (standings.revision, standings.teams, standings.ranking, standings.matrix.tobytes()),
        }
    return found


# --- explicit upgrades ----------------------------------------------------------------------


def test_an_older_postgresql_schema_is_refused_until_hog_db_upgrade(capsys, postgres_url):
    migrate_to(postgres_url, OLD)
    with pytest.raises(StoreError) as refused:
        open_store(postgres_url)
    message = str(refused.value)
    assert "\n" not in message and OLD in message and "`hog db upgrade`" in message
    for command in (["strategies", "--rules", "fa24"], ["contest", "list"], ["leagues"]):
        code, out, err = run(capsys, *command, "--db", postgres_url)
        assert (code, out) == (1, "") and len(err.splitlines()) == 1, command
        assert err.startswith("hog: error: database ") and "`hog db upgrade`" in err
    assert stored_revision(postgres_url) == OLD  # nothing migrated it behind the servers' back

    status = run_json(capsys, "db", "status", "--db", postgres_url)
    assert status["backend"] == "postgresql" and "hog:***@" in status["database"]
    assert (status["current"], status["latest"], status["upgrade_needed"]) == (OLD, schema.head_revision(), True)
    code, out, _ = run(capsys, "db", "status", "--db", postgres_url)
    assert code == 0 and "stop the servers that use it, then run `hog db upgrade`" in out

    code, out, err = run(capsys, "db", "upgrade", "--db", postgres_url)
    assert code == 0, err
    assert out.strip().endswith(f"from {OLD} to {schema.head_revision()}")
    with open_store(postgres_url) as store:
        assert store.schema_revision() == schema.head_revision()
    again = run_json(capsys, "db", "upgrade", "--db", postgres_url)
    assert (again["from"], again["to"], again["upgraded"]) == (schema.head_revision(), schema.head_revision(), False)


def test_an_empty_postgresql_schema_is_still_created_on_open(capsys, postgres_url):
    status = run_json(capsys, "db", "status", "--db", postgres_url)
    assert (status["current"], status["upgrade_needed"]) == (None, True)
    assert stored_revision(postgres_url) is None  # `hog db status` creates nothing
    with open_store(postgres_url) as store:
        assert store.schema_revision() == schema.head_revision()


def test_a_postgresql_schema_with_tables_but_no_revision_is_refused(postgres_url):
    engine = create_engine(resolve_url(postgres_url))
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE strategies (id integer)"))
    engine.dispose()
    with pytest.raises(StoreError, match="has no schema revision, older than .*`hog db upgrade`"):
        open_store(postgres_url)


def test_an_older_sqlite_file_upgrades_itself_on_open(capsys, sqlite_url):
    migrate_to(sqlite_url, OLD)
    code, out, _ = run(capsys, "db", "status", "--db", sqlite_url)
    assert code == 0 and f"schema revision: {OLD} (latest: {schema.head_revision()})" in out
    assert "any command that opens it, upgrades it" in out
    code, out, err = run(capsys, "contest", "list", "--db", sqlite_url)
    assert code == 0, err
    assert stored_revision(sqlite_url) == schema.head_revision()


def test_status_and_list_report_the_revisions(capsys, db_url):
    migrate_to(db_url, OLD)
    known = schema.revisions()
    listed = run_json(capsys, "db", "list", "--db", db_url)
    assert listed["current"] == OLD
    assert [row["revision"] for row in listed["revisions"]] == known == sorted(known)
    assert [row["applied"] for row in listed["revisions"]] == [r <= OLD for r in known]
    code, out, _ = run(capsys, "db", "list", "--db", db_url)
    assert code == 0 and f"* {OLD}\n  {known[known.index(OLD) + 1]}\n" in out

    run(capsys, "db", "upgrade", "--db", db_url)
    status = run_json(capsys, "db", "status", "--db", db_url)
    assert (status["current"], status["latest"], status["upgrade_needed"], status["newer"]) == (
        known[-1],
        known[-1],
        False,
        False,
    )
    assert all(row["applied"] for row in run_json(capsys, "db", "list", "--db", db_url)["revisions"])


def test_a_schema_newer_than_the_program_is_refused_and_reported(capsys, db_url):
    with open_store(db_url):
        pass
    engine = create_engine(resolve_url(db_url))
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    engine.dispose()
    with pytest.raises(StoreError, match="9999_from_the_future.*newer"):
        open_store(db_url)
    code, out, err = run(capsys, "db", "upgrade", "--db", db_url)
    assert (code, out) == (1, "") and "newer than this program knows; upgrade hog-arena" in err
    status = run_json(capsys, "db", "status", "--db", db_url)
    assert (status["current"], status["upgrade_needed"], status["newer"]) == ("9999_from_the_future", False, True)
    assert all(row["applied"] for row in run_json(capsys, "db", "list", "--db", db_url)["revisions"])


def test_hog_db_on_a_missing_sqlite_file_creates_nothing(capsys, tmp_path):
    path = tmp_path / "none.db"
    for command in (["status"], ["list"], ["upgrade"], ["backup", str(tmp_path / "b.db")]):
        code, out, err = run(capsys, "db", *command, "--db", str(path))
        assert (code, out) == (1, "") and err == f"hog: error: no database at {path} (nothing stored yet)\n"
    assert list(tmp_path.iterdir()) == []


# --- backups ----------------------------------------------------------------------------------

#: Another process that holds the database's write lock, mid-transaction, until told to stop.
WRITER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
connection.execute("DELETE FROM strategies")
print("writing", flush=True)
sys.stdin.readline()
connection.execute("ROLLBACK")
"""


def test_a_sqlite_backup_runs_while_others_read_and_write(capsys, tmp_path):
    path = tmp_path / "hog_arena.db"
    with open_store(str(path)) as store:
        fill(store)
        expected = contents(store)
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    assert reader.execute("SELECT count(*) FROM strategies").fetchone() == (2,)
    command = [sys.executable, "-c", WRITER, str(path)]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as writer:
        assert writer.stdin is not None and writer.stdout is not None
        try:
            assert writer.stdout.readline() == "writing\n"
            with open_store(str(path), create=False) as server:  # a server with the file open
                assert len(server.list_contests()) == 1
                # the writer holds its write transaction until the backup has returned: a backup
                # that waited for it would run into the busy timeout and fail
                code, out, err = run(capsys, "db", "backup", str(tmp_path / "copy.db"), "--db", str(path))
        finally:
            writer.stdin.write("\n")
            writer.stdin.flush()
            reader.close()
    assert writer.returncode == 0
    assert code == 0, err
    assert out.startswith(f"backed up {path} to {tmp_path / 'copy.db'} (")
    assert not (tmp_path / "copy.db.part").exists()
    with open_store(str(tmp_path / "copy.db"), create=False) as copy:
        assert copy.schema_revision() == schema.head_revision()
        assert contents(copy) == expected  # the writer's uncommitted delete is not in it


def test_a_sqlite_backup_refuses_an_existing_file_unless_forced(capsys, tmp_path):
    path = tmp_path / "hog_arena.db"
    open_store(str(path)).close()
    target = tmp_path / "copy.db"
    target.write_text("keep me")
    code, out, err = run(capsys, "db", "backup", str(target), "--db", str(path))
    assert (code, out) == (1, "") and err == f"hog: error: {target} exists; give --force to replace it\n"
    assert target.read_text() == "keep me"
    done = run_json(capsys, "db", "backup", str(target), "--force", "--db", str(path))
    assert done == {"database": str(path), "backup": str(target), "bytes": target.stat().st_size}
    with open_store(str(target), create=False) as copy:
        assert copy.list_contests() == []
    code, _, err = run(capsys, "db", "backup", str(path), "--force", "--db", str(path))
    assert code == 1 and "is the database itself" in err


def test_a_postgresql_backup_is_pg_dump_s_job(capsys, postgres_url):
    code, out, err = run(capsys, "db", "backup", "copy.db", "--db", postgres_url)
    assert (code, out) == (1, "") and len(err.splitlines()) == 1 and "`pg_dump -Fc`" in err


def _postgres_tool(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    assert found, f"{name} is neither on PATH nor in a PostgreSQL bin folder"
    return found


def test_a_postgresql_dump_restores_every_contest_entry_and_standing(postgres_server, postgres_url, tmp_path):
    with open_store(postgres_url) as store:
        fill(store)
        expected = contents(store)
    server = make_url(postgres_server).set(drivername="postgresql")
    libpq_url = server.render_as_string(hide_password=False)  # what pg_dump and pg_restore take
    name = make_url(postgres_url).query["options"].removeprefix("-csearch_path=")
    dump = tmp_path / "hog.dump"
    subprocess.run([_postgres_tool("pg_dump"), "-Fc", "-n", name, "-f", str(dump), libpq_url], check=True, timeout=120)

    moved = f"hog_test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(make_url(postgres_server))
    try:
        with admin.begin() as connection:
            connection.execute(text(f'ALTER SCHEMA "{name}" RENAME TO "{moved}"'))
        subprocess.run(
            [_postgres_tool("pg_restore"), "--no-owner", "-d", libpq_url, str(dump)], check=True, timeout=120
        )
        with open_store(postgres_url, create=False) as restored:
            assert restored.schema_revision() == schema.head_revision()
            assert contents(restored) == expected
            assert {e["status"] for e in expected["fa26"]["entries"]} == {"ranked"}
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{moved}" CASCADE'))
        admin.dispose()
