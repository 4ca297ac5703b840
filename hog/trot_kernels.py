"""Numeric kernels (numba) for exact analysis under Time Trot.

Time Trot (the contest rule sets) adds game-level memory to the state: the
turn number modulo M (``t``) and whether this turn is a Time Trot extra turn
(``r``). A state is (score, opponent score, t, r) with player A or B to
move; a *policy* is an int8 array ``policy[score, opponent, t, r]``, and a
table is the policy that ignores t and r, of shape (goal, goal, 1, 1). Like ``hog.kernels`` the kernels
read arrays compiled by ``hog.exact.compile_rules`` (``exact_arrays``: the
links of each outcome to the state it leads to) and know no rule.

Every turn scores at least 1 point, so states are solved by decreasing total
score. Two outcome planes per player hold what each outcome is worth to the
mover, for every turn number t the turn was taken at, side by side:
``plain`` when the turn passes (or the after-turn rule gives an extra turn),
``trot`` when Time Trot gives one (the mover moves again with r = 1). Tables
cannot see the turn, so rolling n is valued for every t and both r in one
pass over the points; only n = t with r = 0 (Time Trot) takes a second one.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import get_num_threads, njit

from hog.game import MAX_ROLLS
from hog.kernels import ExactArrays, dice_of, points_range, read_only

#: Tie tolerance of the solvers: the lowest count within this of the best wins.
TIE_TOLERANCE = 1e-12
#: Lanes per outcome in the planes: the largest modulus (a constant, so the
#: compiler can unroll and vectorise the pass over every turn number at once).
LANES = 8
#: Doubles per outcome in the planes: the plain lanes, then the trot lanes.
WIDTH = 2 * LANES

#: ``_analyse``'s work room, from ``_work``: planes, values, chosen, choices.
Work = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.int8], npt.NDArray[np.float64]]


@njit(cache=True)
def _work(goal: int, finished: npt.NDArray[np.float64], modulus: int) -> Work:
    """Room for ``_analyse``: planes ``[mover * plane + entry, lane]``, the
    plain lanes then the trot lanes, lane t for a turn taken at turn number t,
    holding FINISHED (``exact_arrays[2]``: what an outcome that ends the game
    is worth; ``_analyse`` writes only the others, so they are set once);
    values ``[mover, score * goal + opponent, lane]``, lanes r = 0 then r = 1,
    lane u for the state whose turn number is u + 1 (mod the modulus), so
    that an outcome's lane t is the value's lane t; chosen[score, opponent,
    t, r]; choices[n, lane]: the plain lanes of rolling n, then its trot lane."""
    plane = finished.shape[0]
    planes = np.empty((2 * plane, WIDTH))
    for entry in range(plane):
        planes[entry, :] = finished[entry]
        planes[plane + entry, :] = finished[entry]
    return (
        planes,
        np.zeros((2, goal * goal, WIDTH)),
        np.zeros((goal, goal, modulus, 2), dtype=np.int8),
        np.zeros((MAX_ROLLS + 1, LANES + 1)),
    )


@njit(cache=True, inline="always")
def _roll(
    planes: npt.NDArray[np.float64],
    at: int,
    chances: npt.NDArray[np.float64],
    lone_chance: float,
    lone: int,
    low: int,
    high: int,
    lane: int,
) -> tuple[float, float, float, float, float, float, float, float, float]:
    """The value of a roll whose outcomes are AT + LONE (chance LONE_CHANCE)
    and AT + LOW .. AT + HIGH (CHANCES[points]): its eight plain lanes, then
    its trot lane LANE. Eight named sums, not an array, so they stay in
    registers and the compiler packs them into vectors."""
    row = planes[at + lone]
    a0, a1, a2, a3 = lone_chance * row[0], lone_chance * row[1], lone_chance * row[2], lone_chance * row[3]
    a4, a5, a6, a7 = lone_chance * row[4], lone_chance * row[5], lone_chance * row[6], lone_chance * row[7]
    trotted = lone_chance * row[LANES + lane]
    for points in range(low, high + 1):
        p = chances[points]
        row = planes[at + points]
        a0 += p * row[0]
        a1 += p * row[1]
        a2 += p * row[2]
        a3 += p * row[3]
        a4 += p * row[4]
        a5 += p * row[5]
        a6 += p * row[6]
        a7 += p * row[7]
        trotted += p * row[LANES + lane]
    return a0, a1, a2, a3, a4, a5, a6, a7, trotted


@njit(cache=True, nogil=True, fastmath={"contract"})
def _analyse(
    policy_a: npt.NDArray[np.int8],
    policy_b: npt.NDArray[np.int8],
    optimise: bool,
    perfect: bool,
    modulus: int,
    rule_arrays: ExactArrays,
    work: Work,
) -> tuple[npt.NDArray[np.int8], float, float]:
    """A plays POLICY_A and B POLICY_B (tables or policies over the turn
    state); if OPTIMISE, A instead picks the best count in every state (the
    lowest within TIE_TOLERANCE), and if PERFECT, B plays as A. Returns (A's
    policy over (score, opponent, t, r), written only if OPTIMISE; A's chance
    moving first; moving second). After it the planes of WORK hold what
    every outcome is worth, as ``table_gains`` reads them. Called with
    OPTIMISE and PERFECT from Python, or passed on as they came from there,
    never as constants: one specialisation serves every use (a constant
    would compile another)."""
    zero_points, dice_chances, finished, link_start, link_entry, link_state, link_same, dice_kind, bounds = rule_arrays
    planes, values, chosen, choices = work
    goal = policy_a.shape[0]
    size = finished.shape[0]
    row = size // goal
    m = modulus
    for total in range(2 * goal - 2, -1, -1):
        for score in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
            opponent = total - score
            index = score * goal + opponent
            kind = dice_of(dice_kind, score, opponent)
            for mover in range(2):
                if mover == 1 and perfect:
                    for lane in range(WIDTH):  # loops, not slices: a slice's shape check compiles an error message
                        values[1, index, lane] = values[0, index, lane]
                    continue
                policy = policy_a if mover == 0 else policy_b
                optimising = mover == 0 and optimise
                # A table rolls one count at every turn state: value that count for every t at once.
                every = optimising or policy.shape[2] > 1
                lowest = highest = policy[score, opponent, 0, 0]
                if every:
                    lowest, highest = 0, MAX_ROLLS
                at = mover * size + opponent * row + score
                for n in range(lowest, highest + 1):
                    lone, low, high, lone_chance = _outcomes(
                        n, kind, zero_points[score, opponent], dice_chances, dice_kind, bounds
                    )
                    # Rolling n on turn n (not an extra turn already) earns a Time Trot extra turn.
                    value = _roll(planes, at, dice_chances[kind, n], lone_chance, lone, low, high, n if n < m else 0)
                    for lane in range(LANES + 1):
                        choices[n, lane] = value[lane]
                state = values[mover, index]
                for t in range(m):
                    u = t - 1 if t > 0 else m - 1
                    for r in range(2):
                        pick = lowest
                        if optimising:
                            best = -1.0
                            for n in range(lowest, highest + 1):
                                best = max(best, _choice(choices, n, t, r))
                            while _choice(choices, pick, t, r) < best - TIE_TOLERANCE:
                                pick += 1
                            chosen[score, opponent, t, r] = pick
                        elif every:
                            pick = policy[score, opponent, t, r]
                        state[r * LANES + u] = _choice(choices, pick, t, r)
        # The states of this total are solved: copy them where outcomes lead there.
        for i in range(link_start[total], link_start[total + 1]):
            entry, index = link_entry[i], link_state[i]
            if link_same[i]:  # an extra turn: the mover's own values, plain and trot lanes
                for mover in range(2):
                    for lane in range(WIDTH):
                        planes[mover * size + entry, lane] = values[mover, index, lane]
            else:  # the turn passes; a Time Trot extra turn would have kept the mover at the swapped scores
                own = (index % goal) * goal + index // goal
                for mover in range(2):
                    outcome, passed, kept = planes[mover * size + entry], values[1 - mover, index], values[mover, own]
                    for lane in range(LANES):
                        outcome[lane] = 1.0 - passed[lane]
                        outcome[LANES + lane] = kept[LANES + lane]
    return chosen, values[0, 0, m - 1], 1.0 - values[1, 0, m - 1]


@njit(cache=True, inline="always")
def _outcomes(
    n: int,
    kind: int,
    zero_points: int,
    dice_chances: npt.NDArray[np.float64],
    dice_kind: npt.NDArray[np.int64] | None,
    bounds: npt.NDArray[np.int64],
) -> tuple[int, int, int, float]:
    """Rolling N dice of KIND (0 dice: ZERO_POINTS points) as ``_roll`` takes
    it: the lone lowest points, the range of the others, the lone one's chance."""
    if n == 0:
        return zero_points, 1, 0, 1.0
    lone, low, high = points_range(dice_kind, bounds, bounds[0, 1, 2], kind, n)
    return lone, low, high, dice_chances[kind, n, lone]


@njit(cache=True, inline="always")
def _choice(choices: npt.NDArray[np.float64], n: int, t: int, r: int) -> float:
    """The value of rolling N at turn number T, R saying whether the turn is
    a Time Trot extra turn already (``choices`` as in ``_work``)."""
    chance: float = choices[n, LANES] if r == 0 and n == t else choices[n, t]
    return chance


def analyse(
    policy_a: npt.NDArray[np.int8],
    policy_b: npt.NDArray[np.int8],
    optimise: bool,
    perfect: bool,
    modulus: int,
    rule_arrays: ExactArrays,
) -> tuple[npt.NDArray[np.int8], float, float]:
    """``_analyse`` in fresh work room: (A's policy, A's chance moving first, moving second)."""
    work = _work(policy_a.shape[0], rule_arrays[2], modulus)
    chosen, first, second = _analyse(
        read_only(policy_a), read_only(policy_b), optimise, perfect, modulus, rule_arrays, work
    )
    return chosen, float(first), float(second)


def table_gains(
    policy_a: npt.NDArray[np.int8],
    policy_b: npt.NDArray[np.int8],
    modulus: int,
    rule_arrays: ExactArrays,
    visits: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.float64], float, float]:
    """``gains[score, opponent, n]``: A's chance to win by rolling n now and
    then playing on as POLICY_A and POLICY_B do, summed over the turn states
    with A to move at that score pair, each weighted by VISITS
    (``occupancy``); and A's chances moving first and second."""
    work = _work(policy_a.shape[0], rule_arrays[2], modulus)
    _, first, second = _analyse(read_only(policy_a), read_only(policy_b), False, False, modulus, rule_arrays, work)
    return _gains(modulus, rule_arrays, visits, work), float(first), float(second)


@njit(cache=True)
def _gains(
    modulus: int, rule_arrays: ExactArrays, visits: npt.NDArray[np.float64], work: Work
) -> npt.NDArray[np.float64]:
    """``table_gains``' gains, from the planes ``_analyse`` left in WORK."""
    zero_points, dice_chances, finished, dice_kind, bounds = (
        rule_arrays[0],
        rule_arrays[1],
        rule_arrays[2],
        rule_arrays[7],
        rule_arrays[8],
    )
    goal = visits.shape[0]
    planes, choices = work[0], work[3]
    row = finished.shape[0] // goal
    gains = np.zeros((goal, goal, MAX_ROLLS + 1))
    for score in range(goal):
        for opponent in range(goal):
            weights = visits[score, opponent]
            if weights.sum() == 0.0:
                continue
            kind = dice_of(dice_kind, score, opponent)
            for n in range(MAX_ROLLS + 1):
                at = opponent * row + score
                lone, low, high, lone_chance = _outcomes(
                    n, kind, zero_points[score, opponent], dice_chances, dice_kind, bounds
                )
                value = _roll(planes, at, dice_chances[kind, n], lone_chance, lone, low, high, n if n < modulus else 0)
                for lane in range(LANES + 1):
                    choices[n, lane] = value[lane]
                for t in range(modulus):
                    for r in range(2):
                        gains[score, opponent, n] += weights[t, r] * _choice(choices, n, t, r)
    return gains


def pair_win_probabilities(
    tables: npt.NDArray[np.int8], pairs: npt.NDArray[np.int64], modulus: int, rule_arrays: ExactArrays
) -> npt.NDArray[np.float64]:
    """For each row (a, b) of PAIRS: [first, second], table a's chances to
    win against table b moving first and moving second: one block of pairs
    per numba thread, each in a work room of its own, run by
    ``_analyse_pairs`` on a thread of its own (it releases the GIL; a
    ``parallel=True`` kernel took seconds more to compile). The kernels get
    read-only policies from every caller (``read_only``): one specialisation."""
    count = len(pairs)
    out = np.empty((count, 2))
    blocks = max(1, min(count, get_num_threads()))
    edges = [block * count // blocks for block in range(blocks + 1)]
    goal = tables.shape[1]
    policies = read_only(tables.reshape((tables.shape[0], goal, goal, 1, 1)))

    def run(block: int) -> None:
        _analyse_pairs(policies, pairs, False, False, modulus, rule_arrays, edges[block], edges[block + 1], out)

    if blocks == 1:
        run(0)
    else:
        with ThreadPoolExecutor(blocks) as pool:
            list(pool.map(run, range(blocks)))
    return out


@njit(cache=True, nogil=True)
def _analyse_pairs(
    policies: npt.NDArray[np.int8],
    pairs: npt.NDArray[np.int64],
    optimise: bool,
    perfect: bool,
    modulus: int,
    rule_arrays: ExactArrays,
    start: int,
    stop: int,
    out: npt.NDArray[np.float64],
) -> None:
    """``_analyse`` of rows START..STOP of PAIRS in one work room, their
    chances written to the same rows of OUT (OPTIMISE and PERFECT as
    ``_analyse`` wants them: from Python)."""
    work = _work(policies.shape[1], rule_arrays[2], modulus)
    for i in range(start, stop):
        _, out[i, 0], out[i, 1] = _analyse(
            policies[pairs[i, 0]], policies[pairs[i, 1]], optimise, perfect, modulus, rule_arrays, work
        )


def occupancy(
    policy_a: npt.NDArray[np.int8],
    policy_b: npt.NDArray[np.int8],
    modulus: int,
    rule_arrays: ExactArrays,
    after_arrays: tuple[npt.NDArray[Any], ...],
) -> npt.NDArray[np.float64]:
    """How often each state with A to move is visited, ``[score, opponent, t,
    r]``, summed over A's game moving first and moving second (POLICY_A and
    POLICY_B tables or policies). AFTER_ARRAYS: (after_score,
    after_opponent, after_extra)."""
    return _occupancy(read_only(policy_a), read_only(policy_b), modulus, rule_arrays, after_arrays)


@njit(cache=True)
def _occupancy(
    policy_a: npt.NDArray[np.int8],
    policy_b: npt.NDArray[np.int8],
    modulus: int,
    rule_arrays: ExactArrays,
    after_arrays: tuple[npt.NDArray[Any], ...],
) -> npt.NDArray[np.float64]:
    """``occupancy`` of read-only policies (``read_only``: one specialisation for every caller)."""
    zero_points, dice_chances, dice_kind, bounds = rule_arrays[0], rule_arrays[1], rule_arrays[7], rule_arrays[8]
    after_score, after_opponent, after_extra = after_arrays
    goal = policy_a.shape[0]
    mass = np.zeros((2, goal, goal, modulus, 2))
    mass[0, 0, 0, 0, 0] += 1.0
    mass[1, 0, 0, 0, 0] += 1.0
    for total in range(0, 2 * goal - 1):
        for score in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
            opponent = total - score
            kind = dice_of(dice_kind, score, opponent)
            for mover in range(2):
                policy = policy_a if mover == 0 else policy_b
                for t in range(modulus):
                    t2 = (t + 1) % modulus
                    for r in range(2):
                        here = mass[mover, score, opponent, t, r]
                        if here == 0.0:
                            continue
                        n = policy[score, opponent, t, r] if policy.shape[2] > 1 else policy[score, opponent, 0, 0]
                        timed = r == 0 and n == t
                        first = zero_points[score, opponent] if n == 0 else bounds[kind, n, 0]
                        last = first if n == 0 else bounds[kind, n, 2]
                        for points in range(first, last + 1):
                            p = 1.0 if n == 0 else dice_chances[kind, n, points]
                            if p == 0.0:
                                continue
                            s2 = after_score[score + points, opponent]
                            o2 = after_opponent[score + points, opponent]
                            if s2 >= goal or o2 >= goal:
                                continue
                            if timed:
                                mass[mover, s2, o2, t2, 1] += here * p
                            elif after_extra[score + points, opponent]:
                                mass[mover, s2, o2, t2, 0] += here * p
                            else:
                                mass[1 - mover, o2, s2, t2, 0] += here * p
    visits: npt.NDArray[np.float64] = mass[0]
    return visits
