"""Contest reads: the public contest pages and API on a real server process, measured.

CONTESTS finished contests of TEAMS ranked teams each (imported from
archives, as ``hog contest import`` does) and one live contest of TEAMS
ranked teams (open, so its public win rates are rounded), then ``hog
serve`` on that database. Every URL is loaded once (its first answer, which
may compute a cached body or picture, is reported apart), then REQUESTS
times in a row by one client:

* ``/contests``, ``/winners``, ``/api/contests``;
* for a finished contest and for the live one: its page, its leaderboard
  API, its matrix API and its matrix picture.

Then the polling scenario: POLLERS clients (processes) poll the live
contest's leaderboard API as fast as they can while another client loads
that leaderboard and the live contest's page REQUESTS times each and
reports its own latencies.

The benchmark measures reads, so the live contest's win rates are
synthetic: its entries are real (750 random tables accepted as the API
would accept them), but its standings are published directly from a
random valid matrix instead of playing its 280,875 exact matches. The
finished contests' archives are random valid matrices too.

    python benchmarks/bench_contest_reads.py                       # SQLite (a temporary file)
    python benchmarks/bench_contest_reads.py --db postgresql+psycopg://hog:hog@127.0.0.1:5432/hog_test
    python benchmarks/bench_contest_reads.py --smoke               # 2 contests of 20 teams, 20 requests

Goals (printed PASS or FAIL; the exit status is 0 either way): every
public page and API answers within 0.1 s at the 99th percentile, and
POLLERS pollers do not push another client's 95th percentile past 0.25 s.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import httpx2 as httpx
import numpy as np
from bench_contest import free_port, fresh_database, start_server
from sqlalchemy.engine import make_url

from arena.contest.archive import import_archive
from arena.contest.board import ranked_rows
from arena.contest.service import Contests
from results.contest_store import ContestSettings
from results.store import open_store
from strategies.submission import Submission
from strategies.table import StrategyTable

RULES = "sus_fuss"
GOAL = 100
LIVE = "live"
#: The goals: p99 of one client's sequential loads, and p95 of a client beside the pollers.
P99_GOAL = 0.1
P95_BESIDE_POLLERS_GOAL = 0.25


def random_matrix(rng: np.random.Generator, n: int) -> np.ndarray:
    """A valid win-rate matrix of N teams: m[i, j] + m[j, i] = 1, rates in
    [0, 1], stronger teams (a hidden strength) tending to win; NaN diagonal."""
    strength = rng.normal(0, 1, n)
    logits = strength[:, None] - strength[None, :] + rng.normal(0, 0.5, (n, n))
    upper = np.triu(1 / (1 + np.exp(-logits)), 1)
    matrix = upper + np.tril(1 - upper.T, -1)
    np.fill_diagonal(matrix, np.nan)
    return matrix


def build(db: str, args: argparse.Namespace, folder: Path) -> dict[str, float]:
    """The finished contests and the live one; seconds each part took."""
    rng = np.random.default_rng(args.seed)
    took: dict[str, float] = {}
    with open_store(db) as store:
        started = time.monotonic()
        for c in range(1, args.contests + 1):
            matrix = random_matrix(rng, args.teams)
            np.fill_diagonal(matrix, 0.5)
            archive = {"teams": [f"Past {c} team {k}" for k in range(args.teams)], "winrate_mat": matrix.tolist()}
            path = folder / f"past{c}.json"
            path.write_text(json.dumps(archive))
            import_archive(store, path, f"past{c}", RULES, GOAL)
        took["import_s"] = time.monotonic() - started

        started = time.monotonic()
        now = datetime.now(timezone.utc)
        store.create_contest(LIVE, ContestSettings(RULES, GOAL, now + timedelta(days=7), team_size=1))
        people = [(f"student{k}@class.edu", f"team{k}", "student") for k in range(args.teams)]
        roster = store.add_roster(LIVE, people)
        contest = store.get_contest(LIVE)
        contests = Contests(store)
        for k, (person, _) in enumerate(roster):
            table = rng.integers(0, 11, (GOAL, GOAL), dtype=np.int8)
            submission = Submission("hog.json", StrategyTable(table, RULES, "entry", "file"), None)
            contests.accept(contest, person, submission, filename="hog.json", team_name=f"Live team {k}", received=now)
        took["live_entries_s"] = time.monotonic() - started

        started = time.monotonic()
        ranked = store.ranking_input(LIVE)
        teams = [{"entry_id": e.id, "team": e.team, "team_name": e.team_name} for e in ranked.entries]
        matrix = random_matrix(rng, len(teams))  # synthetic: this benchmark measures reads
        if not store.publish_standings(ranked, teams, ranked_rows(teams, matrix), matrix, datetime.now(timezone.utc)):
            raise SystemExit("bench_contest_reads: the live standings were not published")
        took["live_standings_s"] = time.monotonic() - started
    return took


def stats(values: list[float]) -> dict[str, float]:
    return {
        "p50": float(np.percentile(values, 50)),
        "p95": float(np.percentile(values, 95)),
        "p99": float(np.percentile(values, 99)),
        "max": float(max(values)),
        "count": len(values),
    }


def load(client: httpx.Client, url: str) -> tuple[float, int, int]:
    """Seconds, status and bytes of one GET of URL."""
    started = time.perf_counter()
    reply = client.get(url)
    body = reply.content
    return time.perf_counter() - started, reply.status_code, len(body)


def sequential(base: str, paths: list[str], requests: int) -> dict[str, dict[str, Any]]:
    """Each path once (its first answer), then REQUESTS times in a row."""
    out: dict[str, dict[str, Any]] = {}
    with httpx.Client(base_url=base, timeout=120) as client:
        for path in paths:
            first, status, size = load(client, path)
            if status != 200:
                raise SystemExit(f"bench_contest_reads: GET {path} answered {status}")
            times = []
            for _ in range(requests):
                seconds, status, _ = load(client, path)
                if status != 200:
                    raise SystemExit(f"bench_contest_reads: GET {path} answered {status}")
                times.append(seconds)
            out[path] = {**stats(times), "first": first, "bytes": size}
    return out


def poll(base: str, path: str, stop: Any, count: Any) -> None:
    """Load PATH again and again until STOP is set (a poller process)."""
    with httpx.Client(base_url=base, timeout=120) as client:
        while not stop.is_set():
            try:
                client.get(path).read()
            except httpx.HTTPError:
                time.sleep(0.01)
                continue
            with count.get_lock():
                count.value += 1


def beside_pollers(base: str, pollers: int, requests: int) -> dict[str, Any]:
    """POLLERS processes poll the live leaderboard; meanwhile one client loads
    the leaderboard and the live page REQUESTS times each, alternating."""
    board, page = f"/api/contests/{LIVE}/leaderboard", f"/contests/{LIVE}"
    spawn = multiprocessing.get_context("spawn")
    stop, count = spawn.Event(), spawn.Value("l", 0)
    workers = [spawn.Process(target=poll, args=(base, board, stop, count)) for _ in range(pollers)]
    for worker in workers:
        worker.start()
    deadline = time.monotonic() + 60
    while count.value < 10 * pollers and time.monotonic() < deadline:  # every poller under way
        time.sleep(0.05)
    times: dict[str, list[float]] = {board: [], page: []}
    polled_before, started = count.value, time.monotonic()
    with httpx.Client(base_url=base, timeout=120) as client:
        for _ in range(requests):
            for path in (board, page):
                seconds, status, _ = load(client, path)
                if status != 200:
                    raise SystemExit(f"bench_contest_reads: GET {path} answered {status}")
                times[path].append(seconds)
    elapsed = time.monotonic() - started
    polled = count.value - polled_before
    stop.set()
    for worker in workers:
        worker.join(30)
        if worker.is_alive():
            worker.terminate()
    return {
        "pollers": pollers,
        "poller_requests_per_s": polled / elapsed,
        "urls": {path: stats(values) for path, values in times.items()},
        "both": stats(times[board] + times[page]),
    }


def run(args: argparse.Namespace, db: str, folder: Path) -> dict[str, Any]:
    took = build(db, args, folder)
    print(f"bench_contest_reads: built in {sum(took.values()):.1f} s {took}", file=sys.stderr)
    port = free_port()
    server = start_server(db, port)
    base = f"http://127.0.0.1:{port}"
    try:
        paths = ["/contests", "/winners", "/api/contests"]
        for name in ("past1", LIVE):
            paths += [
                f"/contests/{name}",
                f"/api/contests/{name}/leaderboard",
                f"/api/contests/{name}/matrix",
                f"/contests/{name}/matrix.png",
            ]
        reads = sequential(base, paths, args.requests)
        polling = beside_pollers(base, args.pollers, args.requests)
    finally:
        server.terminate()
        server.wait()
    return {
        "database": make_url(db).get_backend_name(),
        "contests": args.contests,
        "teams": args.teams,
        "requests": args.requests,
        "build_s": took,
        "reads": reads,
        "polling": polling,
    }


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def print_report(report: dict[str, Any]) -> None:
    ms = 1000.0
    print(
        f"contest reads, {report['database']}: {report['contests']} finished contests and 1 live,"
        f" {report['teams']} teams each, {report['requests']} sequential requests per URL"
    )
    print(f"{'URL':<34} {'first':>8} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7} {'bytes':>9}  goal p99 <= 100 ms")
    for path, s in report["reads"].items():
        print(
            f"{path:<34} {s['first'] * ms:8.1f} {s['p50'] * ms:7.1f} {s['p95'] * ms:7.1f} {s['p99'] * ms:7.1f}"
            f" {s['max'] * ms:7.1f} {s['bytes']:9d}  {verdict(s['p99'] <= P99_GOAL)}"
        )
    polling = report["polling"]
    print(
        f"beside {polling['pollers']} pollers of /api/contests/{LIVE}/leaderboard"
        f" ({polling['poller_requests_per_s']:.0f} requests/s among them), another client:"
    )
    print(f"{'URL':<34} {'':>8} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7} {'':>9}  goal p95 <= 250 ms")
    for path, s in [*polling["urls"].items(), ("both", polling["both"])]:
        print(
            f"{path:<34} {'':>8} {s['p50'] * ms:7.1f} {s['p95'] * ms:7.1f} {s['p99'] * ms:7.1f}"
            f" {s['max'] * ms:7.1f} {'':>9}  {verdict(s['p95'] <= P95_BESIDE_POLLERS_GOAL)}"
        )
    print("times in ms; first: the URL's first load (it may compute what later loads find cached)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--db", help="a PostgreSQL URL (a fresh schema is made in it, dropped after); default: a temporary SQLite file"
    )
    parser.add_argument("--contests", type=int, default=5, help="finished contests (default 5)")
    parser.add_argument(
        "--teams", type=int, default=750, help="ranked teams of each contest, the live one too (default 750)"
    )
    parser.add_argument("--requests", type=int, default=200, help="sequential requests per URL (default 200)")
    parser.add_argument("--pollers", type=int, default=4, help="clients polling the live leaderboard (default 4)")
    parser.add_argument("--smoke", action="store_true", help="a few seconds: 2 contests of 20 teams, 20 requests")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args()
    if args.smoke:
        args.contests, args.teams, args.requests = 2, 20, 20
    if args.contests < 1 or args.teams < 2 or args.requests < 1 or args.pollers < 0:
        parser.error("need at least 1 contest, 2 teams, 1 request and no negative number of pollers")
    with tempfile.TemporaryDirectory(prefix="bench-contest-reads-") as folder:
        db, drop = fresh_database(args.db, Path(folder))
        try:
            report = run(args, db, Path(folder))
        finally:
            drop()  # type: ignore[operator]
    print_report(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
