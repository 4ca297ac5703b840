"""Parameterised families of strategies.

A family declares integer parameters with bounds (evolution reads them) and
builds a table for any rule set and goal, vectorised over the score plane.
Every rule effect comes from the arrays ``hog.exact.compile_rules`` makes
from the rule definitions; no rule is restated here.

* ``always_roll(n)``: the same dice count everywhere.
* ``zero_dice(cutoff, num_rolls)``: 0 when the zero-dice points are at least
  ``cutoff`` (the course's piggypoints/picky/tail/bacon strategies).
* ``trigger(cutoff, num_rolls)``: 0 when rolling 0 sets off the after-turn
  rule (an extra turn or changed scores), else as ``zero_dice``
  (more_boar_strategy, hog_pile_strategy, extra_turn_strategy).
* ``gain(threshold, num_rolls)``: 0 when rolling 0 leaves the player's score,
  after-turn rule applied, at least ``threshold`` above its score at the
  start of the turn (swine_strategy, square_strategy).
* ``lead``: an endgame rule, a zero-dice rule on the lead gained, and dice
  counts that depend on being ahead or behind.
* ``response``: the exact best response to a ``lead``-family model of the
  opponent; the parameters describe the model.

Why ``response`` is the rich family: near-optimal play depends on where each
dice count can land under the rules (extra turns, swaps, squares), score
pair by score pair. Coarse policies cannot express that: even the best
response's own table with its dice counts replaced by the most common count
of each 10 x 10 block of score pairs loses 3 to 10 points of win rate
against ``always_roll(6)``. A model of the opponent with eight integer
parameters, answered exactly by ``hog.exact.best_response``, reaches the
best response whenever the model fits the opponent, and stays a sound
choice against a field of opponents (evolution tunes the model).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from hog import exact
from hog.game import MAX_ROLLS
from strategies.table import StrategyTable

__all__ = [
    "Parameter",
    "ParameterError",
    "Family",
    "Plane",
    "FAMILIES",
    "get_family",
    "bind_arguments",
    "expression",
    "score_plane",
]


class ParameterError(ValueError):
    """A missing, unknown, duplicated or out-of-bounds parameter."""


@dataclass(frozen=True)
class Parameter:
    """An integer parameter with inclusive bounds; ``default=None`` means required."""

    name: str
    low: int
    high: int
    default: int | None
    help: str = ""

    def describe(self) -> str:
        default = "required" if self.default is None else f"default {self.default}"
        return f"{self.name} {self.low}..{self.high} ({default})"

    def renamed(self, name: str, default: int | None = None) -> "Parameter":
        """The same parameter under another name (and default)."""
        return Parameter(name, self.low, self.high, self.default if default is None else default, self.help)


def describe_parameters(parameters: Sequence[Parameter]) -> str:
    """``a 0..10 (default 6), b 1..100 (required)`` or ``none``."""
    return ", ".join(p.describe() for p in parameters) or "none"


def bind_arguments(
    label: str,
    parameters: Sequence[Parameter],
    args: Sequence[Any] = (),
    kwargs: Mapping[str, Any] | None = None,
) -> dict[str, int]:
    """Match positional ARGS and keyword KWARGS to PARAMETERS, fill defaults and
    check bounds; raise ParameterError naming LABEL and the valid parameters."""
    kwargs = dict(kwargs or {})
    names = [p.name for p in parameters]
    where = f"parameters: {describe_parameters(parameters)}"
    if len(args) > len(parameters):
        raise ParameterError(f"{label} takes at most {len(parameters)} positional arguments, got {len(args)}; {where}")
    values = dict(zip(names, args))
    for key, value in kwargs.items():
        if key not in names:
            raise ParameterError(f"{label}: unknown parameter {key!r}; {where}")
        if key in values:
            raise ParameterError(f"{label}: parameter {key!r} given twice; {where}")
        values[key] = value
    bound: dict[str, int] = {}
    for parameter in parameters:
        value = values.get(parameter.name, parameter.default)
        if value is None:
            raise ParameterError(f"{label}: missing parameter {parameter.name!r}; {where}")
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            raise ParameterError(f"{label}: {parameter.name} must be an integer, not {value!r}; {where}")
        if not parameter.low <= value <= parameter.high:
            raise ParameterError(
                f"{label}: {parameter.name}={value} is out of bounds {parameter.low}..{parameter.high}; {where}"
            )
        bound[parameter.name] = int(value)
    return bound


def expression(name: str, params: Mapping[str, int], parameters: Sequence[Parameter]) -> str:
    """The canonical spec text: ``name``, ``name(6)`` for one required
    parameter, else ``name(k=v, ...)`` listing the non-default values."""
    if len(parameters) == 1 and parameters[0].default is None:
        return f"{name}({params[parameters[0].name]})"
    changed = [f"{p.name}={params[p.name]}" for p in parameters if params[p.name] != p.default]
    return f"{name}({', '.join(changed)})" if changed else name


# --- the score plane --------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Plane:
    """Facts about every score pair (score, opponent_score) below the goal,
    as ``goal x goal`` arrays taken from the compiled rule set.

    * ``score``, ``opponent``: the coordinates (broadcastable);
    * ``zero_points``: points of rolling zero dice;
    * ``zero_score``, ``zero_opponent``, ``zero_extra``: the scores and extra
      turn after rolling zero dice, after-turn rule applied.
    """

    compiled: exact.CompiledRules
    score: np.ndarray
    opponent: np.ndarray
    zero_points: np.ndarray
    zero_score: np.ndarray
    zero_opponent: np.ndarray
    zero_extra: np.ndarray

    @property
    def goal(self) -> int:
        return self.compiled.goal

    @property
    def zero_triggers(self) -> np.ndarray:
        """Whether rolling zero dice sets off the after-turn rule."""
        changed = (self.zero_score != self.score + self.zero_points) | (self.zero_opponent != self.opponent)
        return changed | self.zero_extra

    @cached_property
    def win_chance(self) -> np.ndarray:
        """``win_chance[score, opponent, n]``: the chance that rolling ``n``
        dice (0..10) wins the game this turn, after-turn rule applied."""
        compiled, goal = self.compiled, self.goal
        chance = np.zeros((goal, goal, MAX_ROLLS + 1))
        chance[:, :, 0] = self.zero_score >= goal
        for points in range(1, compiled.dice_probabilities.shape[1]):
            reached = compiled.after_score[self.score + points, self.opponent] >= goal
            chance += reached[:, :, None] * compiled.dice_probabilities[:, points]
        chance.round(12, out=chance)
        chance.setflags(write=False)
        return chance


@lru_cache(maxsize=32)
def score_plane(rules: str, goal: int = 100) -> Plane:
    """The score plane of RULES and GOAL (six-sided dice; cached)."""
    compiled = exact.compile_rules(rules, goal)
    score = np.arange(goal)[:, None]
    opponent = np.arange(goal)[None, :]
    zero_points = compiled.zero_points
    after = score + zero_points
    return Plane(
        compiled=compiled,
        score=score,
        opponent=opponent,
        zero_points=zero_points,
        zero_score=compiled.after_score[after, opponent],
        zero_opponent=compiled.after_opponent[after, opponent],
        zero_extra=compiled.after_extra[after, opponent],
    )


# --- families ---------------------------------------------------------------

Builder = Callable[[Plane, Mapping[str, int]], np.ndarray]


@dataclass(frozen=True)
class Family:
    """A named family: its parameters and a vectorised table builder."""

    name: str
    summary: str
    parameters: tuple[Parameter, ...]
    builder: Builder

    def bind(self, *args: Any, **kwargs: Any) -> dict[str, int]:
        """Checked parameters, defaults filled in (ParameterError if bad)."""
        return bind_arguments(self.name, self.parameters, args, kwargs)

    def build(self, rules: str, goal: int, params: Mapping[str, int]) -> np.ndarray:
        """The raw goal x goal int8 table for already checked PARAMS."""
        table = self.builder(score_plane(rules, goal), params)
        return np.ascontiguousarray(np.broadcast_to(table, (goal, goal)), dtype=np.int8)

    def table(self, rules: str, goal: int = 100, *args: Any, **kwargs: Any) -> StrategyTable:
        """A member as a StrategyTable named by its canonical expression."""
        params = self.bind(*args, **kwargs)
        name = expression(self.name, params, self.parameters)
        return StrategyTable(self.build(rules, goal, params), rules, name, "family", params)


def _dice(name: str = "num_rolls", default: int | None = 6, help: str = "dice to roll otherwise") -> Parameter:
    return Parameter(name, 0, MAX_ROLLS, default, help)


_CUTOFF = Parameter("cutoff", 0, 100, 8, "zero-dice points that make rolling 0 worth it")
_THRESHOLD = Parameter("threshold", 0, 100, 8, "score gain that makes rolling 0 worth it")


def _always_roll(plane: Plane, p: Mapping[str, int]) -> np.ndarray:
    return np.full((plane.goal, plane.goal), p["n"])


def _zero_dice(plane: Plane, p: Mapping[str, int]) -> np.ndarray:
    return np.where(plane.zero_points >= p["cutoff"], 0, p["num_rolls"])


def _trigger(plane: Plane, p: Mapping[str, int]) -> np.ndarray:
    return np.where(plane.zero_triggers | (plane.zero_points >= p["cutoff"]), 0, p["num_rolls"])


def _gain(plane: Plane, p: Mapping[str, int]) -> np.ndarray:
    return np.where(plane.zero_score - plane.score >= p["threshold"], 0, p["num_rolls"])


def _swap(plane: Plane, p: Mapping[str, int], avoid_harmful: bool = True) -> np.ndarray:
    reached = plane.score + plane.zero_points
    swapped = (plane.zero_score != reached) & (plane.zero_opponent == reached)
    bacon = np.where(plane.zero_points >= p["cutoff"], 0, p["num_rolls"])
    table = np.where(swapped & (plane.opponent > reached), 0, bacon)
    if avoid_harmful:
        table = np.where(swapped & (plane.opponent < reached), p["num_rolls"], table)
    return table


def swap_without_avoiding(plane: Plane, p: Mapping[str, int]) -> np.ndarray:
    """``swap`` that does not avoid a harmful swap (the su18 course's swap_strategy)."""
    return _swap(plane, p, avoid_harmful=False)


def _lead(plane: Plane, p: Mapping[str, int]) -> np.ndarray:
    margin = plane.score - plane.opponent
    rolls = np.where(
        margin >= p["lead"], p["lead_rolls"], np.where(-margin >= p["trail"], p["trail_rolls"], p["num_rolls"])
    )
    gained = (plane.zero_score - plane.score) - (plane.zero_opponent - plane.opponent)
    gained = gained + p["extra_turn"] * plane.zero_extra
    table = np.where(gained >= p["cutoff"], 0, rolls)
    if p["close"] == 0:
        return table
    # Endgame: the fewest dice with the best chance to win this turn (0 first).
    chance = plane.win_chance
    close = (plane.goal - plane.score <= p["close"]) & (chance.max(axis=2) > 0)
    return np.where(close, np.argmax(chance, axis=2), table)


def _response(plane: Plane, p: Mapping[str, int]) -> np.ndarray:
    model = LEAD.build(plane.compiled.name, plane.goal, p)
    return exact.best_response(model, plane.compiled.name).table


ALWAYS_ROLL = Family(
    "always_roll",
    "the same number of dice at every score",
    (_dice("n", None, "dice to roll"),),
    _always_roll,
)
ZERO_DICE = Family(
    "zero_dice",
    "0 when the zero-dice points are at least cutoff, else num_rolls",
    (_CUTOFF, _dice()),
    _zero_dice,
)
TRIGGER = Family(
    "trigger",
    "0 when rolling 0 sets off the after-turn rule or scores at least cutoff, else num_rolls",
    (_CUTOFF, _dice()),
    _trigger,
)
GAIN = Family(
    "gain",
    "0 when rolling 0 raises the score (after-turn rule applied) by at least threshold, else num_rolls",
    (_THRESHOLD, _dice()),
    _gain,
)
SWAP = Family(
    "swap",
    "0 when rolling 0 swaps the scores to the player's gain; num_rolls when it would swap to a loss; "
    "otherwise 0 when the zero-dice points are at least cutoff, else num_rolls",
    (_CUTOFF, _dice()),
    _swap,
)
LEAD = Family(
    "lead",
    "endgame, zero-dice and lead/trail rules: within close of the goal the fewest dice most likely to win "
    "now; 0 when it gains at least cutoff points of lead (an extra turn counts extra_turn); "
    "lead_rolls when ahead by lead, trail_rolls when behind by trail, else num_rolls",
    (
        Parameter("cutoff", 0, 200, 8, "lead gained by rolling 0 that makes it worth it"),
        _dice(),
        Parameter("lead", 1, 100, 20, "margin from which the player counts as ahead"),
        _dice("lead_rolls", 4, "dice to roll when ahead"),
        Parameter("trail", 1, 100, 20, "margin from which the player counts as behind"),
        _dice("trail_rolls", 8, "dice to roll when behind"),
        Parameter("extra_turn", 0, 30, 8, "points of lead an extra turn is worth"),
        Parameter("close", 0, 40, 10, "points from the goal where the endgame rule starts (0: never)"),
    ),
    _lead,
)
RESPONSE = Family(
    "response",
    "the exact best response to an opponent modelled as the lead-family member with these parameters",
    LEAD.parameters,
    _response,
)

FAMILIES: dict[str, Family] = {f.name: f for f in (ALWAYS_ROLL, ZERO_DICE, TRIGGER, GAIN, SWAP, LEAD, RESPONSE)}


def get_family(name: str) -> Family:
    """The family of that name; KeyError listing the valid names."""
    try:
        return FAMILIES[name]
    except KeyError:
        raise KeyError(f"unknown family {name!r}; valid families: {', '.join(FAMILIES)}") from None
