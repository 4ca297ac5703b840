"""``hog leaderboard``: the ranking of a stored league."""

from __future__ import annotations

import csv
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.table import Table

from hog_arena.cli.options import Db, Goal, Json, Rules, ShownLeague, emit, start_words
from hog_arena.cli.strategy_io import check_output
from hog_arena.cli.text import literal, say

if TYPE_CHECKING:
    from arena.ranking import Row
    from results.store import LeagueResults

#: Columns of --csv and keys of each --json row, in order.
COLUMNS = ("rank", "name", "author", "wins", "losses", "mean_win_rate", "worst_opponent", "worst_rate")


def shared_label(name: str, others: Sequence[str]) -> str:
    """The name of a row whose table OTHERS share: ``name = other = ...``."""
    return " = ".join([name, *others])


def render_leaderboard(
    results: LeagueResults,
    rows: list[Row],
    shared: Mapping[int, Sequence[str]] | None = None,
    bids: tuple[int, int] | None = None,
) -> None:
    """Print the ranking of a league as a table; a row whose table other
    names share (SHARED, by strategy id) lists them: ``stored = other``. A
    league whose matches start elsewhere than 0-0, player 0 first, says its
    start (and the BIDS that gave it, if known)."""
    from arena.ranking import format_rate
    from hog.rules import ORIGIN

    league = results.league
    n = len(results.entries)
    stored, total = results.stored, n * (n - 1) // 2
    title = f"League #{league.id} {league.name!r}: {league.rules}, goal {league.goal}, {league.method}, {n} strategies"
    if league.start != ORIGIN or bids is not None:
        title += f"; {start_words(league.start, bids)}"
    table = Table(title=literal(title))
    for column in ("rank", "name", "author", "wins", "losses", "mean win rate", "worst match"):
        table.add_column(column, justify="right" if column in ("rank", "wins", "losses", "mean win rate") else "left")
    for row in rows:
        name = shared_label(row.name, (shared or {}).get(row.strategy_id, ()))
        worst = "-" if row.worst_opponent is None else f"{row.worst_opponent} ({format_rate(row.worst_rate)})"
        table.add_row(
            str(row.rank),
            literal(name),
            literal(row.author or ""),
            str(row.wins),
            str(row.losses),
            format_rate(row.mean_win_rate),
            literal(worst),
        )
    if stored < total:
        table.caption = f"league {league.status}: {stored} of {total} matches stored"
    Console(width=None if sys.stdout.isatty() else 140).print(table)


def _write_csv(rows: list[Row]) -> None:
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        data = row.as_dict()
        writer.writerow(["" if data[key] is None else data[key] for key in COLUMNS])


def read_shown_league(db: str | None, rules: str, goal: int, league: str | None) -> LeagueResults:
    """The league a leaderboard shows (``results.leaderboard.shown_record``) of
    RULES and GOAL from the existing store DB; NotStored if there is none."""
    from results.leaderboard import shown_league
    from results.store import NotStored, open_store

    with open_store(db, create=False) as store:
        results = shown_league(store, rules, goal, league)
        if results is None:
            raise NotStored(f"no finished league for {rules}, goal {goal} in {store.where}; run `hog league` first")
        return results


def register(app: typer.Typer) -> None:
    @app.command("leaderboard")
    def leaderboard_command(
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        league: ShownLeague = None,
        top: int | None = typer.Option(None, "--top", min=1, help="Show only the first N rows."),
        as_csv: bool = typer.Option(False, "--csv", help="Print the rows as CSV on stdout."),
        png: Path | None = typer.Option(
            None,
            "--png",
            metavar="FILE",
            help="Draw the win-rate matrix (strategies in rank order) into this PNG file.",
        ),
    ) -> None:
        """Rank the strategies of a league by wins (win rate above 0.500001), then mean win rate.

        Example: hog leaderboard --top 10 --csv

        Example: hog leaderboard --league fa24-class --png matrix.png
        """
        from arena.ranking import rank

        if as_json and as_csv:
            raise typer.BadParameter("choose one of --json and --csv")
        if png is not None:
            check_output(png, (".png",))
        results = read_shown_league(db, rules, goal, league)
        rows = rank(results)[:top]
        if png is not None:
            from arena.plots import write_win_rate_matrix  # matplotlib loads only when drawing

            write_win_rate_matrix(results, rows, png)
        if as_csv:
            _write_csv(rows)
            return
        data = {
            "league": results.league.as_dict(),
            "rows": [{key: row.as_dict()[key] for key in COLUMNS} | {"id": row.strategy_id} for row in rows],
        }
        if png is not None:
            data["png"] = str(png)

        def render() -> None:
            render_leaderboard(results, rows)
            if png is not None:
                say(f"win-rate matrix written to {png}")

        emit(data, as_json, render)
