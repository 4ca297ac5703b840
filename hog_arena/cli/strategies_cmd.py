"""``hog strategies``: the strategies stored for a rule set and goal."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.table import Table

from hog_arena.cli.options import Db, Goal, Json, Rules, emit
from hog_arena.cli.text import literal, say

if TYPE_CHECKING:
    from results.store import StrategyRecord


def _render(records: list[StrategyRecord], rules: str, goal: int, where: str) -> None:
    if not records:
        say(f"no strategies stored for {rules}, goal {goal} in {where}")
        return
    table = Table(title=f"Stored strategies: {rules}, goal {goal}")
    for column in ("id", "name", "author", "origin", "sha256", "created"):
        table.add_column(column, justify="right" if column == "id" else "left")
    for r in records:
        table.add_row(
            str(r.id), literal(r.name), literal(r.author or ""), r.origin, r.sha256[:12], f"{r.created:%Y-%m-%d %H:%M}"
        )
    Console().print(table)


def register(app: typer.Typer) -> None:
    @app.command("strategies")
    def strategies_command(rules: Rules, goal: Goal = 100, db: Db = None, as_json: Json = False) -> None:
        """List the strategies stored for --rules and --goal.

        Example: hog strategies --rules fa24
        """
        from results.store import open_store

        with open_store(db, create=False) as store:
            records = store.list_strategies(rules, goal)
            where = store.where
        data = {"strategies": [record.as_dict() for record in records]}
        emit(data, as_json, lambda: _render(records, rules, goal, where))
