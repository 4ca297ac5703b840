"""Real student files of the newer and older semesters load through the sandbox.

Each fixture is a course-style ``hog.py`` of one semester, as a student hands
it in (the course's ``dice`` and ``ucb`` imports, ``@main`` at the bottom, the
student's own rule functions and ``final_strategy``). ``hog submit FILE
--rules CODE`` runs as a user runs it (a real subprocess, a temporary
database), and the stored table must be the student's function evaluated here,
in this process, at every score pair.
"""

from __future__ import annotations

import importlib.util
import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import hog.dice
from hog.rules import get_rules
from results.store import open_store

SANDBOX_MODULES = Path(__file__).parents[1] / "strategies" / "sandbox_modules"
GOAL = 100


def _sus_fuss_turn(m, s, o):
    return m.sus_update(0, s, o), o


def _fuzzy_factors_turn(m, s, o):
    return m.fuzzy_update(0, s, o), o


def _hefty_hogs_turn(m, s, o):
    score = s + m.take_turn(0, s, o)
    return score + m.hog_pile(score, o), o


def _fa19_turn(m, s, o):
    score = s + m.take_turn(0, o)
    return (o, score) if m.is_swap(score, o) else (score, o)


#: fixture -> (semester code given to --rules, the rule set it names, the
#: scores after the student's own turn of rolling 0 dice).
SEMESTERS = {
    "sus_fuss": ("fa24", "sus_fuss", _sus_fuss_turn),
    "fuzzy_factors": ("su23", "fuzzy_factors", _fuzzy_factors_turn),
    "hefty_hogs": ("sp22", "hefty_hogs", _hefty_hogs_turn),
    "fa19": ("fa19", "fa19", _fa19_turn),
}


def run_hog(*args: object) -> subprocess.CompletedProcess:
    """The real command line, in a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", "hog_arena.cli.main", *(str(a) for a in args)],
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )


def import_student_file(path: Path, monkeypatch: pytest.MonkeyPatch):
    """Import a fixture here, with the course's dice and ucb modules a student has."""
    monkeypatch.setitem(sys.modules, "dice", hog.dice)
    monkeypatch.syspath_prepend(str(SANDBOX_MODULES))
    monkeypatch.delitem(sys.modules, "ucb", raising=False)
    spec = importlib.util.spec_from_file_location(f"student_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stored_rules(db: Path) -> list[tuple[str, str, int]]:
    """(name, rules, goal) of every stored strategy, read with plain SQL."""
    with sqlite3.connect(db) as connection:
        return list(connection.execute("SELECT name, rules, goal FROM strategies ORDER BY id"))


@pytest.mark.parametrize("fixture", list(SEMESTERS))
def test_student_file_is_stored_with_the_table_its_function_gives(fixture, tmp_path, monkeypatch, student_file):
    code, rules, _ = SEMESTERS[fixture]
    path, db = student_file(f"{fixture}.py"), tmp_path / "arena.db"
    result = run_hog("submit", path, "--rules", code, "--db", db, "--author", "student", "--json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    reply = json.loads(result.stdout)
    assert (reply["name"], reply["duplicate"]) == (fixture, False)
    assert stored_rules(db) == [(fixture, rules, GOAL)]  # the semester code names the rule set

    module = import_student_file(path, monkeypatch)
    expected = [[module.final_strategy(s, o) for o in range(GOAL)] for s in range(GOAL)]
    with open_store(str(db), create=False) as store:
        table = store.get_strategy(reply["id"], rules, GOAL)
        record = store.find_strategy(reply["id"], rules, GOAL)
    assert table.table.tolist() == expected
    assert len(np.unique(table.table)) >= 3  # a real strategy, not a constant
    assert (table.origin, table.params) == ("file", {"function": "final_strategy", "file": f"{fixture}.py"})
    assert (record.sha256, record.author) == (reply["sha256"], "student")


@pytest.mark.parametrize("fixture", list(SEMESTERS))
def test_student_file_plays_its_semesters_rules(fixture, monkeypatch, student_file):
    """The fixtures are faithful: a turn of rolling 0 dice ends where the rule set says, at every score pair."""
    _, rules, turn = SEMESTERS[fixture]
    ruleset = get_rules(rules)
    module = import_student_file(student_file(f"{fixture}.py"), monkeypatch)
    for s in range(GOAL):
        for o in range(GOAL):
            expected = ruleset.after_turn(s + ruleset.zero_dice(s, o), o)[:2]
            assert turn(module, s, o) == expected, (s, o)


@pytest.mark.parametrize("fixture", list(SEMESTERS))
def test_student_files_import_the_courses_modules_and_end_with_main(fixture, student_file):
    source = student_file(f"{fixture}.py").read_text(encoding="utf-8")
    assert "from dice import six_sided" in source and "from ucb import main, trace, interact" in source
    assert "@main\ndef run(*args):" in source
    assert "# rules:" not in source  # only the --rules option says which rule set


def _with_header(header: str, tmp_path: Path, student_file: Callable[..., Path]) -> Path:
    path = student_file("sus_fuss.py", tmp_path / "hog.py")
    path.write_text(f"# {header}\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    return path


@pytest.mark.parametrize("given", ["fa24", "sus_fuss", "SP26"])
def test_a_semester_header_is_honoured_for_its_rule_set(given, tmp_path, student_file):
    """``# rules: fa24`` names sus_fuss: the file is stored for sus_fuss under any of its names."""
    path, db = _with_header("rules: fa24", tmp_path, student_file), tmp_path / "arena.db"
    result = run_hog("submit", path, "--rules", given, "--db", db, "--json")
    assert result.returncode == 0, result.stderr
    assert stored_rules(db) == [("hog", "sus_fuss", GOAL)]


def test_a_semester_header_is_checked_against_the_rules_given(tmp_path, student_file):
    """A fa24 file submitted for square_swine is refused with one line, and nothing is stored."""
    path, db = _with_header("rules: fa24", tmp_path, student_file), tmp_path / "arena.db"
    result = run_hog("submit", path, "--rules", "square_swine", "--db", db)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("hog: error: hog.py: its header says '# rules: fa24', not square_swine; ")
    assert "(--rules sus_fuss)" in result.stderr or "(--rules fa24)" in result.stderr
    assert result.stderr.count("\n") == 1
    assert not db.exists() or stored_rules(db) == []
