"""``hog submit``: files and folders checked in the sandbox and stored in a real SQLite file."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from hog_arena.cli.main import main
from results.store import open_store
from strategies.loader import load_file

FIXTURES = Path(__file__).parent / "fixtures" / "submissions"
HOSTILE = FIXTURES / "hostile"


def hog(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def stored_rows(db: Path) -> list[tuple]:
    """Every stored strategy as (name, author, origin, params, source), read with plain SQL."""
    if not db.exists():
        return []
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT name, author, origin, params, source FROM strategies ORDER BY id")
        return [(n, a, o, json.loads(p), s) for n, a, o, p, s in rows]


def test_submit_stores_table_source_and_metadata(capsys, tmp_path, student_file):
    db, path = tmp_path / "arena.db", student_file("swine_align.py")
    code, out, err = hog(capsys, "submit", path, "--rules", "swine_align", "--author", "ann", "--db", db, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {"file", "id", "name", "sha256", "duplicate"}
    assert (data["name"], data["duplicate"]) == ("swine_align", False)
    expected = load_file(path, "swine_align")
    assert data["sha256"] == expected.sha256
    with open_store(str(db)) as store:
        assert store.get_strategy(data["id"], "swine_align", 100) == expected
    assert stored_rows(db) == [
        ("swine_align", "ann", "file", {"function": "final_strategy", "file": "swine_align.py"}, path.read_text())
    ]


def test_resubmitting_the_same_table_reports_the_existing_entry(capsys, tmp_path, student_file):
    db = tmp_path / "arena.db"
    first = json.loads(hog(capsys, "submit", student_file("hog_pile.py"), "--rules", "fa21", "--db", db, "--json")[1])
    copy = student_file("hog_pile.py", tmp_path / "renamed.py")
    code, out, _ = hog(capsys, "submit", copy, "--name", "again", "--rules", "fa21", "--db", db, "--json")
    assert code == 0
    assert json.loads(out) == {**first, "file": str(copy), "duplicate": True, "not_applied": ["name"]}
    assert [row[0] for row in stored_rows(db)] == ["hog_pile"]


def test_text_output_names_the_stored_entry(capsys, tmp_path, student_file):
    code, out, _ = hog(capsys, "submit", student_file("more_boar.py"), "--name", "boar", "--db", tmp_path / "a.db")
    assert code == 0
    assert out.startswith("more_boar.py: stored as 'boar' (#1, sha256 ")


def test_a_refused_file_is_one_line_and_stores_nothing(capsys, tmp_path):
    db = tmp_path / "arena.db"
    code, out, err = hog(capsys, "submit", HOSTILE / "returns_bool.py", "--db", db, "--json")
    assert (code, out) == (1, "")
    assert err == "hog: error: returns_bool.py: final_strategy(0, 0) returned False (a bool), not an integer 0..10\n"
    assert not db.exists()


def test_a_name_taken_by_another_table_is_refused(capsys, tmp_path, student_file):
    db, path = tmp_path / "arena.db", student_file("swine_swap.py")
    assert (
        hog(capsys, "submit", student_file("square_swine.py"), "--name", "mine", "--rules", "square_swine", "--db", db)[
            0
        ]
        == 0
    )
    code, out, err = hog(capsys, "submit", path, "--name", "mine", "--rules", "square_swine", "--db", db)
    assert (code, out) == (1, "")
    assert err.splitlines()[0].startswith("hog: warning: swine_swap.py: looks written for nju24, not square_swine")
    assert err.split("\n", 1)[1] == (
        f"hog: error: {path}: strategy name 'mine' is taken by another table "
        "for square_swine, goal 100 (#1); choose another name with --name\n"
    )
    assert len(stored_rows(db)) == 1


def test_students_files_all_named_hog_are_numbered(capsys, tmp_path, monkeypatch, student_file):
    """The default name is the file's; the next hog.py with another table is hog_2, and so on."""
    db = tmp_path / "arena.db"
    for student, rules_file in (("ann", "square_swine.py"), ("bob", "swine_swap.py"), ("cy", "square_swine.py")):
        student_file(rules_file, tmp_path / student / "hog.py")
    monkeypatch.chdir(tmp_path / "bob")
    names = [
        json.loads(hog(capsys, "submit", path, "--db", db, "--json")[1])["name"]
        for path in (tmp_path / "ann" / "hog.py", "hog.py", tmp_path / "cy" / "hog.py")
    ]
    assert names == ["hog", "hog_2", "hog"]  # cy's table is ann's: the same entry
    assert [row[0] for row in stored_rows(db)] == ["hog", "hog_2"]


def test_a_file_declaring_another_rule_set_is_refused(capsys, tmp_path):
    path, db = tmp_path / "mine.py", tmp_path / "arena.db"
    path.write_text("# rules: hog_pile; goal: 100\ndef final_strategy(score, opponent_score):\n    return 4\n")
    code, out, err = hog(capsys, "submit", path, "--rules", "square_swine", "--db", db)
    assert (code, out) == (1, "")
    assert err == (
        "hog: error: mine.py: its header says '# rules: hog_pile', not square_swine; "
        "submit it for hog_pile (--rules hog_pile)\n"
    )
    assert not db.exists()
    assert hog(capsys, "submit", path, "--rules", "hog_pile", "--db", db)[0] == 0


def test_folder_stores_the_valid_files_and_reports_each(capsys, tmp_path, student_file):
    folder, db = tmp_path / "inbox", tmp_path / "arena.db"
    folder.mkdir()
    for name in ("more_boar.py", "square_swine.py"):
        student_file(name, folder / name)
    student_file("square_swine.py", folder / "square_swine_copy.py")
    for name in ("raises.py", "exits_at_import.py", "table_wrong_shape.json"):
        shutil.copy(HOSTILE / name, folder / name)
    (folder / "notes.txt").write_text("not a strategy")
    code, out, err = hog(
        capsys, "submit", f"{folder}/", "--author", "staff", "--rules", "square_swine", "--db", db, "--json"
    )
    assert code == 1
    warning, error = err.splitlines()
    assert warning.startswith("hog: warning: more_boar.py: looks written for sp21/su21, not square_swine: it defines ")
    assert error == f"hog: error: 3 of 6 files in {str(folder)!r} were refused"
    results = json.loads(out)["results"]
    assert [(Path(r["file"]).name, r["ok"]) for r in results] == [
        ("exits_at_import.py", False),
        ("more_boar.py", True),
        ("raises.py", False),
        ("square_swine.py", True),
        ("square_swine_copy.py", True),
        ("table_wrong_shape.json", False),
    ]
    assert results[0]["error"] == "exits_at_import.py: called sys.exit(3) while being imported"
    assert results[2]["error"] == "raises.py: final_strategy(12, 34) raised ValueError: no plan for 12 to 34"
    assert results[5]["error"] == "table_wrong_shape.json: table has 2 rows of lengths [2], expected 100 x 100"
    assert [r["duplicate"] for r in results if r["ok"]] == [False, False, True]
    assert results[4]["id"] == results[3]["id"]
    assert [(row[0], row[1]) for row in stored_rows(db)] == [("more_boar", "staff"), ("square_swine", "staff")]


def test_folder_text_output_is_one_line_per_file(capsys, tmp_path, student_file):
    folder = tmp_path / "inbox"
    folder.mkdir()
    student_file("hog_pile.py", folder / "a.py")
    shutil.copy(HOSTILE / "returns_11.py", folder / "b.py")
    code, out, err = hog(capsys, "submit", folder, "--rules", "hog_pile", "--db", tmp_path / "arena.db")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("a.py: stored as 'a' (#1, sha256 ")
    assert lines[1] == "refused b.py: final_strategy(0, 51) returned 11, not an integer 0..10"
    assert err == f"hog: error: 1 of 2 files in {str(folder)!r} were refused\n"


def test_a_file_name_with_escape_sequences_is_printed_without_them(capsys, tmp_path):
    folder = tmp_path / "inbox"
    folder.mkdir()
    shutil.copy(HOSTILE / "returns_11.py", folder / "evil\x1b[2J\u202e.py")
    code, out, _ = hog(capsys, "submit", folder, "--db", tmp_path / "arena.db")
    assert code == 1
    assert out == "refused evil[2J.py: final_strategy(0, 51) returned 11, not an integer 0..10\n"


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--name", "x"], 2, "--name: names one strategy; a folder's strategies are named after their files"),
        (["--rules", "pig_latin"], 2, "unknown rule set 'pig_latin'"),
    ],
)
def test_usage_errors(capsys, tmp_path, args, code, message, student_file):
    folder = student_file("hog_pile.py", tmp_path / "inbox" / "hog_pile.py").parent
    result = hog(capsys, "submit", folder, *args, "--db", tmp_path / "arena.db")
    assert result[0] == code
    assert message in result[2] and result[2].count("\n") == 1
    assert not (tmp_path / "arena.db").exists()


def test_missing_path_and_empty_folder(capsys, tmp_path):
    code, _, err = hog(capsys, "submit", tmp_path / "nothing.py", "--db", tmp_path / "arena.db")
    assert code == 2 and "does not exist" in err
    code, _, err = hog(capsys, "submit", tmp_path, "--db", tmp_path / "arena.db")
    assert code == 1 and err == (
        f"hog: error: folder {str(tmp_path)!r} has no .py or .json files to submit (nor its sub-folders)\n"
    )
