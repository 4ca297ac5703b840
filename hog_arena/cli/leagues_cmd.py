"""``hog leagues list``: the stored leagues, and which one leaderboards show
(``pin``, ``unpin``); ``hog leagues`` alone lists them too."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from hog_arena.cli.flags import FlagTyper, ListGroup
from hog_arena.cli.options import (
    Db,
    Goal,
    GoalFilter,
    Json,
    Missing,
    OldLeague,
    Rules,
    RulesFilter,
    either,
    emit,
    subcommand_only,
)
from hog_arena.cli.text import literal, say

if TYPE_CHECKING:
    from results.records import LeagueRecord

#: What ``hog leagues`` shows of each league, the JSON keys in order.
COLUMNS = ("id", "name", "rules", "goal", "method", "entries", "status", "updated", "shown", "pinned")

leagues_app = FlagTyper(
    name="leagues",
    cls=ListGroup,
    invoke_without_command=True,
    no_args_is_help=False,
    subcommand_metavar="[COMMAND [ARGS]...]",
)


def _row(league: LeagueRecord, entries: int, shown: set[int]) -> dict[str, Any]:
    return {
        "id": league.id,
        "name": league.name,
        "rules": league.rules,
        "goal": league.goal,
        "method": league.method if league.method == "exact" else f"{league.method} ({league.games:,} games)",
        "entries": entries,
        "status": league.status,
        "updated": league.updated.isoformat(),
        "shown": league.id in shown,
        "pinned": league.pinned,
    }


def _render(rows: list[dict[str, Any]], where: str) -> None:
    if not rows:
        say(f"no leagues stored in {where}; run `hog league` first")
        return
    table = Table(title="Leagues (* : the one `hog leaderboard` shows for its rule set and goal)")
    for column in ("id", "name", "rules", "goal", "method", "entries", "status", "updated"):
        table.add_column(column, justify="right" if column in ("id", "goal", "entries") else "left")
    for row in rows:
        mark = (" *" if row["shown"] else "") + (" (pinned)" if row["pinned"] else "")
        table.add_row(
            str(row["id"]),
            literal(row["name"] + mark),
            row["rules"],
            str(row["goal"]),
            row["method"],
            str(row["entries"]),
            row["status"],
            row["updated"][:16].replace("T", " "),
        )
    Console(width=None if sys.stdout.isatty() else 140).print(table)


@leagues_app.callback()
def leagues_command(
    ctx: typer.Context,
    rules: RulesFilter = None,
    goal: GoalFilter = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """The stored leagues: list them, pin the one `hog leaderboard` shows or unpin it.

    Example: hog leagues list --rules fa24
    """
    if ctx.invoked_subcommand is not None:
        subcommand_only(ctx)
        return
    _list(rules, goal, db, as_json)  # hog leagues alone lists, as it always did


@leagues_app.command("list")
def list_command(rules: RulesFilter = None, goal: GoalFilter = None, db: Db = None, as_json: Json = False) -> None:
    """List the stored leagues, most recently updated first; * marks the one `hog leaderboard` shows.

    Example: hog leagues list --rules fa24
    """
    _list(rules, goal, db, as_json)


def _list(rules: str | None, goal: int | None, db: str | None, as_json: bool) -> None:
    from results.leaderboard import shown_record
    from results.store import open_store

    with open_store(db, create=False) as store:
        leagues = store.list_leagues(rules, goal)
        kinds = {(league.rules, league.goal) for league, _ in leagues}
        shown = {record.id for kind in kinds if (record := shown_record(store, *kind)) is not None}
        where = store.where
    rows = [_row(league, entries, shown) for league, entries in leagues]
    emit({"leagues": rows}, as_json, lambda: _render(rows, where))


@leagues_app.command("pin")
def pin_command(
    rules: Rules,
    old_league: OldLeague = None,
    goal: Goal = 100,
    db: Db = None,
    as_json: Json = False,
    league_name: Annotated[
        str | None,
        typer.Option(
            "--league", metavar="NAME", help="The league to pin: its name or id (required; `hog leagues list`)."
        ),
    ] = None,
) -> None:
    """Show a league in `hog leaderboard`, `hog ecosystem` and the web arena (until unpinned).

    Example: hog leagues pin --league fa24-class --rules fa24
    """
    from results.store import open_store

    league = either(league_name, "--league", old_league, "a positional LEAGUE")
    if league is None:
        raise Missing("the league to pin, by name or id", param_hint="--league")
    with open_store(db, create=False) as store:
        record = store.pin_league(league, rules, goal)
    emit(
        {"pinned": record.as_dict()},
        as_json,
        lambda: say(f"pinned league #{record.id} {record.name!r} for {rules}, goal {goal}"),
    )


@leagues_app.command("unpin")
def unpin_command(rules: Rules, goal: Goal = 100, db: Db = None, as_json: Json = False) -> None:
    """Show the league finished or updated last again, not a pinned one.

    Example: hog leagues unpin --rules fa24
    """
    from results.store import open_store

    with open_store(db, create=False) as store:
        record = store.unpin_league(rules, goal)
    text = "no league was pinned" if record is None else f"unpinned league #{record.id} {record.name!r}"
    emit(
        {"unpinned": None if record is None else record.as_dict()},
        as_json,
        lambda: say(f"{text} for {rules}, goal {goal}"),
    )


def register(app: typer.Typer) -> None:
    app.add_typer(leagues_app, name="leagues")
