"""Schema revisions known without Alembic: the migration files' names, one chain."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from alembic.script import ScriptDirectory

from results import schema
from results.store import open_store


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
