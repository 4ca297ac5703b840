"""Options every command shares, and the one way commands print results."""

from __future__ import annotations

import json
import os
from typing import Annotated, Any, Callable

import typer

from hog.rules import DEFAULT_RULES, RULE_SETS, UnknownRuleSet

__all__ = ["Rules", "Goal", "Db", "Json", "emit", "default_rules"]


def default_rules() -> str:
    """The rule set used when --rules is not given (``HOG_RULES`` overrides)."""
    return os.environ.get("HOG_RULES") or DEFAULT_RULES


def _check_rules(name: str) -> str:
    if name not in RULE_SETS:
        raise typer.BadParameter(str(UnknownRuleSet(name)))
    return name


def _check_goal(goal: int) -> int:
    if goal < 1:
        raise typer.BadParameter(f"goal must be a positive integer, not {goal}")
    return goal


Rules = Annotated[
    str,
    typer.Option(
        "--rules",
        default_factory=default_rules,
        callback=_check_rules,
        help=f"Rule set: {', '.join(RULE_SETS)} (default {DEFAULT_RULES}; HOG_RULES overrides).",
        show_default=False,
    ),
]
Goal = Annotated[int, typer.Option("--goal", callback=_check_goal, help="Score that ends the game.")]
Db = Annotated[
    str | None,
    typer.Option("--db", help="Database URL or SQLite file (default: HOG_DB, else sqlite:///hog_arena.db)."),
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout and nothing else.")]


def emit(data: dict[str, Any], as_json: bool, render: Callable[[], None]) -> None:
    """Print DATA as one JSON object, or call RENDER for people."""
    if as_json:
        typer.echo(json.dumps(data, sort_keys=False))
    else:
        render()
