"""The built-in strategies of each rule set, under the course's names.

Every rule set has ``always_roll(n)``, its two named strategies from the
course (a zero-dice strategy and a rule strategy, with the course's
parameter names and defaults), ``catch_up`` where the course has it,
``perfect`` (perfect play, solved exactly) and ``final_strategy`` (the
project's best against ``always_roll(6)``: a ``response``-family member whose
parameters are committed below, or for the rule sets without committed
parameters the exact best response itself).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping, NamedTuple, Sequence

import numpy as np

from hog import exact
from hog.rules import get_rules
from strategies.families import (
    ALWAYS_ROLL,
    FAMILIES,
    GAIN,
    RESPONSE,
    SWAP,
    TRIGGER,
    ZERO_DICE,
    Family,
    Parameter,
    bind_arguments,
    expression,
    swap_without_avoiding,
)
from strategies.table import StrategyTable

__all__ = [
    "Builtin",
    "CourseStrategies",
    "UnknownStrategy",
    "COURSE_STRATEGIES",
    "FINAL_PARAMETERS",
    "builtins",
    "entries",
    "names",
    "describe",
    "make",
]


class UnknownStrategy(ValueError):
    """A name that is neither a built-in of the rule set nor a family."""


@dataclass(frozen=True)
class Builtin:
    """A named strategy of one rule set: its parameters and how to tabulate it."""

    name: str
    summary: str
    parameters: tuple[Parameter, ...]
    tabulate: Callable[[str, int, Mapping[str, int]], np.ndarray]
    origin: str = "builtin"
    fixed: Mapping[str, int] = field(default_factory=dict)

    def table(self, rules: str, goal: int = 100, *args: Any, **kwargs: Any) -> StrategyTable:
        """The strategy's table for RULES and GOAL, named by its expression.
        Its ``params`` are the bound parameters, or the FIXED ones."""
        params = bind_arguments(self.name, self.parameters, args, kwargs)
        name = expression(self.name, params, self.parameters)
        params = {**self.fixed, **params}
        return StrategyTable(self.tabulate(rules, goal, params), rules, name, self.origin, params)

    def signature(self) -> str:
        """``name(p, q)`` or ``name``, for listings and error messages."""
        names = ", ".join(p.name for p in self.parameters)
        return f"{self.name}({names})" if names else self.name


def _from_family(
    name: str, family: Family, course_key: str, family_key: str, default: int, num_rolls: int = 6
) -> Builtin:
    """FAMILY under a course NAME whose parameter FAMILY_KEY is called
    COURSE_KEY and defaults to DEFAULT, and whose num_rolls defaults to NUM_ROLLS."""
    parameters = tuple(
        p.renamed(course_key, default)
        if p.name == family_key
        else p.renamed(p.name, num_rolls)
        if p.name == "num_rolls"
        else p
        for p in family.parameters
    )

    def tabulate(rules: str, goal: int, params: Mapping[str, int]) -> np.ndarray:
        return family.build(rules, goal, {family_key if k == course_key else k: v for k, v in params.items()})

    return Builtin(name, family.summary.replace(family_key, course_key), parameters, tabulate)


def _catch_up_table(rules: str, goal: int, params: Mapping[str, int]) -> np.ndarray:
    score = np.arange(goal)[:, None]
    opponent = np.arange(goal)[None, :]
    return np.where(score < opponent, 6, 5)


def _perfect_table(rules: str, goal: int, params: Mapping[str, int]) -> np.ndarray:
    return _perfect(rules, goal)


@lru_cache(maxsize=16)
def _perfect(rules: str, goal: int) -> np.ndarray:
    return exact.perfect_play(rules, goal).table


class CourseStrategies(NamedTuple):
    """A rule set's two named course strategies, their shared threshold
    parameter and its default, the rule strategy's family, and the default
    number of dice."""

    zero_dice: str
    rule: str
    key: str
    default: int
    rule_family: Family
    num_rolls: int = 6


#: su18's swap_strategy does not avoid a harmful swap.
SWAP_SU18 = Family("swap", SWAP.summary, SWAP.parameters, swap_without_avoiding)

#: The course's named strategies per rule set (RULES.md, COURSE_APIS.md).
COURSE_STRATEGIES: dict[str, CourseStrategies] = {
    "more_boar": CourseStrategies("piggypoints_strategy", "more_boar_strategy", "cutoff", 8, TRIGGER),
    "hog_pile": CourseStrategies("picky_piggy_strategy", "hog_pile_strategy", "cutoff", 8, TRIGGER),
    "swine_swap": CourseStrategies("picky_strategy", "swine_strategy", "threshold", 8, GAIN),
    "square_swine": CourseStrategies("tail_strategy", "square_strategy", "threshold", 12, GAIN),
    "swine_align": CourseStrategies("bacon_strategy", "extra_turn_strategy", "cutoff", 8, TRIGGER),
    "sus_fuss": CourseStrategies("boar_strategy", "sus_strategy", "threshold", 11, GAIN),
    "fuzzy_factors": CourseStrategies("boar_strategy", "fuzzy_strategy", "threshold", 12, GAIN),
    "pigs_on_prime": CourseStrategies("oink_points_strategy", "pigs_on_prime_strategy", "threshold", 8, TRIGGER),
    "hefty_hogs": CourseStrategies("hefty_hogs_strategy", "hog_pile_strategy", "threshold", 8, TRIGGER),
    "su21": CourseStrategies("piggypoints_strategy", "more_boar_strategy", "cutoff", 8, TRIGGER),
    "su20": CourseStrategies("bacon_strategy", "swap_strategy", "cutoff", 8, SWAP),
    "sp20": CourseStrategies("bacon_strategy", "swap_strategy", "margin", 8, SWAP),
    "fa19": CourseStrategies("bacon_strategy", "swap_strategy", "margin", 8, SWAP, 4),
    "su19": CourseStrategies("bacon_strategy", "swap_strategy", "margin", 8, SWAP, 4),
    "fa18": CourseStrategies("bacon_strategy", "swap_strategy", "margin", 8, SWAP, 4),
    "su18": CourseStrategies("bacon_strategy", "swap_strategy", "margin", 8, SWAP_SU18, 4),
    "sp18": CourseStrategies("bacon_strategy", "swap_strategy", "margin", 8, SWAP, 4),
    "fa17": CourseStrategies("bacon_strategy", "swap_strategy", "margin", 8, SWAP, 4),
}

#: Rule sets whose course module has ``catch_up``.
_CATCH_UP = ("swine_swap", "square_swine", "sus_fuss", "fuzzy_factors")

#: final_strategy: the best ``response`` member that ``hog evolve --rules R``
#: (default settings, seed 0; swine_swap: seed 1) evolved against
#: always_roll(6); each one's exact win rate equals the best response's.
FINAL_PARAMETERS: dict[str, dict[str, int]] = {
    "more_boar": dict(cutoff=98, num_rolls=6, lead=72, lead_rolls=6, trail=94, trail_rolls=7, extra_turn=22, close=0),
    "hog_pile": dict(cutoff=193, num_rolls=6, lead=98, lead_rolls=10, trail=94, trail_rolls=6, extra_turn=25, close=1),
    "swine_swap": dict(cutoff=198, num_rolls=6, lead=80, lead_rolls=6, trail=100, trail_rolls=8, extra_turn=30, close=0),
    "square_swine": dict(cutoff=185, num_rolls=6, lead=89, lead_rolls=1, trail=94, trail_rolls=10, extra_turn=22, close=0),
    "swine_align": dict(cutoff=189, num_rolls=6, lead=22, lead_rolls=6, trail=94, trail_rolls=6, extra_turn=12, close=0),
}


def _final_strategy(rules: str) -> Builtin:
    """The evolved response member where its parameters are committed, else
    the exact best response to always_roll(6) (where the rules have memory:
    the table derived from optimal full-state play, see hog.exact.Solution)."""
    if rules not in FINAL_PARAMETERS:
        summary = "the project's best against always_roll(6): its exact best response"
        return Builtin("final_strategy", summary, (), _best_response_to_sixes, origin="solved")
    final = RESPONSE.bind(**FINAL_PARAMETERS[rules])
    summary = f"the project's best against always_roll(6): {expression(RESPONSE.name, final, RESPONSE.parameters)}"
    return Builtin("final_strategy", summary, (), RESPONSE.build, fixed=final)


def _best_response_to_sixes(rules: str, goal: int, params: Mapping[str, int]) -> np.ndarray:
    return exact.best_response(np.full((goal, goal), 6, dtype=np.int8), rules).table


@lru_cache(maxsize=None)
def builtins(rules: str) -> dict[str, Builtin]:
    """The built-in strategies of RULES by name (UnknownRuleSet if no such rules)."""
    rules = get_rules(rules).name
    entries = [Builtin("always_roll", ALWAYS_ROLL.summary, ALWAYS_ROLL.parameters, ALWAYS_ROLL.build)]
    if rules in COURSE_STRATEGIES:
        course = COURSE_STRATEGIES[rules]
        entries.append(
            _from_family(course.zero_dice, ZERO_DICE, course.key, "cutoff", course.default, course.num_rolls)
        )
        rule_key = course.rule_family.parameters[0].name
        entries.append(
            _from_family(course.rule, course.rule_family, course.key, rule_key, course.default, course.num_rolls)
        )
    if rules in _CATCH_UP:
        entries.append(Builtin("catch_up", "6 dice when behind, 5 otherwise", (), _catch_up_table))
    entries.append(Builtin("perfect", "perfect play, solved exactly", (), _perfect_table, origin="solved"))
    entries.append(_final_strategy(rules))
    return {entry.name: entry for entry in entries}


@lru_cache(maxsize=None)
def entries(rules: str) -> dict[str, Builtin]:
    """Everything a library expression may name for RULES: the built-ins,
    then the families (origin ``family``) under their own names."""
    named = dict(builtins(rules))
    for family in FAMILIES.values():
        named.setdefault(
            family.name, Builtin(family.name, family.summary, family.parameters, family.build, origin="family")
        )
    return named


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
