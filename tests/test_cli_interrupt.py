"""Ctrl-C in ``hog league``: one line saying what was kept, exit 130, and a rerun that says it resumes.

A real ``hog`` child process is sent SIGINT once it has stored a match.
"""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

#: Six strategies (15 pairs) simulated long enough that a match takes a noticeable moment.
LEAGUE = [
    "league",
    *(f"always_roll({n})" for n in range(1, 7)),
    "--method",
    "simulate",
    "--games",
    "400000",
    "--jobs",
    "1",
    "--rules",
    "sus_fuss",
]
KEPT = re.compile(r"hog: interrupted; (\d+) of 15 matches kept, run the same command to resume")


def stored_matches(db: Path) -> int:
    if not db.exists():
        return 0
    with sqlite3.connect(db) as connection:
        try:
            return int(connection.execute("select count(*) from matches").fetchone()[0])
        except sqlite3.OperationalError:  # the schema is not there yet
            return 0


def start(db: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "HOG_DB": str(db)}
    command = [sys.executable, "-m", "hog_arena.cli.main", *args]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def interrupt_when(child: subprocess.Popen[str], ready) -> tuple[int, str]:
    """Send CHILD SIGINT once READY() holds; its exit code and stderr."""
    deadline = time.monotonic() + 120
    while not ready() and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
    return child.returncode, err


def test_ctrl_c_keeps_the_stored_matches_and_a_rerun_resumes(tmp_path):
    db = tmp_path / "arena.db"
    code, err = interrupt_when(start(db, *LEAGUE), lambda: stored_matches(db) >= 1)
    assert code == 130, err
    last = err.strip().splitlines()[-1]
    kept = KEPT.fullmatch(last)
    assert kept, err
    assert 1 <= int(kept[1]) == stored_matches(db) < 15

    rerun = start(db, *LEAGUE)
    assert rerun.stderr is not None
    first_line = rerun.stderr.readline()
    code, err = interrupt_when(rerun, lambda: True)
    assert first_line == f"hog: resuming: {kept[1]} of 15 matches already played\n"
    assert code == 130
    assert KEPT.fullmatch(err.strip().splitlines()[-1]), err
