"""``hog contest import`` refuses an archive that cannot be a contest's
standings, in one line, through the real command line, and stores nothing:
a matrix that is not a win-rate matrix, look-alike team names, JSON nested
too deeply to read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def hog(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hog_arena.cli.main", *args], capture_output=True, text=True, timeout=120
    )


def refused(tmp_path: Path, content: str) -> str:
    """The one line ``hog contest import`` answers CONTENT with; checks nothing was stored."""
    archive = tmp_path / "past.json"
    archive.write_text(content, encoding="utf-8")
    db = str(tmp_path / "class.db")
    result = hog("contest", "import", str(archive), "--name", "past", "--rules", "fa25", "--db", db)
    assert result.returncode == 1, result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr and result.stdout == ""
    assert str(archive) in result.stderr and "internal error" not in result.stderr
    listed = hog("contest", "list", "--db", db, "--json")
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout)["contests"] == []  # nothing written
    return result.stderr


def archive(teams: list[str], matrix: list[list[object]]) -> str:
    return json.dumps({"teams": teams, "winrate_mat": matrix})


def test_a_sound_archive_is_imported(tmp_path):
    path = tmp_path / "past.json"
    path.write_text(archive(["c", "a", "b"], [[0.5, 0, 0.4], [1, 0.5, 0.75], [0.6, 0.25, 0.5]]))
    db = str(tmp_path / "class.db")
    result = hog("contest", "import", str(path), "--name", "past", "--rules", "fa25", "--db", db)
    assert result.returncode == 0, result.stderr
    shown = json.loads(hog("contest", "show", "past", "--db", db, "--json").stdout)
    assert [(r["team_name"], r["wins"]) for r in shown["rows"]] == [("a", 2), ("b", 1), ("c", 0)]


def test_two_teams_that_both_win_against_each_other_are_refused_naming_the_pair(tmp_path):
    err = refused(tmp_path, archive(["Ann", "Bob", "Cy"], [[0.5, 0.5, 0.5], [0.5, 0.5, 0.9], [0.8, 0.1, 0.5]]))
    assert "winrate_mat[0][2] + winrate_mat[2][0] = 1.3, not 1" in err and "'Ann' and 'Cy'" in err


@pytest.mark.parametrize(
    ("matrix", "problem"),
    [
        ([[0.5, 0.3], [0.3, 0.5]], "winrate_mat[0][1] + winrate_mat[1][0] = 0.6, not 1"),
        ([[0.5, 1], [1, 0.5]], "winrate_mat[0][1] + winrate_mat[1][0] = 2, not 1"),
        ([[0.5, 0.5], [0.5, 0.5], [0.5, 0.5]], "2 teams but 3 rows"),
        ([[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]], "winrate_mat row 0 does not have 2 values"),
        ([[0.5, 0.5], [0.5]], "winrate_mat row 1 does not have 2 values"),
        ([[0.5, -0.0001], [1.0001, 0.5]], "winrate_mat[0][1] = -0.0001 is not a win rate"),
        ([[0.5, "0.5"], [0.5, 0.5]], "winrate_mat[0][1] = '0.5' is not a win rate"),
        ([[0.5, None], [0.5, 0.5]], "winrate_mat[0][1] = None is not a win rate"),
        ([[0.5, True], [False, 0.5]], "winrate_mat[0][1] = True is not a win rate"),
    ],
)
def test_a_matrix_that_is_not_a_win_rate_matrix_is_refused(tmp_path, matrix, problem):
    assert problem in refused(tmp_path, archive(["a", "b"], matrix))


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e400", "1" * 400])
def test_a_value_that_is_not_a_finite_number_is_refused(tmp_path, value):
    err = refused(tmp_path, f'{{"teams": ["a", "b"], "winrate_mat": [[0.5, {value}], [0.5, 0.5]]}}')
    assert "winrate_mat[0][1] = " in err and "is not a win rate" in err


def test_rounding_within_a_millionth_is_accepted(tmp_path):
    path = tmp_path / "past.json"
    path.write_text(archive(["a", "b"], [[0.5, 0.3333333], [0.6666666, 0.5]]))
    result = hog("contest", "import", str(path), "--name", "past", "--rules", "fa25", "--db", str(tmp_path / "c.db"))
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("victim", "v\u0456ctim"),  # Cyrillic і
        ("Victim", "victim"),  # case
        ("Team One", "\uff34\uff45\uff41\uff4d One"),  # full width
        ("paypal", "p\u0430yp\u0430l"),  # Cyrillic а
        ("rn", "m"),  # r and n drawn together
    ],
)
def test_look_alike_team_names_are_refused_naming_both(tmp_path, first, second):
    err = refused(tmp_path, archive([first, "other", second], [[0.5] * 3] * 3))
    assert "teams 0 " in err and " and 2 " in err and "look-alike" in err
    assert ascii(first) in err


def test_json_nested_too_deeply_is_refused_in_one_line(tmp_path):
    err = refused(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert err.endswith(": not JSON: nested too deeply\n")
