"""Every benchmark in benchmarks/ still runs: each script with ``--smoke``.

A benchmark is a plain script, never a timed test (README, "Benchmarks"),
so nothing else runs it, and one that no longer works would go unseen until
someone measures again. ``--smoke`` keeps each one's own code path at a
size of seconds (the contest's deadline rush lasts about a minute by
design); the script exits non-zero if anything in it fails. No figure is
checked: the figures of a smoke run mean nothing. A new script in
benchmarks/ is run here too, so it needs a ``--smoke`` of its own.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = sorted(path.name for path in (ROOT / "benchmarks").glob("*.py"))
#: Seconds a smoke run may take on a busy machine before it counts as hung.
TIMEOUT = 600


def run_smoke(script: str, *extra: str) -> None:
    """Run ``benchmarks/SCRIPT --smoke EXTRA`` from the repository's root;
    fail with its output unless it exits 0 within TIMEOUT. The script runs
    in a session of its own, so a hung one is ended with everything it
    started (servers, cluster workers)."""
    command = [sys.executable, f"benchmarks/{script}", "--smoke", *extra]
    child = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        out, err = child.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        out, err = child.communicate()
        pytest.fail(f"{script} --smoke still ran after {TIMEOUT} s:\n{out[-2000:]}\n{err[-4000:]}")
    assert child.returncode == 0, f"{script} --smoke exited {child.returncode}:\n{out[-2000:]}\n{err[-4000:]}"


def test_the_benchmarks_are_found():
    assert "bench_league.py" in BENCHMARKS and len(BENCHMARKS) >= 10


@pytest.mark.parametrize("script", BENCHMARKS)
def test_benchmark_runs(script: str):
    if script == "bench_dask.py":
        pytest.importorskip("distributed", reason="bench_dask.py starts a Dask LocalCluster")
    run_smoke(script)


def test_bench_store_runs_on_postgresql(postgres_url: str):
    run_smoke("bench_store.py", "--url", postgres_url)
