"""The store's bulk paths for leagues, on SQLite and on PostgreSQL.

For a league of N synthetic strategies (random rates, no kernel): storing
every match in chunks as ``hog league`` does (``store_match_arrays``),
finishing the league (reading every match once and keeping the snapshot),
reading the league back from its snapshot, then adding one entry: storing
its N matches, finishing, and reading the grown league. Times are wall
seconds in this process (the database server's own work included); the
per-pair figures compare with the exact kernel's 0.2 ms per pair.

    python benchmarks/bench_store.py --size 1000
    python benchmarks/bench_store.py --size 1000 --url postgresql+psycopg://hog:hog@127.0.0.1:5432/hog_bench
    python benchmarks/bench_store.py --smoke [--url URL]     # seconds: a league of 12
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np
from bench_league import contest_entries

from arena.league import pair_chunks
from results.store import MatchKey, open_store

CHUNK = 8192  # the league's default chunk of pairs at this size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--rules", default="square_swine")
    parser.add_argument("--url", help="an empty database (default: a new SQLite file)")
    parser.add_argument("--smoke", action="store_true", help="a few seconds: a league of 12")
    args = parser.parse_args()
    if args.smoke:
        args.size = 12
    if args.size < 2:
        parser.error("need at least 2 strategies")
    entries = contest_entries(args.rules, args.size + 1)
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as folder:
        url = args.url or str(Path(folder) / "bench.db")
        with open_store(url) as store:
            records = [store.add_strategy(table, author="benchmark")[0] for table in entries]
            old, newcomer = records[:-1], records[-1]
            league = store.create_league("bench", MatchKey(args.rules, 100), [r.id for r in old])
            shas = [r.sha256 for r in old]
            pairs = args.size * (args.size - 1) // 2
            start = time.perf_counter()
            for chunk in pair_chunks(args.size, CHUNK):
                store.store_match_arrays(league.key, shas, chunk, rng.random(len(chunk)), rng.random(len(chunk)))
            stored = time.perf_counter() - start
            start = time.perf_counter()
            store.finish_league(league.id)
            finished = time.perf_counter() - start
            start = time.perf_counter()
            assert store.league_results(league.id).complete
            read = time.perf_counter() - start

            start = time.perf_counter()
            store.add_league_entries(league.id, [newcomer.id])
            grown = [r.sha256 for r in sorted(records, key=lambda r: r.id)]
            new = np.array([[k, len(old)] for k in range(len(old))])
            store.store_match_arrays(league.key, grown, new, rng.random(len(new)), rng.random(len(new)))
            store.finish_league(league.id)
            assert store.league_results(league.id).complete
            added = time.perf_counter() - start
    where = "PostgreSQL" if args.url and args.url.startswith("postgresql") else "SQLite"
    print(f"{where}, league of {args.size} synthetic strategies ({pairs:,} pairs):")
    print(f"  store every match in chunks of {CHUNK}: {stored:.2f} s ({1e6 * stored / pairs:.1f} us per pair)")
    print(f"  finish (read every match once, keep the snapshot): {finished:.2f} s")
    print(f"  read the league from its snapshot: {read:.3f} s")
    print(f"  add one entry (store its {len(old)} matches, finish, read the grown league): {added:.3f} s")


if __name__ == "__main__":
    main()
