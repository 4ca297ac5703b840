"""Parameterised families of strategies.

A family declares integer parameters with bounds (evolution reads them) and
builds a table for any rule set and goal, vectorised over the score plane.
Every rule effect comes from the arrays ``hog.exact.compile_rules`` makes
from the rule definitions; no rule is restated here. ``Family`` is also the
type of every built-in of ``strategies.library``: a course's strategy is a
family under another name (``Family.alias``: renamed parameters, other
defaults), ``perfect`` a family without parameters.

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
* ``lookahead``: a policy without a solver (``strategies.lookahead``): the
  dice count whose turn is worth most, found by a fixed-depth search of
  three rounds (its turn, the opponent's modelled reply) with every outcome
  taken exactly under the rules, the score pairs at the search's edge valued
  by a race formula (ten parameters in all);
  ``strategies.policy_source`` writes it as readable Python.
* ``response``: the exact best response to a ``lead``-family model of the
  opponent; the parameters describe the model.

Near-optimal play depends on where each dice count can land under the rules
(extra turns, swaps, squares), score pair by score pair. Coarse tables
cannot express that: even the best response's own table with its dice
counts replaced by the most common count of each 10 x 10 block of score
pairs loses 3 to 10 points of win rate against ``always_roll(6)``. The two
rich families see it in two ways: ``lookahead`` weighs every outcome of the
turn under the rules (README: how close it gets); ``response`` answers a
model of the opponent with eight integer parameters exactly by
``hog.exact.best_response``, so it reaches the best response whenever the
model fits the opponent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache, partial
from typing import Any

import numpy as np

from hog import exact
from hog.game import MAX_ROLLS
from strategies import lookahead
from strategies.table import StrategyTable

__all__ = [
    "Parameter",
    "ParameterError",
    "Family",
    "Plane",
    "FAMILIES",
    "SWAP_UNGUARDED",
    "get_family",
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

    def __post_init__(self) -> None:
        if not self.low <= self.high or not (self.default is None or self.low <= self.default <= self.high):
            raise ValueError(f"parameter {self.name}: default {self.default} or bounds {self.low}..{self.high} wrong")

    def describe(self) -> str:
        default = "required" if self.default is None else f"default {self.default}"
        return f"{self.name} {self.low}..{self.high} ({default})"


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
        triggers: np.ndarray = changed | self.zero_extra  # numpy types operators on untyped arrays as Any
        return triggers

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
    """A named entry of the library: a family of strategies, a named member
    of one, or a single strategy (a family without parameters).

    ``builder`` makes the table from the score plane and the parameters
    under its own names. An alias of a family (``Family.alias``: a course's
    strategy, ``final_strategy``) keeps the builder and differs only in data:
    ``rename`` maps a builder parameter's name to the entry's, ``fixed``
    holds builder parameters the caller cannot set, and ``parameters`` carry
    the entry's names and defaults. ``about`` is the summary with parameters
    written ``{name}`` under the builder's names; ``summary`` shows the
    entry's names.
    """

    name: str
    about: str
    parameters: tuple[Parameter, ...]
    builder: Builder
    origin: str = "family"
    rename: Mapping[str, str] = field(default_factory=dict)
    fixed: Mapping[str, int] = field(default_factory=dict)

    @property
    def summary(self) -> str:
        """One line on what the strategy does, in the entry's parameter names."""
        names = {name: name for name in self.fixed}
        names.update((self._builder_name(p.name), p.name) for p in self.parameters)
        return self.about.format_map(names)

    def _builder_name(self, name: str) -> str:
        return next((old for old, new in self.rename.items() if new == name), name)

    def signature(self) -> str:
        """``name(p, q)`` or ``name``, for listings and error messages."""
        names = ", ".join(p.name for p in self.parameters)
        return f"{self.name}({names})" if names else self.name

    def bind(self, *args: Any, **kwargs: Any) -> dict[str, int]:
        """Positional ARGS and keyword KWARGS matched to the parameters,
        defaults filled in and bounds checked; ParameterError naming the
        entry and its valid parameters."""
        where = f"parameters: {', '.join(p.describe() for p in self.parameters) or 'none'}"
        if len(args) > len(self.parameters):
            raise ParameterError(
                f"{self.name} takes at most {len(self.parameters)} positional arguments, got {len(args)}; {where}"
            )
        values = {p.name: value for p, value in zip(self.parameters, args, strict=False)}
        for key, value in kwargs.items():
            if key not in {p.name for p in self.parameters}:
                raise ParameterError(f"{self.name}: unknown parameter {key!r}; {where}")
            if key in values:
                raise ParameterError(f"{self.name}: parameter {key!r} given twice; {where}")
            values[key] = value
        bound: dict[str, int] = {}
        for parameter in self.parameters:
            value = values.get(parameter.name, parameter.default)
            if value is None:
                raise ParameterError(f"{self.name}: missing parameter {parameter.name!r}; {where}")
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
                raise ParameterError(f"{self.name}: {parameter.name} must be an integer, not {value!r}; {where}")
            if not parameter.low <= value <= parameter.high:
                raise ParameterError(
                    f"{self.name}: {parameter.name}={value} is out of bounds {parameter.low}..{parameter.high}; {where}"
                )
            bound[parameter.name] = int(value)
        return bound

    def expression(self, params: Mapping[str, int]) -> str:
        """The canonical spec text of a member: ``name``, ``name(6)`` for one
        required parameter, else ``name(k=v, ...)`` listing the non-default values."""
        parameters = self.parameters
        if len(parameters) == 1 and parameters[0].default is None:
            return f"{self.name}({params[parameters[0].name]})"
        changed = [f"{p.name}={params[p.name]}" for p in parameters if params[p.name] != p.default]
        return f"{self.name}({', '.join(changed)})" if changed else self.name

    def build(self, rules: str, goal: int, params: Mapping[str, int]) -> np.ndarray:
        """The raw goal x goal int8 table for already checked PARAMS (the entry's names)."""
        inner = {**self.fixed, **{self._builder_name(k): v for k, v in params.items()}}
        table = self.builder(score_plane(rules, goal), inner)
        return np.ascontiguousarray(np.broadcast_to(table, (goal, goal)), dtype=np.int8)

    def table(self, rules: str, goal: int = 100, *args: Any, **kwargs: Any) -> StrategyTable:
        """A member as a StrategyTable named by its canonical expression; its
        ``params`` are the fixed and the bound parameters."""
        params = self.bind(*args, **kwargs)
        return StrategyTable(
            self.build(rules, goal, params), rules, self.expression(params), self.origin, {**self.fixed, **params}
        )

    def alias(
        self,
        name: str,
        *,
        rename: Mapping[str, str] | None = None,
        defaults: Mapping[str, int] | None = None,
        fixed: Mapping[str, int] | None = None,
        origin: str = "builtin",
        about: str | None = None,
    ) -> Family:
        """This family as the entry NAME: RENAME maps parameter names to the
        alias's, DEFAULTS (by the alias's names) replace defaults, FIXED
        parameters (bounds checked) leave the signature; the summary is this
        family's unless ABOUT is given. Only a family itself has aliases."""
        if self.rename or self.fixed:
            raise ValueError(f"{self.name} is an alias itself; alias its family")
        rename, defaults, fixed = dict(rename or {}), dict(defaults or {}), dict(fixed or {})
        fixed = replace(self, parameters=tuple(p for p in self.parameters if p.name in fixed)).bind(**fixed)
        parameters = tuple(replace(p, name=rename.get(p.name, p.name)) for p in self.parameters if p.name not in fixed)
        parameters = tuple(replace(p, default=defaults.pop(p.name, p.default)) for p in parameters)
        unknown = set(defaults) | set(rename) - {p.name for p in self.parameters}
        if unknown:
            raise ValueError(f"{name}: {self.name} has no parameters {sorted(unknown)}")
        about = self.about if about is None else about
        return replace(self, name=name, about=about, parameters=parameters, origin=origin, rename=rename, fixed=fixed)


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
    return _response_to(plane.compiled.name, plane.goal, tuple(sorted(p.items())))


@lru_cache(maxsize=256)
def _response_to(rules: str, goal: int, params: tuple[tuple[str, int], ...]) -> np.ndarray:
    """The exact best response to the lead member PARAMS (read-only; solved once per process)."""
    model = LEAD.build(rules, goal, dict(params))
    return exact.best_response(model, rules, improve=False).table


ALWAYS_ROLL = Family(
    "always_roll",
    "the same number of dice at every score",
    (_dice("n", None, "dice to roll"),),
    _always_roll,
)
ZERO_DICE = Family(
    "zero_dice",
    "0 when the zero-dice points are at least {cutoff}, else {num_rolls}",
    (_CUTOFF, _dice()),
    _zero_dice,
)
TRIGGER = Family(
    "trigger",
    "0 when rolling 0 sets off the after-turn rule or scores at least {cutoff}, else {num_rolls}",
    (_CUTOFF, _dice()),
    _trigger,
)
GAIN = Family(
    "gain",
    "0 when rolling 0 raises the score (after-turn rule applied) by at least {threshold}, else {num_rolls}",
    (_THRESHOLD, _dice()),
    _gain,
)
_SWAP_OTHERWISE = "otherwise 0 when the zero-dice points are at least {cutoff}, else {num_rolls}"
SWAP = Family(
    "swap",
    "0 when rolling 0 swaps the scores to the player's gain; {num_rolls} when it would swap to a loss; "
    + _SWAP_OTHERWISE,
    (_CUTOFF, _dice()),
    _swap,
)
#: ``swap`` without avoiding a harmful swap (su18's swap_strategy); not in FAMILIES.
SWAP_UNGUARDED = Family(
    "swap",
    "0 when rolling 0 swaps the scores to the player's gain; " + _SWAP_OTHERWISE,
    SWAP.parameters,
    partial(_swap, avoid_harmful=False),
)
LEAD = Family(
    "lead",
    "endgame, zero-dice and lead/trail rules: within {close} of the goal the fewest dice most likely to win "
    "now; 0 when it gains at least {cutoff} points of lead (an extra turn counts {extra_turn}); "
    "{lead_rolls} when ahead by {lead}, {trail_rolls} when behind by {trail}, else {num_rolls}",
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


def _lookahead(plane: Plane, p: Mapping[str, int]) -> np.ndarray:
    return lookahead.build(plane.compiled.name, plane.goal, p)


LOOKAHEAD = Family(
    "lookahead",
    "the dice count whose turn is worth most, searched three rounds deep: each outcome of the turn and of the "
    "opponent's reply of {reply} "
    "dice (11: its worst for the player, 12: none) exactly, the score pairs after them by a race formula of the "
    "points each player needs (weights {own}, {other}; tempo {again}, {wait}; spreads {spread_own}, "
    "{spread_other}, {spread}; zero-dice gain {bacon} beyond {base}; all /100)",
    tuple(Parameter(*row) for row in lookahead.PARAMETERS),
    _lookahead,
)
RESPONSE = Family(
    "response",
    "the exact best response to an opponent modelled as the lead-family member with these parameters",
    LEAD.parameters,
    _response,
)

FAMILIES: dict[str, Family] = {
    f.name: f for f in (ALWAYS_ROLL, ZERO_DICE, TRIGGER, GAIN, SWAP, LEAD, LOOKAHEAD, RESPONSE)
}


def get_family(name: str) -> Family:
    """The family of that name; KeyError listing the valid names."""
    try:
        return FAMILIES[name]
    except KeyError:
        raise KeyError(f"unknown family {name!r}; valid families: {', '.join(FAMILIES)}") from None
