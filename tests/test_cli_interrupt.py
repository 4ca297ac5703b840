"""Ctrl-C in ``hog league``: one line saying what was kept, exit 130, and a rerun that says it resumes.

A real ``hog`` child process gets a real SIGINT, which it sends itself right
after its league has stored a given number of matches
(``tests/child_process.py``): the interruption comes at the same point on
an idle machine and on a loaded one, with the league still running.
"""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
from pathlib import Path

from child_process import hog_command

#: Six strategies: 15 pairs, each a chunk of its own (stored one by one).
LEAGUE = [
    "league",
    *(f"always_roll({n})" for n in range(1, 7)),
    "--method",
    "simulate",
    "--games",
    "20000",
    "--jobs",
    "1",
    "--rules",
    "sus_fuss",
]
KEPT = re.compile(r"hog: interrupted; (\d+) of 15 matches kept, run the same command to resume")


def stored_matches(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("select count(*) from matches").fetchone()[0])


def league_interrupted(db: Path, after: int) -> subprocess.CompletedProcess[str]:
    """``hog league`` on DB, sent SIGINT once AFTER matches are stored."""
    command = hog_command(*LEAGUE, signal_after=(signal.SIGINT, after))
    env = {**os.environ, "HOG_DB": str(db)}
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)


def test_ctrl_c_keeps_the_stored_matches_and_a_rerun_resumes(tmp_path):
    db = tmp_path / "arena.db"
    first = league_interrupted(db, after=1)
    assert first.returncode == 130, first.stderr
    kept = KEPT.fullmatch(first.stderr.strip().splitlines()[-1])
    assert kept, first.stderr
    assert int(kept[1]) == stored_matches(db) == 1

    rerun = league_interrupted(db, after=2)
    lines = rerun.stderr.strip().splitlines()
    assert lines[0] == "hog: resuming: 1 of 15 matches already played", rerun.stderr
    assert rerun.returncode == 130, rerun.stderr
    kept = KEPT.fullmatch(lines[-1])
    assert kept, rerun.stderr
    assert int(kept[1]) == stored_matches(db) == 2
