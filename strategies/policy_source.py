"""A ``lookahead`` member written as a short, readable Python policy.

``policy_source`` writes a module of at most 80 lines that are not blank,
standard library only, whose one public function is
``final_strategy(score, opponent_score)``, its docstring giving the rule
set, its exact win rate and what each evolved constant means; then the
constants, the rule set's two rules (``strategies.rule_source``), the
dice's exact chances and the lookahead of ``strategies.lookahead``, with the
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
from hog.game import MAX_ROLLS
from strategies import lookahead
from strategies.rule_source import DICE_SOURCE, OPPONENT_SOURCE, rule_source
from strategies.table import StrategyTable

__all__ = ["lookahead_params", "policy_source", "readable_source"]

_HEAD = '''{decorator}def final_strategy(score, opponent_score):
    """Hog strategy for {rules} (goal {goal}), written by Hog Arena: the lookahead family.

{about}

{explained}
    """
{decide}    return next(n for n, value in enumerate(values) if value >= max(values) - 1e-9)


_GOAL, _ROUNDS, _REPLY{memory_names} = {goal}, {rounds}, {reply!r}{memory_values}
_OWN, _OTHER, _AGAIN, _WAIT, _BACON, _BASE = {own!r}, {other!r}, {again!r}, {wait!r}, {bacon!r}, {base!r}
_SPREAD_OWN, _SPREAD_OTHER, _SPREAD = {spread_own!r}, {spread_other!r}, {spread!r}
'''

#: What the docstring says of the search and the estimate (wrapped as one paragraph).
_EXPLAINED = (
    "Rolls the fewest dice (0..10) within 1e-9 of the best turn value, searching _ROUNDS rounds (our turn, the "
    "opponent's reply of _REPLY dice; 11: its worst for us; 12: none) by exact chances, then _estimate's race "
    "formula 1/2 + z / (2 * sqrt(1 + z * z)), z = (_OTHER * b - _OWN * a + _AGAIN (we move next) or _WAIT (it "
    "does) +/- _BACON * (the lead rolling zero dice gains - _BASE, if positive)) / sqrt(_SPREAD_OWN * a + "
    "_SPREAD_OTHER * b + _SPREAD), a and b the points we and the opponent need.{memory} Standard library only."
)
_DECIDE = "    values = _turn(score, opponent_score, range(11), _ROUNDS, True)\n"

#: Feral Hogs, for the rule sets with memory: the docstring's sentence, the decision, the memory's chances.
_MEMORY_EXPLAINED = " Feral Hogs: turns with and without _FERAL points, mixed by _earned's chance."
_MEMORY_DECIDE = (
    "    plain, bonus = (_turn(score, opponent_score, range(11), _ROUNDS, True, extra) for extra in (0, _FERAL))\n"
    "    values = [(1.0 - e) * v + e * b for v, b, e in zip(plain, bonus, _earned(score, opponent_score))]\n"
)
_MEMORY_BODY = '''

def _earned(score, opponent_score):
    """Each count's chance of the bonus by our previous turn's memory: from (score - x, opponent_score - y)."""
    weights, total = [0.0, 0.0, float(score == 0)] + [0.0] * {padded}, float(score == 0)  # memory m at m + 2
    for x, (y, chance) in itertools.product(range(1, min(score, {most}) + 1), _CHANCES[_BETWEEN]):
        if y <= opponent_score:  # we scored x rolling our count there, then the opponent y with _BETWEEN dice
            n = final_strategy(score - x, opponent_score - y)
            ways = sum(_WAYS[n][x : x + 1]) if n else int(_zero_dice(score - x, opponent_score - y) == x)
            weights[{remember} + 2] += ways / 6**n * chance
            total += ways / 6**n * chance
    return [(weights[n] + weights[n + 4]) / (total or 1.0) for n in range(11)]  # abs(n - m) == 2
'''

#: The chances of the game's six-sided dice, where the rules do not change them or what they score.
_SIX_SIDED = (
    "_CHANCES = [[(k, w / 6**n) for k, w in enumerate(ways) if w] for n, ways in enumerate(_WAYS)]  # (points, chance)",
    "_CHANCES[n]",
)

_BODY = '''
_ROLLS = [[1]]  # _ROLLS[n][k]: how many of the 6**n rolls of n dice with no 1 score k points
for _n in range(1, 11):
    _ROLLS.append([sum(_ROLLS[-1][k - f] for f in range(2, 7) if 0 <= k - f <= 6 * _n - 6) for k in range(6 * _n + 1)])
_WAYS = [[6**n - 5**n if k == 1 else w for k, w in enumerate(ways)] for n, ways in enumerate(_ROLLS)]  # a 1 scores 1
{chances}
_FINISH = [max(sum(ways[need:]) / 6**n for n, ways in enumerate(_WAYS)) for need in range(_GOAL + 1)]  # need or more


def _estimate(score, opponent_score, again):
    """Our chance to win at these scores by the race formula, moving next if AGAIN, else the opponent."""
    need, other_need = _GOAL - score, _GOAL - opponent_score
    mover, waiter = (score, opponent_score) if again else (opponent_score, score)
    new_mover, new_waiter, _ = _after_turn(mover + _zero_dice(mover, waiter), waiter)
    if new_mover >= _GOAL and new_mover > new_waiter:  # the next mover wins by rolling zero dice
        return float(again)
    bonus = _BACON * max(new_mover - mover - new_waiter + waiter - _BASE, 0.0)
    ahead = _OTHER * other_need - _OWN * need + (_AGAIN if again else _WAIT) + (bonus if again else -bonus)
    z = ahead / math.sqrt(_SPREAD_OWN * need + _SPREAD_OTHER * other_need + _SPREAD)
    race = 0.5 + 0.5 * z / math.sqrt(1.0 + z * z)
    return _FINISH[need] + (1.0 - _FINISH[need]) * race if again else (1.0 - _FINISH[other_need]) * race


def _turn(score, other, counts, rounds, ours, bonus=0):
    """Our expected chance after the mover (us if OURS) at SCORE against OTHER rolls each of COUNTS dice (+BONUS)."""
    values = []
    for n in counts:
        values.append(0.0)
        for points, chance in {dice} if n else [(_zero_dice(score, other), 1.0)]:
            values[-1] += chance * _after(score + points + bonus, {opponent}, rounds, ours)
    return values


@functools.cache
def _chance(score, opponent_score, rounds, ours):
    """Our chance with us to move if OURS: the estimate after the last round, else our best turn or its reply."""
    if rounds == 0 or not ours and _REPLY > 11:
        return _estimate(score, opponent_score, ours)
    if ours:
        return max(_turn(score, opponent_score, range(11), rounds, True))
    return min(_turn(opponent_score, score, range(11) if _REPLY > 10 else [_REPLY], rounds, False))


@functools.cache
def _after(reached, other, rounds, ours):
    """Our chance once the mover (us if OURS) reaches REACHED against OTHER (an extra turn keeps the mover)."""
    mover, other, extra = _after_turn(reached, other)
    if max(mover, other) >= _GOAL:
        return float((mover > other) == ours)
    return _chance(*((mover, other) if ours else (other, mover)), rounds - (extra or not ours), extra == ours)
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
    constants = {name: params[name] / lookahead.SCALE for name, *_ in lookahead.PARAMETERS[:-1]}
    constants["reply"] = params["reply"]
    compiled = exact.compile_rules(rules, goal)
    memory = compiled.bonus.shape[0] > 1
    explained = _EXPLAINED.format(memory=_MEMORY_EXPLAINED if memory else "")
    head = _HEAD.format(
        rules=rules,
        goal=goal,
        about=textwrap.indent(textwrap.fill(about, 100), "    "),
        explained=textwrap.indent(textwrap.fill(explained, 108), "    "),
        rounds=lookahead.ROUNDS,
        decorator="@functools.cache\n" if memory else "",
        decide=_MEMORY_DECIDE if memory else _DECIDE,
        memory_names=", _FERAL, _BETWEEN" if memory else "",
        memory_values=f", {int(compiled.bonus.max())}, {lookahead.between_dice(params['reply'])}" if memory else "",
        **constants,
    )
    chances, dice = DICE_SOURCE.get(rules, _SIX_SIDED)
    body = _BODY.format(chances=chances, dice=dice, opponent=OPPONENT_SOURCE.get(rules, "other"))
    imports = "import functools\nimport itertools\nimport math" if memory else "import functools\nimport math"
    text = f"{imports}\n\n\n{head}\n\n{rule_source(rules, goal)}\n{body}"
    return text + _memory_body(compiled) if memory else text


def _memory_body(compiled: exact.CompiledRules) -> str:
    """``_earned`` for a rule set with Feral Hogs (``lookahead._decide_with_memory`` written plainly)."""
    memories = compiled.bonus.shape[0]
    by_dice = bool((compiled.remember[1:] == np.arange(1, MAX_ROLLS + 1)[:, None]).all())
    return _MEMORY_BODY.format(
        padded=memories + 1,
        most=compiled.max_points,
        remember="n" if by_dice else f"min(x, {memories - 1})",
    )


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
    about = f"{origin}Exact win rate against always_roll(6): {rate:.6f} (moving first and second)."
    return policy_source(strategy.rules, strategy.goal, params, about)
