"""``hog contest``: a class contest, from the roster to the winners.

Staff run ``create``, ``roster``, ``extend``, ``close``, ``disqualify``,
``show``, ``export`` and ``import`` on the contest's database; students run
``submit`` against the contest's server with their token; ``worker`` ranks
entries outside the web server.
"""

from __future__ import annotations

import json
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from hog_arena.cli.flags import FlagTyper
from hog_arena.cli.options import Db, Goal, Json, Rules, emit
from hog_arena.cli.text import literal, plain, say

if TYPE_CHECKING:
    from arena.contest.board import Board
    from arena.contest.service import Contests
    from results.contest_records import EntryRecord
    from results.interfaces import ContestStorage

contest_app = FlagTyper(
    name="contest",
    help="A class contest: roster and tokens, one entry per team, a deadline, live ranking, an archive.\n\n"
    "Example: hog contest list",
    no_args_is_help=True,
)

Name = Annotated[str, typer.Argument(metavar="NAME", help="The contest's name.")]
Deadline = Annotated[
    str, typer.Option("--deadline", metavar="TIME", help="ISO 8601 with a time zone: 2026-12-01T23:59:00-08:00.")
]


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _contests(store: ContestStorage) -> Contests:
    from arena.contest.service import Contests

    return Contests(store)


def _contest_line(board: Board) -> str:
    from arena.contest.teams import shown_time

    c = board.contest
    updated = "never" if board.updated is None else f"{board.updated:%Y-%m-%d %H:%M:%S} UTC"
    return (
        f"contest {literal(c.name)}: {c.rules}, goal {c.goal}, closes {shown_time(c.closes, c.timezone)}; "
        f"{board.state}; {len(board.teams)} ranked, {board.queued} queued; standings updated {updated}"
    )


def _render_board(board: Board) -> None:
    from rich.console import Console
    from rich.table import Table

    say(_contest_line(board))
    if board.winners:
        say("winners: " + ", ".join(f"{row.rank}. {literal(row.team_name)}" for row in board.winners))
    table = Table(title=f"Contest {board.contest.name}" + (" (final)" if board.final else " (live)"))
    for column in ("rank", "team", "wins", "losses", "mean win rate"):
        table.add_column(column, justify="left" if column == "team" else "right")
    for row in board.rows:
        mean = "-" if row.mean_win_rate is None else f"{row.mean_win_rate:.4f}"
        rank = "-" if row.rank is None else str(row.rank)
        name = literal(row.team_name) + (" (baseline)" if row.baseline else "")
        table.add_row(rank, name, str(row.wins), str(row.losses), mean)
    Console().print(table)


@contest_app.command("create")
def create_command(
    name: Name,
    deadline: Deadline,
    rules: Rules,
    goal: Goal = 100,
    team_size: Annotated[int, typer.Option("--team-size", min=1, help="Most people in a team.")] = 1,
    rate: Annotated[str, typer.Option("--rate", help="Submissions per person: 1/min, 3/hour, none.")] = "1/min",
    publish: Annotated[
        str, typer.Option("--publish", help="Made public once final: none, tables or sources.")
    ] = "none",
    zone: Annotated[
        str, typer.Option("--timezone", help="The course's time zone, in which times are shown (IANA name).")
    ] = "UTC",
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Create a contest.

    Example: hog contest create fa26 --rules sus_fuss --deadline 2026-12-11T23:59:00-08:00 --team-size 2
    """
    from arena.contest.teams import parse_deadline, parse_rate, parse_timezone, shown_time
    from results.contest_store import ContestSettings
    from results.store import open_store

    count, seconds = parse_rate(rate)
    when = parse_deadline(deadline)
    settings = ContestSettings(rules, goal, when, team_size, count, seconds, publish, parse_timezone(zone))
    with open_store(db) as store:
        record = store.create_contest(name, settings)
    emit(
        {"contest": record.as_dict()},
        as_json,
        lambda: say(f"created contest {literal(name)} ({rules}, closes {shown_time(record.closes, record.timezone)})"),
    )


@contest_app.command("list")
def list_command(db: Db = None, as_json: Json = False) -> None:
    """List contests, live and past.

    Example: hog contest list --json
    """
    from results.store import open_store

    with open_store(db, create=False) as store:
        boards = _contests(store).boards()
    data = {
        "contests": [
            {**b.contest.as_dict(), "state": b.state, "entries": len(b.teams), "queued": b.queued} for b in boards
        ]
    }

    def render() -> None:
        for b in boards:
            say(_contest_line(b))
        if not boards:
            say("no contests")

    emit(data, as_json, render)


@contest_app.command("show")
def show_command(name: Name, db: Db = None, as_json: Json = False) -> None:
    """A contest's state, leaderboard, queue, entries and winners.

    Example: hog contest show fa26
    """
    from results.store import open_store

    with open_store(db, create=False) as store:
        board = _contests(store).board(name)
        entries = store.entries(board.contest)
        bars = store.bars(board.contest)
        refused = [a for a in store.attempts(board.contest) if a.verdict not in (None, "accepted")]
    data = {
        "contest": board.contest.as_dict(),
        **{k: v for k, v in board.as_dict(exact=True).items() if k != "contest"},
        "winners": [{"rank": r.rank, "team": r.team, "team_name": r.team_name} for r in board.winners],
        "all_entries": [e.as_dict() for e in entries],
        "barred": [{"team": team, "reason": reason} for team, reason in sorted(bars.items())],
        "refused": [a.as_dict() for a in refused],
    }

    def render() -> None:
        _render_board(board)
        _render_entries(entries, bars)
        for attempt in refused:
            when = f"{attempt.created:%Y-%m-%d %H:%M:%S} UTC"
            who = f"{literal(attempt.email)} (team {literal(attempt.team or '-')})"
            say(f"refused {when} {who}: {literal(attempt.verdict or '')}")

    emit(data, as_json, render)


def _render_entries(entries: list[EntryRecord], bars: dict[str, str]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Entries (staff)")
    for column in ("id", "team", "name", "status", "submitted (UTC)", "by", "near-copy of"):
        table.add_column(column, justify="right" if column == "id" else "left")
    for e in entries:
        status = e.status + (f": {e.reason}" if e.reason else "")
        near = "" if e.near_duplicate_of is None else f"#{e.near_duplicate_of} ({e.near_cells} cells differ)"
        team = e.team + (" (barred)" if e.team in bars else "")
        row = (str(e.id), team, e.team_name, status, f"{e.created:%Y-%m-%d %H:%M:%S}", e.submitted_by, near)
        table.add_row(*(literal(cell) for cell in row))
    Console().print(table)


@contest_app.command("extend")
def extend_command(name: Name, deadline: Deadline, db: Db = None, as_json: Json = False) -> None:
    """Move the deadline (reopens a closed contest).

    Example: hog contest extend fa26 --deadline 2026-12-12T23:59:00-08:00
    """
    from arena.contest.teams import parse_deadline
    from results.store import open_store

    with open_store(db, create=False) as store:
        record = _contests(store).set_deadline(name, parse_deadline(deadline))
    emit(
        {"contest": record.as_dict()},
        as_json,
        lambda: say(f"contest {literal(name)} now closes {record.closes.isoformat()}"),
    )


@contest_app.command("close")
def close_command(name: Name, db: Db = None, as_json: Json = False) -> None:
    """Stop taking submissions now; the standings turn final once the queue drains.

    Example: hog contest close fa26
    """
    from results.store import open_store

    with open_store(db, create=False) as store:
        record = _contests(store).close(name)
    emit(
        {"contest": record.as_dict()},
        as_json,
        lambda: say(f"contest {literal(name)} closed at {record.closes.isoformat()}"),
    )


@contest_app.command("roster")
def roster_command(
    name: Name,
    csv_file: Annotated[Path | None, typer.Argument(metavar="ROSTER.CSV", help="Columns email,team[,role].")] = None,
    rotate: Annotated[
        str | None, typer.Option("--rotate", metavar="EMAIL", help="Revoke EMAIL's token, issue a new one.")
    ] = None,
    mail_merge: Annotated[
        Path | None,
        typer.Option(
            "--mail-merge",
            metavar="FILE",
            help="Also write email,team,token of each new token to FILE.csv, for a mail merge (one e-mail each).",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing --mail-merge file.")] = False,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Put people on the roster and give each new person a secret token (printed once).

    Example: hog contest roster fa26 roster.csv --mail-merge tokens.csv

    Example: hog contest roster fa26 --rotate ada@example.edu
    """
    from arena.contest.emails import fold_email
    from arena.contest.teams import read_roster
    from results.store import open_store

    if (csv_file is None) == (rotate is None):
        raise typer.BadParameter("give a roster CSV file or --rotate EMAIL (one of them)")
    if mail_merge is not None and not force and mail_merge.exists():
        raise ValueError(f"{mail_merge} exists: it may hold tokens not sent yet; give another file or --force")
    if mail_merge is not None and not mail_merge.absolute().parent.is_dir():
        raise ValueError(f"{mail_merge}: no such folder {str(mail_merge.absolute().parent)!r}")
    with open_store(db, create=False) as store:
        if rotate is not None:
            contests = _contests(store)
            token = contests.rotate_token(name, rotate)
            person = store.participant(contests.contest(name), fold_email(rotate))
            team = "" if person is None else person.team
            row = {"email": fold_email(rotate), "team": team, "token": token}
            problem = None if mail_merge is None else _write_mail_merge(mail_merge, [row])
            shown = f"(in {mail_merge})" if mail_merge is not None and problem is None else token
            emit(
                {"participants": [{"email": fold_email(rotate), "token": token}]},
                as_json,
                lambda: say(f"{rotate}: {shown}"),
            )
            if problem is not None:
                raise ValueError(problem)
            return
        assert csv_file is not None
        try:
            text = csv_file.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"{csv_file}: cannot be read: {getattr(error, 'strerror', None) or error}") from None
        people = read_roster(text, str(csv_file))
        added = store.add_roster(name, [(p.email, p.team, p.role) for p in people])
    rows = [{"email": p.email, "team": p.team, "role": p.role, "token": token} for p, token in added]
    new = sum(token is not None for _, token in added)
    problem = None if mail_merge is None else _write_mail_merge(mail_merge, [r for r in rows if r["token"]])

    def render() -> None:
        hidden = f"(in {mail_merge})" if mail_merge is not None and problem is None else None
        tokens = [str(hidden or r["token"]) if r["token"] else "(keeps its token)" for r in rows]
        cells = [
            [plain(r["email"]), plain(r["team"] or "-"), plain(r["role"]), t] for r, t in zip(rows, tokens, strict=True)
        ]
        for line in aligned(["email", "team", "role", "token"], cells):
            say(line)
        say(f"{len(rows)} people on the roster of {literal(name)}, {new} new tokens; keep them secret")

    emit({"participants": rows}, as_json, render)
    if problem is not None:
        raise ValueError(problem)


def aligned(header: list[str], rows: list[list[str]]) -> list[str]:
    """HEADER and ROWS as lines of left-aligned columns, nothing cut or wrapped (tokens are copied whole).

    >>> aligned(["email", "team"], [["a@x.edu", "t1"], ["bob@x.edu", "t22"]])
    ['email      team', 'a@x.edu    t1', 'bob@x.edu  t22']
    """
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) for row in [header, *rows]]
    return [line.rstrip() for line in lines]


def _write_mail_merge(path: Path, people: list[dict[str, Any]]) -> str | None:
    """PEOPLE's email, team and token as a CSV file at PATH for a mail merge,
    written whole (PATH.part, then renamed), readable by its owner only; why
    it could not be, or None."""
    import contextlib
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["email", "team", "token"])
    writer.writerows([person["email"], person["team"], person["token"]] for person in people)
    tmp = path.with_name(path.name + ".part")
    try:
        descriptor = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as out:
            out.write(text.getvalue())
        tmp.replace(path)
    except OSError as error:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return f"{path}: cannot be written: {error.strerror or error}; the new tokens are in the output"
    say(f"wrote {path}: {len(people)} new tokens for a mail merge (one e-mail to each person)", err=True)
    return None


@contest_app.command("disqualify")
def disqualify_command(
    name: Name,
    entry_id: Annotated[int, typer.Argument(metavar="ENTRY_ID")],
    reason: Annotated[str, typer.Option("--reason", help="Why (shown to the team).")],
    bar: Annotated[bool, typer.Option("--bar", help="Also bar the team from entering again.")] = False,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Take an entry out of the contest (staff); its table can never come back for its team.

    Example: hog contest disqualify fa26 12 --reason "the same table as another team's" --bar
    """
    from results.store import open_store

    with open_store(db, create=False) as store:
        entry = _contests(store).disqualify(name, entry_id, reason, bar=bar)
    barred = "; the team is barred" if bar else ""
    emit(
        {"entry": entry.as_dict(), "barred": bar},
        as_json,
        lambda: say(f"entry #{entry_id} of team {literal(entry.team)} disqualified{barred}"),
    )


@contest_app.command("bar")
def bar_command(
    name: Name,
    team: Annotated[str, typer.Argument(metavar="TEAM", help="The team's roster id.")],
    reason: Annotated[str | None, typer.Option("--reason", help="Why (shown to the team).", show_default=False)] = None,
    lift: Annotated[bool, typer.Option("--lift", help="Let the team enter again.")] = False,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Bar a team from entering again (staff), or lift its bar.

    Example: hog contest bar fa26 t9 --reason "copied another team's strategy"
    """
    from results.store import open_store

    if lift == (reason is not None):
        raise typer.BadParameter("give --reason REASON to bar the team, or --lift (one of them)")
    with open_store(db, create=False) as store:
        contests = _contests(store)
        if lift:
            was = contests.lift_bar(name, team)
            text = (
                f"team {literal(team)} may enter contest {literal(name)} again"
                if was
                else f"team {literal(team)} was not barred"
            )
        else:
            assert reason is not None
            contests.bar(name, team, reason)
            text = f"team {literal(team)} is barred from contest {literal(name)}"
    emit({"contest": name, "team": team, "barred": not lift}, as_json, lambda: say(text))


@contest_app.command("export")
def export_command(
    name: Name,
    out: Annotated[Path, typer.Option("--out", help="The JSON file to write.")],
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Write the standings in the course archive's format ({"teams", "winrate_mat"}, plus the ranking).

    Example: hog contest export fa26 --out fa26.json
    """
    from arena.contest.archive import export_board
    from results.store import open_store

    with open_store(db, create=False) as store:
        contests = _contests(store)
        board = contests.board(name)
        data = export_board(board, contests.matrix(board))
    tmp = out.with_name(out.name + ".part")
    try:
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        tmp.replace(out)
    except OSError as error:
        tmp.unlink(missing_ok=True)
        raise ValueError(f"{out}: cannot be written: {error.strerror or error}") from None
    if not board.final:
        why = "it is still open" if board.open else "its last entries are still being ranked"
        say(f"hog: warning: the standings of {literal(name)} are not final ({why}); export again then", err=True)
    emit(
        {"out": str(out), "teams": len(data["teams"]), "final": board.final},
        as_json,
        lambda: say(f"wrote {out} ({len(data['teams'])} teams)"),
    )


@contest_app.command("import")
def import_command(
    archive: Annotated[Path, typer.Argument(metavar="FILE.json", help='{"teams": [...], "winrate_mat": [[...]]}')],
    name: Annotated[str, typer.Option("--name", help="The past contest's name, such as fa19.")],
    rules: Rules,
    goal: Goal = 100,
    closed: Annotated[
        str | None,
        typer.Option("--closed", metavar="TIME", help="When it ran (ISO 8601 with a zone); /winners orders by it."),
    ] = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Add a past contest from the course's archive, as a finished contest.

    Example: hog contest import fa26.json --name fa26-copy --rules sus_fuss --closed 2026-12-11T23:59:00-08:00
    """
    from arena.contest.archive import import_archive
    from arena.contest.teams import parse_deadline
    from results.store import open_store

    when = None if closed is None else parse_deadline(closed)
    with open_store(db) as store:
        record = import_archive(store, archive, name, rules, goal, closed=when)
    emit({"contest": record.as_dict()}, as_json, lambda: say(f"imported contest {literal(name)} from {archive}"))


@contest_app.command("baseline")
def baseline_command(
    name: Name,
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A .py strategy file or a .json table.")],
    label: Annotated[
        str | None, typer.Option("--name", help="Its name on the leaderboard (default: the file's).")
    ] = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Add staff's baseline entry: on the leaderboard, marked, in no team's wins or ranks.

    Example: hog contest baseline fa26 always_six.json --name "always roll 6"
    """
    from results.store import open_store
    from strategies.submission import CheckRequest, check_file

    with open_store(db, create=False) as store:
        contests = _contests(store)
        contest = contests.contest(name)
        submission = check_file(CheckRequest(str(file), contest.rules, contest.goal))
        entry = contests.add_baseline(contest, submission, label or file.stem, filename=file.name)
    emit(
        {"entry": entry.as_dict()},
        as_json,
        lambda: say(f"baseline #{entry.id} {literal(entry.team_name)} added to contest {literal(name)}; queued"),
    )


@contest_app.command("delete")
def delete_command(
    name: Name,
    yes: Annotated[bool, typer.Option("--yes", help="Delete without asking (required: nothing asks here).")] = False,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Delete a contest with its roster, entries and standings (a mistaken import, say).

    Example: hog contest delete fa26-copy --yes
    """
    from results.store import open_store

    if not yes:
        raise typer.BadParameter(f"deleting contest {name!r} loses its roster, entries and standings: add --yes")
    with open_store(db, create=False) as store:
        store.delete_contest(name)
    emit({"deleted": name}, as_json, lambda: say(f"deleted contest {literal(name)}"))


@contest_app.command("worker")
def worker_command(
    name: Name,
    drain: Annotated[bool, typer.Option("--drain", help="Exit once the standings are current.")] = False,
    poll: Annotated[float, typer.Option("--poll", min=0.05, help="Seconds between looks at the queue.")] = 1.0,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Rank the contest's queued entries (the web server does this too).

    Example: hog contest worker fa26 --drain
    """
    from arena.contest.worker import rank_step
    from results.store import open_store

    published = 0
    with open_store(db, create=False) as store:
        store.get_contest(name)
        while True:
            if rank_step(store, name):
                published += 1
                continue
            if drain and store.standings_current(name):
                break
            time.sleep(poll)
    emit(
        {"contest": name, "published": published},
        as_json,
        lambda: say(f"contest {literal(name)}: standings current ({published} published)"),
    )


@contest_app.command("submit")
def submit_command(
    name: Name,
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A .py strategy file or a .json table.")],
    server: Annotated[
        str, typer.Option("--server", metavar="URL", help="The contest server, such as https://hog.example.edu.")
    ],
    token: Annotated[
        str | None, typer.Option("--token", help="Your token (default: HOG_TOKEN).", show_default=False)
    ] = None,
    team_name: Annotated[str | None, typer.Option("--team-name", help="Used when the file has no TEAM_NAME.")] = None,
    as_json: Json = False,
) -> None:
    """Submit your team's entry to a contest server.

    Example: hog contest submit fa26 hog.py --server https://hog.example.edu --token hog_...
    """
    from urllib.parse import quote

    import httpx2 as httpx

    secret = token or os.environ.get("HOG_TOKEN")
    if not secret:
        raise ValueError("no token: give --token or set HOG_TOKEN (staff hand them out)")
    try:
        content = file.read_bytes()
    except OSError as error:
        raise ValueError(f"{file}: cannot be read: {error.strerror or error}") from None
    url = f"{server.rstrip('/')}/api/contests/{quote(name, safe='')}/entries"
    data = {"team_name": team_name} if team_name else {}
    try:
        reply = httpx.post(
            url,
            headers={"Authorization": f"Bearer {secret}"},
            files={"file": (file.name, content)},
            data=data,
            timeout=120,
        )
    except httpx.HTTPError as error:
        raise OSError(f"cannot reach {server}: {error}") from None
    body: dict[str, Any]
    try:
        body = reply.json()
    except ValueError:
        body = {"detail": reply.text.strip()[:200]}
    if reply.status_code != 202:
        detail = body.get("detail", reply.reason_phrase)
        retry = reply.headers.get("Retry-After")
        again = f"; try again in {retry} s" if retry and "try again" not in str(detail) else ""
        raise ValueError(f"{server} refused {file.name} ({reply.status_code}): {detail}{again}")
    emit(body, as_json, lambda: say(f"accepted: entry #{body['entry_id']} of team {body['team']}, {body['status']}"))
    sys.stdout.flush()


def register(app: typer.Typer) -> None:
    app.add_typer(contest_app, name="contest")
