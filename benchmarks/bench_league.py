"""League at contest scale, through the command line, end to end.

Stores N strategies (members of the families with random parameters,
stored as submitted files, as a class's submissions are: ``--all`` takes
only those) in a fresh SQLite file, then times
``hog league --all`` in a child process: start-up, loading the tables,
every exact match, storing every result and printing the leaderboard. Peak
memory is the largest sum of resident memory over the child and its
workers, sampled every 0.25 s, both as resident memory (RSS, the measure
of the first release: a library page shared by the three processes counts
three times) and proportional (PSS: shared pages split between them).
CPU time is that of the child and its workers (the wall-clock ratio needs
an otherwise idle machine; the CPU ratio does not).

Then, in this process on one core, the kernel alone
(``hog.exact.win_probabilities_pairs``) on the same tables and pairs (a
uniform sample of ``--kernel-pairs`` of them in a larger league), and the
ratio of the league's time per pair per core (wall x workers / pairs) to
the kernel's. ``--add-one`` then times ``hog league --league NAME --add SPEC``
adding one more strategy to the finished league, end to end in a child
process, and ``add_to_league`` itself in this process.

``--prefill F`` stores synthetic results for the first fraction F of the
pairs before the CLI runs, which then resumes the league: the memory of a
league too big to play in the time at hand, at its full size in the store
and the leaderboard.

Every run checks that the league it timed is finished with all N entries
and every pair; the script exits non-zero if anything fails.

    python benchmarks/bench_league.py            # 150 strategies (11,175 pairs)
    python benchmarks/bench_league.py --size 1000 --add-one
    python benchmarks/bench_league.py --size 3000 --prefill 0.98
    python benchmarks/bench_league.py --smoke    # seconds: 12 strategies, --add-one, a small kernel sample
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

import numba
import numpy as np

from arena.tournament import add_to_league
from hog import exact
from results.store import MatchKey, Store, StrategyRecord, open_store
from strategies.families import FAMILIES
from strategies.table import StrategyTable


def contest_entries(rules: str, size: int, seed: int = 0) -> list[StrategyTable]:
    """SIZE different tables: random members of the policy families, as
    submitted files (origin ``file``, named ``entry K``), the strategies
    ``hog league --all`` takes."""
    rng = np.random.default_rng(seed)
    families = [FAMILIES[name] for name in ("zero_dice", "trigger", "gain", "lead")]
    tables: dict[str, StrategyTable] = {}
    while len(tables) < size:
        family = families[int(rng.integers(len(families)))]
        params = {p.name: int(rng.integers(p.low, min(p.high, p.low + 40) + 1)) for p in family.parameters}
        table = StrategyTable(family.build(rules, 100, params), rules, f"entry {len(tables)}", "file", params)
        tables.setdefault(table.sha256, table)
    return list(tables.values())


def _descendants(root: int) -> list[int]:
    """ROOT and all its descendants' process ids."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(parent, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def _memory(pids: list[int]) -> tuple[int, int]:
    """(resident, proportional) bytes of PIDS: RSS counts a page shared by
    several processes in each, PSS splits it between them."""
    sizes = {"Rss:": 0, "Pss:": 0}
    for pid in pids:
        try:
            lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
        except OSError:
            continue
        for line in lines:
            field = line.split()
            if field and field[0] in sizes:
                sizes[field[0]] += int(field[1]) * 1024
    return sizes["Rss:"], sizes["Pss:"]


def _run(command: list[str]) -> tuple[float, float, int, int, str]:
    """Run COMMAND in a child process: (wall seconds, CPU seconds of the child
    and its workers, peak RSS and peak PSS bytes over them, stdout). Memory is
    sampled every 0.25 s, the process tree found again every 2 s (sampling
    more often takes CPU time from the workers on a small machine)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak_rss = peak_pss = 0
    pids, found = [child.pid], 0.0
    while child.poll() is None:
        if time.perf_counter() - found > 2:
            pids, found = _descendants(child.pid), time.perf_counter()
        rss, pss = _memory(pids)
        peak_rss, peak_pss = max(peak_rss, rss), max(peak_pss, pss)
        time.sleep(0.25)
    wall = time.perf_counter() - start
    out, err = child.communicate()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if child.returncode:
        sys.exit(f"{' '.join(command[3:5])} failed: {err.strip()}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, peak_rss, peak_pss, out


def kernel_seconds_per_pair(tables: list[StrategyTable], rules: str, sample: int) -> tuple[float, float, int]:
    """The exact kernel alone on one thread over the league's pairs (a uniform
    sample of at most SAMPLE of them, in pair order): (wall seconds per pair,
    CPU seconds per pair, pairs timed)."""
    numba.set_num_threads(1)
    stack = exact.TableStack.of(np.stack([t.table for t in tables]))
    pairs = np.column_stack(np.triu_indices(len(tables), 1))
    if len(pairs) > sample:
        pairs = pairs[np.sort(np.random.default_rng(1).choice(len(pairs), sample, replace=False))]
    exact.win_probabilities_pairs(stack, pairs[:10], rules)  # compiled before timing
    start, cpu = time.perf_counter(), time.process_time()
    for chunk in range(0, len(pairs), 8192):
        exact.win_probabilities_pairs(stack, pairs[chunk : chunk + 8192], rules)
    return (time.perf_counter() - start) / len(pairs), (time.process_time() - cpu) / len(pairs), len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=150)
    parser.add_argument("--rules", default="square_swine")
    parser.add_argument("--jobs", type=int, default=-1)
    parser.add_argument("--kernel-pairs", type=int, default=50_000, help="most pairs the kernel alone is timed on")
    parser.add_argument("--add-one", action="store_true", help="then time adding one strategy to the league")
    parser.add_argument(
        "--smoke", action="store_true", help="a few seconds: 12 strategies, --add-one, 50 pairs for the kernel"
    )
    parser.add_argument(
        "--prefill",
        type=float,
        default=0.0,
        metavar="FRACTION",
        help="store synthetic results for this fraction of the pairs first, so the CLI resumes the league near "
        "its end: every store and leaderboard step at full size, only the rest of the pairs played",
    )
    args = parser.parse_args()
    if args.smoke:
        args.size, args.kernel_pairs, args.add_one = 12, 50, True
    if args.size < 2 or not 0 <= args.prefill <= 1:
        parser.error("need at least 2 strategies and a fraction from 0 to 1")
    workers = args.jobs if args.jobs > 0 else os.cpu_count() or 1

    entries = contest_entries(args.rules, args.size + 1)
    league, newcomer = entries[: args.size], entries[args.size]
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "contest.db"
        with open_store(str(db)) as store:
            records = [store.add_strategy(table, author="benchmark")[0] for table in league]
            prefilled = _prefill(store, records, args.prefill) if args.prefill else 0
        command = [sys.executable, "-m", "hog_arena.cli.main", "league", "--all", "--rules", args.rules]
        command += ["--db", str(db), "--jobs", str(args.jobs), "--top", "3", "--league", "contest"]
        wall, cpu, rss, pss, out = _run(command)
        _check_finished(db, args.rules, args.size)
        two = [*command[:4], "always_roll(4)", "always_roll(6)", *command[5:9], "--league", "fixed"]
        fixed_wall, fixed_cpu, *_ = _run(two)
        added = _add_one(db, args, newcomer, folder) if args.add_one else None
    pairs = args.size * (args.size - 1) // 2
    if prefilled:
        print(out)
        print(f"league of {args.size} strategies ({pairs:,} pairs), {prefilled:,} of them stored first (synthetic):")
        print(f"  the CLI resumed it, played {pairs - prefilled:,} pairs, stored, finished and ranked it all:")
        print(f"  wall {wall:.2f} s, CPU {cpu:.1f} s over all processes")
        print(f"  peak memory of all processes: {rss / 2**20:.0f} MiB RSS summed, {pss / 2**20:.0f} MiB PSS summed")
        return
    per_pair = wall * workers / pairs
    kernel, kernel_cpu, timed = kernel_seconds_per_pair(league, args.rules, args.kernel_pairs)
    print(out)
    print(f"league of {args.size} strategies ({pairs:,} pairs, exact, {args.rules}), CLI end to end incl. storing:")
    print(f"  wall {wall:.2f} s on {workers} workers   ({1000 * per_pair:.3f} ms per pair per core)")
    print(f"  CPU {cpu:.1f} s over all processes   ({1000 * cpu / pairs:.3f} ms per pair)")
    print(f"  peak memory of all processes: {rss / 2**20:.0f} MiB RSS summed, {pss / 2**20:.0f} MiB PSS summed")
    print(f"  kernel alone, one thread, {timed:,} of the pairs: {1000 * kernel:.3f} ms per pair", end="")
    print(f" ({1000 * kernel_cpu:.3f} ms CPU)")
    print(f"  ratio league / kernel: {per_pair / kernel:.2f} by wall per core, {cpu / pairs / kernel_cpu:.2f} by CPU")
    print("  the command's fixed cost (a league of 2 built-ins, same store):", end="")
    print(f" {fixed_wall:.2f} s wall, {fixed_cpu:.2f} s CPU")
    marginal_wall = (wall - fixed_wall) * workers / pairs / kernel
    marginal_cpu = (cpu - fixed_cpu) / pairs / kernel_cpu
    print(f"  ratio without it: {marginal_wall:.2f} by wall per core, {marginal_cpu:.2f} by CPU")
    if added:
        cli_wall, in_process = added
        print(f"one strategy added to the finished league ({args.size} new pairs), `hog league --add`:")
        print(f"  {cli_wall:.2f} s end to end (CLI start-up included); add_to_league itself {in_process:.2f} s")


def _check_finished(db: Path, rules: str, size: int) -> None:
    """Exit unless the league ``contest`` in DB is finished with SIZE entries and all their pairs."""
    with open_store(str(db)) as store:
        league = store.get_league("contest", rules, 100)
        results = store.league_results(league.id)
    if league.status != "done" or len(results.entries) != size or not results.complete:
        sys.exit(f"the league stored is not finished with {size} entries and all their pairs: {league.status}")


def _prefill(store: Store, records: list[StrategyRecord], fraction: float) -> int:
    """Create the league ``contest`` of RECORDS and store random rates for the
    first FRACTION of its pairs (in the order the league plays them); returns
    how many."""
    league = store.create_league("contest", MatchKey(records[0].rules, records[0].goal), [r.id for r in records])
    shas = [r.sha256 for r in sorted(records, key=lambda r: r.id)]
    pairs = np.column_stack(np.triu_indices(len(shas), 1))[: int(fraction * len(shas) * (len(shas) - 1) / 2)]
    rng = np.random.default_rng(2)
    for start in range(0, len(pairs), 65536):
        chunk = pairs[start : start + 65536]
        store.store_match_arrays(league.key, shas, chunk, rng.random(len(chunk)), rng.random(len(chunk)))
    return len(pairs)


def _add_one(db: Path, args: argparse.Namespace, newcomer: StrategyTable, folder: str) -> tuple[float, float]:
    """Add NEWCOMER to the league by the CLI in a copy of the database, then by
    ``add_to_league`` in this process: (CLI wall seconds, in-process seconds)."""
    copy = Path(folder) / "copy.db"
    with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(copy)) as target:
        source.backup(target)
    spec = Path(folder) / "newcomer.json"
    spec.write_text(newcomer.to_json())
    command = [sys.executable, "-m", "hog_arena.cli.main", "league", "--rules", args.rules, "--db", str(copy)]
    command += ["--league", "contest", "--add", str(spec), "--jobs", str(args.jobs), "--top", "3"]
    cli_wall = _run(command)[0]
    _check_finished(copy, args.rules, args.size + 1)
    with open_store(str(db)) as store:
        start = time.perf_counter()
        add_to_league(store, "contest", args.rules, 100, [newcomer], jobs=args.jobs)
        in_process = time.perf_counter() - start
    _check_finished(db, args.rules, args.size + 1)
    return cli_wall, in_process


if __name__ == "__main__":
    main()
