"""``hog submit FOLDER/``: each outcome names its file by its path within the
folder (``cat/hog.py``), since a folder per student has many ``hog.py``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hog_arena.cli.main import main

HOSTILE = Path(__file__).parent / "fixtures" / "submissions" / "hostile"


def test_a_folder_s_outcomes_name_the_student_s_folder(capsys, tmp_path, student_file):
    folder = tmp_path / "subs"
    (folder / "cat").mkdir(parents=True)
    shutil.copy(HOSTILE / "returns_11.py", folder / "cat" / "hog.py")
    student_file("hog_pile.py", folder / "dog" / "hog.py")
    student_file("more_boar.py", folder / "eve" / "hog.py")  # another semester's: a warning
    (folder / "top.py").write_bytes(b"\xff\xfe")
    args = ["submit", f"{folder}/", "--rules", "hog_pile", "--db", str(tmp_path / "arena.db")]
    assert main(args) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "refused top.py: not UTF-8 text (byte 0xff on line 1); save the file as UTF-8"
    assert lines[1] == "refused cat/hog.py: final_strategy(0, 51) returned 11, not an integer 0..10"
    assert lines[2].startswith("dog/hog.py: stored as 'dog' (#1, ")
    assert lines[3].startswith("eve/hog.py: stored as 'eve' (#2, ")
    assert err.startswith("hog: warning: eve/hog.py: looks written for sp21")
    assert main([*args, "--json"]) == 1
    results = json.loads(capsys.readouterr().out)["results"]
    assert [r["error"].split(":")[0] for r in results if not r["ok"]] == ["top.py", "cat/hog.py"]
    assert results[3]["warnings"][0].startswith("eve/hog.py: looks written for sp21")


def test_a_file_given_alone_keeps_its_name(capsys, tmp_path):
    cat = tmp_path / "cat"
    cat.mkdir()
    shutil.copy(HOSTILE / "returns_11.py", cat / "hog.py")
    assert main(["submit", str(cat / "hog.py"), "--rules", "hog_pile", "--db", str(tmp_path / "arena.db")]) == 1
    assert capsys.readouterr().err == "hog: error: hog.py: final_strategy(0, 51) returned 11, not an integer 0..10\n"
