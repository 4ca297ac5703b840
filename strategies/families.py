"""Parameterised families of strategies.

The framework (``Parameter``, ``Plane``, ``Family``) is
``strategies.family_framework``; these are the families themselves, the
ones ``hog evolve`` evolves:

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

from collections.abc import Mapping
from functools import lru_cache, partial

import numpy as np

from hog import exact
from strategies import lookahead
from strategies.family_framework import Family, Parameter, Plane, dice_parameter

__all__ = [
    "FAMILIES",
    "ALWAYS_ROLL",
    "ZERO_DICE",
    "TRIGGER",
    "GAIN",
    "SWAP",
    "SWAP_UNGUARDED",
    "LEAD",
    "LOOKAHEAD",
    "RESPONSE",
    "get_family",
]


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
    (dice_parameter("n", None, "dice to roll"),),
    _always_roll,
)
ZERO_DICE = Family(
    "zero_dice",
    "0 when the zero-dice points are at least {cutoff}, else {num_rolls}",
    (_CUTOFF, dice_parameter()),
    _zero_dice,
)
TRIGGER = Family(
    "trigger",
    "0 when rolling 0 sets off the after-turn rule or scores at least {cutoff}, else {num_rolls}",
    (_CUTOFF, dice_parameter()),
    _trigger,
)
GAIN = Family(
    "gain",
    "0 when rolling 0 raises the score (after-turn rule applied) by at least {threshold}, else {num_rolls}",
    (_THRESHOLD, dice_parameter()),
    _gain,
)
_SWAP_OTHERWISE = "otherwise 0 when the zero-dice points are at least {cutoff}, else {num_rolls}"
SWAP = Family(
    "swap",
    "0 when rolling 0 swaps the scores to the player's gain; {num_rolls} when it would swap to a loss; "
    + _SWAP_OTHERWISE,
    (_CUTOFF, dice_parameter()),
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
        dice_parameter(),
        Parameter("lead", 1, 100, 20, "margin from which the player counts as ahead"),
        dice_parameter("lead_rolls", 4, "dice to roll when ahead"),
        Parameter("trail", 1, 100, 20, "margin from which the player counts as behind"),
        dice_parameter("trail_rolls", 8, "dice to roll when behind"),
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
    memory=True,
)
RESPONSE = Family(
    "response",
    "the exact best response to an opponent modelled as the lead-family member with these parameters",
    LEAD.parameters,
    _response,
    solver=True,
    memory=True,
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
