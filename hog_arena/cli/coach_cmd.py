"""``hog coach``: where a strategy loses against an opponent, cell by cell, exactly."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from hog_arena.cli.options import Db, Goal, Json, Rules, emit
from hog_arena.cli.strategy_io import (
    SPEC_HELP,
    STRATEGY_SUFFIXES,
    Spec,
    check_output,
    resolve,
    strategy_file_bytes,
    write_atomically,
)
from hog_arena.cli.text import say

if TYPE_CHECKING:
    from hog.coach import Coaching
    from strategies.table import StrategyTable

#: Win rates are told in points: percentage points of games won.
POINTS = 100.0


def register(app: typer.Typer) -> None:
    @app.command("coach")
    def coach_command(
        ctx: typer.Context,
        spec: Spec,
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        opponent_spec: Annotated[
            str,
            typer.Option("--opponent", metavar="SPEC", help=f"The strategy played against. {SPEC_HELP}"),
        ] = "perfect",
        top: Annotated[int, typer.Option("--top", min=0, help="How many of the costliest cells to show.")] = 10,
        png: Annotated[
            Path | None, typer.Option("--png", metavar="FILE", help="Draw the costs over the score grid as a PNG.")
        ] = None,
        fix: Annotated[
            int | None,
            typer.Option("--fix", min=0, metavar="K", help="With --out: set the K costliest cells to the best choice."),
        ] = None,
        out: Annotated[
            Path | None,
            typer.Option("--out", metavar="FILE", help="Write the fixed strategy as .py (source) or .json."),
        ] = None,
        league: Annotated[
            str | None,
            typer.Option(
                "--league",
                metavar="NAME",
                help="Coach against each entry of this league (name or id) of --rules and --goal, all counted equally.",
            ),
        ] = None,
        contest: Annotated[
            str | None,
            typer.Option(
                "--contest",
                metavar="NAME",
                help="Coach entry SPEC (its id) of this contest against the other teams' current entries: "
                "for the entry's team and staff (--token), and for everyone once the contest publishes it.",
            ),
        ] = None,
        token: Annotated[
            str | None,
            typer.Option("--token", help="Your roster token for --contest (default: HOG_TOKEN).", show_default=False),
        ] = None,
    ) -> None:
        """Where a strategy loses against an opponent (default: perfect), cell by cell, exactly.

        Each cell's cost is how often the strategy moves there times what it
        loses there by its choice against the best response's: the costs
        add up exactly to the gap between the best response's win rate and
        the strategy's (both the mean of moving first and second), in
        points. Under rules with memory or Time Trot the best response
        plays over the full state, and part of the gap is beyond any table.
        --fix K --out FILE writes the strategy with its K costliest cells
        set to the best choice (K: --top unless given).

        --league NAME or --contest NAME coach against each opponent of a
        field instead: the matchups that lose most, and the cells that cost
        most over the field, each opponent counted equally (the costs add up
        to the mean of the gaps). With --contest, SPEC is an entry's id, for
        its team and staff (--token) until the contest publishes it:
        hog coach 12 --contest fa26 --token hog_...

        Example: hog coach final_strategy --rules fa24 --top 5
        """
        import numpy as np

        from hog import coach as coaching_module
        from strategies.table import StrategyTable

        if league is not None or contest is not None:
            _field_command(ctx, spec, league, contest, token, (rules, goal, db), top, png, fix, out, as_json)
            return
        if token is not None:
            raise ValueError("--token is for --contest: drop it, or give --contest NAME")
        if fix is not None and out is None:
            raise ValueError("--fix needs --out FILE: where to write the fixed strategy")
        if out is not None:
            check_output(out, STRATEGY_SUFFIXES)
        if png is not None:
            check_output(png, (".png",))
        student = resolve(spec, rules, goal, db)
        opponent = resolve(opponent_spec, rules, goal, db)
        coaching = coaching_module.coach(student.table, opponent.table, rules)
        cells = coaching.top(top)
        fixed = coaching_module.with_best_choices(coaching, cells)
        fixed_rate = coaching_module.win_rate(fixed, opponent.table, rules)
        held = float(sum(coaching.cost[cell] for cell in cells))
        data: dict[str, Any] = {
            "rules": rules,
            "goal": coaching.goal,
            "strategy": student.name,
            "opponent": opponent.name,
            "win_rate": coaching.win_rate,
            "best_win_rate": coaching.best_rate,
            "gap": coaching.gap,
            "cells": [_cell(coaching, s, o) for s in range(coaching.goal) for o in range(coaching.goal)],
            "top": [_cell(coaching, s, o, chances=True) for s, o in cells],
            "top_cost": held,
            "gap_after_top": coaching.best_rate - fixed_rate,
            "hidden_state": coaching.hidden,
            "beyond_tables": coaching.unseen,
        }
        written = None
        if out is not None:
            count = top if fix is None else fix
            fixed_cells = coaching.top(count)
            improved = coaching_module.with_best_choices(coaching, fixed_cells)
            new_rate = coaching_module.win_rate(improved, opponent.table, rules)
            params = {"strategy": student.name, "opponent": opponent.name, "fixed_cells": len(fixed_cells)}
            table = StrategyTable(np.asarray(improved), rules, f"coached({student.name})", "solved", params)
            written = _fixed_source(table, coaching, fixed_cells, new_rate) if out.suffix == ".py" else None
            write_atomically(out, written.encode("utf-8") if written else strategy_file_bytes(table, out))
            data["out"] = {"path": str(out), "fixed_cells": len(fixed_cells), "win_rate": new_rate}
        if png is not None:
            from arena.coach_plot import write_coach_heatmap

            title = f"{student.name} against {opponent.name} ({rules}, goal {coaching.goal})"
            write_coach_heatmap(coaching.cost * POINTS, cells, title, png)
            data["png"] = str(png)
        emit(data, as_json, lambda: _render(coaching, data, cells))


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether option NAME was given on the command line."""
    return getattr(ctx.get_parameter_source(name), "name", None) == "COMMANDLINE"


def _field_command(
    ctx: typer.Context,
    spec: str,
    league: str | None,
    contest: str | None,
    token: str | None,
    scope: tuple[str, int, str | None],
    top: int,
    png: Path | None,
    fix: int | None,
    out: Path | None,
    as_json: bool,
) -> None:
    """``hog coach`` against a league's or a contest's field (``hog_arena.cli.coach_field``)."""
    from hog_arena.cli.coach_field import contest_field, field_report, league_field

    rules, goal, db = scope
    if league is not None and contest is not None:
        raise typer.BadParameter("give --league or --contest, not both", param_hint="--contest")
    if fix is not None or out is not None:
        raise ValueError("--fix and --out coach against one opponent: drop them, or drop --league/--contest")
    if _given(ctx, "opponent_spec"):
        raise ValueError("--opponent and a field do not mix: the field's entries are the opponents")
    if png is not None:
        check_output(png, (".png",))
    if league is not None:
        if token is not None:
            raise ValueError("--token is for --contest, not --league")
        field = league_field(spec, league, rules, goal, db)
    else:
        assert contest is not None
        given_rules = rules if _given(ctx, "rules") else None
        field = contest_field(spec, contest, token, given_rules, goal if _given(ctx, "goal") else None, db)
    field_report(field, top, png, as_json)


def _cell(coaching: Coaching, s: int, o: int, chances: bool = False) -> dict[str, Any]:
    """One cell as --json gives it (with CHANCES, the chance to win from there with each choice)."""
    cell: dict[str, Any] = {
        "score": s,
        "opponent_score": o,
        "choice": int(coaching.strategy[s, o]),
        "best": int(coaching.best[s, o]),
        "reach": float(coaching.reach[s, o]),
        "loss": float(coaching.loss[s, o]),
        "cost": float(coaching.cost[s, o]),
    }
    if chances:
        cell["win_with_choice"] = float(coaching.choice_value[s, o])
        cell["win_with_best"] = float(coaching.values[s, o, coaching.best[s, o]])
        cell["win_playing_best"] = float(coaching.best_value[s, o])
    return cell


def _points(rate: float) -> str:
    return f"{rate * POINTS:.2f}"


def _render(coaching: Coaching, data: dict[str, Any], cells: list[tuple[int, int]]) -> None:
    from hog.coach_words import cell_sentence

    say(f"{data['strategy']} against {data['opponent']} ({coaching.rules}, goal {coaching.goal})")
    say(
        f"win rate {coaching.win_rate:.6f}; the best response wins {coaching.best_rate:.6f}: "
        f"a gap of {_points(coaching.gap)} points"
    )
    if coaching.hidden is not None:
        say(
            f"The state of {coaching.rules} holds more than the two scores ({coaching.hidden}): the best response "
            f"plays over the full state, so {_points(coaching.unseen)} of the gap's points are beyond any table "
            "(the best table choice in every cell still loses them)."
        )
    if not cells:
        say("No cell costs anything: the strategy plays a best choice wherever it moves.")
        return
    say("")
    say(f"the {len(cells)} costliest cells (chances to win from there, in %; reach: % of games; cost in points):")
    say(f"{'score':>7}  {'roll':>4}  {'win':>6}  {'best':>4}  {'win':>6}  {'reach':>6}  {'cost':>6}")
    for s, o in cells:
        best = int(coaching.best[s, o])
        say(
            f"{s:>3}\u2013{o:<3}  {int(coaching.strategy[s, o]):>4}  {coaching.choice_value[s, o] * POINTS:>6.2f}  "
            f"{best:>4}  {coaching.values[s, o, best] * POINTS:>6.2f}  {coaching.reach[s, o] * POINTS:>6.2f}  "
            f"{coaching.cost[s, o] * POINTS:>6.3f}"
        )
    say("")
    for s, o in cells:
        say(cell_sentence(coaching, s, o))
    say("")
    share = data["top_cost"] / coaching.gap if coaching.gap > 0 else 0.0
    say(
        f"These {len(cells)} cells hold {_points(data['top_cost'])} of the {_points(coaching.gap)} points "
        f"({share:.0%}). With the best choice in just these cells the gap would be "
        f"{_points(data['gap_after_top'])} points (exact)."
    )
    if "out" in data:
        say(
            f"written to {data['out']['path']}: {data['out']['fixed_cells']} cells fixed, "
            f"win rate {data['out']['win_rate']:.6f}"
        )
    if "png" in data:
        say(f"heat map written to {data['png']}")


def _fixed_source(table: StrategyTable, coaching: Coaching, cells: list[tuple[int, int]], new_rate: float) -> str:
    """TABLE as a standalone module (standard library only) whose docstring
    tells the exact old and new win rates and the cells changed."""
    changes = ", ".join(f"{s}-{o}: {int(coaching.strategy[s, o])} -> {int(coaching.best[s, o])}" for s, o in cells)
    name, opponent = table.params["strategy"], table.params["opponent"]
    lines = [
        f'"""Hog strategy for {coaching.rules} (goal {coaching.goal}), written by Hog Arena\'s coach:',
        f"{name} with its {len(cells)} costliest cells against {opponent} set to the best choice.",
        "",
        f"Exact win rate against {opponent} (mean of moving first and second):",
        f"  before: {coaching.win_rate!r}",
        f"  after:  {new_rate!r}",
        f"  the best response: {coaching.best_rate!r}",
        "",
        "Cells changed (score-opponent score: dice before -> after):",
        *_wrapped(changes or "none"),
        "",
        "Standard library only.",
        '"""',
        "",
    ]
    return "\n".join(lines) + "\n" + table.to_python_source()


def _wrapped(text: str, width: int = 88) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width=width) or [""]
