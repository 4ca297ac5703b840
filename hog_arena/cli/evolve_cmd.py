"""``hog evolve``: evolve a family's parameters with DEAP, store the best, write it out;
``hog evolve plot RUN`` draws a stored run.

The default family is ``lookahead``, a policy without a solver;
``response`` (by name) is a solver: the exact best response to a modelled
opponent. ``--no-store`` keeps the best out of the stored strategies;
``--resume RUN --generations N`` carries a run, done or not, to N generations.

With two or more ``--objective`` options the run is NSGA-II's and ends with
a Pareto front, printed as a table (and in ``--json``), drawn by ``--png``;
``--out`` writes the member ``--pick`` chooses (see ``evolve.objectives``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from evolve.settings import Settings
from hog_arena.cli.choices import (
    BACKENDS,
    BALANCED,
    DEFAULT_FAMILY,
    DEFAULT_OPPONENT,
    FAMILY_NAMES,
    FITNESSES,
    LEAGUE_PREFIX,
    SOLVER_FAMILIES,
    WIN_THRESHOLD,
)
from hog_arena.cli.evolve_list_cmd import list_command
from hog_arena.cli.flags import FlagTyper, rename
from hog_arena.cli.options import Db, Goal, Json, Rules, emit, subcommand_only
from hog_arena.cli.plot_run_cmd import draw_run, plot_command
from hog_arena.cli.strategy_io import SPEC_HELP, STRATEGY_SUFFIXES, check_output, strategy_file_bytes, write_atomically
from hog_arena.cli.text import literal, say

if TYPE_CHECKING:
    from rich.progress import Progress

    from evolve.run import GenerationProgress, RunOutcome


def register(app: typer.Typer) -> None:
    group = FlagTyper(
        name="evolve", invoke_without_command=True, no_args_is_help=False, subcommand_metavar="[COMMAND [ARGS]...]"
    )

    @group.callback(invoke_without_command=True)
    def evolve_command(
        ctx: typer.Context,
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        family: Annotated[
            str | None,
            typer.Option(
                "--family",
                help=f"Family to evolve (default: {DEFAULT_FAMILY}, a three-round search, no solver). "
                f"{', '.join(SOLVER_FAMILIES)}: a solver, the exact best response to a modelled opponent. Others: "
                f"{', '.join(f for f in FAMILY_NAMES if f != DEFAULT_FAMILY and f not in SOLVER_FAMILIES)}.",
            ),
        ] = None,
        opponent: Annotated[
            str | None,
            typer.Option(
                "--opponent", metavar="SPEC", help=f"Evolve against this (default: {DEFAULT_OPPONENT}). {SPEC_HELP}"
            ),
        ] = None,
        league: Annotated[
            str | None,
            typer.Option("--league", metavar="NAME", help="Evolve against every entry of this stored league."),
        ] = None,
        objective: Annotated[
            list[str] | None,
            typer.Option(
                "--objective",
                metavar="SPEC",
                help=f"An objective: the mean win rate against SPEC, or, written {LEAGUE_PREFIX}NAME, against the "
                "entries of the stored league NAME (as --league NAME). Repeat it for several objectives (NSGA-II "
                "and a Pareto front).",
            ),
        ] = None,
        fitness: Annotated[
            str | None,
            typer.Option(
                "--fitness",
                help=f"{' or '.join(FITNESSES)} (default: mean): contest ranks by wins against a league's entries "
                f"(win rate above {WIN_THRESHOLD}), then by mean win rate, as the leaderboard does.",
            ),
        ] = None,
        pick: Annotated[
            str | None,
            typer.Option(
                "--pick",
                metavar="WHICH",
                help=f"The Pareto front member to store and write: {BALANCED} (default: nearest the best of "
                "every objective, each scaled to its range on the front) or N (best on objective N).",
            ),
        ] = None,
        population: Annotated[
            int | None, typer.Option("--population", help=f"Population size (default: {Settings.population}).")
        ] = None,
        generations: Annotated[
            int | None,
            typer.Option(
                "--generations",
                help=f"Generations after the first (default: {Settings.generations}); with --resume, the "
                "generations to carry the run to, done or not.",
            ),
        ] = None,
        seed: Annotated[int | None, typer.Option("--seed", min=0, help="Seed of the run (default: 0).")] = None,
        out: Annotated[
            Path | None, typer.Option("--out", metavar="FILE", help="Write the best strategy as .py (source) or .json.")
        ] = None,
        resume: Annotated[
            int | None,
            typer.Option(
                "--resume",
                metavar="RUN",
                help="Continue a stored run from its last checkpoint, with its own settings; add --generations N "
                "to carry a run, done or not, further.",
            ),
        ] = None,
        no_store: Annotated[
            bool,
            typer.Option(
                "--no-store",
                help="Do not add the best strategy to the stored strategies (the run itself is kept for "
                "--resume and hog evolve plot); --out still writes it.",
            ),
        ] = False,
        png: Annotated[
            Path | None,
            typer.Option(
                "--png",
                metavar="FILE",
                help="Also draw the run's fitness by generation (with several objectives: its Pareto front) "
                "into this PNG.",
            ),
        ] = None,
        jobs: int = typer.Option(-1, "--jobs", help="Worker processes (-1: all cores)."),
        backend: str = typer.Option("loky", "--backend", help=f"joblib backend: {', '.join(BACKENDS)}."),
        scheduler: str | None = typer.Option(None, "--scheduler", help="Dask scheduler address for --backend dask."),
    ) -> None:
        """Evolve a family's parameters against an opponent, a league or several objectives; store the best.

        The default family, lookahead, uses no solver: DEAP's CMA-ES tunes the ten
        numbers of a policy that searches three rounds ahead (several objectives
        use NSGA-II). --out final_strategy.py writes it as short, readable Python.

        hog evolve plot RUN draws a stored run; hog evolve list lists the stored runs.

        Example: hog evolve --rules fa24 --population 10 --generations 3 --out final_strategy.py
        """
        if ctx.invoked_subcommand is not None:
            subcommand_only(ctx)
            return
        from arena.parallel import backend_config
        from evolve.run import RunError, continue_run, resumable_run, run_objectives, start_run
        from results.store import open_store

        if out is not None:
            check_output(out, STRATEGY_SUFFIXES)
        if png is not None:
            check_output(png, (".png",))
        if jobs == 0:
            raise ValueError("--jobs must be a number of workers, or -1 for all cores, not 0")
        with backend_config(backend, scheduler):  # refuse a bad backend before any work
            pass
        if resume is not None:
            given = _run_options(family, opponent, league, objective, fitness, pick, population, seed, no_store)
            if given:
                raise RunError(f"--resume {resume} continues the run with its own settings; drop {', '.join(given)}")
        else:
            settings = Settings(
                population=Settings.population if population is None else population,
                generations=Settings.generations if generations is None else generations,
            )
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
                    objectives=objective or (),
                    fitness=fitness or "mean",
                    pick=pick,
                    settings=settings,
                    seed=seed or 0,
                    keep=not no_store,
                )
            else:
                run = resumable_run(store, resume, generations)
            console = Console(stderr=True)
            console.print(f"evolution run #{run.id} ([bold]hog evolve --resume {run.id}[/bold] continues it)")
            with _progress(console) as progress:
                last = run.settings["generations"]
                task = progress.add_task("evolve", total=None, generation="", best="")

                def on_evaluated(step: GenerationProgress) -> None:
                    generation = f"generation {step.generation}/{last}"
                    progress.update(task, completed=step.done, total=step.total, generation=generation, best=step.best)

                outcome = continue_run(
                    store, run.id, jobs=jobs, backend=backend, scheduler=scheduler, on_evaluated=on_evaluated
                )
            if png is not None:
                draw_run(store, outcome.run.id, png)
        if out is not None:
            write_atomically(out, strategy_file_bytes(outcome.best, out))
        finished = outcome.run
        labels = [o.label for o, _ in run_objectives(finished)]
        data = {
            "run": finished.id,
            "best_win_rate": outcome.win_rate,
            "fitness": outcome.state.scoring.kind,
            "objectives": labels,
            "values": list(outcome.values),
            "front": [{"params": m.params, "values": list(m.values), "picked": m.picked} for m in outcome.front],
            "pick": finished.settings.get("pick"),
            "best_wins": int(outcome.values[0]) if outcome.state.scoring.kind == "contest" else None,
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
            "strategy": None
            if outcome.strategy is None
            else {"id": outcome.strategy.id, "name": outcome.strategy.name, "sha256": outcome.strategy.sha256},
        }

        def render() -> None:
            say(
                f"evolution run #{finished.id}: {finished.family} against {' and '.join(labels)} "
                f"({finished.rules}, goal {finished.goal}, seed {finished.seed}, {data['generations']} generations)"
            )
            say(_best_line(outcome, data))
            if outcome.front:
                _print_front(outcome, labels)
            if outcome.strategy is None:
                say("not stored among the strategies (--no-store)")
            else:
                say(f"stored as strategy #{outcome.strategy.id} {outcome.strategy.name!r}")
            if out is not None:
                say(f"written to {out}")

        emit(data, as_json, render)

    group.command("list")(list_command)
    group.command("plot")(plot_command)
    app.add_typer(group, name="evolve")
    rename("evolve-plot", ("evolve", "plot"))


def _best_line(outcome: RunOutcome, data: dict[str, Any]) -> str:
    """The kept strategy's fitness in one line."""
    if outcome.front:
        pick = data["pick"]
        how = "balanced" if pick == BALANCED else f"best on objective {pick}"
        kept = next(m.position for m in outcome.front if m.picked) + 1
        size = f"{len(outcome.front)} member{'s' if len(outcome.front) > 1 else ''}"
        return f"Pareto front of {size}; kept member {kept} ({how}) with {outcome.params}"
    if outcome.state.scoring.kind == "contest":
        wins, rate = outcome.values
        return f"best: {int(wins)} wins, mean win rate {rate:.6f}, with {outcome.params}"
    return f"best win rate {outcome.win_rate:.6f} with {outcome.params}"


def _print_front(outcome: RunOutcome, labels: list[str]) -> None:
    """The Pareto front as a table: each member's parameters and win rate on each objective."""
    names = list(outcome.front[0].params)
    table = Table(title=f"Pareto front of run #{outcome.run.id} (* kept)")
    table.add_column("#", justify="right")
    for name in names:
        table.add_column(name, justify="right")
    for label in labels:
        table.add_column(literal(label), justify="right")
    for member in outcome.front:
        table.add_row(
            f"{member.position + 1}{'*' if member.picked else ''}",
            *(str(member.params[name]) for name in names),
            *(f"{value:.4f}" for value in member.values),
        )
    Console(width=None if sys.stdout.isatty() else 160).print(table)


def _run_options(
    family: str | None,
    opponent: str | None,
    league: str | None,
    objective: list[str] | None,
    fitness: str | None,
    pick: str | None,
    population: int | None,
    seed: int | None,
    no_store: bool,
) -> list[str]:
    """The options that set up a new run, among those given (--generations may extend a run)."""
    options: dict[str, object] = {
        "--family": family,
        "--opponent": opponent,
        "--league": league,
        "--objective": objective,
        "--fitness": fitness,
        "--pick": pick,
        "--population": population,
        "--seed": seed,
        "--no-store": no_store or None,
    }
    return [name for name, value in options.items() if value is not None]


def _progress(console: Console) -> Progress:
    """A progress bar on stderr: the generation under way, its genomes
    evaluated out of its own (generation 0 included: ``initial`` times the
    population), and the best win rate so far."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(
        TextColumn("[bold]evolve"),
        TextColumn("{task.fields[generation]}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[best]}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
