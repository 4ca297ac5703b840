"""``hog evolve plot RUN --png FILE``: a stored evolution run's picture
(``hog_arena.cli.evolve_cmd`` registers it, and its older name ``hog evolve-plot``).

A run with one objective is drawn as its fitness by generation, with the
best response's win rate as a reference line; a run with several objectives
as its Pareto front, with each objective's best response as a reference. A
run carries its own rule set and goal: --rules and --goal are optional here,
and refused when they differ from the run's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from hog_arena.cli.options import Db, Json, RecordedGoal, RecordedRules, check_recorded, emit
from hog_arena.cli.strategy_io import check_output
from hog_arena.cli.text import say

if TYPE_CHECKING:
    from evolve.front_plot import FrontPlot
    from evolve.plots import EvolutionPlot
    from results.interfaces import EvolutionStorage
    from results.store import RunRecord


def _references(store: EvolutionStorage, run: RunRecord) -> list[float | None]:
    """The best response's win rate against each objective's opponents
    (averaged over a league's entries), or None when they changed."""
    from evolve.run import RunError, run_objectives, run_target

    try:
        target = run_target(store, run)
    except RunError as error:
        say(f"hog: warning: no reference line: {error}", err=True)
        return [None] * len(run_objectives(run))
    from evolve.plots import best_response_rate  # matplotlib loads only when drawing

    return [best_response_rate(list(stack.tables), target.rules) for stack in target.objectives]


def _title(run: RunRecord, against: str) -> str:
    return (
        f"Evolution run #{run.id}: {run.family} family against {against}\n"
        f"{run.rules}, goal {run.goal}, seed {run.seed}, population {run.settings.get('population', '?')}, "
        f"{run.settings.get('generations', '?')} generations"
    )


def draw_run(store: EvolutionStorage, run_id: int, png: Path) -> EvolutionPlot | FrontPlot:
    """Draw run RUN_ID into PNG: its best and mean fitness by generation, with
    the best response's win rate as a reference line, or, with several
    objectives, its Pareto front; returns what it drew."""
    from evolve.run import RunError, run_objectives

    run = store.get_run(run_id)
    objectives = [objective for objective, _ in run_objectives(run)]
    if len(objectives) > 1:
        from evolve.front_plot import front_figure

        front = store.front(run_id)
        if not front:
            raise RunError(f"evolution run #{run.id} has no stored Pareto front: it is {run.status}")
        return front_figure(
            [member.values for member in front],
            [objective.label for objective in objectives],
            png,
            picked=next((m.position for m in front if m.picked), None),
            references=_references(store, run),
            title=_title(run, " and ".join(objective.label for objective in objectives)),
        )
    from evolve.plots import evolution_figure

    (reference,) = _references(store, run)
    if run.league_id is None:
        label = f"best response to {run.opponent}"
    else:
        entries = len(store.league_results(run.league_id).entries)
        label = f"best response to each of {entries} entries, averaged (upper bound)"
    against = run.opponent if run.league_id is None else f"league #{run.league_id}"
    return evolution_figure(
        store.generations(run_id), reference, png, title=_title(run, str(against)), reference_label=label
    )


def plot_record(run_id: int, png: Path, data: EvolutionPlot | FrontPlot) -> dict[str, Any]:
    """What a drawn run's picture shows, as JSON data."""
    from evolve.front_plot import FrontPlot

    if isinstance(data, FrontPlot):
        return {
            "run": run_id,
            "png": str(png),
            "objectives": list(data.labels),
            "front": [list(point) for point in data.points],
            "picked": data.picked,
            "references": list(data.references),
        }
    return {
        "run": run_id,
        "png": str(png),
        "generations": list(data.generations),
        "best": list(data.best),
        "mean": list(data.mean),
        "best_so_far": None if data.best_so_far is None else list(data.best_so_far),
        "reference_rate": data.reference_rate,
    }


def plot_command(
    run_id: Annotated[int, typer.Argument(metavar="RUN", help="The evolution run's id (hog evolve prints it).")],
    png: Annotated[Path, typer.Option("--png", metavar="FILE", help="The PNG file to draw into.")],
    rules: RecordedRules = None,
    goal: RecordedGoal = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Draw an evolution run's fitness by generation (best response as reference), or its Pareto front.

    Example: hog evolve plot 1 --png evolution.png
    """
    from results.store import open_store

    check_output(png, (".png",))
    with open_store(db, create=False) as store:
        run = store.get_run(run_id)
        check_recorded(f"evolution run #{run_id}", run.rules, run.goal, rules, goal)
        data = draw_run(store, run_id, png)
    record = plot_record(run_id, png, data)

    def render() -> None:
        if "front" in record:
            say(f"Pareto front of run #{run_id} ({len(record['front'])} members) written to {png}")
        else:
            # Generation 0 is the initial population; the count is of the generations after it.
            say(f"fitness of run #{run_id} over {record['generations'][-1]} generations written to {png}")

    emit(record, as_json, render)
