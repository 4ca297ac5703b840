"""Schema revisions known without Alembic: the migration files' names, one chain."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text

from hog.rules import Start
from results import schema
from results.store import MatchKey, MatchResult, open_store, resolve_url


def _assigned(path: Path) -> dict[str, object]:
    """The module-level constants a migration file assigns (read, not imported)."""
    values: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                values[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return values


def test_every_migration_file_holds_the_revision_of_its_name():
    files = sorted(schema.VERSIONS.glob("*.py"))
    assert len(files) >= 3
    for path in files:
        assert re.fullmatch(r"\d{4}_[a-z0-9_]+", path.stem), f"{path.name}: name it NNNN_name.py"
        assert _assigned(path)["revision"] == path.stem, path.name


def test_the_migration_files_in_name_order_are_one_chain():
    files = sorted(schema.VERSIONS.glob("*.py"))
    previous = [None, *(path.stem for path in files[:-1])]
    assert [_assigned(path)["down_revision"] for path in files] == previous
    assert schema.revisions() == [path.stem for path in files]


def test_the_newest_file_is_alembic_s_head():
    scripts = ScriptDirectory.from_config(schema.alembic_config())
    assert schema.head_revision() == scripts.get_current_head()
    assert set(schema.revisions()) == {script.revision for script in scripts.walk_revisions()}
    assert schema.is_known(schema.revisions()[0])
    assert not schema.is_known("9999_not_a_migration")


def test_opening_an_up_to_date_database_does_not_load_alembic(tmp_path):
    db = tmp_path / "hog.db"
    with open_store(str(db)) as store:
        assert store.schema_revision() == schema.head_revision()
    probe = (
        "import sys\nfrom results.store import open_store\n"
        f"with open_store({str(db)!r}, create=False) as store:\n"
        "    print(store.schema_revision())\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == [schema.head_revision(), "[]"]


def test_a_database_at_0008_keeps_its_leagues_and_matches_at_0009_from_0_0(db_url):
    """0009 puts the start in the match cache's key and in leagues: rows stored before it start at 0-0."""
    low, high = "a" * 64, "b" * 64
    engine = create_engine(resolve_url(db_url))
    try:
        with engine.begin() as connection:
            schema.upgrade(connection, "0008_contest_trust")
            connection.execute(
                text(
                    "INSERT INTO leagues (id, name, rules, goal, method, games, seed, status, created) "
                    "VALUES (7, 'old', 'bacon_free', 100, 'exact', 0, 0, 'done', '2026-01-01 00:00:00')"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO matches (rules, goal, method, games, seed, sha_a, sha_b, swapped, win_rate, "
                    "a_first, a_second, stderr, created) VALUES ('bacon_free', 100, 'exact', 0, 0, :a, :b, "
                    ":swapped, 0.25, 0.5, 0.0, NULL, '2026-01-01 00:00:00')"
                ),
                {"a": low, "b": high, "swapped": False},
            )
        with engine.begin() as connection:
            schema.upgrade(connection, "0009_match_start")
        with engine.connect() as connection:
            assert schema.current_revision(connection) == "0009_match_start"
    finally:
        engine.dispose()
    with open_store(db_url, create=False) as store:
        league = store.get_league("old", "bacon_free", 100)
        assert (league.id, league.status, league.start) == (7, "done", Start(0, 0, 0))
        found = store.cached_matches(MatchKey("bacon_free", 100), [(low, high)])
        assert found[(low, high)].win_rate == 0.25
        assert store.cached_matches(MatchKey("bacon_free", 100, start=Start(2, 9, 0)), [(low, high)]) == {}
        moved = MatchKey("bacon_free", 100, start=Start(2, 9, 0))
        store.store_matches(moved, [MatchResult(low, high, 0.75, 0.75, 0.75)])  # the same pair from another start
        assert store.cached_matches(moved, [(low, high)])[(low, high)].win_rate == 0.75
        assert store.cached_matches(MatchKey("bacon_free", 100), [(low, high)])[(low, high)].win_rate == 0.25
