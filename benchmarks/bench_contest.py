"""The deadline rush: a class contest on a real server process, measured.

A roster of PEOPLE in TEAMS (two to a team), of which PREPARED (by
default every team) already have an entry ranked when the rush starts (the
standings then rank all TEAMS, as at the end of a course's contest; those
entries' matches are played exactly before the clock starts), then
SUBMISSIONS strategy files sent over MINUTES through ``POST
/api/contests/{name}/entries`` with each person's token, LAST_MINUTE of
them in the last LAST_SECONDS (some teams submit twice, replacing their
entry), while readers load the contest page and the leaderboard API. At
KILL_AT seconds the server is killed with SIGKILL and started again;
senders whose request failed send again (as a person would). Reported:

* answering: from sending a file to its 202 (the check of each ``.py``
  file waits for a checker);
* acceptance to ranking: from each 202 to the entry's row appearing on
  the leaderboard (median, 90th percentile, maximum; entries replaced by
  their team before they were ranked are counted apart);
* page latency during the rush: p50 and p99 of the contest page and of the
  leaderboard API;
* nothing lost: every accepted entry is stored, each team's last one is in
  the final standings, and the standings equal an exact league of the
  final entries played from scratch (nothing counted twice, nothing missed).

    python benchmarks/bench_contest.py                                  # SQLite, the full rush
    python benchmarks/bench_contest.py --db postgresql+psycopg://hog:hog@127.0.0.1:5432/hog_test
    python benchmarks/bench_contest.py --minutes 2 --submissions 60 --last-minute 20   # a short trial
    python benchmarks/bench_contest.py --smoke                          # 20 teams, a 16 s rush

The goal (README): every entry ranked within 30 s of its 202 at 300
entries, p99 page latency at most 1 s, nothing lost. The report is printed
as JSON, then as a table.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import httpx2 as httpx
import numpy as np
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from arena.contest.service import Contests
from arena.contest.worker import rank_until_current
from arena.league import LeagueSettings, run_league, win_rate_matrix
from results.contest_store import ContestSettings
from results.store import open_store
from strategies.submission import Submission
from strategies.table import StrategyTable

RULES = "sus_fuss"
GOAL = 100
CONTEST = "rush"


@dataclass
class Sent:
    """One submission: who, what, when it was due, and what came of it."""

    team: int
    email: str
    token: str
    source: str
    due: float  #: seconds after the start
    status: int | None = None
    entry_id: int | None = None
    accepted_at: float | None = None  #: monotonic time of the 202
    tries: int = 0
    detail: str = ""
    reply_lost: bool = False  #: a try got no answer (the server was killed): it may have been stored all the same
    log: list[str] = field(default_factory=list)  #: each try: seconds after the start it was sent, and its outcome
    answer_s: float | None = None  #: how long the try answered 202 took


@dataclass
class Observed:
    ranked_at: dict[int, float] = field(default_factory=dict)  #: entry id -> monotonic time first seen ranked
    page: list[float] = field(default_factory=list)
    api: list[float] = field(default_factory=list)
    failed_reads: int = 0


def strategy_source(k: int) -> tuple[str, np.ndarray]:
    """The k-th student file (all different) and its table."""
    cut, lead, a, b, c = 60 + k % 37, 5 + k // 37 % 25, 1 + k % 6, 4 + k // 6 % 5, 2 + k // 30 % 7
    source = (
        f"TEAM_NAME = 'Rush team {k}'\n\n"
        "def final_strategy(score, opponent_score):\n"
        f"    if score >= {cut}:\n        return {a}\n"
        f"    if opponent_score - score > {lead}:\n        return {b}\n"
        f"    return {c}\n"
    )
    s, o = np.meshgrid(np.arange(GOAL), np.arange(GOAL), indexing="ij")
    table = np.where(s >= cut, a, np.where(o - s > lead, b, c)).astype(np.int8)
    return source, table


def distinct_sources(count: int) -> list[tuple[str, np.ndarray]]:
    """COUNT student files and their tables, the tables all different (two teams with one table would get 409)."""
    sources, seen, k = [], set(), 0
    while len(sources) < count:
        source, table = strategy_source(k)
        if table.tobytes() not in seen:
            seen.add(table.tobytes())
            sources.append((source, table))
        k += 1
    return sources


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "hog_arena.cli.main", "serve", "--db", db, "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/contests", timeout=2).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("bench_contest: the server did not start")


@dataclass
class Prepared:
    """The contest before the rush: the schedule of submissions and each
    prepared team's ranked entry."""

    schedule: list[Sent]
    entries: dict[int, int]  #: team -> its prepared entry's id
    seconds: float  #: accepting and ranking the prepared entries took


def prepare(db: str, args: argparse.Namespace) -> Prepared:
    """The contest (its deadline set later, when the rush starts), its roster,
    the prepared teams' entries ranked exactly, and the schedule of submissions."""
    started = time.monotonic()
    settings = ContestSettings(
        RULES,
        GOAL,
        datetime.now(timezone.utc) + timedelta(days=1),
        team_size=2,
        rate_count=1,
        rate_seconds=60,
        publish="none",
    )
    with open_store(db) as store:
        store.create_contest(CONTEST, settings)
        people = [(f"student{p}@class.edu", f"team{p // 2}", "student") for p in range(args.people)]
        roster = store.add_roster(CONTEST, people)
    tokens = {person.email: token for person, token in roster}
    rng = np.random.default_rng(args.seed)
    window = args.minutes * 60 - args.last_seconds
    early = args.submissions - args.last_minute
    dues = sorted(rng.uniform(0, window, early)) + sorted(rng.uniform(window, args.minutes * 60 - 3, args.last_minute))
    # Most teams submit once; every sixth submission is a team submitting again (the other member).
    teams = rng.permutation(args.teams)
    schedule: list[Sent] = []
    first_of: dict[int, int] = {}
    files = distinct_sources(len(dues) + args.prepared)
    for k, due in enumerate(dues):
        if k % 6 == 5 and first_of:
            team = list(first_of)[k % len(first_of)]
            member = 2 * team + 1
        else:
            team = int(teams[len(first_of) % len(teams)])
            member = 2 * team
            first_of.setdefault(team, k)
        email = f"student{member}@class.edu"
        schedule.append(Sent(team, email, tokens[email], files[k][0], float(due)))
    # The prepared teams' entries (.json tables, as the API accepts them), ranked exactly before the rush.
    entries: dict[int, int] = {}
    with open_store(db) as store:
        contest = store.get_contest(CONTEST)
        people_of = {person.email: person for person, _ in roster}
        contests = Contests(store)
        for team, (_, table) in enumerate(files[len(dues) :]):
            person = people_of[f"student{2 * team}@class.edu"]
            submission = Submission("hog.json", StrategyTable(table, RULES, "entry", "file"), None)
            entry = contests.accept(
                contest, person, submission, filename="hog.json", team_name=None, received=datetime.now(timezone.utc)
            )
            entries[team] = entry.id
        if entries:
            rank_until_current(store, CONTEST, jobs=os.cpu_count() or 1)
    return Prepared(schedule, entries, time.monotonic() - started)


class Rush:
    """The server, the senders and the readers of one run."""

    def __init__(self, db: str, port: int) -> None:
        self.db, self.port = db, port
        self.url = f"http://127.0.0.1:{port}"
        self.server = start_server(db, port)
        self.lock = threading.Lock()
        self.observed = Observed()
        self.done = threading.Event()
        self.kills: list[float] = []

    def kill_and_restart(self) -> float:
        os.kill(self.server.pid, signal.SIGKILL)
        self.server.wait()
        killed = time.monotonic()
        self.kills.append(killed)
        self.server = start_server(self.db, self.port)
        return time.monotonic() - killed

    def send(self, sent: Sent, t0: float, closes: float) -> None:
        time.sleep(max(0.0, t0 + sent.due - time.monotonic()))
        with httpx.Client(timeout=180) as client:
            while True:
                sent.tries += 1
                sent_at = time.monotonic() - t0
                try:
                    reply = client.post(
                        f"{self.url}/api/contests/{CONTEST}/entries",
                        headers={"Authorization": f"Bearer {sent.token}"},
                        files={"file": ("hog.py", sent.source.encode())},
                    )
                except httpx.HTTPError as error:  # the server was killed: send again, as a person would
                    sent.detail, sent.reply_lost = type(error).__name__, True
                    sent.log.append(f"{sent_at:.1f} s: {sent.detail}")
                    if time.monotonic() > closes:
                        return
                    time.sleep(0.5)
                    continue
                sent.status = reply.status_code
                sent.log.append(f"{sent_at:.1f} s: {reply.status_code} after {time.monotonic() - t0 - sent_at:.1f} s")
                if reply.status_code == 202:
                    sent.entry_id, sent.accepted_at = reply.json()["entry_id"], time.monotonic()
                    sent.answer_s = sent.accepted_at - t0 - sent_at
                elif reply.status_code in (429, 503) and time.monotonic() < closes:
                    time.sleep(float(reply.headers.get("Retry-After", "1")))
                    continue
                else:
                    sent.detail = reply.text[:200]
                return

    def watch(self) -> None:
        """Poll the leaderboard: when does each entry's row appear?"""
        with httpx.Client(timeout=30) as client:
            while not self.done.is_set():
                try:
                    rows = client.get(f"{self.url}/api/contests/{CONTEST}/leaderboard").json()["rows"]
                except (httpx.HTTPError, ValueError, KeyError):
                    time.sleep(0.2)
                    continue
                now = time.monotonic()
                with self.lock:
                    for row in rows:
                        self.observed.ranked_at.setdefault(row["entry_id"], now)
                time.sleep(0.25)

    def read_pages(self, path: str, into: list[float]) -> None:
        """Load PATH again and again, as the class refreshing the page does."""
        with httpx.Client(timeout=30) as client:
            while not self.done.is_set():
                started = time.monotonic()
                try:
                    ok = client.get(f"{self.url}{path}").status_code == 200
                except httpx.HTTPError:
                    ok = False
                took = time.monotonic() - started
                with self.lock:
                    if ok:
                        into.append(took)
                    else:
                        self.observed.failed_reads += 1
                time.sleep(0.2)


def percentile(values: list[float], q: float) -> float | None:
    return float(np.percentile(values, q)) if values else None


def verify(db: str, schedule: list[Sent], prepared: dict[int, int]) -> dict[str, object]:
    """Nothing lost, nothing counted twice: the stored entries and the final
    standings against what the senders were told (and the PREPARED entries
    of teams that sent nothing) and an exact league from scratch. A try whose
    answer the kill lost may have been stored all the same (the person then
    sends again and is refused, over the rate or after the deadline): such
    an entry is the team's newest, and counted apart."""
    accepted = [s for s in schedule if s.status == 202]
    with open_store(db) as store:
        contest = store.get_contest(CONTEST)
        stored = {e.id: e for e in store.entries(contest)}
        current = {e.team: e.id for e in store.entries(contest, current_only=True)}
        standings = store.standings(contest)
        assert standings is not None
        tables = {e: store.entry_content(contest, e)[1] for e in (t["entry_id"] for t in standings.teams)}
    missing = [s.entry_id for s in accepted if s.entry_id not in stored]
    told = {s.entry_id for s in accepted} | set(prepared.values())
    lost_replies = {f"team{s.team}" for s in schedule if s.reply_lost}
    untold = [e for e in stored.values() if e.id not in told]
    last: dict[int, int] = dict(prepared)
    for s in sorted(accepted, key=lambda s: s.entry_id or 0):
        last[s.team] = int(s.entry_id or 0)
    newest = {e.team: e.id for e in sorted(stored.values(), key=lambda e: e.id)}
    in_standings = [t["entry_id"] for t in standings.teams]
    order = list(tables)
    lineup = [StrategyTable(tables[e], RULES, f"e{e}", "file") for e in order]
    replay = win_rate_matrix(len(lineup), run_league(lineup, LeagueSettings(), jobs=-1))
    return {
        "accepted": len(accepted),
        "stored": sum(s.entry_id in stored for s in accepted),
        "missing": missing,
        "stored_without_202": len(untold),
        "stored_without_202_unexplained": sum(e.team not in lost_replies for e in untold),
        "teams_in_standings": len(in_standings),
        "duplicate_rows": len(in_standings) - len(set(in_standings)),
        "last_entries_ranked": current == newest and sorted(current.values()) == sorted(in_standings),
        "last_202_not_ranked": sum(
            current.get(f"team{team}") != entry and current.get(f"team{team}") in told for team, entry in last.items()
        ),
        "matrix_equals_replay": bool(np.array_equal(standings.matrix, replay, equal_nan=True)),  # type: ignore[arg-type]
    }


def run(args: argparse.Namespace, db: str) -> dict[str, object]:
    prepared = prepare(db, args)
    schedule = prepared.schedule
    print(
        f"bench_contest: {len(prepared.entries)} teams' entries accepted and ranked in {prepared.seconds:.1f} s",
        file=sys.stderr,
    )
    start = datetime.now(timezone.utc)
    with open_store(db) as store:
        Contests(store).set_deadline(CONTEST, start + timedelta(seconds=args.minutes * 60 + 2))
    rush = Rush(db, free_port())
    t0 = time.monotonic() - (datetime.now(timezone.utc) - start).total_seconds()
    closes = t0 + args.minutes * 60 + 2
    kill_at = args.kill_at if args.kill_at is not None else default_kill_at(args.minutes)
    readers = [
        threading.Thread(target=rush.watch, daemon=True),
        threading.Thread(target=rush.read_pages, args=(f"/contests/{CONTEST}", rush.observed.page), daemon=True),
        threading.Thread(target=rush.read_pages, args=(f"/api/contests/{CONTEST}/leaderboard", rush.observed.api)),
    ]
    for reader in readers:
        reader.start()
    restart = None
    with ThreadPoolExecutor(max_workers=len(schedule)) as senders:  # each person sends on their own
        for sent in schedule:
            senders.submit(rush.send, sent, t0, closes)
        if kill_at >= 0:
            time.sleep(max(0.0, t0 + kill_at - time.monotonic()))
            print(f"bench_contest: kill -9 at {time.monotonic() - t0:.1f} s", file=sys.stderr)
            restart = rush.kill_and_restart()
    print(f"bench_contest: every submission answered at {time.monotonic() - t0:.1f} s", file=sys.stderr)
    drained = None
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        board = httpx.get(f"{rush.url}/api/contests/{CONTEST}/leaderboard", timeout=30).json()
        if board["final"]:
            drained = time.monotonic() - closes
            break
        time.sleep(0.5)
    time.sleep(0.5)  # the watcher's last look
    rush.done.set()
    for reader in readers:
        reader.join()
    rush.server.terminate()
    rush.server.wait()
    waits, superseded = [], 0
    for sent in schedule:
        if sent.status != 202:
            continue
        seen = rush.observed.ranked_at.get(sent.entry_id)
        if seen is None:
            superseded += 1
        else:
            waits.append(max(0.0, seen - (sent.accepted_at or seen)))
    statuses: dict[str, int] = {}
    for sent in schedule:
        statuses[str(sent.status)] = statuses.get(str(sent.status), 0) + 1
    refusals: dict[str, int] = {}
    for sent in schedule:
        if sent.status not in (202, None):
            refusals[sent.detail] = refusals.get(sent.detail, 0) + 1
    page, api = rush.observed.page, rush.observed.api
    answers = [s.answer_s for s in schedule if s.answer_s is not None]
    return {
        "database": make_url(db).get_backend_name(),
        "people": args.people,
        "teams": args.teams,
        "prepared": len(prepared.entries),
        "prepared_s": prepared.seconds,
        "submissions": args.submissions,
        "last_minute": args.last_minute,
        "last_seconds": args.last_seconds,
        "minutes": args.minutes,
        "answers": statuses,
        "refusals": dict(sorted(refusals.items(), key=lambda item: -item[1])[:5]),
        "not_accepted": [{"due_s": round(sent.due, 1), "tries": sent.log} for sent in schedule if sent.status != 202][
            :10
        ],
        "sent_again_after_the_kill": sum(s.tries > 1 for s in schedule),
        "kill_at_s": kill_at if kill_at >= 0 else None,
        "restart_s": restart,
        "final_after_deadline_s": drained,
        "answer_s": {
            "median": percentile(answers, 50),
            "p90": percentile(answers, 90),
            "max": max(answers) if answers else None,
        },
        "rank_wait_s": {
            "median": statistics.median(waits) if waits else None,
            "p90": percentile(waits, 90),
            "max": max(waits) if waits else None,
            "ranked": len(waits),
            "replaced_before_ranked": superseded,
        },
        "page_latency_s": {"p50": percentile(page, 50), "p99": percentile(page, 99), "count": len(page)},
        "api_latency_s": {"p50": percentile(api, 50), "p99": percentile(api, 99), "count": len(api)},
        "failed_reads": rush.observed.failed_reads,
        "verified": verify(db, schedule, prepared.entries),
    }


def fresh_database(url: str | None, folder: Path) -> tuple[str, object]:
    """A database URL for one run, and what removes it afterwards."""
    if url is None:
        return f"sqlite:///{folder / 'contest.db'}", lambda: None
    schema = f"bench_contest_{uuid.uuid4().hex[:10]}"
    admin = create_engine(make_url(url))
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))

    def drop() -> None:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()

    scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    return scoped.render_as_string(hide_password=False), drop


def default_kill_at(minutes: float) -> float:
    """30 s before the deadline; a quarter of the way through a rush of a minute or less."""
    return minutes * 60 - 30 if minutes > 1 else minutes * 15


def print_table(report: dict[str, Any]) -> None:
    """The report's figures as the README's table shows them."""

    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value * 1000:.0f}"

    def s(value: float | None) -> str:
        return "-" if value is None else f"{value:.2f}"

    wait, page, api, checked = (
        report["rank_wait_s"],
        report["page_latency_s"],
        report["api_latency_s"],
        report["verified"],
    )
    lost = (
        "none"
        if not checked["missing"]
        and not checked["duplicate_rows"]
        and checked["last_entries_ranked"]
        and not checked["last_202_not_ranked"]
        and not checked["stored_without_202_unexplained"]
        and checked["matrix_equals_replay"]
        and checked["stored"] == checked["accepted"]
        else "SOMETHING"
    )
    rows = [
        ("database", report["database"]),
        (
            "teams ranked before the rush (accepting and ranking them took)",
            f"{report['prepared']} ({report['prepared_s']:.0f} s)",
        ),
        (f"submissions answered (of {report['submissions']})", json.dumps(report["answers"])),
        (
            "from sending to the 202: median / p90 / max",
            f"{s(report['answer_s']['median'])} / {s(report['answer_s']['p90'])} / {s(report['answer_s']['max'])} s",
        ),
        (
            "from the 202 to the entry's row: median / p90 / max",
            f"{s(wait['median'])} / {s(wait['p90'])} / {s(wait['max'])} s ({wait['ranked']} ranked,"
            f" {wait['replaced_before_ranked']} replaced first)",
        ),
        (f"contest page latency p50 / p99 ({page['count']} loads)", f"{ms(page['p50'])} / {ms(page['p99'])} ms"),
        (f"leaderboard API latency p50 / p99 ({api['count']} loads)", f"{ms(api['p50'])} / {ms(api['p99'])} ms"),
        ("failed reads (the server down)", str(report["failed_reads"])),
        (
            "kill -9 at / restart / submissions sent again",
            "never"
            if report["kill_at_s"] is None
            else f"{report['kill_at_s']:g} s / {s(report['restart_s'])} s / {report['sent_again_after_the_kill']}",
        ),
        ("standings final after the deadline", f"{s(report['final_after_deadline_s'])} s"),
        ("teams in the final standings", str(checked["teams_in_standings"])),
        ("entries stored whose 202 the kill lost (the team's newest, ranked)", str(checked["stored_without_202"])),
        ("lost (not stored, a last entry missing, a row twice, matrix unlike a replay)", lost),
    ]
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="a PostgreSQL URL (a fresh schema is made in it); default: a new SQLite file")
    parser.add_argument("--people", type=int, default=1500, help="people on the roster, two to a team (default 1500)")
    parser.add_argument("--teams", type=int, default=750, help="teams (default 750)")
    parser.add_argument(
        "--prepared",
        type=int,
        help="teams with an entry already ranked when the rush starts (default: every team, so all are ranked)",
    )
    parser.add_argument("--submissions", type=int, default=300, help="submissions during the rush (default 300)")
    parser.add_argument(
        "--last-minute", type=int, default=100, help="of them, how many come in the last LAST_SECONDS (default 100)"
    )
    parser.add_argument("--last-seconds", type=float, default=60, help="the rush's last stretch (default 60 s)")
    parser.add_argument("--minutes", type=float, default=10, help="the rush's length (default 10)")
    parser.add_argument(
        "--kill-at",
        type=float,
        help="seconds after the start to kill -9 the server (default: 30 s before the deadline,"
        " a quarter of the way in a rush of a minute or less; -1: never)",
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="under half a minute: 20 teams all ranked, 12 submissions over 16 s, 4 in the last 6 s, kill -9 at 4 s",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args()
    if args.smoke:
        args.people, args.teams, args.submissions, args.last_minute = 40, 20, 12, 4
        args.minutes, args.last_seconds = 16 / 60, 6
    if args.prepared is None:
        args.prepared = args.teams
    if (
        args.people != 2 * args.teams
        or args.submissions <= args.last_minute
        or not 0 <= args.prepared <= args.teams
        or not 3 < args.last_seconds < args.minutes * 60
    ):
        parser.error(
            "need people = 2 x teams, more submissions than in the last stretch, 0 to TEAMS prepared,"
            " and a last stretch over 3 s and shorter than the rush"
        )
    with tempfile.TemporaryDirectory(prefix="bench-contest-") as folder:
        db, drop = fresh_database(args.db, Path(folder))
        try:
            report = run(args, db)
        finally:
            drop()  # type: ignore[operator]
    print(json.dumps(report, indent=2))
    print_table(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
