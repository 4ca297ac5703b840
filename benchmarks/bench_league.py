"""League at contest scale, through the command line, end to end.

Stores N strategies (members of the families with random parameters, as a
class's submissions would be) in a fresh SQLite file, then times
``hog league --all`` in a child process: start-up, loading the tables,
every exact match, storing every result and printing the leaderboard. Peak
memory is the largest sum of resident memory over the child and its
workers, sampled every 50 ms.

    python benchmarks/bench_league.py            # 150 strategies (11,175 pairs)
    python benchmarks/bench_league.py --size 1000
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=150)
    parser.add_argument("--rules", default="square_swine")
    parser.add_argument("--jobs", type=int, default=-1)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "contest.db"
        with open_store(str(db)) as store:
            for table in contest_entries(args.rules, args.size):
                store.add_strategy(table, author="benchmark")
        command = [sys.executable, "-m", "hog_arena.cli.main", "league", "--all", "--rules", args.rules]
        command += ["--db", str(db), "--jobs", str(args.jobs), "--top", "3"]
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        peak = 0
        while child.poll() is None:
            peak = max(peak, _tree_rss(child.pid))
            time.sleep(0.05)
        wall = time.perf_counter() - start
        out, err = child.communicate()
        if child.returncode:
            sys.exit(f"league failed: {err.strip()}")
    pairs = args.size * (args.size - 1) // 2
    print(out)
    print(f"league of {args.size} strategies ({pairs:,} pairs, exact, {args.rules}), CLI end to end incl. storing:")
    print(f"  wall {wall:.2f} s   ({1000 * wall / pairs:.3f} ms per pair)   peak memory {peak / 2**20:.0f} MiB")


if __name__ == "__main__":
    main()
