"""``hog evolve-plot RUN --png FILE``: a stored evolution run's fitness curve.

A run carries its own rule set and goal: --rules and --goal are optional
here, and refused when they differ from the run's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from evolve.run import RunError, run_target
from hog_arena.cli.options import Db, Json, RecordedGoal, RecordedRules, check_recorded, emit
from hog_arena.cli.strategy_io import check_output
from hog_arena.cli.text import say
from results.store import Store, open_store

if TYPE_CHECKING:
    from evolve.plots import EvolutionPlot


def _reference(store: Store, run_id: int) -> tuple[float | None, str]:
    """The best response's win rate against the run's opponents, and its legend label."""
    run = store.get_run(run_id)
    try:
        target = run_target(store, run)
    except RunError as error:
        say(f"hog: warning: no reference line: {error}", err=True)
        return None, ""
    from evolve.plots import best_response_rate  # matplotlib loads only when drawing

    (opponents,) = target.objectives
    rate = best_response_rate(opponents.tables, target.rules)
    if run.league_id is None:
        return rate, f"best response to {run.opponent}"
    return rate, f"best response to each of {len(opponents)} entries, averaged (upper bound)"


def draw_run(store: Store, run_id: int, png: Path) -> EvolutionPlot:
    """Draw run RUN_ID's best and mean fitness by generation, with the best
    response's win rate as a reference line, into PNG; returns what it drew."""
    from evolve.plots import evolution_figure

    run = store.get_run(run_id)
    reference, label = _reference(store, run_id)
    against = run.opponent if run.league_id is None else f"league #{run.league_id}"
    title = (
        f"Evolution run #{run.id}: {run.family} family against {against}\n"
        f"{run.rules}, goal {run.goal}, seed {run.seed}, population {run.settings.get('population', '?')}"
    )
    return evolution_figure(store.generations(run_id), reference, png, title=title, reference_label=label)


def register(app: typer.Typer) -> None:
    @app.command("evolve-plot")
    def evolve_plot_command(
        run_id: Annotated[int, typer.Argument(metavar="RUN", help="The evolution run's id (hog evolve prints it).")],
        png: Annotated[Path, typer.Option("--png", metavar="FILE", help="The PNG file to draw into.")],
        rules: RecordedRules = None,
        goal: RecordedGoal = None,
        db: Db = None,
        as_json: Json = False,
    ) -> None:
        """Draw an evolution run's best and mean fitness by generation, with the
        best response's win rate as a reference line."""
        check_output(png, (".png",))
        with open_store(db, create=False) as store:
            run = store.get_run(run_id)
            check_recorded(f"evolution run #{run_id}", run.rules, run.goal, rules, goal)
            data = draw_run(store, run_id, png)
        record = {
            "run": run_id,
            "png": str(png),
            "generations": list(data.generations),
            "best": list(data.best),
            "mean": list(data.mean),
            "best_so_far": None if data.best_so_far is None else list(data.best_so_far),
            "reference_rate": data.reference_rate,
        }

        def render() -> None:
            # Generation 0 is the initial population; the count is of the generations after it.
            say(f"fitness of run #{run_id} over {data.generations[-1]} generations written to {png}")

        emit(record, as_json, render)
