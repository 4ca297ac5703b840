"""``hog rules``: the rule sets, one line each, with their semesters."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from hog.rules import RULE_SETS
from hog_arena.cli.options import Db, Goal, Json, RulesFilter, emit, env_rules
from hog_arena.cli.text import say


def _marked(rules: str | None, all_rules: bool) -> str | None:
    """The rule set to mark: --rules, else the default; a bad HOG_RULES only
    gets a warning when every rule set is listed (nothing is marked then)."""
    if rules is not None:
        return rules
    try:
        return env_rules()
    except ValueError as error:
        if not all_rules:
            raise
        say(f"hog: warning: {error}", err=True)
        return None


def register(app: typer.Typer) -> None:
    @app.command("rules")
    def rules_command(
        rules: RulesFilter = None,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        all_rules: bool = typer.Option(True, "--all/--only", help="List every rule set, or only --rules."),
    ) -> None:
        """List the rule sets with their semester codes (the default one, or --rules, is marked).

        Example: hog rules --only --rules fa24
        """
        rules = _marked(rules, all_rules)
        chosen = list(RULE_SETS.values()) if all_rules or rules is None else [RULE_SETS[rules]]
        data = {
            "rules": [
                {
                    "name": r.name,
                    "semesters": list(r.semesters),
                    "zero_dice": r.zero_dice_rule,
                    "after_turn": r.after_turn_rule,
                    "memory": None if r.memory is None else f"{r.memory.rule} ({r.memory.what})",
                    "summary": r.summary,
                    "default": r.name == rules,
                }
                for r in chosen
            ]
        }

        def render() -> None:
            table = Table(title="Hog rule sets", show_lines=False)
            for column in ("name", "semesters", "zero dice", "after turn", "summary"):
                table.add_column(column)
            for r in chosen:
                marker = " *" if r.name == rules else ""
                table.add_row(r.name + marker, " ".join(r.semesters), r.zero_dice_rule, r.after_turn_rule, r.summary)
            Console().print(table)

        emit(data, as_json, render)
