"""``hog evolve list``: the stored evolution runs, newest first."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from hog_arena.cli.options import Db, GoalFilter, Json, RulesFilter, emit
from hog_arena.cli.text import literal, say

if TYPE_CHECKING:
    from results.run_store import RunSummary

#: What ``hog evolve list`` shows of each run, the JSON keys in order.
COLUMNS = ("id", "family", "rules", "goal", "against", "status", "generation", "generations", "best", "created")


def _row(summary: RunSummary) -> dict[str, Any]:
    run = summary.run
    against = run.opponent if run.league_id is None else f"league #{run.league_id}"
    objectives = run.settings.get("objectives")
    if objectives:
        against = f"{len(objectives)} objectives"
    return {
        "id": run.id,
        "family": run.family,
        "rules": run.rules,
        "goal": run.goal,
        "against": against,
        "status": run.status,
        "generation": summary.generation,
        "generations": run.settings.get("generations"),
        "best": summary.best_name,
        "created": run.created.isoformat(),
    }


def _render(rows: list[dict[str, Any]], where: str) -> None:
    if not rows:
        say(f"no evolution runs stored in {where}; run `hog evolve` first")
        return
    table = Table(title="Evolution runs (`hog evolve --resume ID` continues a running one)")
    for column in ("id", "family", "rules", "goal", "against", "status", "generation", "best", "created"):
        table.add_column(column, justify="right" if column in ("id", "goal") else "left")
    for row in rows:
        done = "-" if row["generation"] is None else str(row["generation"])
        table.add_row(
            str(row["id"]),
            row["family"],
            row["rules"],
            str(row["goal"]),
            literal(str(row["against"])),
            row["status"],
            f"{done} of {row['generations']}",
            literal(row["best"] or "-"),
            row["created"][:16].replace("T", " "),
        )
    Console(width=None if sys.stdout.isatty() else 140).print(table)


def list_command(rules: RulesFilter = None, goal: GoalFilter = None, db: Db = None, as_json: Json = False) -> None:
    """List the stored evolution runs, newest first: family, opponents, status, generations done, best.

    Example: hog evolve list --rules fa24
    """
    from results.store import open_store

    with open_store(db, create=False) as store:
        summaries = store.list_runs(rules, goal)
        where = store.where
    rows = [_row(summary) for summary in summaries]
    emit({"runs": rows}, as_json, lambda: _render(rows, where))
