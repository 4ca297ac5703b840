"""Leagues on a real Dask cluster against the same leagues on local joblib.

Starts two ``distributed.LocalCluster``s (worker processes, one thread
each): one whose workers Dask starts as it always does, one without Dask's
MALLOC_TRIM_THRESHOLD_ (``arena.dask_cluster.local_cluster``). For each
size it runs the same exact league of ``contest_entries`` locally, as
``hog league`` does by default (``run_league(jobs=workers)``, backend
loky: exact leagues then run on threads of this process), and on both
clusters, in turn, REPEATS
times each; checks that every pair's chances are equal bit for bit; prints
the best wall times, their ratios to the local run's, and the CPU time one pair
costs the clusters' workers and the parent (which runs the schedulers
and the nannies here), next to the kernel alone on one thread. CPU times
change less than wall times when other programs share the machine. Then
stores the largest league with ``run_stored_league`` locally and on the
second cluster (fresh SQLite files), checks the stored leagues agree, times
the store's inserts alone, and estimates a 10,000-entry league on N workers.

    python benchmarks/bench_dask.py                      # 150 and 400 entries
    python benchmarks/bench_dask.py --sizes 1000 --repeats 1
    python benchmarks/bench_dask.py --smoke              # seconds: 12 entries, clusters of 1 worker, once
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from bench_league import contest_entries, kernel_seconds_per_pair
from dask.sizeof import sizeof
from distributed import Client

from arena.dask_cluster import local_cluster, register_sizes
from arena.league import LeagueSettings, PairScores, run_league
from arena.match import Lineup
from arena.ranking import rank
from arena.tournament import run_stored_league
from results.store import open_store

EXACT = LeagueSettings("exact")
BIG = 10_000
WORKERS = (1, 2, 8, 32, 128)


@dataclass(frozen=True)
class Costs:
    """Seconds, on a cluster: the best wall time; CPU per pair of the
    cluster's workers (together) and of the parent, in that run."""

    wall: float
    workers: float
    parent: float


def cpu_spent(client: Client, function: Callable[[], Any]) -> tuple[float, float, float, Any]:
    """FUNCTION's wall time, the CPU seconds the cluster's workers and this
    process spent meanwhile, and what FUNCTION returned."""
    workers = client.run(time.process_time)
    parent, start = time.process_time(), time.perf_counter()
    result = function()
    wall, parent = time.perf_counter() - start, time.process_time() - parent
    spent = sum(after - workers[worker] for worker, after in client.run(time.process_time).items())
    return wall, spent, parent, result


def same_bits(a: PairScores, b: PairScores) -> bool:
    """Whether two leagues' scores hold the same pairs and the same chances, bit for bit."""
    return (
        np.array_equal(a.pairs, b.pairs)
        and np.array_equal(a.first.view(np.uint64), b.first.view(np.uint64))
        and np.array_equal(a.second.view(np.uint64), b.second.view(np.uint64))
    )


def compare(lineup: Lineup, workers: int, clients: list[Client], repeats: int) -> tuple[float, list[Costs], PairScores]:
    """The league of LINEUP locally and on each of CLIENTS' clusters, REPEATS
    times each, in turn: the best local wall time, each cluster's costs, and
    the scores (the same everywhere, or the script stops)."""
    pairs = len(lineup) * (len(lineup) - 1) // 2
    here: list[float] = []
    runs: list[list[tuple[float, float, float]]] = [[] for _ in clients]
    for _ in range(repeats):
        start = time.perf_counter()
        local = run_league(lineup, EXACT, jobs=workers)
        here.append(time.perf_counter() - start)
        for client, spent in zip(clients, runs, strict=True):
            league = partial(run_league, lineup, EXACT, backend="dask", scheduler=client.scheduler.address)
            *costs, remote = cpu_spent(client, league)
            spent.append(tuple(costs))
            if not same_bits(local, remote):
                raise SystemExit(f"league of {len(lineup)}: the cluster's results differ from joblib's")
    best = [min(spent) for spent in runs]
    return min(here), [Costs(wall, cpu / pairs, parent / pairs) for wall, cpu, parent in best], local


def stored_league(folder: Path, label: str, lineup: Lineup, **backend: Any) -> tuple[float, float, Any]:
    """Wall and CPU time of this process storing the league of LINEUP in a
    fresh SQLite file, and its stored results."""
    with open_store(str(folder / f"{label}.db")) as store:
        start, cpu = time.perf_counter(), time.process_time()
        league = run_stored_league(store, list(lineup.tables), EXACT, **backend)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        return wall, cpu, store.league_results(league.id)


def insert_rate(folder: Path, lineup: Lineup, scores: PairScores, batch: int = 8192) -> float:
    """Match rows the store inserts per second: SCORES, the league of LINEUP,
    written in batches of BATCH rows into a fresh SQLite file."""
    key = EXACT.key(lineup.rules, lineup.goal)
    shas = [table.sha256 for table in lineup.tables]
    with open_store(str(folder / "inserts.db")) as store:
        start = time.perf_counter()
        for k in range(0, len(scores), batch):
            part = slice(k, k + batch)
            store.store_match_arrays(key, shas, scores.pairs[part], scores.first[part], scores.second[part])
        seconds = time.perf_counter() - start
    return len(scores) / seconds


def estimate(worker_cost: float, rate: float, goal: int) -> None:
    """Print the estimate of a BIG-entry league from the CPU seconds one
    pair costs a worker and the store's insert RATE (rows per second)."""
    pairs = BIG * (BIG - 1) // 2
    storing = pairs / rate
    print(f"\n{BIG:,}-entry exact league ({pairs:,} pairs), estimated from the figures above:")
    print(f"  the tables: {BIG * goal * goal / 1e6:.0f} MB on every worker; storing: {storing / 3600:.2f} h")
    print("  workers   computing (h)   wall (h)")
    for n in WORKERS:
        computing = pairs * worker_cost / n
        print(f"  {n:7d}   {computing / 3600:13.2f}   {max(computing, storing) / 3600:8.2f}")
    print(
        "  assumptions: kernel-bound, one core per worker, tasks spread evenly, a pair costing a\n"
        "  worker the CPU time it cost the cluster without trim here; the parent stores at the\n"
        "  insert rate above while the workers compute, so the wall time is the larger of the two;\n"
        "  the tables scattered once (register_sizes, as arena.parallel does), not sent with every task;\n"
        "  scheduling, the network,\n"
        "  and loading and checking the entries not counted."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[150, 400])
    parser.add_argument("--rules", default="square_swine")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--smoke", action="store_true", help="a few seconds: a league of 12, clusters of 1 worker, run once"
    )
    args = parser.parse_args()
    if args.smoke:
        args.sizes, args.workers, args.repeats = [12], 1, 1
    if min(args.sizes) < 2 or args.workers < 1 or args.repeats < 1:
        parser.error("need leagues of at least 2 entries, 1 worker and 1 repeat")
    register_sizes()  # as arena.parallel does for every Dask run (and sizeof below reads it)

    lineups = [Lineup.of(contest_entries(args.rules, size)) for size in sorted(args.sizes)]
    with (
        local_cluster(args.workers, dask_malloc=True) as default,
        local_cluster(args.workers) as tuned,
        Client(default) as on_default,
        Client(tuned) as on_tuned,
        tempfile.TemporaryDirectory() as temporary,
    ):
        clients = [on_default, on_tuned]
        warm_up = Lineup.of(contest_entries(args.rules, 20, seed=1))  # start the workers, load the kernels
        run_league(warm_up, EXACT, jobs=args.workers)
        for cluster in (default, tuned):
            run_league(warm_up, EXACT, backend="dask", scheduler=cluster.scheduler_address)
        print(f"exact leagues ({args.rules}), {args.workers} workers, best of {args.repeats}, equal bit for bit;")
        print("Dask workers as Dask starts them, and without its MALLOC_TRIM_THRESHOLD_ (arena.dask_cluster):")
        print(
            "  entries      pairs  local (s)   Dask (s)  ratio   no trim (s)  ratio   CPU ms per pair (Dask, no trim)"
        )
        for lineup in lineups:
            pairs = len(lineup) * (len(lineup) - 1) // 2
            here, (plain, fixed), scores = compare(lineup, args.workers, clients, args.repeats)
            print(
                f"  {len(lineup):7d}  {pairs:9,d}   {here:8.2f}   {plain.wall:8.2f}  {plain.wall / here:5.2f}"
                f"   {fixed.wall:11.2f}  {fixed.wall / here:5.2f}   workers {1000 * plain.workers:.3f}, "
                f"{1000 * fixed.workers:.3f}; parent {1000 * plain.parent:.3f}, {1000 * fixed.parent:.3f}"
            )
        _, kernel, timed = kernel_seconds_per_pair(list(lineup.tables), args.rules, 20_000)
        print(f"  the kernel alone, one thread: {1000 * kernel:.3f} CPU ms per pair ({timed:,} pairs of {len(lineup)})")
        stack = lineup.stack
        print(
            f"  the tables of {len(lineup)}: {stack.tables.nbytes / 1e6:.1f} MB; dask.sizeof counts them as "
            f"{sizeof(stack):,} bytes, so joblib "
            + ("scatters them once per league" if sizeof(stack) > 1e3 else "pickles them into every task")
        )

        folder = Path(temporary)
        scheduler = tuned.scheduler_address
        local, _, results = stored_league(folder, "local", lineup, jobs=args.workers)
        remote, parent, on_dask = stored_league(folder, "dask", lineup, backend="dask", scheduler=scheduler)
        if rank(on_dask) != rank(results) or not all(
            np.array_equal(getattr(results, a), getattr(on_dask, a), equal_nan=True) for a in ("first", "second")
        ):
            raise SystemExit("the stored leagues differ")
        rate = insert_rate(folder, lineup, scores)
        print(f"\nstored league of {len(lineup)} (run_stored_league, SQLite; Dask without trim), the same on both:")
        print(f"  local {local:.2f} s   Dask {remote:.2f} s   ratio {remote / local:.2f}")
        print(f"  the parent on Dask: {1000 * parent / pairs:.3f} CPU ms per pair (all included)")
        print(f"  the store alone inserts {rate:,.0f} match rows per second (SQLite, batches of 8192)")
    estimate(fixed.workers, rate, lineup.goal)


if __name__ == "__main__":
    main()
