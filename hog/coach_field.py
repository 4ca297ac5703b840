"""Where a strategy loses against a field of opponents, each weighted equally (``hog coach --league``).

Against each opponent O_i of a field of N, ``hog.coach`` defines the
strategy's reach, loss and cost at every cell. The field's cost of a cell
is the mean of its costs against the N opponents, so the field's costs sum
exactly (to rounding) to the mean of the per-opponent gaps: the best
responses' mean win rate minus the strategy's.

Where the state is the two scores, each opponent costs one best response
(``hog.kernels``' dynamic programme) and one forward sweep of the
strategy's games against it (:func:`_forward`: how often the strategy
moves at each cell, what its choice loses there and how often it wins, in
one pass over the states), in work room shared by the whole field. Under
rules with memory or Time Trot each opponent is coached by
``hog.coach.coach``.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numba import get_num_threads, njit

from hog import exact, kernels
from hog.coach import coach, costliest
from hog.game import MAX_ROLLS
from hog.kernels import dice_of, lone_gift, points_range
from hog.rules import RuleSet, get_rules

__all__ = ["FieldCoaching", "Matchup", "coach_field"]

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Matchup:
    """The strategy against one opponent of the field: its exact win rate
    and the best response's (each the mean of moving first and second)."""

    win_rate: float
    best_rate: float

    @property
    def gap(self) -> float:
        return self.best_rate - self.win_rate


@dataclass(frozen=True, eq=False)
class FieldCoaching:
    """Where STRATEGY loses against a field, cell by cell (arrays ``[score, opponent_score]``).

    * ``matchups[i]``: the strategy against opponent i;
    * ``reach`` and ``cost``: the means over the field of each opponent's
      (``hog.coach.Coaching``), so ``cost`` sums to ``gap``;
    * ``votes[s, o, n]``: how many opponents' best table choice at (s, o) is
      n, and ``pull[s, o, n]`` the cost of (s, o) against those opponents
      (the share of the field's cost there; ``pull.sum(axis=2) == cost``);
    * ``hidden`` and ``unseen``: as in ``Coaching`` (``unseen`` the field's mean).
    """

    rules: str
    goal: int
    strategy: np.ndarray
    matchups: tuple[Matchup, ...]
    reach: Floats
    cost: Floats
    votes: npt.NDArray[np.int64]
    pull: Floats
    hidden: str | None
    unseen: float

    @property
    def win_rate(self) -> float:
        """The strategy's mean win rate over the field."""
        return float(np.mean([m.win_rate for m in self.matchups]))

    @property
    def best_rate(self) -> float:
        """The best responses' mean win rate over the field."""
        return float(np.mean([m.best_rate for m in self.matchups]))

    @property
    def gap(self) -> float:
        """The mean of the per-opponent gaps."""
        return float(np.mean([m.gap for m in self.matchups]))

    @property
    def identity_error(self) -> float:
        """How far the costs' sum is from the gap (rounding only)."""
        return abs(float(self.cost.sum()) - self.gap)

    @property
    def best(self) -> np.ndarray:
        """At each cell that costs something, the best responses' choice
        where it costs most (``pull``; ties: the fewest dice); elsewhere the
        strategy's own choice."""
        order = exact.fewest_first(self.pull.shape[2])
        pulled = exact.row_choices(self.pull.shape[2])[order][self.pull[:, :, order].argmax(axis=2)]
        best: np.ndarray = np.where(self.cost > 0, pulled, self.strategy).astype(np.int8)
        return best

    def top(self, count: int) -> list[tuple[int, int]]:
        """The COUNT cells that cost most over the field (as ``Coaching.top``)."""
        return costliest(self.cost, count)

    def worst(self, count: int) -> list[int]:
        """The COUNT opponents (indices) against which the gap is largest (ties: field order)."""
        order = sorted(range(len(self.matchups)), key=lambda i: (-self.matchups[i].gap, i))
        return order[: max(count, 0)]


def coach_field(
    strategy: np.ndarray, opponents: Sequence[np.ndarray], rules: RuleSet | str, sides: int = 6
) -> FieldCoaching:
    """Where the table STRATEGY loses against each table of OPPONENTS under RULES (see the module)."""
    choices = get_rules(rules).choices
    strategy = exact.checked_table(strategy, "strategy", choices)
    if len(opponents) == 0:
        raise ValueError("the field is empty: there is no opponent to coach against")
    tables = exact.checked_tables(np.stack([np.asarray(o) for o in opponents]), "opponents", choices)
    if tables.shape[1:] != strategy.shape:
        raise ValueError(f"opponents: tables of shape {tables.shape[1:]}, but the strategy is {strategy.shape}")
    compiled = exact.compile_rules(rules, strategy.shape[0], sides)
    name = get_rules(rules).name
    if compiled.full_state or compiled.time_trot:
        return _coached_one_by_one(strategy, tables, name, sides)
    return _swept(strategy, tables, compiled)


def _vote(votes: npt.NDArray[np.int64], pull: Floats, best: np.ndarray, cost: Floats) -> None:
    """Count BEST (a table) into VOTES, and COST into PULL by BEST's choices."""
    goal = best.shape[0]
    cells, choices = np.arange(goal * goal), best.ravel().astype(np.int64)
    votes.reshape(goal * goal, -1)[cells, choices] += 1  # Pork Chop's -1: the last column
    pull.reshape(goal * goal, -1)[cells, choices] += cost.ravel()


def _coached_one_by_one(strategy: np.ndarray, tables: np.ndarray, rules: str, sides: int) -> FieldCoaching:
    goal, count = strategy.shape[0], tables.shape[0]
    reach, cost = np.zeros((goal, goal)), np.zeros((goal, goal))
    width = len(get_rules(rules).choices)
    votes = np.zeros((goal, goal, width), dtype=np.int64)
    pull = np.zeros((goal, goal, width))
    matchups, unseen, hidden = [], 0.0, None
    for opponent in tables:
        coaching = coach(strategy, opponent, rules, sides)
        matchups.append(Matchup(coaching.win_rate, coaching.best_rate))
        reach += coaching.reach
        cost += coaching.cost
        _vote(votes, pull, coaching.best, coaching.cost)
        unseen += coaching.unseen
        hidden = coaching.hidden
    return FieldCoaching(
        rules, goal, strategy, tuple(matchups), reach / count, cost / count, votes, pull / count, hidden, unseen / count
    )


def _swept(strategy: np.ndarray, tables: np.ndarray, compiled: exact.CompiledRules) -> FieldCoaching:
    """The field in one block of consecutive opponents per numba thread, each
    swept by ``_sweep`` on a thread of its own (it releases the GIL)."""
    goal, count = strategy.shape[0], tables.shape[0]
    ended = np.isfinite(compiled.finished)
    ends = (np.where(ended, compiled.finished, 0.0), np.where(ended, 1.0 - compiled.finished, 0.0))
    blocks = max(1, min(count, get_num_threads()))
    edges = [block * count // blocks for block in range(blocks + 1)]
    rates = np.empty((count, 2))
    reach, cost = np.zeros((blocks, goal, goal)), np.zeros((blocks, goal, goal))
    votes = np.zeros((blocks, goal, goal, MAX_ROLLS + 1), dtype=np.int64)
    pull = np.zeros((blocks, goal, goal, MAX_ROLLS + 1))

    def run(block: int) -> None:
        sums = (reach[block], cost[block], votes[block], pull[block])
        _sweep(strategy, tables, compiled.exact_arrays, ends, edges[block], edges[block + 1], rates, sums)

    if blocks == 1:
        run(0)
    else:
        with ThreadPoolExecutor(blocks) as pool:
            list(pool.map(run, range(blocks)))
    matchups = tuple(Matchup(float(own), float(best)) for own, best in rates)
    field_reach, field_cost = reach.sum(axis=0) / count, cost.sum(axis=0) / count
    choices = (votes.sum(axis=0), pull.sum(axis=0) / count)
    return FieldCoaching(compiled.name, goal, strategy, matchups, field_reach, field_cost, *choices, None, 0.0)


@njit(cache=True, nogil=True)
def _sweep(
    strategy: npt.NDArray[np.int8],
    tables: npt.NDArray[np.int8],
    rule_arrays: kernels.ExactArrays,
    ends: tuple[Floats, Floats],
    start: int,
    stop: int,
    rates: Floats,
    sums: tuple[Floats, Floats, npt.NDArray[np.int64], Floats],
) -> None:
    """For opponents START..STOP of TABLES: the best response to each and
    STRATEGY's game against it (``_forward``), added to SUMS (``_add``);
    RATES[i] is (the strategy's win rate, the best response's)."""
    goal, plane = tables.shape[1], rule_arrays[2].shape[0]
    work = kernels._work(goal, plane)
    room = (np.empty(2 * plane), np.empty(2 * goal * goal), np.empty(goal * goal))
    which = np.zeros(2, dtype=np.int64)
    for i in range(start, stop):
        which[1] = i  # the optimising player's own table is not read
        best, best_first, best_second = kernels._analyse(tables, which, True, False, rule_arrays, work)
        rates[i, 0] = _forward(strategy, tables[i], best, work, rule_arrays, ends, room)
        rates[i, 1] = (best_first + best_second) / 2
        _add(best, room[1], room[2], sums)


@njit(cache=True, fastmath={"reassoc", "contract"})
def _add(
    best: npt.NDArray[np.int8], mass: Floats, loss: Floats, sums: tuple[Floats, Floats, npt.NDArray[np.int64], Floats]
) -> None:
    """Add one opponent's coaching to SUMS (reach, cost, votes, pull), cell
    after cell in memory order: the strategy's reach (half its MASS, the
    mean of the seatings), that times its LOSS, the best response BEST's
    choice, and the cost again by that choice."""
    reach, cost, votes, pull = sums
    goal = best.shape[0]
    for score in range(goal):
        for other in range(goal):
            index = score * goal + other
            here = 0.5 * mass[index]
            choice = best[score, other]
            reach[score, other] += here
            votes[score, other, choice] += 1
            if loss[index] != 0.0:
                cost[score, other] += here * loss[index]
                pull[score, other, choice] += here * loss[index]


@njit(cache=True, fastmath={"reassoc", "contract"})
def _forward(
    strategy: npt.NDArray[np.int8],
    opponent: npt.NDArray[np.int8],
    best: npt.NDArray[np.int8],
    best_work: kernels.Work,
    rule_arrays: kernels.ExactArrays,
    ends: tuple[Floats, Floats],
    room: tuple[Floats, Floats, Floats],
) -> float:
    """STRATEGY (mover 0) against OPPONENT, both seatings at once, states in
    order of increasing total, in ROOM (raw, mass, loss): ``mass[index]``,
    how often each player is to move at each state (``hog.kernels``'
    indices, summed over the two seatings), ``loss[index]``, what the
    strategy's choice gives up there against the best response BEST
    (``kernels._analyse``'s table and BEST_WORK after optimising against
    OPPONENT), and in ``raw`` the chance of each turn's outcome. Returns
    the strategy's win rate: the chance of the finished games' outcomes,
    weighted by ENDS (what each outcome is worth to its mover and to the
    other player)."""
    zero_points, dice_chances, finished, link_start, link_entry, link_state, link_same, dice_kind, bounds = rule_arrays
    best_outcomes, best_values = best_work[0], best_work[1]
    raw, mass, loss = room
    won, lost = ends
    goal = strategy.shape[0]
    states = goal * goal
    plane = finished.shape[0]
    row = goal + dice_chances.shape[2] - 1  # goal + max_points, as in hog.kernels
    sides = bounds[0, 1, 2]
    raw[:] = 0.0
    mass[:] = 0.0
    mass[0] = 1.0
    mass[states] = 1.0
    for total in range(2 * goal - 1):
        # Every outcome that leads to a state of this total came from a smaller total: gather it.
        for i in range(link_start[total], link_start[total + 1]):
            entry, state = link_entry[i], link_state[i]
            if link_same[i]:
                mass[state] += raw[entry]
                mass[states + state] += raw[plane + entry]
            else:
                mass[states + state] += raw[entry]
                mass[state] += raw[plane + entry]
        for score in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
            other = total - score
            index = score * goal + other
            at = other * row + score
            kind = dice_of(dice_kind, score, other)
            for mover in range(2):
                num_rolls = strategy[score, other] if mover == 0 else opponent[score, other]
                here = mass[mover * states + index]
                base = mover * plane + at
                chosen = 0.0
                if num_rolls == 0:
                    raw[base + zero_points[score, other]] += here
                    chosen = best_outcomes[at + zero_points[score, other]]
                else:
                    lone, low, high = points_range(dice_kind, bounds, sides, kind, num_rolls)
                    given = row * lone_gift(dice_kind, bounds, kind, num_rolls)  # Piggy Back's points: rows on
                    raw[base + given + lone] += here * dice_chances[kind, num_rolls, lone]
                    chosen = dice_chances[kind, num_rolls, lone] * best_outcomes[at + given + lone]
                    start, first = np.uint64(base), np.uint64(at)  # unsigned: the loop vectorises
                    for points in range(np.uint64(low), np.uint64(high + 1)):
                        chance = dice_chances[kind, num_rolls, points]
                        raw[start + points] += here * chance
                        chosen += chance * best_outcomes[first + points]
                if mover == 0:  # the best response's own choice loses nothing
                    loss[index] = 0.0 if num_rolls == best[score, other] else best_values[index] - chosen
    wins = 0.0
    for entry in range(plane):
        wins += raw[entry] * won[entry] + raw[plane + entry] * lost[entry]
    return wins / 2
