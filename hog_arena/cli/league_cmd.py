"""``hog league``: a round robin of strategies, stored, then its leaderboard."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

import typer

from hog_arena.cli.choices import BACKENDS
from hog_arena.cli.interrupt import Interrupted
from hog_arena.cli.leaderboard_cmd import COLUMNS, render_leaderboard, shared_label
from hog_arena.cli.options import (
    Bids,
    Db,
    Goal,
    Json,
    Rules,
    bids_start,
    either,
    emit,
    simulation_terms,
    start_data,
    start_words,
)
from hog_arena.cli.text import say

#: What --all takes (file) and what --include adds, by the origins stored.
_KINDS = {"file": ("file",), "evolved": ("evolved",), "builtin": ("builtin", "solved", "family")}

if TYPE_CHECKING:
    from rich.progress import Progress

    from arena.league import LeagueSettings
    from results.interfaces import LeagueStorage
    from strategies.table import StrategyTable


#: Dice streams of each simulated match unless --games says otherwise.
GAMES = 10_000


class _RunOptions(TypedDict):
    """How a league runs: what add_to_league and run_stored_league both take."""

    jobs: int
    backend: str
    scheduler: str | None
    on_progress: Callable[[int, int], None]


def register(app: typer.Typer) -> None:
    @app.command("league")
    def league_command(
        rules: Rules,
        specs: list[str] = typer.Argument(None, help="Strategies (SPECs); none and no --all: the built-ins."),
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        all_stored: bool = typer.Option(
            False,
            "--all",
            help="Add every submitted strategy (hog submit) of the rule set and goal; evolved and built-in "
            "ones only with --include.",
        ),
        include: list[str] = typer.Option(
            [], "--include", metavar="KIND", help="With --all, also add stored evolved or builtin strategies."
        ),
        league_name: str | None = typer.Option(
            None,
            "--league",
            metavar="NAME",
            help="League name (default: derived from entries and settings, so a rerun resumes).",
        ),
        old_name: str | None = typer.Option(None, "--name", hidden=True, help="The older spelling of --league."),
        method: str = typer.Option("exact", "--method", help="exact (dynamic programming) or simulate."),
        games: int | None = typer.Option(
            None,
            "--games",
            min=1,
            help=f"Dice streams per simulated match, each played in both seatings (default: {GAMES:,}; simulate only).",
            show_default=False,
        ),
        seed: int | None = typer.Option(
            None, "--seed", min=0, help="Seed of a simulated league (default: 0; simulate only).", show_default=False
        ),
        jobs: int = typer.Option(-1, "--jobs", help="Workers (-1: all cores); exact leagues on loky use threads."),
        backend: str = typer.Option("loky", "--backend", help=f"joblib backend: {', '.join(BACKENDS)}."),
        scheduler: str | None = typer.Option(None, "--scheduler", help="Dask scheduler address for --backend dask."),
        top: int | None = typer.Option(None, "--top", min=1, help="Show only the first N rows of the leaderboard."),
        add: bool = typer.Option(
            False,
            "--add",
            help="Add the SPECs (with --all: every stored strategy not in it yet) to the finished league "
            "--league NAME, playing only their matches, with the league's settings.",
        ),
        bids: Bids = None,
    ) -> None:
        """Run a round-robin league (every pair, both seatings), store it, print its leaderboard.

        A file SPEC is stored as hog submit stores it (hog_2 if hog is taken).
        --all takes the strategies students submitted, not those hog evolve
        stored or the built-ins a league stored; add them with
        --include evolved / --include builtin. With --bids B0,B1 (fa14) every
        match starts from the scores the bids give.

        Example: hog league --rules fa24

        Example: hog league --league fa24-class --all
        """
        from arena.league import LeagueSettings
        from arena.ranking import rank
        from arena.tournament import add_to_league, builtin_entries, run_stored_league, shared_names
        from hog.rules import ORIGIN
        from results.store import open_store
        from strategies.spec import resolve_spec

        name = either(league_name, "--league", old_name, "--name")
        games, seed = simulation_terms(method, games, seed, GAMES)
        given = bids_start(bids, rules, goal)
        settings = LeagueSettings(method, games, seed, ORIGIN if given is None else given[1])
        if add and not name:
            raise typer.BadParameter("--add needs --name or --league: the league to add to")
        unknown = sorted(set(include) - set(_KINDS))
        if unknown:
            raise typer.BadParameter(f"{unknown[0]!r} is not one of {', '.join(_KINDS)}", param_hint="--include")
        if include and not all_stored:
            raise typer.BadParameter("chooses what --all adds: give --all too", param_hint="--include")
        with open_store(db) as store:
            if add and name and ((method, games, seed) != ("exact", 0, 0) or given is not None):
                _check_settings(store, name, rules, goal, settings)
            entries = [resolve_spec(spec, rules, goal, store) for spec in specs or []]
            if all_stored:
                origins = {origin for kind in ("file", *include) for origin in _KINDS[kind]}
                entries += _stored_to_add(store, rules, goal, name if add else None, origins)
            if not specs and not all_stored and not add:
                entries = builtin_entries(rules, goal)
            resuming = not (add and name) or store.get_league(name, rules, goal).status == "running"
            counter = _Counter(resuming)
            with _progress() as progress:
                task = progress.add_task("matches", total=None)

                def on_progress(done: int, total: int) -> None:
                    counter.update(done, total)
                    progress.update(task, completed=done, total=total)

                options: _RunOptions = {
                    "jobs": jobs,
                    "backend": backend,
                    "scheduler": scheduler,
                    "on_progress": on_progress,
                }
                try:
                    if add and name:
                        league = add_to_league(store, name, rules, goal, entries, **options)
                    else:
                        league = run_stored_league(store, entries, settings, name=name, **options)
                except KeyboardInterrupt:
                    raise Interrupted(counter.kept()) from None
            results = store.league_results(league.id)
        shared = shared_names(entries, results.entries)
        names = {entry.id: entry.name for entry in results.entries}
        for strategy_id, others in shared.items():
            say(f"hog: note: {shared_label(names[strategy_id], others)}: the same table, ranked in one row", err=True)
        rows = rank(results)[:top]
        n = len(results.entries)
        shown_bids = None if given is None else given[0]
        data = {
            "league": league.as_dict(),
            **start_data(league.start, shown_bids),
            "entries": n,
            "pairs": n * (n - 1) // 2,
            "rows": [{key: row.as_dict()[key] for key in COLUMNS} for row in rows],
            "aliases": {names[strategy_id]: list(others) for strategy_id, others in shared.items()},
        }
        emit(data, as_json, lambda: render_leaderboard(results, rows, shared, shown_bids))


def _check_settings(store: LeagueStorage, name: str, rules: str, goal: int, settings: LeagueSettings) -> None:
    """A LeagueError if SETTINGS, given with --add, are not those of the league NAME."""
    from arena.league import LeagueError
    from hog.rules import ORIGIN

    league = store.get_league(name, rules, goal)
    if settings.key(rules, goal) != league.key:
        start = "" if league.start == ORIGIN else f" from {start_words(league.start)}"
        raise LeagueError(f"league {name!r} is {league.method}{start}; --add plays with the league's own settings")


def _stored_to_add(
    store: LeagueStorage, rules: str, goal: int, league: str | None, origins: set[str]
) -> list[StrategyTable]:
    """The stored strategies of ORIGINS --all takes: all of them, or those not in LEAGUE yet (--add)."""
    stored = [table for table in store.strategy_tables(rules, goal) if table.origin in origins]
    if league is None:
        return stored
    present = {r.sha256 for r in store.league_entries(store.get_league(league, rules, goal).id)}
    return [table for table in stored if table.sha256 not in present]


class _Counter:
    """The matches a league has stored so far, and the line that says so on
    a rerun (RESUMING: a league that may hold matches from an earlier run)."""

    def __init__(self, resuming: bool) -> None:
        self.resuming = resuming
        self.done: int | None = None
        self.total: int | None = None

    def update(self, done: int, total: int) -> None:
        first = self.done is None
        self.done, self.total = done, total
        if first and self.resuming and 0 < done < total:
            say(f"hog: resuming: {done:,} of {total:,} matches already played", err=True)

    def kept(self) -> str:
        """What an interrupted league kept, and how to go on."""
        if self.total is None:
            return "no matches played yet, run the same command to start again"
        return f"{self.done:,} of {self.total:,} matches kept, run the same command to resume"


def _progress() -> Progress:
    """A progress bar of matches on stderr."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(
        TextColumn("[bold]league"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
