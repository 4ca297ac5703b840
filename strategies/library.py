"""The built-in strategies of each rule set, under the course's names.

Every rule set has ``always_roll(n)``, its two named strategies from the
course (a zero-dice strategy and a rule strategy: aliases of families, with
the course's parameter names and defaults, made from the rows of
``COURSE_STRATEGIES``), ``catch_up`` where the course has it,
``perfect`` (perfect play, solved exactly), ``best_response(num_rolls=6)``
(the exact best response to ``always_roll(num_rolls)``) and
``final_strategy``: ``best_response(6)``, the exact best response to the
course's baseline ``always_roll(6)``, the same table as each course module's
``final_strategy`` (both come from ``hog.exact.best_response_to_always_roll``,
solved once per process). Where the rules have memory a best response is the
table derived from optimal full-state play (see ``hog.exact.Solution``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

import numpy as np

from hog import exact
from hog.rules import get_rules
from strategies.expression import UnknownStrategy
from strategies.families import (
    ALWAYS_ROLL,
    FAMILIES,
    GAIN,
    SWAP,
    SWAP_UNGUARDED,
    TRIGGER,
    ZERO_DICE,
)
from strategies.family_framework import Family, Parameter, Plane
from strategies.library_names import CATCH_UP_RULES, COURSE_NAMES
from strategies.table import StrategyTable

__all__ = [
    "CourseStrategies",
    "UnknownStrategy",
    "COURSE_STRATEGIES",
    "builtins",
    "entries",
    "names",
    "describe",
    "make",
]


class CourseStrategies(NamedTuple):
    """A rule set's two named course strategies: the zero-dice strategy (the
    ``zero_dice`` family) and the rule strategy (RULE_FAMILY), both with the
    family's threshold parameter (its first) called KEY and defaulting to
    DEFAULT (the rule strategy's to RULE_DEFAULT if given), and NUM_ROLLS
    dice by default. Without RULE_THRESHOLD the rule strategy has no
    threshold and never rolls 0 for the points alone (sp16's swap_strategy)."""

    zero_dice: str
    rule: str
    key: str
    default: int
    rule_family: Family
    num_rolls: int = 6
    rule_default: int | None = None
    rule_threshold: bool = True

    def entries(self) -> tuple[Family, ...]:
        """The two strategies, as aliases of their families."""
        defaults = {self.key: self.default, "num_rolls": self.num_rolls}
        zero_dice = ZERO_DICE.alias(self.zero_dice, rename={ZERO_DICE.parameters[0].name: self.key}, defaults=defaults)
        threshold = self.rule_family.parameters[0]
        if not self.rule_threshold:
            fixed = {threshold.name: threshold.high}
            return zero_dice, self.rule_family.alias(self.rule, defaults={"num_rolls": self.num_rolls}, fixed=fixed)
        if self.rule_default is not None:
            defaults[self.key] = self.rule_default
        rule = self.rule_family.alias(self.rule, rename={threshold.name: self.key}, defaults=defaults)
        return zero_dice, rule


#: The course's named strategies per rule set (RULES.md, COURSE_APIS.md): their
#: names are ``strategies.library_names.COURSE_NAMES``, the rest of each
#: ``CourseStrategies`` is its row here (key, default, rule_family[, num_rolls,
#: rule_default, rule_threshold]).
_COURSE_ROWS: dict[str, tuple[Any, ...]] = {
    "more_boar": ("cutoff", 8, TRIGGER),
    "hog_pile": ("cutoff", 8, TRIGGER),
    "swine_swap": ("threshold", 8, GAIN),
    "square_swine": ("threshold", 12, GAIN),
    "swine_align": ("cutoff", 8, TRIGGER),
    "sus_fuss": ("threshold", 11, GAIN),
    "fuzzy_factors": ("threshold", 12, GAIN),
    "pigs_on_prime": ("threshold", 8, TRIGGER),
    "hefty_hogs": ("threshold", 8, TRIGGER),
    "su21": ("cutoff", 8, TRIGGER),
    "su20": ("cutoff", 8, SWAP),
    "sp20": ("margin", 8, SWAP),
    "fa19": ("margin", 8, SWAP, 4),
    "su19": ("margin", 8, SWAP, 4),
    "sp19": ("margin", 8, SWAP, 4),
    "fa18": ("margin", 8, SWAP, 4),
    "su18": ("margin", 8, SWAP_UNGUARDED, 4),
    "sp18": ("margin", 8, SWAP, 4),
    "fa17": ("margin", 8, SWAP, 4),
    "sp17": ("margin", 8, SWAP, 4),
    "su17": ("margin", 8, SWAP_UNGUARDED, 4),
    "fa16": ("margin", 8, SWAP, 4),
    "su16": ("margin", 8, SWAP, 6, 5),
    "sp16": ("margin", 8, SWAP, 5, None, False),
    "fa14": ("margin", 8, SWAP, 5),
    "fa13": ("margin", 8, SWAP, 5),
}
COURSE_STRATEGIES: dict[str, CourseStrategies] = {
    rules: CourseStrategies(*names, *_COURSE_ROWS[rules.removesuffix("_contest")])
    for rules, names in COURSE_NAMES.items()
}


def _catch_up(plane: Plane, params: Mapping[str, int]) -> np.ndarray:
    return np.where(plane.score < plane.opponent, 6, 5)


@lru_cache(maxsize=16)
def _perfect(rules: str, goal: int) -> np.ndarray:
    return exact.perfect_play(rules, goal).table


def _best_response(plane: Plane, params: Mapping[str, int]) -> np.ndarray:
    return exact.best_response_to_always_roll(params["num_rolls"], plane.compiled.name, plane.goal).table


CATCH_UP = Family("catch_up", "6 dice when behind, 5 otherwise", (), _catch_up, origin="builtin")
PERFECT = Family(
    "perfect",
    "perfect play, solved exactly",
    (),
    lambda plane, _: _perfect(plane.compiled.name, plane.goal),
    "solved",
    solver=True,
    memory=True,
)
BEST_RESPONSE = Family(
    "best_response",
    "the exact best response to always_roll({num_rolls})",
    (Parameter("num_rolls", 0, 10, 6, "the dice count of the always_roll opponent"),),
    _best_response,
    "solved",
    solver=True,
    memory=True,
)
FINAL_STRATEGY = BEST_RESPONSE.alias(
    "final_strategy",
    fixed={"num_rolls": 6},
    origin="solved",
    about="best_response(6): the exact best response to always_roll(6), the course's baseline",
)


@cache
def builtins(rules: str) -> dict[str, Family]:
    """The built-in strategies of RULES by name (UnknownRuleSet if no such rules)."""
    rules = get_rules(rules).name
    named = [ALWAYS_ROLL.alias("always_roll"), *COURSE_STRATEGIES[rules].entries()]
    if rules in CATCH_UP_RULES:
        named.append(CATCH_UP)
    named += [PERFECT, FINAL_STRATEGY, BEST_RESPONSE]
    return {entry.name: entry for entry in named}


@cache
def entries(rules: str) -> dict[str, Family]:
    """Everything a library expression may name for RULES: the built-ins,
    then the families (origin ``family``) under their own names."""
    named = builtins(rules)
    return {**named, **{name: family for name, family in FAMILIES.items() if name not in named}}


def names(rules: str) -> list[str]:
    """Every name a library expression may use for RULES."""
    return list(entries(rules))


def describe(rules: str) -> str:
    """One line listing the valid names with their parameters."""
    return ", ".join(entry.signature() for entry in entries(rules).values())


def make(
    name: str, rules: str, goal: int = 100, args: Sequence[Any] = (), kwargs: Mapping[str, Any] | None = None
) -> StrategyTable:
    """The strategy NAME(*ARGS, **KWARGS) for RULES and GOAL (a built-in or a
    family member); UnknownStrategy or ParameterError (ValueErrors) if bad."""
    entry = entries(rules).get(name)
    if entry is None:
        raise UnknownStrategy(f"unknown strategy {name!r} for {rules}; valid names: {describe(rules)}")
    return entry.table(rules, goal, *args, **dict(kwargs or {}))
