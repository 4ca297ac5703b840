"""The ``lookahead`` family: three rounds searched exactly, a formula after them.

At a score pair the strategy rolls the dice count whose turn has the best
expected value. Every outcome of the turn (the exact chance of each number
of points with the dice rolled there, the zero-dice points, the after-turn rule's scores and extra
turn, all from ``hog.exact.compile_rules``) ends the game (worth 1 or 0),
gives an extra turn, or hands the move to the opponent, whose reply is
weighed the same way: it rolls ``reply`` dice (a parameter; 11: the count
worst for the player; 12: no reply looked at, the estimate at once). That
is a round; ``ROUNDS`` rounds are searched (in later rounds the player
rolls its best count; an extra turn starts the next round), and the score
pairs they reach are valued by ``estimate``. The search stops there: no
dynamic programming over the game and no stored table of values. The
estimate is a formula of the points each player still needs, ``a`` for the
player and ``b`` for the opponent, and of one rule fact of the pair, what
rolling zero dice gains there for whoever moves next:

    ahead = other * b - own * a + (again or wait) +/- bacon * max(gain - base, 0)
    race = 1/2 + z / (2 * sqrt(1 + z * z)),  z = ahead / sqrt(spread_own * a + spread_other * b + spread)

``again`` is the tempo when the player moves next, ``wait`` when the
opponent does; the zero-dice gain (lead gained, after-turn rule applied)
counts for whoever moves next. The estimate is 1 (or 0) where that player
wins by rolling zero dice, else the chance of finishing in one roll
(``finishing``) for the player to move, and ``race`` for the rest.
Integer parameters are scaled by ``SCALE`` (``reply`` is not); ties between
dice counts (within ``TIE``) go to the fewest dice.

With Feral Hogs (a bonus when the dice count is 2 away from a memory of the
player's previous turn, which a score table cannot see), the table is
decided score by score: each count's value mixes its turn with and without
the bonus by the chance that the memory earns it, and that chance comes
from the table's own lower rows: the player's previous turn was rolled at
(score - x, opponent - y) with the count chosen there and scored x, the
opponent then scored y with ``reply`` dice (``BETWEEN`` when the reply is
not a count of 1..10); a score of 0 is the first turn. No values propagate
between score pairs: the search is still three rounds and the estimate.

The arithmetic is +, -, *, / and sqrt in the order of the plain Python that
``strategies.policy_source`` writes, so both give the same table bit for bit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

import numpy as np
from numba import njit

from hog import exact
from hog.game import MAX_ROLLS

__all__ = ["PARAMETERS", "SCALE", "TIE", "ROUNDS", "Outcomes", "outcomes", "finishing", "estimate"]
__all__ += ["BETWEEN", "between_dice", "expected", "replied", "build"]

#: (name, low, high, default, help) of each parameter; values but reply's are divided by SCALE.
PARAMETERS = (
    ("own", 1, 200, 62, "weight of the points the player still needs"),
    ("other", 1, 200, 102, "weight of the points the opponent still needs"),
    ("again", -2000, 2000, -597, "points of lead that moving next is worth"),
    ("wait", -2000, 2000, 390, "points of lead that the opponent moving next is worth"),
    ("spread_own", 0, 1500, 633, "spread per point the player needs"),
    ("spread_other", 0, 1500, 304, "spread per point the opponent needs"),
    ("spread", 1, 60000, 21449, "spread of every race"),
    ("bacon", 0, 200, 28, "weight of the lead rolling zero dice gains beyond base"),
    ("base", 0, 3000, 0, "lead gained by rolling zero dice that counts as an ordinary turn"),
    ("reply", 0, 12, 6, "the opponent's modelled reply: that many dice, 11 its worst for the player, 12 none"),
)
SCALE = 100.0
#: Turn values within TIE of the best count as equal (the fewest dice wins).
TIE = 1e-9
#: The dice of the opponent's turn between two of the player's, modelled for a memory, when REPLY is no count of 1..10.
BETWEEN = 6
#: Rounds weighed exactly (the player's turn, the opponent's reply) before the estimate.
ROUNDS = 3


@dataclass(frozen=True, eq=False)
class Outcomes:
    """Where each turn from each score pair leads, for one rule set and goal.

    ``where[score, opponent, points]`` indexes a vector of values: the
    pairs flattened with the mover to move again (an extra turn), then with
    the other player to move, then a loss and a win (``points`` 0: the zero-dice
    turn). ``chances[kind, num_rolls, points]`` are the chances of each kind
    of dice (points rules applied), ``kinds[score, opponent]`` the kind the
    mover rolls there (Hog Wild, Hog Tied); ``given[score, opponent,
    num_rolls]`` is where a roll of 0 points leads, the opponent given what
    the rules give it (sp16's Piggy Back); ``zero_gain`` the lead rolling
    zero dice gains, and ``zero_wins`` whether it wins the game.
    """

    goal: int
    where: np.ndarray
    chances: np.ndarray
    kinds: np.ndarray
    zero_gain: np.ndarray
    zero_wins: np.ndarray
    given: np.ndarray


def _leads_to(compiled: exact.CompiledRules, reached: np.ndarray, opponent: np.ndarray) -> np.ndarray:
    """The ``where`` index (see ``Outcomes``) of each mover's score REACHED
    after a turn's points against OPPONENT, the after-turn rule applied."""
    goal = compiled.goal
    new_score, new_opponent = compiled.after_score[reached, opponent], compiled.after_opponent[reached, opponent]
    size = goal * goal
    pair = np.minimum(new_score, goal - 1) * goal + np.minimum(new_opponent, goal - 1)
    where = np.where(compiled.after_extra[reached, opponent], pair, size + pair)
    leads: np.ndarray = np.where(
        (new_score >= goal) | (new_opponent >= goal), 2 * size + (new_score > new_opponent), where
    )
    return leads


@lru_cache(maxsize=32)
def outcomes(rules: str, goal: int, bonus: int = 0) -> Outcomes:
    """The outcomes of every turn under RULES at GOAL, each turn's points
    raised by BONUS (a memory bonus; cached, read-only)."""
    compiled = exact.compile_rules(rules, goal)
    score = np.arange(goal)[:, None, None]
    opponent = np.arange(goal)[None, :, None]
    points = np.arange(compiled.dice_chances.shape[2])[None, None, :]
    points = np.where(points == 0, compiled.zero_points[:, :, None], points) + bonus
    new_score = compiled.after_score[score + points[:, :, :1], opponent]
    new_opponent = compiled.after_opponent[score + points[:, :, :1], opponent]
    where = _leads_to(compiled, score + points, opponent)
    # The choices 0..10 only: the rows after them (Pork Chop's -1, fa16) are never searched.
    counts = MAX_ROLLS + 1
    given = _leads_to(compiled, score + bonus, opponent + compiled.gift[:counts, 0])
    zero_gain = (new_score - score - new_opponent + opponent)[:, :, 0]
    zero_wins = where[:, :, 0] == 2 * goal * goal + 1
    chances = np.ascontiguousarray(compiled.dice_chances[:, :counts])
    found = Outcomes(goal, where, chances, compiled.dice_kind, zero_gain, zero_wins, given)
    for array in (where, chances, zero_gain, found.zero_wins, given):
        array.setflags(write=False)
    return found


@cache
def finishing(goal: int) -> list[float]:
    """``finishing[need]``: the best chance of scoring at least NEED points
    in one roll of 1..10 dice (exact, then rounded once)."""
    tails = [exact.points_distribution(n, 6) for n in range(1, MAX_ROLLS + 1)]
    return [max(float(sum(chances[need:], Fraction(0))) for chances in tails) for need in range(goal + 1)]


def estimate(found: Outcomes, params: Mapping[str, int], again: bool) -> np.ndarray:
    """``estimate[score, opponent]``: the player's chance to win by the
    formula, the player moving next if AGAIN, else the opponent."""
    goal = found.goal
    a = (goal - np.arange(goal, dtype=np.float64))[:, None]
    b = (goal - np.arange(goal, dtype=np.float64))[None, :]
    p = {name: params[name] / SCALE for name, *_ in PARAMETERS[:-1]}
    gain = found.zero_gain if again else found.zero_gain.T
    bonus = p["bacon"] * np.maximum(gain - p["base"], 0.0)
    ahead = p["other"] * b - p["own"] * a + p["again" if again else "wait"]
    ahead = ahead + bonus if again else ahead - bonus
    z = ahead / np.sqrt(p["spread_own"] * a + p["spread_other"] * b + p["spread"])
    race = 0.5 + 0.5 * z / np.sqrt(1.0 + z * z)
    finish = np.array(finishing(goal))[goal - np.arange(goal)]
    if again:
        return np.where(found.zero_wins, 1.0, finish[:, None] + (1.0 - finish[:, None]) * race)
    return np.where(found.zero_wins.T, 0.0, (1.0 - finish[None, :]) * race)


def expected(found: Outcomes, vector: np.ndarray, only: int | None = None) -> np.ndarray:
    """``[score, opponent, num_rolls]``: the expected value of each dice
    count's turn, where VECTOR values the outcomes as ``where`` indexes them
    (with ONLY, that count's and the zero-dice turn's; the others are 0)."""
    chances = found.chances
    if only is not None:
        chances = np.where(np.arange(chances.shape[1])[:, None] == only, chances, 0.0)
    totals = np.empty(found.where.shape[:2] + (MAX_ROLLS + 1,))
    _expected(np.ascontiguousarray(vector, dtype=np.float64), found.where, found.given, chances, found.kinds, totals)
    return totals


@njit(cache=True, nogil=True)
def _expected(
    vector: np.ndarray,
    where: np.ndarray,
    given: np.ndarray,
    chances: np.ndarray,
    kinds: np.ndarray,
    totals: np.ndarray,
) -> None:
    """``expected`` into TOTALS. Each count's sum runs over the points in
    increasing order, as the written policy adds them, a roll of 0 points
    (Piggy Back's) first; a zero chance adds nothing (values are never
    negative), so it is skipped."""
    counts = chances.shape[1]
    first = np.full((chances.shape[0], where.shape[2]), counts)
    last = np.zeros((chances.shape[0], where.shape[2]), dtype=np.int64)
    for kind in range(chances.shape[0]):
        for points in range(1, where.shape[2]):
            for n in range(1, counts):
                if chances[kind, n, points] != 0.0:
                    first[kind, points], last[kind, points] = min(first[kind, points], n), n
    for score in range(where.shape[0]):
        for opponent in range(where.shape[1]):
            kind = kinds[score, opponent]
            totals[score, opponent, 0] = vector[where[score, opponent, 0]]
            for n in range(1, counts):
                totals[score, opponent, n] = 0.0
                if chances[kind, n, 0] != 0.0:
                    totals[score, opponent, n] += chances[kind, n, 0] * vector[given[score, opponent, n]]
            for points in range(1, where.shape[2]):
                if first[kind, points] > last[kind, points]:
                    continue
                value = vector[where[score, opponent, points]]
                for n in range(first[kind, points], last[kind, points] + 1):
                    if chances[kind, n, points] != 0.0:
                        totals[score, opponent, n] += chances[kind, n, points] * value


def replied(found: Outcomes, again: np.ndarray, wait: np.ndarray, reply: int) -> np.ndarray:
    """``[score, opponent]``: the player's value with the opponent to move,
    after the opponent's turn of REPLY dice (11: the count worst for the
    player; 12: no reply looked at, WAIT itself). AGAIN and WAIT value the
    pairs after it with the player and with the opponent to move."""
    if reply > MAX_ROLLS + 1:
        return wait
    # The opponent's outcomes, seen from its side: its extra turn leaves the
    # opponent to move (WAIT), else the player moves (AGAIN); its win is 0.
    vector = np.concatenate([wait.T.ravel(), again.T.ravel(), [1.0, 0.0]])
    if reply > MAX_ROLLS:
        chosen = expected(found, vector).min(axis=2)
    else:
        chosen = expected(found, vector, reply)[:, :, reply]
    return np.ascontiguousarray(chosen.T)


def build(rules: str, goal: int, params: Mapping[str, int]) -> np.ndarray:
    """The table: at each score pair the fewest dice whose turn value is within TIE of the best."""
    found = outcomes(rules, goal)
    # Values with the player (again) and with the opponent (wait) to move, ROUNDS - 1 rounds ahead.
    again, wait = estimate(found, params, True), estimate(found, params, False)
    for _ in range(ROUNDS - 1):
        wait = replied(found, again, wait, params["reply"])
        again = expected(found, np.concatenate([again.ravel(), wait.ravel(), [0.0, 1.0]])).max(axis=2)
    after = replied(found, again, wait, params["reply"])
    vector = np.concatenate([again.ravel(), after.ravel(), [0.0, 1.0]])
    totals = expected(found, vector)
    compiled = exact.compile_rules(rules, goal)
    if compiled.bonus.shape[0] == 1:
        # The dice count at each pair (numpy types argmax along an axis as Any).
        fewest: np.ndarray = np.argmax(totals >= totals.max(axis=2, keepdims=True) - TIE, axis=2)
        return fewest
    size = int(compiled.bonus.max())
    if not np.isin(compiled.bonus, (0, size)).all():
        raise ValueError(f"rule set {rules}: the lookahead family knows memory bonuses of one size only")
    table = np.zeros((goal, goal), dtype=np.int64)
    _decide_with_memory(
        totals,
        expected(outcomes(rules, goal, size), vector),
        found.chances[0],  # the rule sets with memory roll the game's dice everywhere
        compiled.zero_points,
        compiled.remember,
        compiled.bonus > 0,
        found.chances[0, between_dice(params["reply"])],
        table,
    )
    return table


def between_dice(reply: int) -> int:
    """The dice of the opponent's turn between two of the player's, as the memory estimate models it."""
    return reply if 1 <= reply <= MAX_ROLLS else BETWEEN


@njit(cache=True, nogil=True)
def _decide_with_memory(
    plain: np.ndarray,
    bonus: np.ndarray,
    chances: np.ndarray,
    zero_points: np.ndarray,
    remember: np.ndarray,
    earns: np.ndarray,
    between: np.ndarray,
    table: np.ndarray,
) -> None:
    """Fill TABLE score by score: each count's value mixes PLAIN and BONUS
    (its turn with the memory bonus) by the chance that the memory of the
    player's previous turn earns the bonus. That memory's chances come from
    the table's own rows below: the player came from (score - x, opponent - y)
    after scoring x with the count chosen there, and the opponent scored y
    with BETWEEN's chances; a score of 0 is the first turn (memory 0).
    The sums run in the order of the written policy's."""
    goal, counts, memories = plain.shape[0], plain.shape[2], earns.shape[0]
    weights, values = np.zeros(memories), np.zeros(counts)
    for score in range(goal):
        for opponent in range(goal):
            weights[:] = 0.0
            weights[0] = total = 1.0 if score == 0 else 0.0
            for x in range(1, min(score, chances.shape[1] - 1) + 1):
                for y in range(min(opponent, between.shape[0] - 1) + 1):
                    if between[y] != 0.0:
                        n = table[score - x, opponent - y]
                        chance = chances[n, x] if n else (1.0 if zero_points[score - x, opponent - y] == x else 0.0)
                        weights[remember[n, x]] += chance * between[y]
                        total += chance * between[y]
            total = total if total > 0.0 else 1.0  # no way here from below: no bonus expected
            for n in range(counts):
                earned = 0.0
                for memory in range(memories):
                    if earns[memory, n]:
                        earned += weights[memory]
                earned = earned / total
                values[n] = (1.0 - earned) * plain[score, opponent, n] + earned * bonus[score, opponent, n]
            best = values.max()
            for n in range(counts):
                if values[n] >= best - TIE:
                    table[score, opponent] = n
                    break
