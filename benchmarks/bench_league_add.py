"""Adding one strategy to a finished league of N, by the command line and in process.

Stores N strategies and a finished league of them whose results are
synthetic (``bench_league.py --prefill 1``: adding plays only the new
pairs, so the old results' values do not matter), then times
``hog league --league contest --add FILE`` end to end in a child process
(start-up and the leaderboard included) and ``arena.tournament.add_to_league``
in this process (kernels loaded beforehand), wall and CPU. Both must
leave the league finished with N + 1 entries and all their pairs, or the
script exits non-zero.

    python benchmarks/bench_league_add.py --size 1000
    python benchmarks/bench_league_add.py --smoke       # seconds: a league of 12
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

import numpy as np
from bench_league import _check_finished, _prefill, _run, contest_entries

from arena.tournament import add_to_league
from hog import exact
from results.store import open_store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--rules", default="square_swine")
    parser.add_argument("--smoke", action="store_true", help="a few seconds: a league of 12")
    args = parser.parse_args()
    if args.smoke:
        args.size = 12
    if args.size < 2:
        parser.error("need at least 2 strategies")
    entries = contest_entries(args.rules, args.size + 1)
    newcomer = entries[-1]
    with tempfile.TemporaryDirectory() as folder:
        db, copy, spec = Path(folder) / "contest.db", Path(folder) / "copy.db", Path(folder) / "newcomer.json"
        with open_store(str(db)) as store:
            records = [store.add_strategy(table, author="benchmark")[0] for table in entries[:-1]]
            _prefill(store, records, 1.0)
            store.finish_league(store.get_league("contest", args.rules, 100).id)
        with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(copy)) as target:
            source.backup(target)
        spec.write_text(newcomer.to_json())
        command = [sys.executable, "-m", "hog_arena.cli.main", "league", "--rules", args.rules, "--db", str(copy)]
        wall_cli, cpu_cli, *_ = _run([*command, "--league", "contest", "--add", str(spec), "--top", "3"])
        _check_finished(copy, args.rules, args.size + 1)
        exact.win_probabilities_pairs(np.stack([newcomer.table] * 2), [[0, 1]], args.rules)  # kernels loaded
        with open_store(str(db)) as store:
            start, cpu = time.perf_counter(), time.process_time()
            add_to_league(store, "contest", args.rules, 100, [newcomer])
            wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        _check_finished(db, args.rules, args.size + 1)
    print(f"one strategy added to a finished league of {args.size} ({args.size} new pairs, exact, {args.rules}):")
    print(f"  hog league --add, end to end: {wall_cli:.2f} s wall, {cpu_cli:.2f} s CPU", end="")
    print(" (start-up and leaderboard included)")
    print(f"  add_to_league: {wall:.2f} s wall, {cpu:.2f} s CPU (check, store, play, finish)")


if __name__ == "__main__":
    main()
