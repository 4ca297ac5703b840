"""What a run evolves against: objectives, and the member of a Pareto front it keeps.

An objective is an opponent SPEC (``always_roll(6)``, ``perfect``, a file,
a stored name) or a stored league, ``league:NAME`` (its entries; a league
is recorded by id, since a name may be reused). Its value for a genome is
the genome's mean exact win rate against the objective's opponents.

With several objectives a run ends with a Pareto front, and keeps one
member as its best strategy: ``balanced`` (the default) is the member
nearest the front's ideal point (the best value of every objective) once
each objective is scaled to its range on the front, that is the smallest
largest scaled shortfall; ties go to the larger sum of win rates, then to
the earlier member. A number N picks the member best on objective N.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from results.interfaces import EvolutionStorage
from strategies.spec import resolve_spec
from strategies.table import StrategyTable

__all__ = ["LEAGUE_PREFIX", "BALANCED", "Objective", "parse_objective", "check_pick", "pick_member"]

#: How an objective names a stored league.
LEAGUE_PREFIX = "league:"
#: The default pick among a Pareto front.
BALANCED = "balanced"


@dataclass(frozen=True)
class Objective:
    """An opponent SPEC, or a stored league by id; LABEL is how the user named it."""

    label: str
    opponent: str | None = None
    league_id: int | None = None

    def tables(self, store: EvolutionStorage, rules: str, goal: int) -> list[StrategyTable]:
        """The opponents: the league's entries, or the table the SPEC names."""
        if self.league_id is not None:
            return store.league_tables(self.league_id)
        assert self.opponent is not None
        return [resolve_spec(self.opponent, rules, goal, store)]

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "opponent": self.opponent, "league": self.league_id}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Objective:
        return cls(data["label"], data.get("opponent"), data.get("league"))


def parse_objective(store: EvolutionStorage, text: str, rules: str, goal: int) -> Objective:
    """The objective TEXT names: ``league:NAME`` (a stored league of RULES
    and GOAL, by name or id), else an opponent SPEC (checked to resolve)."""
    text = text.strip()
    if text.startswith(LEAGUE_PREFIX):
        name = text.removeprefix(LEAGUE_PREFIX).strip()
        return Objective(text, league_id=store.get_league(name, rules, goal).id)
    resolve_spec(text, rules, goal, store)
    return Objective(text, opponent=text)


def check_pick(pick: str | int, objectives: int) -> str | int:
    """PICK as stored: ``balanced``, or the number of one of OBJECTIVES objectives."""
    text = str(pick).strip()
    if text == BALANCED:
        return BALANCED
    if not text.isdigit() or not 1 <= int(text) <= objectives:
        raise ValueError(f"pick {text!r} is neither {BALANCED!r} nor the number of an objective (1 to {objectives})")
    return int(text)


def pick_member(values: Sequence[Sequence[float]], pick: str | int) -> int:
    """The position of the front member PICK chooses among VALUES (each
    member's win rates, one per objective); see the module doc."""
    points = np.asarray(values, dtype=float)
    if points.ndim != 2 or len(points) == 0:
        raise ValueError("no front to pick a member of")
    totals = points.sum(axis=1)
    if pick == BALANCED:
        low, high = points.min(axis=0), points.max(axis=0)
        span = np.where(high > low, high - low, 1.0)
        shortfall = ((high - points) / span).max(axis=1)
        return min(range(len(points)), key=lambda i: (shortfall[i], -totals[i], i))
    objective = int(pick) - 1
    return min(range(len(points)), key=lambda i: (-points[i, objective], -totals[i], i))
