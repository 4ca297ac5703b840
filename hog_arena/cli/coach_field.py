"""``hog coach --league NAME`` and ``--contest NAME``: where a strategy loses against a field, each opponent equal."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hog_arena.cli.coach_cmd import POINTS
from hog_arena.cli.options import check_recorded, emit
from hog_arena.cli.text import say

if TYPE_CHECKING:
    import numpy as np

    from hog.coach_field import FieldCoaching

#: The environment variable holding a contest roster token.
TOKEN_VARIABLE = "HOG_TOKEN"


@dataclass(frozen=True)
class Field:
    """A strategy (NAME, TABLE) and the field it is coached against."""

    what: str  #: the field in words: "league fa24-class", "contest fa26"
    rules: str
    goal: int
    name: str
    table: np.ndarray
    labels: tuple[str, ...]
    tables: tuple[np.ndarray, ...]
    shown: Callable[[float], float] = float  #: a rate against one opponent as the viewer may see it


def league_field(spec: str, league: str, rules: str, goal: int, db: str | None) -> Field:
    """SPEC and the entries of LEAGUE (of RULES and GOAL) but its own table
    (a league has two different tables at least: the field is never empty)."""
    from hog_arena.cli.strategy_io import resolve
    from results.store import open_store

    student = resolve(spec, rules, goal, db)
    with open_store(db, create=False) as store:
        record = store.get_league(league, rules, goal)
        entries = [t for t in store.league_tables(record.id) if t.sha256 != student.sha256]
    labels = tuple(t.name for t in entries)
    return Field(
        f"league {record.name}", rules, goal, student.name, student.table, labels, tuple(t.table for t in entries)
    )


def contest_field(
    spec: str, contest: str, token: str | None, rules: str | None, goal: int | None, db: str | None
) -> Field:
    """Entry SPEC (its id) of CONTEST and the other teams' current entries, if
    the person TOKEN identifies (or, without one, anyone) may see the entry
    by the contest's rules; RULES and GOAL, if given, must be the contest's."""
    from arena.contest.field import entry_field
    from arena.contest.service import Contests
    from results.store import open_store

    number = spec.removeprefix("#")
    if not (number.isascii() and number.isdigit()):
        raise ValueError(
            f"with --contest, SPEC is the entry's id (such as #12; the contest's page lists it), not {spec!r}"
        )
    secret = token or os.environ.get(TOKEN_VARIABLE)
    with open_store(db, create=False) as store:
        contests = Contests(store)
        board = contests.board(contest)
        record = board.contest
        check_recorded(f"contest {record.name!r}", record.rules, record.goal, rules, goal)
        viewer = None if not secret else contests.by_token(record, secret)
        field = entry_field(contests, board, int(number), viewer)
    if not field.tables:
        raise ValueError(f"contest {record.name!r} has no other team's entry yet: there is no field to coach against")
    name = f"entry #{field.view['id']} ({field.view['team_name']})"
    return Field(
        f"contest {record.name}", record.rules, record.goal, name, field.table, field.labels, field.tables, field.shown
    )


def field_report(field: Field, top: int, png: Path | None, as_json: bool) -> None:
    """Coach FIELD's strategy against each opponent and print (or --json) the report."""
    from hog.coach_field import coach_field

    coaching = coach_field(field.table, list(field.tables), field.rules)
    cells = coaching.top(top)
    data = field_data(coaching, field.labels, top, field.shown)
    data = {"strategy": field.name, "field": field.what, **data}
    if png is not None:
        from arena.coach_plot import write_coach_heatmap

        title = f"{field.name} against the {field.what} ({field.rules}, goal {field.goal})"
        write_coach_heatmap(coaching.cost * POINTS, cells, title, png)
        data["png"] = str(png)
    emit(data, as_json, lambda: _render(field, coaching, data))


def field_data(
    coaching: FieldCoaching, labels: tuple[str, ...], top: int, shown: Callable[[float], float]
) -> dict[str, Any]:
    """What ``--json`` gives of a field's coaching: the rates (as SHOWN),
    every matchup (its rates as SHOWN too) and cell, the worst and costliest TOP."""
    matchups = [_matchup(coaching, labels, i, shown) for i in range(len(labels))]
    cells = coaching.top(top)
    return {
        "rules": coaching.rules,
        "goal": coaching.goal,
        "opponents": len(labels),
        "win_rate": shown(coaching.win_rate),
        "best_win_rate": shown(coaching.best_rate),
        "gap": shown(coaching.gap),
        "matchups": matchups,
        "worst": [matchups[i] for i in coaching.worst(top)],
        "cells": [_cell(coaching, s, o) for s in range(coaching.goal) for o in range(coaching.goal)],
        "top": [_cell(coaching, s, o) for s, o in cells],
        "top_cost": float(sum(coaching.cost[cell] for cell in cells)),
        "hidden_state": coaching.hidden,
        "beyond_tables": coaching.unseen,
    }


def _matchup(
    coaching: FieldCoaching, labels: tuple[str, ...], i: int, shown: Callable[[float], float]
) -> dict[str, Any]:
    m = coaching.matchups[i]
    return {
        "opponent": labels[i],
        "win_rate": shown(m.win_rate),
        "best_win_rate": shown(m.best_rate),
        "gap": shown(m.gap),
    }


def _cell(coaching: FieldCoaching, s: int, o: int) -> dict[str, Any]:
    best = int(coaching.best[s, o])
    return {
        "score": s,
        "opponent_score": o,
        "choice": int(coaching.strategy[s, o]),
        "best": best,
        "best_votes": int(coaching.votes[s, o, best]),
        "best_cost": float(coaching.pull[s, o, best]),
        "reach": float(coaching.reach[s, o]),
        "cost": float(coaching.cost[s, o]),
    }


def _render(field: Field, coaching: FieldCoaching, data: dict[str, Any]) -> None:
    from hog.coach_words import field_sentence

    n = data["opponents"]
    say(
        f"{field.name} against the {field.what} ({field.rules}, goal {field.goal}): {n} opponents, each counted equally"
    )
    say(
        f"mean win rate {data['win_rate']:.6f}; the best responses win {data['best_win_rate']:.6f}: "
        f"a gap of {data['gap'] * POINTS:.2f} points (the mean of the gaps)"
    )
    if coaching.hidden is not None:
        say(
            f"The state of {field.rules} holds more than the two scores ({coaching.hidden}): "
            f"{coaching.unseen * POINTS:.2f} of the gap's points are beyond any table."
        )
    width = max(len("opponent"), *(len(m["opponent"]) for m in data["worst"]))
    say("")
    say(f"the {len(data['worst'])} matchups that lose most (win rates in %; gap in points):")
    say(f"  {'opponent':<{width}}  {'win':>6}  {'best':>6}  {'gap':>6}")
    for m in data["worst"]:
        say(
            f"  {m['opponent']:<{width}}  {m['win_rate'] * POINTS:>6.2f}  {m['best_win_rate'] * POINTS:>6.2f}  "
            f"{m['gap'] * POINTS:>6.2f}"
        )
    if not data["top"]:
        say("")
        say("No cell costs anything: the strategy plays a best response's choice wherever it moves.")
        return
    say("")
    say(f"the {len(data['top'])} cells that cost most over the field (reach: % of games; cost in points):")
    say(f"{'score':>7}  {'roll':>4}  {'best':>4}  {'of ' + str(n):>7}  {'reach':>6}  {'cost':>6}")
    for cell in data["top"]:
        say(
            f"{cell['score']:>3}\u2013{cell['opponent_score']:<3}  {cell['choice']:>4}  {cell['best']:>4}  "
            f"{cell['best_votes']:>7}  {cell['reach'] * POINTS:>6.2f}  {cell['cost'] * POINTS:>6.3f}"
        )
    say("")
    for cell in data["top"]:
        say(field_sentence(coaching, cell["score"], cell["opponent_score"]))
    share = data["top_cost"] / data["gap"] if data["gap"] > 0 else 0.0
    say("")
    say(
        f"These {len(data['top'])} cells hold {data['top_cost'] * POINTS:.2f} of the {data['gap'] * POINTS:.2f} "
        f"points ({share:.0%})."
    )
    if "png" in data:
        say(f"heat map written to {data['png']}")
