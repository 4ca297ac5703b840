"""Folder batches against hostile files: whatever one file does, every file
gets one line and every valid one is stored.

A file that leaves a pass's values and then stalls, a coding line that names
a codec which is not a text encoding, links inside the folder: each test
submits a real folder with ``hog submit`` (real child processes, a real
SQLite file), one file, or an upload to the web arena.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import sqlite3
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient

from hog_arena.cli.main import main
from hog_arena.web.app import create_app
from strategies import loader
from strategies.loader import Limits, SubmissionError, load_file
from strategies.sandbox import run_child
from strategies.submission import CheckRequest, check_file

HOSTILE = Path(__file__).parent / "fixtures" / "submissions" / "hostile"
RULES = "square_swine"


def hog(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def stored_names(db: Path) -> list[str]:
    if not db.exists():
        return []
    with sqlite3.connect(db) as connection:
        return [name for (name,) in connection.execute("SELECT name FROM strategies ORDER BY id")]


def submit_folder(capsys, folder: Path, db: Path, rules: str = RULES) -> tuple[int, list[str], str]:
    """``hog submit FOLDER --json``: the exit status, each file's stored name or
    refusal, and everything printed."""
    code, out, err = hog(capsys, "submit", folder, "--rules", rules, "--goal", 30, "--db", db, "--json")
    results = json.loads(out)["results"]
    return code, [r["name"] if r["ok"] else r["error"] for r in results], out + err


def inbox(tmp_path: Path, student_file, *hostile: str) -> Path:
    """A folder with two valid students' files, ann.py and zed.py, and the HOSTILE files."""
    folder = tmp_path / "inbox"
    folder.mkdir()
    student_file("square_swine.py", folder / "ann.py")
    student_file("swine_swap.py", folder / "zed.py")
    for name in hostile:
        shutil.copy(HOSTILE / name, folder)
    return folder


# --- a pass's values, then a stall ------------------------------------------------------------------


def test_a_file_that_sends_values_then_sleeps_is_refused_and_the_rest_stored(
    capsys, tmp_path, monkeypatch, student_file
):
    """The killed child's values are not taken; the next file still gets its sandbox
    (8 s: the valid files' time to start and evaluate on a loaded machine)."""
    monkeypatch.setattr(loader, "Limits", functools.partial(Limits, wall_seconds=8))
    folder, db = inbox(tmp_path, student_file, "sends_values_then_sleeps.py"), tmp_path / "arena.db"
    code, lines, _ = submit_folder(capsys, folder, db)
    assert code == 1
    assert lines == [
        "ann",
        "sends_values_then_sleeps.py: did not finish within the 8 s wall-clock limit while being imported",
        "zed",
    ]
    assert stored_names(db) == ["ann", "zed"]


def test_a_file_that_sends_values_then_spins_is_refused():
    """Killed at the CPU time limit after sending a valid-looking pass: nothing of it is taken."""
    with pytest.raises(SubmissionError) as caught:
        load_file(HOSTILE / "sends_values_then_spins.py", RULES, goal=30, limits=Limits(cpu_seconds=1))
    assert str(caught.value) == "sends_values_then_spins.py: used up the 1 s CPU time limit while being imported"


def test_each_evaluation_has_its_own_wall_clock_budget(tmp_path, monkeypatch):
    """Each of the two evaluations gets the whole 2.8 s: its deadline counts
    from its own start. The loader reads the test's clock, on which each
    evaluation takes 1.5 s (a file that sleeps that long at import): a
    budget shared by both would leave the second 1.3 s. The real children
    run with time to spare, so a loaded machine cannot fail the test."""
    clock = [1000.0]
    monkeypatch.setattr(loader, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    budgets = []

    def evaluation(source, filename, function, goal, max_rolls, limits, number, deadline, min_rolls=0):
        budgets.append(deadline - clock[0])
        clock[0] += 1.5
        return run_child(source, filename, function, goal, max_rolls, limits, number, time.monotonic() + 300, min_rolls)

    monkeypatch.setattr(loader, "run_child", evaluation)
    path = tmp_path / "dawdles.py"
    path.write_text("def final_strategy(score, opponent_score):\n    return 5\n")
    table = load_file(path, RULES, goal=20, limits=Limits(cpu_seconds=2, wall_seconds=2.8))
    assert budgets == [pytest.approx(2.8)] * 2
    assert table.table.tolist() == [[5] * 20] * 20


# --- coding lines -----------------------------------------------------------------------------------

NOT_TEXT = "its coding line declares {!r}, not a text encoding Python reads source in; save the file as UTF-8"


@pytest.mark.parametrize(
    ("head", "message"),
    [
        *((f"# -*- coding: {c} -*-", NOT_TEXT.format(c)) for c in ("rot13", "hex", "base64", "zlib", "bz2", "uu")),
        ("# vim: set fileencoding=quopri :", NOT_TEXT.format("quopri")),
        ("#!/usr/bin/env python3\n# coding=rot_13", NOT_TEXT.format("rot_13")),
        ("# coding: undefined", NOT_TEXT.format("undefined")),
        ("# coding: no-such-codec", "cannot be read as Python source: unknown encoding: no-such-codec"),
        ("\ufeff# coding: rot13", "cannot be read as Python source: encoding problem: utf-8"),
        ("\ufeff# coding: latin-1", "cannot be read as Python source: encoding problem: utf-8"),
    ],
    ids="rot13 hex base64 zlib bz2 uu quopri rot_13 undefined unknown bom+rot13 bom+latin1".split(),
)
def test_a_coding_line_that_python_cannot_read_source_in_is_one_line(tmp_path, head, message):
    path = tmp_path / "coded.py"
    path.write_bytes(f"{head}\ndef final_strategy(score, opponent_score):\n    return 4\n".encode())
    submission = check_file(CheckRequest(str(path), RULES, goal=10))
    assert (submission.table, submission.error) == (None, f"coded.py: {message}")


def test_a_folder_with_a_rot13_file_stores_the_rest(capsys, tmp_path, student_file):
    folder, db = inbox(tmp_path, student_file, "declares_rot13.py"), tmp_path / "arena.db"
    code, lines, _ = submit_folder(capsys, folder, db)
    assert code == 1
    assert lines == ["ann", f"declares_rot13.py: {NOT_TEXT.format('rot13')}", "zed"]
    assert stored_names(db) == ["ann", "zed"]


def test_a_rot13_upload_gets_400_with_the_one_line(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'arena.db'}", RULES), base_url="http://localhost") as client:
        reply = client.post("/api/strategies", files={"file": ("rot.py", (HOSTILE / "declares_rot13.py").read_bytes())})
    assert reply.status_code == 400
    assert reply.json() == {"detail": f"rot.py: {NOT_TEXT.format('rot13')}"}
    assert stored_names(tmp_path / "arena.db") == []


def test_a_file_in_a_text_encoding_runs_the_text_python_reads(tmp_path):
    """utf-7 reads '+AGU-' as 'e': the function returns len('+AGU-') in Python's reading."""
    path = tmp_path / "utf7.py"
    path.write_bytes(b"# coding: utf-7\ndef final_strategy(score, opponent_score):\n    return len('+AGU-')\n")
    assert load_file(path, RULES, goal=10).table.tolist() == [[1] * 10] * 10


# --- links ------------------------------------------------------------------------------------------

LINKED = "is a symbolic link; submit the file itself"


def test_links_in_a_folder_are_refused_and_nothing_outside_is_read(capsys, tmp_path, student_file):
    outside = tmp_path / "outside"
    student_file("hog_pile.py", outside / "hog.py")  # another student's file
    shutil.copy(HOSTILE / "secret.py", outside)
    folder = tmp_path / "inbox"
    student_file("hog_pile.py", folder / "ann.py")
    (folder / "borrowed.py").symlink_to(outside / "hog.py")
    (folder / "leak.py").symlink_to(outside / "secret.py")
    (folder / "leak.json").symlink_to(outside / "secret.py")
    (folder / "gone.py").symlink_to(outside / "nothing.py")
    (folder / "subfolder").symlink_to(outside, target_is_directory=True)
    os.link(outside / "secret.py", folder / "hardlinked.py")
    db = tmp_path / "arena.db"
    code, lines, printed = submit_folder(capsys, folder, db, rules="hog_pile")
    assert code == 1
    assert lines == [
        "ann",
        f"borrowed.py: {LINKED}",
        f"gone.py: {LINKED}",
        "hardlinked.py: has 2 hard links (the same file elsewhere); submit a copy of it",
        f"leak.json: {LINKED}",
        f"leak.py: {LINKED}",
    ]
    assert "SECRET" not in printed
    assert stored_names(db) == ["ann"]


def test_a_link_given_directly_is_refused(capsys, tmp_path, student_file):
    target = student_file("hog_pile.py", tmp_path / "ada" / "hog.py")
    (tmp_path / "mine.py").symlink_to(target)
    code, out, err = hog(capsys, "submit", tmp_path / "mine.py", "--rules", "hog_pile", "--db", tmp_path / "a.db")
    assert (code, out, err) == (1, "", f"hog: error: mine.py: {LINKED}\n")
    assert stored_names(tmp_path / "a.db") == []
