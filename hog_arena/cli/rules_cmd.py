"""``hog rules``: the rule sets, one line each, with their semesters; the
current course's (the latest semester's) is marked."""

from __future__ import annotations

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from hog.rules import CURRENT_RULES, CURRENT_SEMESTER, RULE_SETS, RuleSet
from hog.rules.registry import PIG_OUT, semester_span
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


def rules_in_short(rules: RuleSet) -> str:
    """The names of RULES' rules in one short line (Pig Out, the usual one, left out).

    >>> from hog.rules import get_rules
    >>> rules_in_short(get_rules("sus_fuss")), rules_in_short(get_rules("fa19"))
    ('Boar Brawl, Sus Fuss, Sow Sad', 'Free Bacon, Swine Swap, Feral Hogs')
    >>> rules_in_short(get_rules("fa16"))
    'Free Bacon, Swine Swap, Hogtimus Prime, Hog Wild, When Pigs Fly, Pork Chop'
    """
    pig_out = "" if rules.pig_out_rule == PIG_OUT else rules.pig_out_rule
    memory = "" if rules.memory is None else rules.memory.rule
    names = [
        rules.zero_dice_rule,
        rules.after_turn_rule,
        pig_out,
        memory,
        rules.points_rule,
        rules.dice_rule,
        rules.limit_rule,
        rules.opponent_rule,
        rules.cap_rule,
        rules.swap_rule,
        rules.chop_rule,
    ]
    return ", ".join(dict.fromkeys(name for name in names if name))  # once each (fa16's Pork Chop is two)


def register(app: typer.Typer) -> None:
    @app.command("rules")
    def rules_command(
        rules: RulesFilter = None,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        all_rules: bool = typer.Option(True, "--all/--only", help="List every rule set, or only --rules."),
    ) -> None:
        """List the rule sets with their semester codes (* marks the current course's; the default, or --rules, too).

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
                    "current": r.name == CURRENT_RULES,
                }
                for r in chosen
            ]
        }

        def render() -> None:
            title = f"Hog rule sets (* the current course's, {CURRENT_SEMESTER})"
            table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
            table.add_column("name", no_wrap=True)
            table.add_column("semesters", no_wrap=True)
            table.add_column("rules")
            for r in chosen:
                marks = (" *" if r.name == CURRENT_RULES else "") + (
                    " (default)" if r.name == rules and rules != CURRENT_RULES else ""
                )
                table.add_row(r.name + marks, semester_span(r.semesters) or "-", rules_in_short(r))
            Console().print(table)
            if len(chosen) == 1:
                say(f"{chosen[0].name}: {chosen[0].summary}")
            else:
                say("One in full: hog rules --only --rules NAME (or --json for all of them)")

        emit(data, as_json, render)
