"""``hog show SPEC``: a strategy as a heat map (--png), a JSON table (--json) or text."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli.options import Db, Goal, Json, Rules, emit
from cli.strategy_io import Spec, check_output, resolve, write_atomically
from strategies.table import StrategyTable

#: One character per dice count in the text view (as in exported Python source).
_DIGITS = "0123456789A"


def _render(strategy: StrategyTable, png: Path | None) -> None:
    params = ", ".join(f"{k}={v}" for k, v in strategy.params.items()) or "none"
    typer.echo(f"{strategy.name}: {strategy.rules}, goal {strategy.goal}, origin {strategy.origin}")
    typer.echo(f"parameters: {params}")
    typer.echo(f"sha256: {strategy.sha256}")
    if png is not None:
        typer.echo(f"heat map written to {png}")
        return
    typer.echo("dice per score pair (row: score, column: opponent score; A = 10):")
    width = len(str(strategy.goal - 1))
    for score in range(strategy.goal - 1, -1, -1):
        typer.echo(f"{score:>{width}} " + "".join(_DIGITS[v] for v in strategy.table[score].tolist()))


def register(app: typer.Typer) -> None:
    @app.command("show")
    def show_command(
        spec: Spec,
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        png: Annotated[
            Path | None, typer.Option("--png", metavar="FILE", help="Draw a heat map into this PNG file.")
        ] = None,
    ) -> None:
        """Show a strategy: its table as text or --json, or a heat map with --png."""
        if png is not None:
            check_output(png, (".png",))
        strategy = resolve(spec, rules, goal, db)
        if png is not None:
            from strategies.heatmap import heatmap_png

            write_atomically(png, heatmap_png(strategy))
        data = {
            "name": strategy.name,
            "rules": strategy.rules,
            "goal": strategy.goal,
            "origin": strategy.origin,
            "params": dict(strategy.params),
            "sha256": strategy.sha256,
            "table": strategy.table.tolist(),
        }
        if png is not None:
            data["png"] = str(png)
        emit(data, as_json, lambda: _render(strategy, png))
