"""League at contest scale, through the command line, end to end.

Stores N strategies (members of the families with random parameters, as a
class's submissions would be) in a fresh SQLite file, then times
``hog league --all`` in a child process: start-up, loading the tables,
every exact match, storing every result and printing the leaderboard. Peak
memory is the largest sum of resident memory over the child and its
workers, sampled every 50 ms.

Then, in this process on one core, the kernel alone
(``hog.exact.win_probabilities_pairs``) on the same tables and pairs (a
uniform sample of ``--kernel-pairs`` of them in a larger league), and the
ratio of the league's time per pair per core (wall x workers / pairs) to
the kernel's. ``--add-one`` then times ``hog league --name NAME --add SPEC``
adding one more strategy to the finished league, end to end in a child
process, and ``add_to_league`` itself in this process.

    python benchmarks/bench_league.py            # 150 strategies (11,175 pairs)
    python benchmarks/bench_league.py --size 1000 --add-one
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

import numba
import numpy as np

from arena.league import round_robin_pairs
from arena.tournament import add_to_league
from hog import exact
from results.store import open_store
from strategies.families import FAMILIES
from strategies.table import StrategyTable


def contest_entries(rules: str, size: int, seed: int = 0) -> list[StrategyTable]:
    """SIZE different tables: random members of the policy families."""
    rng = np.random.default_rng(seed)
    families = [FAMILIES[name] for name in ("zero_dice", "trigger", "gain", "lead")]
    tables: dict[str, StrategyTable] = {}
    while len(tables) < size:
        family = families[int(rng.integers(len(families)))]
        params = {p.name: int(rng.integers(p.low, min(p.high, p.low + 40) + 1)) for p in family.parameters}
        table = StrategyTable(family.build(rules, 100, params), rules, f"entry {len(tables)}", "family", params)
        tables.setdefault(table.sha256, table)
    return list(tables.values())


def _tree_rss(root: int) -> int:
    """Resident bytes of ROOT and all its descendants."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    page = os.sysconf("SC_PAGE_SIZE")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            statm = Path(f"/proc/{entry}/statm").read_text().split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        rss[int(entry)] = int(statm[1]) * page
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        todo.extend(children.get(pid, []))
    return total


def _run(command: list[str]) -> tuple[float, int, str]:
    """Run COMMAND in a child process: (wall seconds, peak tree RSS bytes, stdout)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = 0
    while child.poll() is None:
        peak = max(peak, _tree_rss(child.pid))
        time.sleep(0.05)
    wall = time.perf_counter() - start
    out, err = child.communicate()
    if child.returncode:
        sys.exit(f"{' '.join(command[3:5])} failed: {err.strip()}")
    return wall, peak, out


def kernel_seconds_per_pair(tables: list[StrategyTable], rules: str, sample: int) -> tuple[float, int]:
    """The exact kernel alone on one thread over the league's pairs (a uniform
    sample of at most SAMPLE of them, in pair order): (seconds per pair, pairs timed)."""
    numba.set_num_threads(1)
    stack = exact.TableStack.of(np.stack([t.table for t in tables]))
    pairs = round_robin_pairs(len(tables))
    if len(pairs) > sample:
        pairs = pairs[np.sort(np.random.default_rng(1).choice(len(pairs), sample, replace=False))]
    exact.win_probabilities_pairs(stack, pairs[:10], rules)  # compiled before timing
    start = time.perf_counter()
    for chunk in range(0, len(pairs), 8192):
        exact.win_probabilities_pairs(stack, pairs[chunk : chunk + 8192], rules)
    return (time.perf_counter() - start) / len(pairs), len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=150)
    parser.add_argument("--rules", default="square_swine")
    parser.add_argument("--jobs", type=int, default=-1)
    parser.add_argument("--kernel-pairs", type=int, default=50_000, help="most pairs the kernel alone is timed on")
    parser.add_argument("--add-one", action="store_true", help="then time adding one strategy to the league")
    args = parser.parse_args()
    workers = args.jobs if args.jobs > 0 else os.cpu_count() or 1

    entries = contest_entries(args.rules, args.size + 1)
    league, newcomer = entries[: args.size], entries[args.size]
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "contest.db"
        with open_store(str(db)) as store:
            for table in league:
                store.add_strategy(table, author="benchmark")
        command = [sys.executable, "-m", "hog_arena.cli.main", "league", "--all", "--rules", args.rules]
        command += ["--db", str(db), "--jobs", str(args.jobs), "--top", "3", "--name", "contest"]
        wall, peak, out = _run(command)
        added = _add_one(db, args, newcomer, folder) if args.add_one else None
    pairs = args.size * (args.size - 1) // 2
    per_pair = wall * workers / pairs
    kernel, timed = kernel_seconds_per_pair(league, args.rules, args.kernel_pairs)
    print(out)
    print(f"league of {args.size} strategies ({pairs:,} pairs, exact, {args.rules}), CLI end to end incl. storing:")
    print(f"  wall {wall:.2f} s on {workers} workers   ({1000 * per_pair:.3f} ms per pair per core)")
    print(f"  peak memory {peak / 2**20:.0f} MiB (all processes)")
    print(f"  kernel alone, one core, {timed:,} of the pairs: {1000 * kernel:.3f} ms per pair")
    print(f"  ratio league / kernel: {per_pair / kernel:.2f}")
    if added:
        cli_wall, in_process = added
        print(f"one strategy added to the finished league ({args.size} new pairs), `hog league --add`:")
        print(f"  {cli_wall:.2f} s end to end (CLI start-up included); add_to_league itself {in_process:.2f} s")


def _add_one(db: Path, args: argparse.Namespace, newcomer: StrategyTable, folder: str) -> tuple[float, float]:
    """Add NEWCOMER to the league by the CLI in a copy of the database, then by
    ``add_to_league`` in this process: (CLI wall seconds, in-process seconds)."""
    copy = Path(folder) / "copy.db"
    with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(copy)) as target:
        source.backup(target)
    spec = Path(folder) / "newcomer.json"
    spec.write_text(newcomer.to_json())
    command = [sys.executable, "-m", "hog_arena.cli.main", "league", "--rules", args.rules, "--db", str(copy)]
    command += ["--name", "contest", "--add", str(spec), "--jobs", str(args.jobs), "--top", "3"]
    cli_wall, _, _ = _run(command)
    with open_store(str(db)) as store:
        start = time.perf_counter()
        add_to_league(store, "contest", args.rules, 100, [newcomer], jobs=args.jobs)
        in_process = time.perf_counter() - start
    return cli_wall, in_process


if __name__ == "__main__":
    main()
