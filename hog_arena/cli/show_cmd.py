"""``hog show SPEC``: a strategy as a heat map (--png), a JSON table (--json) or text."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hog_arena.cli.options import Db, Goal, Json, Rules, emit
from hog_arena.cli.strategy_io import Spec, check_output, resolve, write_atomically
from hog_arena.cli.text import say

if TYPE_CHECKING:
    from strategies.table import StrategyTable


def _render(strategy: StrategyTable, png: Path | None) -> None:
    params = ", ".join(f"{k}={v}" for k, v in strategy.params.items()) or "none"
    say(f"{strategy.name}: {strategy.rules}, goal {strategy.goal}, origin {strategy.origin}")
    say(f"parameters: {params}")
    say(f"sha256: {strategy.sha256}")
    if png is not None:
        say(f"heat map written to {png}")
        return
    from hog.rules import get_rules
    from hog.rules.dice_rules import PORK_CHOP
    from strategies.table import choice_character  # one character per value, as in exported Python source

    chop = ", - = -1 (Pork Chop)" if PORK_CHOP in get_rules(strategy.rules).choices else ""
    say(f"dice per score pair (row: score, column: opponent score; A = 10{chop}):")
    width = len(str(strategy.goal - 1))
    for score in range(strategy.goal - 1, -1, -1):
        say(f"{score:>{width}} " + "".join(choice_character(v) for v in strategy.table[score].tolist()))


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
        diff: Annotated[
            str | None,
            typer.Option(
                "--diff",
                metavar="OTHER",
                help="Compare with the strategy OTHER (a SPEC): where they differ, by how much.",
            ),
        ] = None,
    ) -> None:
        """Show a strategy's table (text, --json, or a --png heat map), or its differences from --diff OTHER.

        Example: hog show final_strategy --png final.png

        Example: hog show final_strategy --diff perfect --rules fa24
        """
        if png is not None:
            check_output(png, (".png",))
        strategy = resolve(spec, rules, goal, db)
        other = None if diff is None else resolve(diff, rules, goal, db)
        if other is not None:
            _show_difference(strategy, other, png, as_json)
            return
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


def _show_difference(strategy: StrategyTable, other: StrategyTable, png: Path | None, as_json: bool) -> None:
    """Where STRATEGY and OTHER differ: a picture with --png, counts otherwise."""
    from strategies.heatmap import diff_png, difference

    if png is not None:
        picture, delta = diff_png(strategy, other)
        write_atomically(png, picture)
    else:
        delta = difference(strategy, other)
    data = {
        "name": strategy.name,
        "other": other.name,
        "rules": strategy.rules,
        "goal": strategy.goal,
        "pairs": int(delta.size),
        "differing": int((delta != 0).sum()),
        "more": int((delta > 0).sum()),
        "fewer": int((delta < 0).sum()),
        "largest": int(abs(delta).max()),
        "diff": delta.tolist(),
        "table": strategy.table.tolist(),
    }
    if png is not None:
        data["png"] = str(png)

    def render() -> None:
        say(
            f"{strategy.name} and {other.name} ({strategy.rules}, goal {strategy.goal}) differ at "
            f"{data['differing']} of {data['pairs']} score pairs: {strategy.name} rolls more dice at "
            f"{data['more']}, fewer at {data['fewer']}; the largest difference is {data['largest']} dice"
        )
        if png is not None:
            say(f"difference picture written to {png}")

    emit(data, as_json, render)
