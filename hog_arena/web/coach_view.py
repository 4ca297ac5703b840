"""The "Where it loses" section of a strategy's page (against ``perfect``)
and of a contest entry's page (against the other teams' current entries).

The coach runs in a computation's worker process under the arena's
admission control (``ArenaService.computed``), once per (table, opponent,
rules, goal): the opponent is the perfect table's hash, or a field's
entry ids. It returns plain data, the heat map included as a PNG ``data:``
address, so a section is rendered from the cache alone. Who may see a
contest entry's section is who may see the entry (``Contests.entry_view``,
through ``arena.contest.field.entry_field``).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from arena.contest.board import Board
from arena.contest.field import entry_field
from hog_arena.web.admission import Refused
from hog_arena.web.contest_service import ContestService
from hog_arena.web.service import MAX_COMPUTED_GOAL, ArenaService, _png
from results.contest_records import ParticipantRecord
from strategies.table import StrategyTable

__all__ = ["CoachSection", "Unavailable", "entry_section", "strategy_section"]

#: The costliest cells and the worst matchups a section lists.
TOP = 10
#: The worst matchups a field's section lists.
WORST = 5
#: A matchup's numbers, shown as the contest shows win rates (``EntryField.shown``), as are the field's means.
RATES = ("win_rate", "best_rate", "gap")


@dataclass(frozen=True)
class CoachSection:
    """What the section shows: the opponent in words, the exact win rates
    (means over a field), the gap, the costliest cells (each with its
    sentence), a field's worst matchups, and the heat map as a ``data:`` URI."""

    opponent: str
    win_rate: float
    best_rate: float
    gap: float
    cells: tuple[dict[str, object], ...]
    matchups: tuple[dict[str, Any], ...]
    picture: str


@dataclass(frozen=True)
class Unavailable:
    """Why the section cannot be shown now."""

    reason: str


def _picture(costs: np.ndarray, top: list[tuple[int, int]], title: str) -> str:
    from arena.coach_plot import coach_heatmap_figure

    png = _png(coach_heatmap_figure, costs * 100.0, top, title)
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def coach_against(table: np.ndarray, opponent: np.ndarray, rules: str, title: str) -> CoachSection:
    """The section of TABLE against OPPONENT (run as a computation)."""
    from hog.coach import coach
    from hog.coach_words import cell_sentence

    coaching = coach(table, opponent, rules)
    top = coaching.top(TOP)
    cells = tuple(
        _cell(coaching.strategy, coaching.best, coaching.reach, coaching.cost, s, o)
        | {"sentence": cell_sentence(coaching, s, o)}
        for s, o in top
    )
    picture = _picture(coaching.cost, top, title)
    return CoachSection("perfect", coaching.win_rate, coaching.best_rate, coaching.gap, cells, (), picture)


def coach_against_field(
    table: np.ndarray, tables: tuple[np.ndarray, ...], labels: tuple[str, ...], rules: str, title: str
) -> CoachSection:
    """The section of TABLE against the field TABLES (named LABELS; run as a computation)."""
    from hog.coach_field import coach_field
    from hog.coach_words import field_sentence

    coaching = coach_field(table, list(tables), rules)
    top = coaching.top(TOP)
    cells = tuple(
        _cell(coaching.strategy, coaching.best, coaching.reach, coaching.cost, s, o)
        | {"sentence": field_sentence(coaching, s, o)}
        for s, o in top
    )
    worst = tuple(
        {
            "opponent": labels[i],
            "win_rate": coaching.matchups[i].win_rate,
            "best_rate": coaching.matchups[i].best_rate,
            "gap": coaching.matchups[i].gap,
        }
        for i in coaching.worst(WORST)
    )
    picture = _picture(coaching.cost, top, title)
    what = f"the field ({len(tables)} other entries, each counted equally)"
    return CoachSection(what, coaching.win_rate, coaching.best_rate, coaching.gap, cells, worst, picture)


def _cell(
    strategy: np.ndarray, best: np.ndarray, reach: np.ndarray, cost: np.ndarray, s: int, o: int
) -> dict[str, object]:
    return {
        "score": s,
        "opponent_score": o,
        "choice": int(strategy[s, o]),
        "best": int(best[s, o]),
        "reach": float(reach[s, o]),
        "cost": float(cost[s, o]),
    }


def strategy_section(arena: ArenaService, table: StrategyTable, client: str) -> CoachSection | Unavailable:
    """TABLE against perfect play of its rules and goal, computed for CLIENT (or why not now)."""
    if table.goal > MAX_COMPUTED_GOAL:
        return Unavailable(f"the web arena coaches up to goal {MAX_COMPUTED_GOAL}; run hog coach on your machine")
    try:
        perfect = arena.find("perfect", table.rules, table.goal, client)
        key = ("coach", table.sha256, perfect.sha256, table.rules, table.goal)
        title = f"{table.name} against perfect ({table.rules}, goal {table.goal})"
        return arena.computed(key, client, coach_against, table.table, perfect.table, table.rules, title)
    except Refused as refused:
        return Unavailable(str(refused))


def entry_section(
    contests: ContestService, board: Board, entry_id: int, viewer: ParticipantRecord | None, client: str
) -> CoachSection | Unavailable:
    """Entry ENTRY_ID against its field, if VIEWER may see the entry
    (NoSuchEntry otherwise), computed for CLIENT (or why not now)."""
    field = entry_field(contests.contests, board, entry_id, viewer)
    contest = board.contest
    if not field.tables:
        return Unavailable("no other team has an entry yet: there is no field to coach against")
    table = StrategyTable(field.table, contest.rules, f"entry #{entry_id}", "file")
    key = ("coach", table.sha256, field.ids, contest.rules, contest.goal)
    title = f"entry #{entry_id} against the field of contest {contest.name} ({contest.rules}, goal {contest.goal})"
    try:
        call = coach_against_field
        section = contests.arena.computed(
            key, client, call, field.table, field.tables, field.labels, contest.rules, title
        )
    except Refused as refused:
        return Unavailable(str(refused))
    shown = tuple({**m, **{k: field.shown(m[k]) for k in RATES}} for m in section.matchups)
    rates = (field.shown(section.win_rate), field.shown(section.best_rate), field.shown(section.gap))
    return replace(section, win_rate=rates[0], best_rate=rates[1], gap=rates[2], matchups=shown)
