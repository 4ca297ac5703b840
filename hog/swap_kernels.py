"""Numeric kernels (numba) for exact pairs of tables where a rule exchanges
the dice (su17's Perfect Piggy): the score-only kernel of ``hog.kernels``
over one more coordinate, the game's shared memory ``dice_swapped`` (a
*layer*: 0, the dice as dealt, or 1, exchanged).

A state is (layer, score, opponent score) with A or B to move; both layers
of a score pair play the same table entry (a table cannot see the layer).
Outcome planes are those of ``hog.kernels``, one per layer and player: a
roll's value is one contiguous dot product over its layer's plane with the
chances of the points that keep the dice (``stay``), plus the few points
that exchange them (``flip_points``: a square or cube, 4 to 64), read from
the other layer's plane. The kernels read arrays compiled by
``hog.exact.compile_rules`` (``CompiledRules.swap_arrays``) and know no rule.
Solvers (best response, perfect play) run over the full state in
``hog.state_kernels``; these kernels evaluate pairs of tables, a league's work.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["analyse_pairs"]


@njit(cache=True, nogil=True, fastmath={"reassoc", "contract"})
def _analyse(
    tables: npt.NDArray[np.int8],
    which: npt.NDArray[np.int64],
    arrays: tuple[npt.NDArray[Any], ...],
    outcomes: npt.NDArray[np.float64],
    values: npt.NDArray[np.float64],
) -> tuple[float, float]:
    """A's chances to win moving first and moving second, A playing
    ``tables[which[0]]`` and B ``tables[which[1]]``, in the work room
    OUTCOMES and VALUES (overwritten)."""
    (
        zero_points,
        dice_chances,
        stay,
        flip_points,
        flip_count,
        swaps,
        finished,
        link_start,
        link_entry,
        link_state,
        link_same,
        dice_kind,
        memory_dice,
        bounds,
    ) = arrays
    goal = tables.shape[1]
    states = goal * goal
    plane = finished.shape[0]
    layers = memory_dice.shape[0]
    row = goal + dice_chances.shape[2] - 1  # goal + max_points
    for block in range(2 * layers):  # a loop, not slices (a slice's shape check compiles an error message)
        for entry in range(plane):
            outcomes[block * plane + entry] = finished[entry]
    for total in range(2 * goal - 2, -1, -1):
        for score in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
            opponent = total - score
            index = score * goal + opponent
            dealt = dice_kind[score, opponent]
            for mover in range(2):
                num_rolls = tables[which[mover], score, opponent]  # both layers play the table's count
                for layer in range(layers):
                    at = (2 * layer + mover) * plane + opponent * row + score
                    across = (2 * ((layer + 1) % layers) + mover) * plane + opponent * row + score
                    if num_rolls == 0:
                        points = zero_points[score, opponent]
                        value = outcomes[(across if swaps[0, points] else at) + points]
                    else:
                        kind = memory_dice[layer, dealt]
                        lone, low, high = (
                            bounds[kind, num_rolls, 0],
                            bounds[kind, num_rolls, 1],
                            bounds[kind, num_rolls, 2],
                        )
                        value = (
                            dice_chances[kind, num_rolls, lone]
                            * outcomes[(across if swaps[num_rolls, lone] else at) + lone]
                        )
                        base = np.uint64(at)  # unsigned indices: the loop vectorises
                        for points in range(np.uint64(low), np.uint64(high + 1)):
                            value += stay[kind, num_rolls, points] * outcomes[base + points]
                        for j in range(flip_count[kind, num_rolls]):
                            points = flip_points[kind, num_rolls, j]
                            value += dice_chances[kind, num_rolls, points] * outcomes[across + points]
                    values[(2 * layer + mover) * states + index] = value
        # The states of this total are solved: copy them where outcomes lead there, layer by layer.
        for layer in range(layers):
            a, b = 2 * layer * states, (2 * layer + 1) * states
            for i in range(link_start[total], link_start[total + 1]):
                entry, state = link_entry[i], link_state[i]
                if link_same[i]:
                    outcomes[2 * layer * plane + entry] = values[a + state]
                    outcomes[(2 * layer + 1) * plane + entry] = values[b + state]
                else:
                    outcomes[2 * layer * plane + entry] = 1.0 - values[b + state]
                    outcomes[(2 * layer + 1) * plane + entry] = 1.0 - values[a + state]
    return values[0], 1.0 - values[states]


@njit(cache=True, nogil=True)
def analyse_pairs(
    tables: npt.NDArray[np.int8],
    pairs: npt.NDArray[np.int64],
    arrays: tuple[npt.NDArray[Any], ...],
    start: int,
    stop: int,
    out: npt.NDArray[np.float64],
) -> None:
    """``_analyse`` of rows START..STOP of PAIRS, their chances written to the
    same rows of OUT, in one work room (a block of ``hog.kernels.pair_win_probabilities``)."""
    layers = arrays[12].shape[0]
    outcomes = np.empty(2 * layers * arrays[6].shape[0])
    values = np.empty(2 * layers * tables.shape[1] * tables.shape[1])
    for i in range(start, stop):
        out[i, 0], out[i, 1] = _analyse(tables, pairs[i], arrays, outcomes, values)
