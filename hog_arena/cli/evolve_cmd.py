"""``hog evolve``: evolve a family's parameters with DEAP, store the best, write it out."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from arena.parallel import BACKENDS, backend_config
from evolve.run import DEFAULT_FAMILY, DEFAULT_OPPONENT, RunError, continue_run, running_run, start_run
from evolve.settings import Settings
from hog_arena.cli.options import Db, Goal, Json, Rules, emit
from hog_arena.cli.plot_run_cmd import draw_run
from hog_arena.cli.strategy_io import SPEC_HELP, STRATEGY_SUFFIXES, check_output, strategy_file_bytes, write_atomically
from hog_arena.cli.text import say
from results.store import open_store
from strategies.families import FAMILIES


def register(app: typer.Typer) -> None:
    @app.command("evolve")
    def evolve_command(
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        family: Annotated[
            str | None,
            typer.Option("--family", help=f"Family to evolve: {', '.join(FAMILIES)} (default {DEFAULT_FAMILY})."),
        ] = None,
        opponent: Annotated[
            str | None,
            typer.Option(
                "--opponent", metavar="SPEC", help=f"Evolve against this (default {DEFAULT_OPPONENT}). {SPEC_HELP}"
            ),
        ] = None,
        league: Annotated[
            str | None,
            typer.Option("--league", metavar="NAME", help="Evolve against every entry of this stored league."),
        ] = None,
        population: Annotated[
            int | None, typer.Option("--population", help=f"Population size (default {Settings.population}).")
        ] = None,
        generations: Annotated[
            int | None,
            typer.Option("--generations", help=f"Generations after the first (default {Settings.generations})."),
        ] = None,
        seed: Annotated[int | None, typer.Option("--seed", min=0, help="Seed of the run (default 0).")] = None,
        out: Annotated[
            Path | None, typer.Option("--out", metavar="FILE", help="Write the best strategy as .py (source) or .json.")
        ] = None,
        resume: Annotated[
            int | None,
            typer.Option(
                "--resume", metavar="RUN", help="Continue a stored run from its last checkpoint, with its own settings."
            ),
        ] = None,
        png: Annotated[
            Path | None,
            typer.Option("--png", metavar="FILE", help="Also draw the run's fitness by generation into this PNG."),
        ] = None,
        jobs: int = typer.Option(-1, "--jobs", help="Worker processes (-1: all cores)."),
        backend: str = typer.Option("loky", "--backend", help=f"joblib backend: {', '.join(BACKENDS)}."),
        scheduler: str | None = typer.Option(None, "--scheduler", help="Dask scheduler address for --backend dask."),
    ) -> None:
        """Evolve a family's parameters against an opponent or a league; store and show the best."""
        if out is not None:
            check_output(out, STRATEGY_SUFFIXES)
        if png is not None:
            check_output(png, (".png",))
        if jobs == 0:
            raise ValueError("--jobs must be a number of workers, or -1 for all cores, not 0")
        with backend_config(backend, scheduler):  # refuse a bad backend before any work
            pass
        if resume is not None:
            given = _run_options(family, opponent, league, population, generations, seed)
            if given:
                raise RunError(f"--resume {resume} continues the run with its own settings; drop {', '.join(given)}")
        else:
            sizes = {"population": population, "generations": generations}
            settings = Settings(**{name: value for name, value in sizes.items() if value is not None})
        started = time.perf_counter()
        with open_store(db) as store:
            if resume is None:
                run = start_run(
                    store,
                    rules,
                    goal,
                    family=family or DEFAULT_FAMILY,
                    opponent=opponent,
                    league=league,
                    settings=settings,
                    seed=seed or 0,
                )
            else:
                run = running_run(store, resume)
            console = Console(stderr=True)
            console.print(f"evolution run #{run.id} ([bold]hog evolve --resume {run.id}[/bold] continues it)")
            with _progress(console) as progress:
                task = progress.add_task("generation", total=run.settings["generations"], best="", mean="")
                outcome = continue_run(
                    store,
                    run.id,
                    jobs=jobs,
                    backend=backend,
                    scheduler=scheduler,
                    on_generation=lambda state: progress.update(
                        task,
                        completed=state.generation,
                        best=f"{state.best_fitness:.6f}",
                        mean=f"{float(state.logbook[-1]['avg']):.6f}",
                    ),
                )
            if png is not None:
                draw_run(store, outcome.run.id, png)
        if out is not None:
            write_atomically(out, strategy_file_bytes(outcome.best, out))
        finished = outcome.run
        data = {
            "run": finished.id,
            "best_win_rate": outcome.win_rate,
            "out": None if out is None else str(out),
            "png": None if png is None else str(png),
            "params": outcome.params,
            "generations": outcome.state.generation,
            "seconds": round(time.perf_counter() - started, 3),
            "family": finished.family,
            "rules": finished.rules,
            "goal": finished.goal,
            "opponent": finished.opponent,
            "league": finished.league_id,
            "seed": finished.seed,
            "resumed_from": outcome.resumed_from,
            "strategy": {"id": outcome.strategy.id, "name": outcome.strategy.name, "sha256": outcome.strategy.sha256},
        }

        def render() -> None:
            against = f"league #{finished.league_id}" if finished.league_id is not None else finished.opponent
            say(
                f"evolution run #{finished.id}: {finished.family} against {against} "
                f"({finished.rules}, goal {finished.goal}, seed {finished.seed}, {data['generations']} generations)"
            )
            say(f"best win rate {outcome.win_rate:.6f} with {outcome.params}")
            say(f"stored as strategy #{outcome.strategy.id} {outcome.strategy.name!r}")
            if out is not None:
                say(f"written to {out}")

        emit(data, as_json, render)


def _run_options(family, opponent, league, population, generations, seed) -> list[str]:
    """The options that set up a new run, among those given."""
    options = {
        "--family": family,
        "--opponent": opponent,
        "--league": league,
        "--population": population,
        "--generations": generations,
        "--seed": seed,
    }
    return [name for name, value in options.items() if value is not None]


def _progress(console: Console) -> Progress:
    """A progress bar of generations on stderr, with the best and mean win rates."""
    return Progress(
        TextColumn("[bold]evolve"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("best {task.fields[best]} mean {task.fields[mean]}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
