"""The family framework: integer parameters with bounds, the score plane,
and ``Family``, a named table builder over them.

A family declares integer parameters with bounds (evolution reads them) and
builds a table for any rule set and goal, vectorised over the score plane
(``Plane``: every rule effect as the arrays ``hog.exact.compile_rules``
makes from the rule definitions; no rule is restated here). ``Family`` is
also the type of every built-in of ``strategies.library``: a course's
strategy is a family under another name (``Family.alias``: renamed
parameters, other defaults), ``perfect`` a family without parameters. Its
classifiers, as Axelrod's ``classifier`` for its strategies, say what a
caller must expect: ``solver`` (the table is solved exactly: a best
response or perfect play, seconds rather than milliseconds per table) and
``memory`` (its tables heed the rules' memory, as Feral Hogs' bonus, and not
only the two scores' rules). The concrete families are in
``strategies.families``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from hog import exact
from hog.game import MAX_ROLLS
from strategies.table import StrategyTable

__all__ = ["Parameter", "ParameterError", "Plane", "Family", "Builder", "score_plane", "dice_parameter"]


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
        dice (0..10) wins the game this turn, after-turn rule applied (the
        rows after 0..10, fa16's Pork Chop, are not among them)."""
        compiled, goal = self.compiled, self.goal
        chance = np.zeros((goal, goal, MAX_ROLLS + 1))
        chance[:, :, 0] = self.zero_score >= goal
        for points in range(1, compiled.dice_probabilities.shape[1]):
            reached = compiled.after_score[self.score + points, self.opponent] >= goal
            chance += reached[:, :, None] * compiled.dice_probabilities[: MAX_ROLLS + 1, points]
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
    #: The table is solved exactly (a best response, perfect play): seconds per table, not milliseconds.
    solver: bool = False
    #: The tables heed the rules' memory (Feral Hogs' bonus), not only the rules of the two scores.
    memory: bool = False

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


def dice_parameter(name: str = "num_rolls", default: int | None = 6, help: str = "dice to roll otherwise") -> Parameter:
    """A dice count 0..10 as a parameter."""
    return Parameter(name, 0, MAX_ROLLS, default, help)
