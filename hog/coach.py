"""Where a strategy loses, cell by cell, exactly (``hog coach``).

Fix an opponent O (a table) and a rule set; S is the student's table.

* W* is the best response to O: at every state the responder's chance to
  win playing the best count from there on; ``Q*(x, n)`` its chance after
  rolling n at state x, then playing best.
* The loss of S at a state is ``W*(x) - Q*(x, S(x))``, 0 wherever S plays
  the best response's choice.
* The reach ``d(x)`` is how often S is the player to move at x when S plays
  O, the mean over the two seatings (S first, S second).
* The cost of a state is ``d(x) * loss(x)``.

By the performance difference lemma the costs sum exactly to the gap
between the best response's win rate and S's, both the mean over the two
seatings (``Coaching.identity_error`` is the difference, about 1e-15).

Where the state has more than the two scores (memory: Feral Hogs; Time
Trot), W* is optimal play over the full state, and the reach and loss are
taken over full states: a cell's (score pair's) cost is the sum over its
hidden states, its reach their total, its loss the reach-weighted mean
(the plain mean where S never gets there), and the chance of each choice
from there the same mean. Part of that gap is then out of any table's reach
(``Coaching.unseen``): even the best table choice at every cell loses what
the full state could tell.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt
from numba import njit

from hog import exact, kernels, state_kernels, trot_kernels
from hog.game import MAX_ROLLS
from hog.kernels import dice_of
from hog.rules import RuleSet, get_rules

__all__ = ["Coaching", "coach", "costliest", "hidden_state", "with_best_choices", "win_rate", "TIE_TOLERANCE"]

#: A cell's best choice: the fewest dice within this of the best chance.
TIE_TOLERANCE = 1e-12

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class Coaching:
    """Where STRATEGY loses against OPPONENT, cell by cell (arrays ``[score, opponent_score]``).

    * ``first``/``second``/``win_rate``: the strategy's exact chances against
      the opponent; ``best_first``/``best_second``/``best_rate``: the best
      response's (over the full state where it is more than the scores);
    * ``reach``: how often the strategy moves at each cell (mean of the seatings);
    * ``values[s, o, n]``: the chance to win rolling n there, then playing
      best (with hidden states: their reach-weighted mean);
      ``best_value[s, o]``: the best response's chance from there;
    * ``best``: the best table choice at each cell (the fewest dice within
      1e-12 of the best of ``values``);
    * ``loss = best_value - values[choice]`` and ``cost``, whose sum is ``gap``.
    """

    rules: str
    goal: int
    strategy: np.ndarray
    opponent: np.ndarray
    first: float
    second: float
    best_first: float
    best_second: float
    reach: Floats
    values: Floats
    best_value: Floats
    best: np.ndarray
    cost: Floats
    hidden: str | None  #: what the state holds besides the scores (None: nothing)

    @property
    def win_rate(self) -> float:
        return (self.first + self.second) / 2

    @property
    def best_rate(self) -> float:
        return (self.best_first + self.best_second) / 2

    @property
    def gap(self) -> float:
        """The best response's win rate minus the strategy's."""
        return self.best_rate - self.win_rate

    @cached_property
    def choice_value(self) -> Floats:
        """The chance to win from each cell with the strategy's choice, then playing best."""
        picked: Floats = np.take_along_axis(self.values, self.strategy[:, :, None].astype(np.int64), axis=2)[:, :, 0]
        return picked

    @cached_property
    def loss(self) -> Floats:
        loss: Floats = self.best_value - self.choice_value
        return loss

    @property
    def identity_error(self) -> float:
        """How far the costs' sum is from the gap (rounding only)."""
        return abs(float(self.cost.sum()) - self.gap)

    @property
    def unseen(self) -> float:
        """The part of the gap no table can close by its choice at a cell:
        the reach times what the full state's best play wins beyond the
        cell's best table choice (0 where the state is only the scores)."""
        if self.hidden is None:
            return 0.0
        best = np.take_along_axis(self.values, self.best[:, :, None].astype(np.int64), axis=2)[:, :, 0]
        return float((self.reach * (self.best_value - best)).sum())

    def top(self, count: int) -> list[tuple[int, int]]:
        """The COUNT costliest cells (``costliest``)."""
        return costliest(self.cost, count)


def costliest(cost: Floats, count: int) -> list[tuple[int, int]]:
    """The COUNT costliest cells (score, opponent_score) of COST, costliest
    first (ties: the lower score pair first); only cells that cost something."""
    flat = cost.ravel()
    order = np.lexsort((np.arange(flat.size), -flat))
    chosen = [int(i) for i in order[: max(count, 0)] if flat[i] > 0]
    return [divmod(i, cost.shape[1]) for i in chosen]


def with_best_choices(coaching: Coaching, cells: list[tuple[int, int]]) -> np.ndarray:
    """The strategy's table with the best choice at CELLS."""
    table: np.ndarray = np.array(coaching.strategy, dtype=np.int8)
    for s, o in cells:
        table[s, o] = coaching.best[s, o]
    return table


def win_rate(strategy: np.ndarray, opponent: np.ndarray, rules: RuleSet | str, sides: int = 6) -> float:
    """STRATEGY's exact win rate against OPPONENT (the mean of moving first and
    second), in this thread for rule sets whose state is the two scores (one
    pair gains nothing from numba's threads, and waits for them on a busy machine)."""
    choices = get_rules(rules).choices
    first, second = _own_chances(
        exact.checked_table(strategy, "strategy", choices),
        exact.checked_table(opponent, "opponent", choices),
        rules,
        sides,
    )
    return (first + second) / 2


def _own_chances(strategy: np.ndarray, opponent: np.ndarray, rules: RuleSet | str, sides: int) -> tuple[float, float]:
    compiled = exact.compile_rules(rules, strategy.shape[0], sides)
    if compiled.full_state or compiled.time_trot:
        first, second = exact.win_probabilities_pairs(np.stack([strategy, opponent]), [[0, 1]], compiled.name, sides)[0]
        return float(first), float(second)
    work = kernels._work(compiled.goal, compiled.finished.shape[0])
    pair = np.arange(2, dtype=np.int64)
    _, first, second = kernels._analyse(np.stack([strategy, opponent]), pair, False, False, compiled.exact_arrays, work)
    return float(first), float(second)


def hidden_state(compiled: exact.CompiledRules) -> str | None:
    """What the state holds besides the two scores under COMPILED rules, in words (None: nothing)."""
    if compiled.time_trot:
        return f"the turn number mod {compiled.time_trot} and whether a turn is a Time Trot extra turn"
    if compiled.dice_swaps:
        return "whether the dice are exchanged"
    return "each player's memory" if compiled.full_state and compiled.bonus.shape[0] > 1 else None


def coach(strategy: np.ndarray, opponent: np.ndarray, rules: RuleSet | str, sides: int = 6) -> Coaching:
    """Where the table STRATEGY loses against the table OPPONENT under RULES (see the module)."""
    choices = get_rules(rules).choices
    strategy = exact.checked_table(strategy, "strategy", choices)
    opponent = exact.checked_table(opponent, "opponent", choices)
    if strategy.shape != opponent.shape:
        raise ValueError(f"opponent: shape {opponent.shape}, but the strategy is {strategy.shape}")
    compiled = exact.compile_rules(rules, strategy.shape[0], sides)
    name = get_rules(rules).name
    first, second = _own_chances(strategy, opponent, name, sides)
    hidden = hidden_state(compiled)
    if compiled.time_trot:
        parts = _trot_parts(strategy, opponent, compiled)
    elif compiled.full_state:
        parts = _state_parts(strategy, opponent, compiled)
    else:
        parts = _score_parts(strategy, opponent, compiled)
    best_first, best_second, reach, values, best_value, best = parts
    choice = np.take_along_axis(values, strategy[:, :, None].astype(np.int64), axis=2)[:, :, 0]
    cost = reach * (best_value - choice)
    for array in (reach, values, best_value, best, cost):
        array.setflags(write=False)
    return Coaching(
        name,
        compiled.goal,
        strategy,
        opponent,
        float(first),
        float(second),
        float(best_first),
        float(best_second),
        reach,
        values,
        best_value,
        best,
        cost,
        hidden,
    )


Parts = tuple[float, float, Floats, Floats, Floats, np.ndarray]


def _fewest_best(values: Floats) -> np.ndarray:
    """The fewest dice within TIE_TOLERANCE of the best of ``values[s, o, n]``
    (Pork Chop's -1, its last row where it is a choice, before them, as the solvers order them)."""
    order = exact.fewest_first(values.shape[2])
    close = values[:, :, order] >= values.max(axis=2, keepdims=True) - TIE_TOLERANCE
    best: np.ndarray = exact.row_choices(values.shape[2])[order][close.argmax(axis=2)]
    return best


# --- rule sets whose state is the two scores -----------------------------------


def _score_parts(strategy: np.ndarray, opponent: np.ndarray, compiled: exact.CompiledRules) -> Parts:
    arrays = compiled.exact_arrays
    goal = compiled.goal
    plane = compiled.finished.shape[0]
    work = kernels._work(goal, plane)
    table, best_first, best_second = kernels._analyse(
        opponent[None], np.zeros(2, dtype=np.int64), True, False, arrays, work
    )
    best = np.array(table, dtype=np.int8)
    outcomes = work[0][:plane]
    values = _score_values(
        outcomes,
        compiled.zero_points,
        compiled.dice_chances,
        compiled.dice_kind,
        compiled.points_bounds,
        compiled.after_score.shape[0],
    )
    best_value = np.take_along_axis(values, best[:, :, None].astype(np.int64), axis=2)[:, :, 0]
    reach = _score_reach(
        strategy,
        opponent,
        compiled.zero_points,
        compiled.dice_chances,
        compiled.dice_kind,
        compiled.points_bounds,
        compiled.after_score,
        compiled.after_opponent,
        compiled.after_extra,
    )
    return float(best_first), float(best_second), reach, values, best_value, best


@njit(cache=True, fastmath={"reassoc", "contract"})
def _score_values(
    outcomes: Floats,
    zero_points: npt.NDArray[np.int64],
    dice_chances: Floats,
    dice_kind: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    row: int,
) -> Floats:
    """``values[s, o, n]``: the mover's chance rolling n at (s, o), OUTCOMES
    being what each outcome is worth to the mover (``hog.kernels``' first plane)."""
    goal = zero_points.shape[0]
    values = np.empty((goal, goal, MAX_ROLLS + 1))
    for s in range(goal):
        for o in range(goal):
            at = o * row + s
            kind = dice_kind[s, o]
            values[s, o, 0] = outcomes[at + zero_points[s, o]]
            for n in range(1, MAX_ROLLS + 1):
                lone, low, high = bounds[kind, n, 0], bounds[kind, n, 1], bounds[kind, n, 2]
                gift = bounds[kind, n, 3]  # what the lone points give the opponent (Piggy Back)
                value = dice_chances[kind, n, lone] * outcomes[at + row * gift + lone]
                base = np.uint64(at)  # unsigned indices, as in hog.kernels: the loop vectorises
                for points in range(np.uint64(low), np.uint64(high + 1)):
                    value += dice_chances[kind, n, points] * outcomes[base + points]
                values[s, o, n] = value
    return values


@njit(cache=True)
def _score_reach(
    table_a: npt.NDArray[np.int8],
    table_b: npt.NDArray[np.int8],
    zero_points: npt.NDArray[np.int64],
    dice_chances: Floats,
    dice_kind: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    after_score: npt.NDArray[np.int64],
    after_opponent: npt.NDArray[np.int64],
    after_extra: npt.NDArray[np.bool_],
) -> Floats:
    """How often A (TABLE_A) is to move at each score pair against TABLE_B,
    the mean of its game moving first and its game moving second (every
    turn scores at least 1 point: states in order of increasing total)."""
    goal = table_a.shape[0]
    mass = np.zeros((2, goal, goal))
    mass[0, 0, 0] = 1.0
    mass[1, 0, 0] = 1.0
    for total in range(0, 2 * goal - 1):
        for s in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
            o = total - s
            kind = dice_kind[s, o]
            for mover in range(2):
                here = mass[mover, s, o]
                if here == 0.0:
                    continue
                n = table_a[s, o] if mover == 0 else table_b[s, o]
                first = zero_points[s, o] if n == 0 else bounds[kind, n, 0]
                last = first if n == 0 else bounds[kind, n, 2]
                for points in range(first, last + 1):
                    p = 1.0 if n == 0 else dice_chances[kind, n, points]
                    if p == 0.0:
                        continue
                    reached = s + points
                    given = o + (bounds[kind, n, 3] if n and points == first else 0)  # Piggy Back
                    s2, o2 = after_score[reached, given], after_opponent[reached, given]
                    if s2 >= goal or o2 >= goal:
                        continue
                    if after_extra[reached, given]:
                        mass[mover, s2, o2] += here * p
                    else:
                        mass[1 - mover, o2, s2] += here * p
    reach: Floats = mass[0] * 0.5
    return reach


# --- memory and zero-point turns (hog.state_kernels) ---------------------------


def _state_parts(strategy: np.ndarray, opponent: np.ndarray, compiled: exact.CompiledRules) -> Parts:
    arrays = compiled.state_arrays
    opposing = exact.as_policy(opponent, compiled)
    policy, win, other = state_kernels.analyse(opposing, opposing, True, False, compiled.cyclic, arrays)
    best_first, best_second = float(win[0, 0, 0, 0, 0]), float(other[1, 0, 0, 0, 0])
    own = exact.as_policy(strategy, compiled)
    visits, settled = state_kernels.occupancy(own, opposing, compiled.cyclic, arrays)
    if not settled:
        raise ValueError(
            "the strategy and the opponent can play forever (both rolling 0 for 0 points): "
            "the reach of some cells is unbounded"
        )
    visits = visits * 0.5  # [s, o, own memory, opponent memory]: the mean of the seatings
    # The best response's value at each state, [s, o, own memory, opponent memory].
    best_here = np.ascontiguousarray(win[0].transpose(0, 1, 3, 2))
    reach = visits.sum(axis=(2, 3))
    weighted = state_kernels.table_gains(win, other, visits, arrays)
    weighted_best = (visits * best_here).sum(axis=(2, 3))
    held = compiled.memory_pairs  # [own, opponent]: the pairs of memories a game can hold
    uniform = np.broadcast_to(held / held.sum(), visits.shape).copy()
    plain = state_kernels.table_gains(win, other, uniform, arrays)
    plain_best = (best_here * uniform).sum(axis=(2, 3))
    single = policy.shape[2] == 1
    return _cells(best_first, best_second, reach, weighted, weighted_best, plain, plain_best, single, policy)


def _cells(
    best_first: float,
    best_second: float,
    reach: Floats,
    weighted: Floats,
    weighted_best: Floats,
    plain: Floats,
    plain_best: Floats,
    table_is_policy: bool,
    policy: np.ndarray,
) -> Parts:
    """Cell values from sums over hidden states weighted by the reach
    (WEIGHTED, WEIGHTED_BEST) and, where the reach is 0, their plain means."""
    seen = reach > 0
    safe = np.where(seen, reach, 1.0)
    values = np.where(seen[:, :, None], weighted / safe[:, :, None], plain)
    best_value = np.where(seen, weighted_best / safe, plain_best)
    best = np.ascontiguousarray(policy[:, :, 0, 0], dtype=np.int8) if table_is_policy else _fewest_best(values)
    if table_is_policy:  # no hidden state: the best response's own choice and value (its tie rule kept)
        best_value = np.take_along_axis(values, best[:, :, None].astype(np.int64), axis=2)[:, :, 0]
    return best_first, best_second, reach, values, best_value, best


# --- Time Trot (hog.trot_kernels) ----------------------------------------------


def _trot_parts(strategy: np.ndarray, opponent: np.ndarray, compiled: exact.CompiledRules) -> Parts:
    arrays = compiled.exact_arrays
    goal, modulus = compiled.goal, compiled.time_trot
    opposing = exact.trot_policy(opponent)
    work = trot_kernels._work(goal, arrays[2], modulus)
    policy, best_first, best_second = trot_kernels._analyse(opposing, opposing, True, False, modulus, arrays, work)
    after = (compiled.after_score, compiled.after_opponent, compiled.after_extra)
    visits = trot_kernels.occupancy(exact.trot_policy(strategy), opposing, modulus, arrays, after) * 0.5
    reach = visits.sum(axis=(2, 3))
    uniform = np.full_like(visits, 1.0 / (2 * modulus))
    weights = np.ascontiguousarray(np.stack([visits, uniform]))
    sums, best_sums = _trot_values(work[0], policy, weights, modulus, arrays)
    return _cells(
        float(best_first), float(best_second), reach, sums[0], best_sums[0], sums[1], best_sums[1], False, policy
    )


@njit(cache=True)
def _trot_values(
    planes: Floats,
    policy: npt.NDArray[np.int8],
    weights: Floats,
    modulus: int,
    rule_arrays: kernels.ExactArrays,
) -> tuple[Floats, Floats]:
    """For each weighting ``weights[k, s, o, t, r]`` of the turn states:
    ``sums[k, s, o, n]``, the weighted chance rolling n there, then playing
    as the best response (PLANES: what each outcome is worth to it, after
    ``trot_kernels._analyse`` optimised), and ``best_sums[k, s, o]``, its
    weighted chance playing POLICY, its choice, there too."""
    zero_points, dice_chances, finished, dice_kind, bounds = (
        rule_arrays[0],
        rule_arrays[1],
        rule_arrays[2],
        rule_arrays[7],
        rule_arrays[8],
    )
    goal = policy.shape[0]
    count = weights.shape[0]
    row = finished.shape[0] // goal
    choices = np.zeros((MAX_ROLLS + 1, trot_kernels.LANES + 1))
    sums = np.zeros((count, goal, goal, MAX_ROLLS + 1))
    best_sums = np.zeros((count, goal, goal))
    for s in range(goal):
        for o in range(goal):
            kind = dice_of(dice_kind, s, o)
            at = o * row + s
            for n in range(MAX_ROLLS + 1):
                lone, low, high, lone_chance = trot_kernels._outcomes(
                    n, kind, zero_points[s, o], dice_chances, dice_kind, bounds
                )
                value = trot_kernels._roll(
                    planes, at, dice_chances[kind, n], lone_chance, lone, low, high, n if n < modulus else 0
                )
                for lane in range(trot_kernels.LANES + 1):
                    choices[n, lane] = value[lane]
            for t in range(modulus):
                for r in range(2):
                    pick = policy[s, o, t, r]
                    for k in range(count):
                        w = weights[k, s, o, t, r]
                        for n in range(MAX_ROLLS + 1):
                            sums[k, s, o, n] += w * trot_kernels._choice(choices, n, t, r)
                        best_sums[k, s, o] += w * trot_kernels._choice(choices, pick, t, r)
    return sums, best_sums
