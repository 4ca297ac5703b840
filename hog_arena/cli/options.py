"""Options every command shares, and the one way commands print results."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Annotated, Any

import typer

from hog.rules import DEFAULT_RULES, ORIGIN, Start, UnknownRuleSet, get_rules

__all__ = [
    "Rules",
    "Goal",
    "RecordedRules",
    "RecordedGoal",
    "RulesFilter",
    "GoalFilter",
    "Db",
    "Json",
    "ShownLeague",
    "OldLeague",
    "either",
    "Missing",
    "subcommand_only",
    "emit",
    "default_rules",
    "env_rules",
    "simulation_terms",
    "check_recorded",
    "Bids",
    "bids_start",
    "start_words",
    "start_data",
]


#: The environment variable that changes the default rule set.
RULES_VARIABLE = "HOG_RULES"


def default_rules() -> str:
    """The rule set used when --rules is not given (``HOG_RULES`` overrides)."""
    return os.environ.get(RULES_VARIABLE) or DEFAULT_RULES


def env_rules() -> str:
    """The rule set ``HOG_RULES`` names (else the default), or a ValueError naming ``HOG_RULES``."""
    try:
        return get_rules(default_rules()).name
    except UnknownRuleSet as error:
        raise ValueError(f"{RULES_VARIABLE}: {error}; fix or unset {RULES_VARIABLE}") from None


def _check_rules(ctx: typer.Context, param: typer.CallbackParam, name: str) -> str:
    """The rule set's name for a name or semester code (fa24 -> sus_fuss);
    a bad one from ``HOG_RULES`` is blamed on it, not on --rules."""
    source = ctx.get_parameter_source(param.name or "")
    if getattr(source, "name", None) != "COMMANDLINE":  # Typer's own click's ParameterSource
        return env_rules()
    return _check_name(name)


def _check_name(name: str) -> str:
    try:
        return get_rules(name).name
    except UnknownRuleSet as error:
        use = f": use --rules {error.suggestion}" if error.suggestion else ""
        raise typer.BadParameter(f"{error}{use}") from None


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
        help=f"Rule set or semester code, e.g. fa24 (default: {DEFAULT_RULES}, or HOG_RULES; `hog rules` lists them).",
        show_default=False,
    ),
]
Goal = Annotated[int, typer.Option("--goal", callback=_check_goal, help="Score that ends the game.")]


def _check_given_rules(name: str | None) -> str | None:
    return None if name is None else _check_name(name)


def _check_given_goal(goal: int | None) -> int | None:
    return None if goal is None else _check_goal(goal)


#: --rules and --goal of a command about something stored with its own rule
#: set and goal: optional, and only a check (see ``check_recorded``).
RecordedRules = Annotated[
    str | None,
    typer.Option(
        "--rules",
        callback=_check_given_rules,
        help="Rule set (default: the one it was made with; another one is refused; `hog rules` lists them).",
        show_default=False,
    ),
]
RecordedGoal = Annotated[
    int | None,
    typer.Option(
        "--goal",
        callback=_check_given_goal,
        help="Score that ends the game (default: the one it was made with; another one is refused).",
        show_default=False,
    ),
]


#: --rules and --goal of a listing: optional, and only narrow it.
RulesFilter = Annotated[
    str | None,
    typer.Option("--rules", callback=_check_given_rules, help="Only those of this rule set.", show_default=False),
]
GoalFilter = Annotated[
    int | None,
    typer.Option("--goal", callback=_check_given_goal, help="Only those of this goal.", show_default=False),
]


def simulation_terms(method: str, games: int | None, seed: int | None, default_games: int) -> tuple[int, int]:
    """(games, seed) for METHOD: as given (DEFAULT_GAMES and seed 0 if not)
    for a simulation; --games or --seed with another method is refused, as
    an option that would do nothing."""
    if method == "simulate":
        return (default_games if games is None else games), (0 if seed is None else seed)
    given = [flag for flag, value in (("--games", games), ("--seed", seed)) if value is not None]
    if given:
        verb = "applies" if len(given) == 1 else "apply"
        raise typer.BadParameter(f"{verb} only to --method simulate, not {method}", param_hint=given)
    return 0, 0


def check_recorded(what: str, rules: str, goal: int, given_rules: str | None, given_goal: int | None) -> None:
    """Refuse --rules or --goal that differ from the RULES and GOAL WHAT was made with."""
    if given_rules is not None and given_rules != rules:
        raise ValueError(
            f"{what} was made with the {rules} rules, not {given_rules}; drop --rules or give --rules {rules}"
        )
    if given_goal is not None and given_goal != goal:
        raise ValueError(f"{what} was made with goal {goal}, not {given_goal}; drop --goal or give --goal {goal}")


#: --bids of a match or a league: fa14's bids that set the start (``hog.rules.Start.of_bids``).
Bids = Annotated[
    str | None,
    typer.Option(
        "--bids",
        metavar="B0,B1",
        help="Start from the scores fa14's bids give (bid_for_start; rule sets with bidding only).",
        show_default=False,
    ),
]


def bids_start(bids: str | None, rules: str, goal: int) -> tuple[tuple[int, int], Start] | None:
    """The bids --bids gives (two integers, ``B0,B1``) and the start they give
    under RULES and GOAL, or None without --bids; a value that is not two
    integers is a usage error, bids the rules refuse a ValueError in one line."""
    if bids is None:
        return None
    parts = bids.split(",")
    try:
        bid0, bid1 = (int(part.strip()) for part in parts)
    except ValueError:
        raise typer.BadParameter(f"{bids!r} is not two integers B0,B1 (e.g. 9,2)", param_hint="--bids") from None
    try:
        start = Start.of_bids(get_rules(rules), bid0, bid1, goal)
    except ValueError as error:
        raise ValueError(f"--bids {bid0},{bid1}: {error}") from None
    return (bid0, bid1), start


def start_words(start: Start, bids: tuple[int, int] | None = None) -> str:
    """START in words, with the BIDS that gave it if known.

    >>> start_words(Start(2, 9, 0), (9, 2))
    'start 2-9 from bids 9,2, player 0 moves first'
    >>> start_words(Start(10, 0, 1))
    'start 10-0, player 1 moves first'
    """
    given = "" if bids is None else f" from bids {bids[0]},{bids[1]}"
    return f"start {start.score0}-{start.score1}{given}, player {start.first} moves first"


def start_data(start: Start, bids: tuple[int, int] | None) -> dict[str, Any]:
    """The JSON keys of a start given by BIDS: none at 0-0 without bids (output as before bids)."""
    if bids is None and start == ORIGIN:
        return {}
    data: dict[str, Any] = {} if bids is None else {"bids": list(bids)}
    return data | {"start": {"score0": start.score0, "score1": start.score1, "first": start.first}}


Db = Annotated[
    str | None,
    typer.Option("--db", help="Database URL or SQLite file (default: HOG_DB, else sqlite:///hog_arena.db)."),
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout and nothing else.")]

#: --league of a command that reads a stored league: the one leaderboards show unless given.
ShownLeague = Annotated[
    str | None,
    typer.Option(
        "--league",
        metavar="NAME",
        help="League name or id (default: the pinned one, else the one finished or updated last; `hog leagues list`).",
    ),
]
#: The league as a positional argument, the older spelling of --league, kept hidden for existing scripts.
OldLeague = Annotated[str | None, typer.Argument(metavar="LEAGUE", hidden=True, show_default=False)]


def either(value: str | None, flag: str, old: str | None, old_flag: str) -> str | None:
    """The value given as FLAG or as OLD_FLAG, its older spelling kept hidden
    for existing scripts; both, with different values, are refused."""
    if old is None or old == value:
        return value
    if value is None:
        return old
    raise typer.BadParameter(f"{old_flag} is an older spelling of {flag}; give {flag} once", param_hint=flag)


def subcommand_only(ctx: typer.Context) -> None:
    """Refuse options given to a group (CTX) before its subcommand: the group's
    own action does not run, so they would do nothing (the subcommand takes
    its own after its name)."""
    given = [
        param.opts[0]
        for param in ctx.command.params
        if param.name and getattr(ctx.get_parameter_source(param.name), "name", None) == "COMMANDLINE"
    ]
    if given:
        where = f"{ctx.command_path} {ctx.invoked_subcommand}"
        raise typer.BadParameter(f"give {'it' if len(given) == 1 else 'them'} after {where!r}", param_hint=given)


class Missing(typer.BadParameter):
    """A required option that is not given, said as Click says it: a
    command that also takes the option's older, positional spelling cannot
    leave requiring it to Click."""

    def format_message(self) -> str:
        return f"Missing option '{self.param_hint}': {self.message}."


def emit(data: dict[str, Any], as_json: bool, render: Callable[[], None]) -> None:
    """Print DATA as one JSON object, or call RENDER for people."""
    if as_json:
        typer.echo(json.dumps(data, sort_keys=False))
    else:
        render()
