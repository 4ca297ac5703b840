"""The README's first command after a fresh install, cold and warm; prints figures.

    python benchmarks/bench_cold_start.py [--repeat 3] [--rules sus_fuss]
    python benchmarks/bench_cold_start.py --smoke    # seconds: a league of two built-ins, once cold, once warm

``hog league`` (the built-in strategies of the default rule set, in a new
``hog_arena.db`` of an empty folder), timed end to end as a child process:

* cold: numba's on-disk cache empty (``NUMBA_CACHE_DIR`` a new folder), as
  after ``pip install``: every kernel the league needs is compiled;
* warm: the same again on that cache, now filled (a new database each time);
* where a cold run's compiling goes: each kernel numba compiles, with its
  signature and seconds (timed around ``Dispatcher.compile``, callees within
  their callers), in a child process of its own.

Python's own bytecode of the project is warm in every run (``pip install``
compiles the dependencies'; an editable install writes the project's at its
first run, a fraction of a second more).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: The command each run times: the README's first (hog league), as the console script runs it.
HOG = "import sys; from hog_arena.cli.main import main; sys.argv[0] = 'hog'; sys.exit(main())"
#: What the child of ``--breakdown`` runs: the command with every numba compile timed.
PROBE = """
import json, sys, time
from numba.core import dispatcher
compile_ = dispatcher.Dispatcher.compile
depth, compiled = [0], []
def timed(self, signature):
    depth[0] += 1
    started = time.perf_counter()
    try:
        return compile_(self, signature)
    finally:
        depth[0] -= 1
        name = f"{self.py_func.__module__}.{self.py_func.__qualname__}"
        compiled.append([depth[0], name, str(signature), time.perf_counter() - started])
dispatcher.Dispatcher.compile = timed
from hog_arena.cli.main import main
sys.argv[0] = "hog"
code = main()
print(json.dumps(compiled), file=sys.stderr)
sys.exit(code)
"""
#: The league of --smoke: two built-ins instead of all of them.
SMOKE_LEAGUE = ["always_roll(4)", "always_roll(6)"]


def run_league(arguments: list[str], cache: Path, code: str = HOG) -> tuple[float, str]:
    """Wall seconds of ``hog league ARGUMENTS`` in a new folder, numba's cache
    in CACHE, and its stderr; exits if the command fails."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("HOG_", "NUMBA_"))}
    environment["NUMBA_CACHE_DIR"] = str(cache)
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", code, "league", *arguments],
            cwd=folder,
            env=environment,
            capture_output=True,
            text=True,
        )
        wall = time.perf_counter() - started
    if done.returncode:
        sys.exit(f"hog league {' '.join(arguments)} exited {done.returncode}:\n{done.stderr[-4000:]}")
    return wall, done.stderr


def breakdown(arguments: list[str]) -> list[list[Any]]:
    """Each kernel compiled by a cold ``hog league ARGUMENTS``: [depth, name,
    signature, seconds], callees (deeper) before their callers."""
    with tempfile.TemporaryDirectory() as cache:
        _, err = run_league(arguments, Path(cache), PROBE)
    compiled: list[list[Any]] = json.loads(err.strip().splitlines()[-1])
    return compiled


def spread(walls: list[float]) -> str:
    """WALLS as 'median (min-max)' seconds."""
    return f"{statistics.median(walls):.2f} s ({min(walls):.2f}-{max(walls):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="cold runs, and as many warm runs")
    parser.add_argument("--rules", default=None, help="a rule set other than the default (hog league --rules)")
    parser.add_argument("--smoke", action="store_true", help="seconds: a league of two built-ins, once each")
    args = parser.parse_args()
    arguments = [*SMOKE_LEAGUE] if args.smoke else []
    if args.rules:
        arguments += ["--rules", args.rules]
    repeat = 1 if args.smoke else args.repeat
    cold, warm = [], []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as cache:
            cold.append(run_league(arguments, Path(cache))[0])
            warm.append(run_league(arguments, Path(cache))[0])
    command = " ".join(["hog league", *arguments])
    print(f"{command}, {repeat} run{'s' if repeat > 1 else ''} each, wall, median (min-max):")
    print(f"  cold (numba's cache empty): {spread(cold)}")
    print(f"  warm (numba's cache filled): {spread(warm)}")
    if args.smoke:
        return
    compiled = breakdown(arguments)
    top = [(name, signature, seconds) for depth, name, signature, seconds in compiled if depth == 0]
    print(f"kernels a cold run compiles ({sum(s for _, _, s in top):.2f} s in all), callees within their callers:")
    for depth, name, signature, seconds in compiled:
        if seconds >= 0.05:
            print(f"  {'  ' * depth}{seconds:6.2f} s  {name}{signature[:100]}")


if __name__ == "__main__":
    main()
