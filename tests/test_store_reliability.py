"""The store under real concurrent processes, SIGKILL, and bad databases."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from sqlalchemy import create_engine, func, select

from hog_arena.cli.main import main
from results import schema
from results.models import League, LeagueEntry, Match, Strategy
from results.store import StoreError, open_store, resolve_url
from strategies.table import StrategyTable

RULES = "square_swine"
GOAL = 100
ROOT = Path(__file__).resolve().parents[1]

#: Shared by the child processes: how they make tables and match batches.
CHILD_PRELUDE = """
import hashlib, sys, time
import numpy as np
from results.store import MatchKey, MatchResult, open_store
from strategies.table import StrategyTable

def table(i):
    values = np.random.default_rng(i).integers(0, 11, size=(100, 100))
    return StrategyTable(values, "square_swine", f"s{i}")

def sha(*key):
    return hashlib.sha256(repr(key).encode()).hexdigest()

def matches(batch, size):
    return [MatchResult(sha(batch, j, "a"), sha(batch, j, "b"), 0.25, 0.5, 0.0) for j in range(size)]
"""

#: Waits for "go" on stdin after opening the store, then writes.
CONCURRENT_CHILD = (
    CHILD_PRELUDE
    + """
url, role, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = open_store(url)
print("ready", flush=True)
sys.stdin.readline()
for i in range(count):
    if role == "strategies":
        store.add_strategy(table(i))
    elif role == "matches":
        store.store_matches(MatchKey("square_swine", 100), matches(i, 20))
    else:
        store.list_strategies("square_swine", 100)
store.close()
print("done", flush=True)
"""
)

#: Pauses (forever) right after the first statement starting with argv[2].
PAUSING_CHILD = (
    CHILD_PRELUDE
    + """
from sqlalchemy import Engine, event

url, pause_after, operation = sys.argv[1], sys.argv[2], sys.argv[3]
store = open_store(url)

@event.listens_for(Engine, "after_cursor_execute")
def pause(conn, cursor, statement, parameters, context, executemany):
    if statement.lstrip().upper().startswith(pause_after):
        print("paused", flush=True)
        time.sleep(600)

if operation == "league":
    ids = [r.id for r in store.list_strategies("square_swine", 100)]
    store.create_league("doomed", MatchKey("square_swine", 100), ids)
elif operation == "strategy":
    store.add_strategy(table(99))
elif operation == "matches":
    store.store_matches(MatchKey("square_swine", 100), matches(0, 1200))
elif operation == "generation":
    store.add_generation(1, 1, {"max": 0.6}, b"new checkpoint")
print("finished without pausing", flush=True)
"""
)

#: Writes forever in small transactions until killed.
BUSY_CHILD = (
    CHILD_PRELUDE
    + """
url, start = sys.argv[1], int(sys.argv[2])
store = open_store(url)
print("writing", flush=True)
for i in range(start, start + 100_000):
    ids = [store.add_strategy(table(i * 5 + k))[0].id for k in range(5)]
    store.create_league(f"league {i}", MatchKey("square_swine", 100), ids)
    store.store_matches(MatchKey("square_swine", 100), matches(i, 10))
"""
)


def child(script: str, *args: str, cwd: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=env,
    )


def expect_line(process: subprocess.Popen, expected: str) -> None:
    line = process.stdout.readline().strip()
    if line != expected:
        process.kill()
        _, err = process.communicate(timeout=60)
        pytest.fail(f"child printed {line!r}, expected {expected!r}; stderr:\n{err}")


def count(url: str, model) -> int:
    engine = create_engine(resolve_url(url))
    try:
        with engine.connect() as connection:
            return connection.scalar(select(func.count()).select_from(model))
    finally:
        engine.dispose()


def integrity_check(url: str) -> None:
    if resolve_url(url).get_backend_name() != "sqlite":
        return
    engine = create_engine(resolve_url(url))
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA integrity_check").scalars().all() == ["ok"]
            assert connection.exec_driver_sql("PRAGMA foreign_key_check").all() == []
    finally:
        engine.dispose()


def table(i: int) -> StrategyTable:
    """The same table as the children's table(i)."""
    return StrategyTable(np.random.default_rng(i).integers(0, 11, size=(GOAL, GOAL)), RULES, f"s{i}")


# --- concurrent writers ---------------------------------------------------------------------


def test_concurrent_writers_and_a_reader_all_finish(db_url, tmp_path):
    """Four processes open a fresh database at once, then write and read together.

    Two of them add the same strategies, so they race for the same rows.
    """
    jobs = [("strategies", 40), ("strategies", 40), ("matches", 40), ("reader", 200)]
    processes = [child(CONCURRENT_CHILD, db_url, role, str(n), cwd=tmp_path) for role, n in jobs]
    for process in processes:
        expect_line(process, "ready")
    for process in processes:
        process.stdin.write("go\n")
        process.stdin.flush()
    for (role, _), process in zip(jobs, processes, strict=True):
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, f"{role} failed:\n{err}"
        assert "locked" not in err and out.strip() == "done"
    assert count(db_url, Strategy) == 40
    assert count(db_url, Match) == 40 * 20
    integrity_check(db_url)


# --- SIGKILL in the middle of a transaction ----------------------------------------------------


def prepare_for_kill(url: str) -> None:
    with open_store(url) as store:
        for i in range(4):
            store.add_strategy(table(i))
        run = store.create_run("swine", RULES, GOAL, 1, {})
        store.add_generation(run.id, 0, {"max": 0.5}, b"old checkpoint")


@pytest.mark.parametrize(
    "operation, pause_after",
    [
        ("league", "INSERT INTO LEAGUES"),
        ("strategy", "INSERT INTO STRATEGIES"),
        ("matches", "INSERT INTO MATCHES"),
        ("generation", "UPDATE GENERATIONS"),
    ],
)
def test_a_writer_killed_mid_transaction_leaves_nothing_half_written(db_url, tmp_path, operation, pause_after):
    prepare_for_kill(db_url)
    process = child(PAUSING_CHILD, db_url, pause_after, operation, cwd=tmp_path)
    expect_line(process, "paused")
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL

    integrity_check(db_url)
    with open_store(db_url) as store:
        assert [r.name for r in store.list_strategies(RULES, GOAL)] == ["s0", "s1", "s2", "s3"]
        checkpoint = store.load_latest_checkpoint(1)
        assert (checkpoint.number, checkpoint.blob) == (0, b"old checkpoint")
        assert [g.number for g in store.generations(1)] == [0]
        assert store.latest_league(RULES, GOAL) is None
    assert count(db_url, League) == 0
    assert count(db_url, LeagueEntry) == 0
    assert count(db_url, Match) == 0


def test_writers_killed_at_random_moments_leave_consistent_data(db_url, tmp_path):
    delays = random.Random(5).sample([0.3, 0.5, 0.7, 0.9, 1.1], 3)
    for round_, delay in enumerate(delays):
        process = child(BUSY_CHILD, db_url, str(round_ * 10_000), cwd=tmp_path)
        expect_line(process, "writing")
        try:
            process.communicate(timeout=delay)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.communicate(timeout=60)
        assert process.returncode == -signal.SIGKILL, process.stderr
        integrity_check(db_url)

    with open_store(db_url) as store:
        records = store.list_strategies(RULES, GOAL)
        assert records, "the writer stored nothing before it was killed"
        for record in records:
            assert store.get_strategy(record.id, RULES, GOAL).sha256 == record.sha256
        leagues = count(db_url, League)
    assert count(db_url, LeagueEntry) == 5 * leagues
    assert count(db_url, Match) % 10 == 0


# --- bad databases, through the API and the command line -----------------------------------------


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hog: error: "), err
    return lines[0]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def listing(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


@pytest.mark.parametrize(
    "db, message",
    [
        ("postgresql://hog:secret@127.0.0.1:port/x", "malformed database URL"),
        ("oracle://hog:secret@127.0.0.1/x", "unsupported database backend 'oracle'"),
        ("postgresql://hog:secret@127.0.0.1:{free_port}/x", "refused"),
        ("not_sqlite.db", "not_sqlite.db is not a SQLite database"),
        ("a_folder", "is a folder"),
    ],
)
def test_bad_databases_give_one_clear_line_and_change_nothing(capsys, tmp_path, monkeypatch, db, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "not_sqlite.db").write_text("these are my notes, not a database\n")
    (tmp_path / "a_folder").mkdir()
    before = {p.name for p in tmp_path.iterdir()}, (tmp_path / "not_sqlite.db").read_bytes()
    db = db.replace("{free_port}", str(free_port()))

    with pytest.raises(StoreError, match=message) as raised:
        open_store(db)
    assert isinstance(raised.value, ValueError) and "\n" not in str(raised.value)
    assert "secret" not in str(raised.value)
    for command in ("strategies", "leaderboard"):
        code, out, err = run_cli(capsys, command, "--db", db)
        assert code == 1 and out == ""
        assert message in one_error_line(err) and "secret" not in err
    assert ({p.name for p in tmp_path.iterdir()}, (tmp_path / "not_sqlite.db").read_bytes()) == before


@pytest.fixture
def make_read_only():
    """Make a file read-only, for root too (chattr +i); undone after the test."""
    made: list[Path] = []

    def read_only(path: Path) -> None:
        path.chmod(0o444)
        if os.geteuid() == 0:
            chattr = shutil.which("chattr")
            done = chattr and subprocess.run([chattr, "+i", str(path)], capture_output=True).returncode == 0
            if not done:
                pytest.skip("cannot make a file read-only for root here: chattr +i is unavailable or refused")
            made.append(path)

    yield read_only
    for path in made:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_writing_to_a_read_only_database_is_refused(capsys, tmp_path, make_read_only):
    path = tmp_path / "frozen.db"
    with open_store(str(path)) as store:
        store.add_strategy(table(1))
    make_read_only(path)
    before = path.read_bytes()

    with open_store(str(path)) as store:
        with pytest.raises(StoreError, match="is read-only"):
            store.add_strategy(table(2))
        with pytest.raises(StoreError, match="is read-only"):
            store.create_run("swine", RULES, GOAL, 1, {})
        assert [r.name for r in store.list_strategies(RULES, GOAL)] == ["s1"]
    code, out, err = run_cli(capsys, "strategies", "--rules", RULES, "--db", str(path), "--json")
    assert code == 0 and '"s1"' in out
    assert path.read_bytes() == before


def test_a_read_only_database_that_needs_an_upgrade_is_refused(capsys, tmp_path, make_read_only):
    path = tmp_path / "old.db"
    engine = create_engine(resolve_url(str(path)))
    with engine.begin() as connection:
        schema.upgrade(connection, "0001_first_schema")
    engine.dispose()
    make_read_only(path)
    before = path.read_bytes()

    with pytest.raises(StoreError, match="is read-only"):
        open_store(str(path))
    code, out, err = run_cli(capsys, "leaderboard", "--db", str(path))
    assert code == 1 and out == ""
    assert one_error_line(err) == f"hog: error: database {path} is read-only"
    assert path.read_bytes() == before
