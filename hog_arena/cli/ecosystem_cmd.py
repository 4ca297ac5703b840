"""``hog ecosystem``: which strategies of a league take over a population."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.table import Table

from hog_arena.cli.leaderboard_cmd import read_shown_league
from hog_arena.cli.options import Db, Goal, Json, OldLeague, Rules, ShownLeague, either, emit
from hog_arena.cli.strategy_io import check_output
from hog_arena.cli.text import literal, say

if TYPE_CHECKING:
    import numpy as np

    from arena.ecosystem import MoranRun, Replicator
    from arena.ranking import Row
    from results.store import LeagueResults

#: Generations shown as columns of the table, besides the first and the last.
SHOWN_BETWEEN = 4


def league_matrix(results: LeagueResults, rows: list[Row]) -> np.ndarray:
    """The finished league's win rates, row against column, in the order of
    ROWS (a ranking of it); refuses a league with a match missing."""

    league = results.league
    if not results.complete:
        raise ValueError(
            f"league #{league.id} {league.name!r} is unfinished ({league.status}); run `hog league` again to finish it"
        )
    from arena.ranking import in_rank_order, league_positions

    return in_rank_order(results.rates, league_positions(results, rows))


def shown_generations(last: int) -> list[int]:
    """Columns of the shares table: 0, a few generations spaced evenly on a log scale, LAST.

    >>> shown_generations(1000)
    [0, 1, 6, 32, 178, 1000]
    >>> shown_generations(2)
    [0, 1, 2]
    """
    import numpy as np

    between = np.geomspace(1, last, SHOWN_BETWEEN + 1).round().astype(int).tolist() if last else []
    return sorted({0, *between, last})


def _render(
    results: LeagueResults,
    rows: list[Row],
    dynamics: Replicator,
    run: MoranRun,
    threshold: float,
    top: int,
    png: Path | None,
) -> None:
    league = results.league
    n = len(rows)
    columns = shown_generations(dynamics.generations)
    table = Table(
        title=literal(
            f"Ecosystem of league #{league.id} {league.name!r}: {league.rules}, goal {league.goal}, "
            f"{league.method}, {n} strategies"
        ),
    )
    table.add_column("rank", justify="right")
    table.add_column("strategy")
    for generation in columns:
        table.add_column(f"gen {generation}", justify="right")
    table.add_column(f"Moran (of {run.size})", justify="right")
    order = dynamics.survivors(0.0)
    for i in order[:top]:
        shares = [f"{dynamics.shares[g, i]:.4f}" for g in columns]
        table.add_row(str(rows[i].rank), literal(rows[i].name), *shares, str(int(run.counts[-1, i])))
    shown = "" if n <= top else f"; {top} of {n} strategies, by final replicator share"
    table.caption = f"replicator shares by generation; the Moran population at the end{shown}"
    Console(width=None if sys.stdout.isatty() else 160).print(table)
    if dynamics.converged:
        say(f"replicator: settled after {dynamics.generations} generations")
    else:
        say(f"replicator: still moving at the limit of {dynamics.generations} generations")
    survivors = ", ".join(f"{rows[i].name} {dynamics.shares[-1, i]:.4f}" for i in dynamics.survivors(threshold))
    say(f"survivors (share at least {threshold:g}): {survivors}")
    if run.winner is not None:
        after = f"{run.steps} steps ({run.steps / run.size:.1f} generations)"
        say(f"Moran: {rows[run.winner].name} took over after {after}")
    else:
        most = int(run.counts[-1].argmax())
        say(
            f"Moran: no strategy took over within {run.steps} steps; "
            f"most common: {rows[most].name} ({int(run.counts[-1, most])} of {run.size})"
        )
    if png is not None:
        say(f"ecosystem picture written to {png}")


def _data(
    results: LeagueResults, rows: list[Row], dynamics: Replicator, run: MoranRun, threshold: float, seed: int
) -> dict[str, Any]:
    return {
        "league": results.league.as_dict(),
        "strategies": [{"rank": row.rank, "name": row.name, "id": row.strategy_id} for row in rows],
        "replicator": {
            "generations": dynamics.generations,
            "converged": dynamics.converged,
            "survivors": [
                {"name": rows[i].name, "share": float(dynamics.shares[-1, i])} for i in dynamics.survivors(threshold)
            ],
            "shares": dynamics.shares.tolist(),
        },
        "moran": {
            "seed": seed,
            "individuals": run.size,
            "steps": run.steps,
            "winner": None if run.winner is None else rows[run.winner].name,
            "fixation_step": None if run.winner is None else run.steps,
            "steps_at": run.steps_at.tolist(),
            "counts": run.counts.tolist(),
        },
    }


def register(app: typer.Typer) -> None:
    @app.command("ecosystem")
    def ecosystem_command(
        rules: Rules,
        old_league: OldLeague = None,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        league: ShownLeague = None,
        generations: int = typer.Option(1000, "--generations", min=0, help="Replicator generations at most."),
        tolerance: float = typer.Option(
            1e-9, "--tolerance", min=0.0, help="Stop the replicator once no share moves by more (0: never)."
        ),
        threshold: float = typer.Option(
            0.01, "--threshold", min=0.0, max=1.0, help="Final share that counts as surviving the replicator."
        ),
        each: int = typer.Option(10, "--each", min=1, help="Moran individuals of every strategy at the start."),
        steps: int = typer.Option(200_000, "--steps", min=0, help="Moran steps at most (one birth and death each)."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed of the Moran process."),
        top: int = typer.Option(15, "--top", min=1, help="Rows of the table (by final replicator share)."),
        png: Path | None = typer.Option(
            None, "--png", metavar="FILE", help="Draw the population shares per generation into this PNG file."
        ),
    ) -> None:
        """Replicator dynamics and a Moran process on a league's win rates: which strategies take over.

        Example: hog ecosystem --rules fa24 --png eco.png

        Example: hog ecosystem --league fa24-class --top 5
        """
        from arena.ecosystem import equal_counts, moran, replicator
        from arena.ranking import rank

        if png is not None:
            check_output(png, (".png",))
        league = either(league, "--league", old_league, "a positional LEAGUE")
        results = read_shown_league(db, rules, goal, league)
        rows = rank(results)
        matrix = league_matrix(results, rows)
        dynamics = replicator(matrix, generations, tolerance=tolerance)
        run = moran(matrix, equal_counts(len(rows), each), seed=seed, max_steps=steps)
        if png is not None:
            from arena.plots import write_ecosystem  # matplotlib loads only when drawing

            shown = results.league
            title = f"Ecosystem of league #{shown.id} {shown.name!r}: {shown.rules}, goal {shown.goal}, {shown.method}"
            write_ecosystem([row.name for row in rows], dynamics, run, title, png)
        data = _data(results, rows, dynamics, run, threshold, seed)
        if png is not None:
            data["png"] = str(png)
        emit(data, as_json, lambda: _render(results, rows, dynamics, run, threshold, top, png))
