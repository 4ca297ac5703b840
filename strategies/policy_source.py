"""A ``lookahead`` member written as a short, readable Python policy.

``policy_source`` writes a module that needs only the standard library and
defines ``final_strategy(score, opponent_score)``: the rule set's two rules
(``strategies.rule_source``), the dice's exact chances, the evolved
constants and the lookahead of ``strategies.lookahead``, with the
same arithmetic in the same order, so it gives the family's table exactly.
Its private names start with an underscore; pasted into a course ``hog.py``
it replaces that file's ``final_strategy``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

import numpy as np

from hog import exact
from strategies import lookahead
from strategies.rule_source import DICE_SOURCE, rule_source
from strategies.table import StrategyTable

__all__ = ["lookahead_params", "policy_source", "readable_source"]

_BODY = '''
_GOAL = {goal}
# The evolved constants of the race formula (see _estimate), and the opponent's modelled reply.
_OWN, _OTHER, _AGAIN, _WAIT = {own!r}, {other!r}, {again!r}, {wait!r}
_SPREAD_OWN, _SPREAD_OTHER, _SPREAD, _BACON, _BASE = {spread_own!r}, {spread_other!r}, {spread!r}, {bacon!r}, {base!r}
_REPLY = {reply!r}  # the opponent rolls this many dice; 11: its count worst for us; 12: not looked at
_ROUNDS = {rounds}  # rounds weighed exactly (our turn, the opponent's reply) before the estimate


{rules}

def _dice_ways(num_rolls):
    """How many of the 6**num_rolls rolls score each number of points (the index); any 1 scores 1."""
    ways = [1]
    for _ in range(num_rolls):
        ways = [sum(ways[t - f] for f in range(2, 7) if 0 <= t - f < len(ways)) for t in range(len(ways) + 6)]
    ways[1] = 6**num_rolls - 5**num_rolls
    return ways


_WAYS = [_dice_ways(n) for n in range(1, 11)]
# The (points, chance) pairs of rolling num_rolls dice (the index: num_rolls - 1).
_CHANCES = [[(k, count / 6**n) for k, count in enumerate(ways) if count] for n, ways in enumerate(_WAYS, 1)]
# The best chance of scoring at least the index in one roll.
_FINISH = [max(sum(ways[need:]) / 6**n for n, ways in enumerate(_WAYS, 1)) for need in range(_GOAL + 1)]
{dice}

def _estimate(score, opponent_score, again):
    """Our chance to win at these scores, moving next if AGAIN, else the opponent moves."""
    need, other_need = _GOAL - score, _GOAL - opponent_score
    mover, waiter = (score, opponent_score) if again else (opponent_score, score)
    new_mover, new_waiter, _ = _after_turn(mover + _zero_dice(mover, waiter), waiter)
    if new_mover >= _GOAL and new_mover > new_waiter:  # the next mover wins by rolling zero dice
        return 1.0 if again else 0.0
    bonus = _BACON * max(new_mover - mover - new_waiter + waiter - _BASE, 0.0)
    ahead = _OTHER * other_need - _OWN * need + (_AGAIN if again else _WAIT)
    ahead = ahead + bonus if again else ahead - bonus
    z = ahead / sqrt(_SPREAD_OWN * need + _SPREAD_OTHER * other_need + _SPREAD)
    race = 0.5 + 0.5 * z / sqrt(1.0 + z * z)
    if again:
        return _FINISH[need] + (1.0 - _FINISH[need]) * race
    return (1.0 - _FINISH[other_need]) * race


def _turn(score, opponent_score, outcome, counts, *args):
    """The expected OUTCOME(score reached, opponent_score, *ARGS) of rolling each of COUNTS dice."""
    values = []
    for n in counts:
        total = 0.0
        for points, chance in _CHANCES[n - 1] if n else [(_zero_dice(score, opponent_score), 1.0)]:
            total += chance * outcome(score + points, opponent_score, *args)
        values.append(total)
    return values


@cache
def _best(score, opponent_score, rounds):
    """Our chance to win with us to move: the estimate if ROUNDS is 0, else our best turn."""
    if rounds == 0:
        return _estimate(score, opponent_score, True)
    return max(_turn(score, opponent_score, _ours, range(11), rounds))


@cache
def _reply(score, opponent_score, rounds):
    """Our chance to win with the opponent to move: the estimate if ROUNDS is 0, else after its reply."""
    if rounds == 0 or _REPLY > 11:
        return _estimate(score, opponent_score, False)
    return min(_turn(opponent_score, score, _theirs, range(11) if _REPLY > 10 else [_REPLY], rounds))


@cache
def _ours(reached, opponent_score, rounds):
    """Our chance once our score reaches REACHED in a round of ROUNDS left (this one counted)."""
    score, opponent_score, extra = _after_turn(reached, opponent_score)
    if max(score, opponent_score) >= _GOAL:
        return 1.0 if score > opponent_score else 0.0
    return _best(score, opponent_score, rounds - 1) if extra else _reply(score, opponent_score, rounds)


@cache
def _theirs(reached, score, rounds):
    """Our chance once the opponent's score reaches REACHED (ours SCORE) in a round of ROUNDS left."""
    opponent_score, score, extra = _after_turn(reached, score)
    if max(score, opponent_score) >= _GOAL:
        return 1.0 if score > opponent_score else 0.0
    return (_reply if extra else _best)(score, opponent_score, rounds - 1)


def final_strategy(score, opponent_score):
    """The number of dice (0..10) whose turn is worth most; the fewest within 1e-9 of the best."""
    values = _turn(score, opponent_score, _ours, range(11), _ROUNDS)
    return next(n for n, value in enumerate(values) if value >= max(values) - 1e-9)
'''


def lookahead_params(strategy: StrategyTable) -> dict[str, int] | None:
    """The ``lookahead`` parameters STRATEGY was built from (a family member
    or an evolved one), if its table is exactly that member's; else None."""
    params: Any = strategy.params
    if params.get("family") == "lookahead":
        params = params.get("parameters", {})
    names = [name for name, *_ in lookahead.PARAMETERS]
    if not isinstance(params, Mapping) or sorted(params) != sorted(names):
        return None
    if not all(isinstance(params[name], int) for name in names):
        return None
    bound = {name: int(params[name]) for name in names}
    if not np.array_equal(lookahead.build(strategy.rules, strategy.goal, bound), strategy.table):
        return None
    return bound


def policy_source(rules: str, goal: int, params: Mapping[str, int], about: str) -> str:
    """The module text of the lookahead member PARAMS for RULES and GOAL;
    ABOUT (a line or two: what it scored) goes into its docstring."""
    imports, rule_text = rule_source(rules, goal)
    constants = {name: params[name] / lookahead.SCALE for name, *_ in lookahead.PARAMETERS[:-1]}
    constants["reply"] = params["reply"]
    head = (
        f'"""Hog strategy for {rules} (goal {goal}), written by Hog Arena: the lookahead family.\n\n'
        f"Roll the dice count whose turn is worth most, searching {lookahead.ROUNDS} rounds (our turn, the\n"
        "opponent's reply): each outcome weighed by its exact chance, worth 1 or 0 if the game\n"
        "ends, at the end _estimate: a race formula of the points each player needs.\n"
        f"{textwrap.fill(about, 88)}\n"
        'Standard library only: paste it all into hog.py to replace final_strategy.\n"""\n\n'
        f"from functools import cache\nfrom math import sqrt\n{imports}\n"
    )
    dice = DICE_SOURCE.get(rules, "")
    return head + _BODY.format(goal=goal, rules=rule_text, rounds=lookahead.ROUNDS, dice=dice, **constants)


def readable_source(strategy: StrategyTable) -> str | None:
    """STRATEGY as a readable policy if it is a ``lookahead`` member (its
    docstring giving its exact win rate against always_roll(6)), else None."""
    params = lookahead_params(strategy)
    if params is None:
        return None
    opponent = np.full(strategy.table.shape, 6, dtype=np.int8)
    rate = exact.win_probabilities(strategy.table, opponent, strategy.rules).rate
    run = strategy.params.get("run")
    origin = f"Evolved in run #{run}. " if isinstance(run, int) else ""
    about = f"{origin}Exact win rate against always_roll(6): {rate:.6f} (first and second mover averaged)."
    return policy_source(strategy.rules, strategy.goal, params, about)
