"""Numeric kernels (numba) for exact analysis over the full game state.

Used for rule sets with memory (Feral Hogs) and for rule sets where a turn
can score 0 points (``hefty_hogs``). Like ``hog.kernels`` they know nothing
about any rule set: they read arrays compiled by ``hog.exact.compile_rules``
(``CompiledRules.state_arrays``).

A state is (score, opponent score, the mover's memory, the opponent's
memory) with player A or B to move. A *policy* is an int8 array
``policy[score, opponent, own memory, opponent memory]`` of dice counts
(-1 too where the rules offer Pork Chop: the arrays' last row per choice,
which index -1 reads); a table strategy is the policy that ignores the
memories. Optimising players pick the lowest count within 1e-12 of the
best (-1 first), but roll 0 for 0 points (which keeps the state, and could
start an endless game) only when no other count is as good.

For every state the kernels keep two numbers: the chance that the mover
wins and the chance that the other player wins. Their sum is 1 unless the
game can go on forever (both players scoring 0 points turn after turn in
``hefty_hogs``): such a game is won by nobody. States are solved in order
of decreasing total score; a turn never lowers the total, and where it can
keep it (a zero-point turn), the states of that total are swept again until
no value moves by more than 1e-15. Sweeps start from 0, so the values are
the least fixed point of the win-probability equations.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import get_num_threads, njit

from hog.game import MAX_ROLLS

#: Tie tolerance of the solvers: the lowest count within this of the best wins.
TIE_TOLERANCE = 1e-12
#: Sweeps of one total score stop once no value moves by more than this.
SWEEP_TOLERANCE = 1e-15
#: At most this many sweeps of one total score.
MAX_SWEEPS = 100_000
#: Sweeps of reach within one total score stop once less than this much is still moving.
SETTLED = 1e-18


#: ``_scratch``'s room for one turn's outcomes: chance, kind, new score, new opponent score, memory.
Scratch = tuple[
    npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]
]


@njit(cache=True, inline="always")
def _outcomes(
    score: int,
    opponent: int,
    n: int,
    ms: int,
    arrays: tuple[npt.NDArray[Any], ...],
    scratch: Scratch,
) -> int:
    """List the outcomes of rolling N at (SCORE, OPPONENT), the mover
    remembering MS (which gives its bonus and dice), into SCRATCH's arrays
    (from ``_scratch``); returns how many there are. ``kind``: 0 the mover
    has won, 1 lost, 2 moves again, 3 the turn passes; ``memory`` the
    mover's memory after the turn."""
    chance, kind, new_score, new_opponent, memory = scratch
    zero_points, dice_chances, after_score, after_opponent, after_extra, bonus, remember, dice_kind, bounds = arrays[:9]
    memory_dice = arrays[10]
    b = bonus[ms, n]
    goal = zero_points.shape[0]
    dice = memory_dice[ms, dice_kind[score, opponent]]
    count = 0
    first_points = zero_points[score, opponent] if n == 0 else bounds[dice, n, 0]
    last_points = first_points if n == 0 else bounds[dice, n, 2]
    for points in range(first_points, last_points + 1):
        p = 1.0 if n == 0 else dice_chances[dice, n, points]
        if p == 0.0:
            continue
        reached = score + points + b
        s2 = after_score[reached, opponent]
        o2 = after_opponent[reached, opponent]
        chance[count] = p
        new_score[count] = s2
        new_opponent[count] = o2
        memory[count] = remember[ms, n, points]
        if s2 >= goal or o2 >= goal:
            kind[count] = 0 if s2 > o2 else 1
        elif after_extra[reached, opponent]:
            kind[count] = 2
        else:
            kind[count] = 3
        count += 1
    return count


@njit(cache=True)
def _scratch(arrays: tuple[npt.NDArray[Any], ...]) -> Scratch:
    """Room for one (dice count, bonus)'s outcomes: chance, kind, new score,
    new opponent score, memory."""
    most = arrays[1].shape[2]
    return (
        np.empty(most),
        np.empty(most, dtype=np.int64),
        np.empty(most, dtype=np.int64),
        np.empty(most, dtype=np.int64),
        np.empty(most, dtype=np.int64),
    )


#: ``_analyse``'s work room, from ``_work``: win, other, chosen, q_win,
#: q_other, needed, then ``_scratch``'s five arrays.
Work = tuple[
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.int8],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.int64],
    npt.NDArray[np.float64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
]


@njit(cache=True)
def _work(goal: int, arrays: tuple[npt.NDArray[Any], ...]) -> Work:
    """Room for ``_analyse`` at GOAL, zeroed: win, other, chosen (see
    ``analyse``); q_win[n, l, mo], q_other[n, l, mo]: rolling n with the
    outcomes of listing l (``CompiledRules.listing``: the bonus and the
    shared memory), the opponent remembering mo, in the state at hand;
    needed[n, l], the visit that last used (n, l); and ``_scratch``."""
    memories = arrays[5].shape[0]
    listings = arrays[11].max() + 1
    choices = arrays[1].shape[1]
    chance, kind, new_score, new_opponent, memory = _scratch(arrays)
    return (
        np.zeros((2, goal, goal, memories, memories)),
        np.zeros((2, goal, goal, memories, memories)),
        np.zeros((goal, goal, memories, memories), dtype=np.int8),
        np.zeros((choices, listings, memories)),
        np.zeros((choices, listings, memories)),
        np.zeros((choices, listings), dtype=np.int64),
        chance,
        kind,
        new_score,
        new_opponent,
        memory,
    )


@njit(cache=True)
def analyse(
    policy_a: npt.NDArray[np.int8],
    policy_b: npt.NDArray[np.int8],
    optimise: bool,
    perfect: bool,
    cyclic: bool,
    arrays: tuple[npt.NDArray[Any], ...],
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The dynamic programme over the full state.

    A plays POLICY_A and B plays POLICY_B; if OPTIMISE, A instead picks the
    best count in every state (the lowest within TIE_TOLERANCE of the best),
    and if PERFECT, B plays as A. Returns (A's policy, win, other): ``win[m,
    s, o, b, a]`` is the chance that the mover wins with mover ``m`` (0: A,
    1: B) to move at scores (s, o), the opponent remembering b and the mover
    a (note the order), ``other`` the chance that the other player wins.
    """
    return _analyse(policy_a, policy_b, optimise, perfect, cyclic, arrays, _work(policy_a.shape[0], arrays))


@njit(cache=True, nogil=True)
def _analyse(
    policy_a: npt.NDArray[np.int8],
    policy_b: npt.NDArray[np.int8],
    optimise: bool,
    perfect: bool,
    cyclic: bool,
    arrays: tuple[npt.NDArray[Any], ...],
    work: Work,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """``analyse`` in WORK (from ``_work``; reusable for the next call, whose
    results then overwrite these). Called from Python only (or by
    ``analyse``, with its arguments): its booleans are then plain booleans,
    one specialisation for every use (a constant would compile another).

    For each score pair and mover, the outcomes of each needed (dice count,
    listing) are listed once (chance, where they lead) and then valued for
    every memory of the opponent (``carry``: what the turn leaves it).
    """
    zero_points, bonus, carry, listing = arrays[0], arrays[5], arrays[9], arrays[11]
    goal = policy_a.shape[0]
    memories = bonus.shape[0]
    first_choice = MAX_ROLLS + 1 - arrays[1].shape[1]  # -1 where the rules offer Pork Chop (its row: the last)
    win, other, chosen, q_win, q_other, needed, chance, kind, new_score, new_opponent, memory = work
    scratch = (chance, kind, new_score, new_opponent, memory)
    # Reset what a used WORK carries over. Without cycles every value read is
    # written first (a turn raises the total score): only sweeps need zeros.
    needed[:] = 0
    if cyclic:
        win[:] = 0.0
        other[:] = 0.0
    visit = 0
    for total in range(2 * goal - 2, -1, -1):
        for _ in range(MAX_SWEEPS):
            moved = 0.0
            for score in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
                opponent = total - score
                for mover in range(2):
                    if mover == 1 and perfect:
                        break
                    policy = policy_a if mover == 0 else policy_b
                    optimising = optimise and mover == 0
                    nxt = 0 if perfect else 1 - mover
                    visit += 1
                    for ms in range(memories):
                        for mo in range(memories):
                            lowest = highest = policy[score, opponent, ms, mo]
                            if optimising:
                                lowest, highest = first_choice, MAX_ROLLS
                            for n in range(lowest, highest + 1):
                                key = listing[ms, n]
                                if needed[n, key] == visit:
                                    continue
                                needed[n, key] = visit
                                count = _outcomes(score, opponent, n, ms, arrays, scratch)
                                # Valued for every memory m2 of the opponent at once:
                                # the values are laid out [.., opponent memory, own memory],
                                # so the turn passing reads one row.
                                q_w = q_win[n, key]
                                q_x = q_other[n, key]
                                q_w[:] = 0.0
                                q_x[:] = 0.0
                                for j in range(count):
                                    p = chance[j]
                                    k = kind[j]
                                    if k == 0:
                                        q_w += p
                                    elif k == 2:
                                        row_w = win[mover, new_score[j], new_opponent[j]]
                                        row_x = other[mover, new_score[j], new_opponent[j]]
                                        kept = carry[:, memory[j]]
                                        for m2 in range(memories):
                                            q_w[m2] += p * row_w[kept[m2], memory[j]]
                                            if cyclic:
                                                q_x[m2] += p * row_x[kept[m2], memory[j]]
                                    elif k == 3:
                                        row_w = other[nxt, new_opponent[j], new_score[j], memory[j]]
                                        row_x = win[nxt, new_opponent[j], new_score[j], memory[j]]
                                        kept = carry[:, memory[j]]
                                        for m2 in range(memories):
                                            q_w[m2] += p * row_w[kept[m2]]
                                            if cyclic:
                                                q_x[m2] += p * row_x[kept[m2]]
                                    elif cyclic:
                                        q_x += p
                                if not cyclic:  # every game ends: the other player wins whenever the mover does not
                                    for m2 in range(memories):  # not a slice: its shape check compiles seconds
                                        q_x[m2] = 1.0 - q_w[m2]
                    for ms in range(memories):
                        for mo in range(memories):
                            lowest = highest = policy[score, opponent, ms, mo]
                            if optimising:
                                lowest, highest = first_choice, MAX_ROLLS
                            best = -1.0
                            for n in range(lowest, highest + 1):
                                best = max(best, q_win[n, listing[ms, n], mo])
                            pick = lowest
                            # The lowest count within TIE_TOLERANCE of the best, except that a
                            # zero-point zero-dice turn (which can start a cycle) comes last.
                            stalls = zero_points[score, opponent] == 0
                            while q_win[pick, listing[ms, pick], mo] < best - TIE_TOLERANCE or (
                                pick == 0 and stalls and pick < highest and _ties_after(q_win, listing, ms, mo, best)
                            ):
                                pick += 1
                            w = q_win[pick, listing[ms, pick], mo]
                            x = q_other[pick, listing[ms, pick], mo]
                            if cyclic:
                                moved = max(moved, abs(w - win[mover, score, opponent, mo, ms]))
                                moved = max(moved, abs(x - other[mover, score, opponent, mo, ms]))
                            win[mover, score, opponent, mo, ms] = w
                            other[mover, score, opponent, mo, ms] = x
                            if mover == 0:
                                chosen[score, opponent, ms, mo] = pick
            if not cyclic or moved <= SWEEP_TOLERANCE:
                break
    if perfect:
        _copy_first(win)
        _copy_first(other)
    return chosen, win, other


@njit(cache=True, inline="always")
def _copy_first(values: npt.NDArray[np.float64]) -> None:
    """``values[1] = values[0]`` by a loop (a slice's shape check would compile an error message: seconds)."""
    half = values.size // 2
    flat = values.reshape((2, half))
    for i in range(half):
        flat[1, i] = flat[0, i]


@njit(cache=True, inline="always")
def _ties_after(q_win: npt.NDArray[np.float64], listing: npt.NDArray[np.int64], ms: int, mo: int, best: float) -> bool:
    """Whether a count above 0 is within TIE_TOLERANCE of BEST."""
    for n in range(1, MAX_ROLLS + 1):
        if q_win[n, listing[ms, n], mo] >= best - TIE_TOLERANCE:
            return True
    return False


def pair_win_probabilities(
    policies: npt.NDArray[np.int8], pairs: npt.NDArray[np.int64], cyclic: bool, arrays: tuple[npt.NDArray[Any], ...]
) -> npt.NDArray[np.float64]:
    """For each row (a, b) of PAIRS: [first, second], policy a's chances to
    win against policy b moving first and moving second.

    The pairs are split into one block of consecutive pairs per numba
    thread, each run on a thread of its own (``_analyse`` releases the
    GIL; a pair takes milliseconds, so calling it from Python costs
    nothing, where a ``parallel=True`` kernel took seconds to compile), and
    each block allocates its work room (``_work``) once, not once per pair.
    One pair runs in the calling thread's own room, kept for its next call:
    allocating and zeroing it (two 31 MB arrays with 14 memories) would cost
    about as much as the pair."""
    count = len(pairs)
    out = np.empty((count, 2))
    blocks = max(1, min(count, get_num_threads()))
    edges = [block * count // blocks for block in range(blocks + 1)]

    def run(block: int) -> None:
        goal = policies.shape[1]
        work = _thread_room(goal, arrays) if count == 1 else _work(goal, arrays)
        for i in range(edges[block], edges[block + 1]):
            a, b = pairs[i]
            _, win, other = _analyse(policies[a], policies[b], False, False, cyclic, arrays, work)
            out[i] = win[0, 0, 0, 0, 0], other[1, 0, 0, 0, 0]

    if blocks == 1:
        run(0)
    else:
        with ThreadPoolExecutor(blocks) as pool:
            list(pool.map(run, range(blocks)))
    return out


_ROOMS = threading.local()


def _thread_room(goal: int, arrays: tuple[npt.NDArray[Any], ...]) -> Work:
    """This thread's work room for GOAL and ARRAYS' shapes (the last one made, reused while they match)."""
    shape = (goal, arrays[5].shape[0], int(arrays[11].max()), arrays[1].shape[2])
    kept = getattr(_ROOMS, "room", None)
    if kept is None or kept[0] != shape:
        kept = _ROOMS.room = (shape, _work(goal, arrays))
    room: Work = kept[1]
    return room


@njit(cache=True)
def occupancy(
    policy_a: npt.NDArray[np.int8],
    policy_b: npt.NDArray[np.int8],
    cyclic: bool,
    arrays: tuple[npt.NDArray[Any], ...],
) -> tuple[npt.NDArray[np.float64], bool]:
    """How often each state with A to move is visited, ``[score, opponent, own
    memory, opponent memory]``, summed over A's game moving first and its
    game moving second; and whether every total score settled. If CYCLIC (a
    turn can keep the total score: zero-point turns), reach still to be
    passed on is swept within each total until less than SETTLED is left.
    Otherwise every turn raises the total, so one pass in order of
    increasing total visits each state once, its reach complete when it is
    read: the reach waits where it lands (the pending reach is the visits
    themselves) and there is no second sweep."""
    bonus, carry = arrays[5], arrays[9]
    goal = policy_a.shape[0]
    memories = bonus.shape[0]
    scratch = _scratch(arrays)
    chance, kind, new_score, new_opponent, memory = scratch
    mass = np.zeros((2, goal, goal, memories, memories))
    pending = np.zeros_like(mass) if cyclic else mass
    pending[0, 0, 0, 0, 0] = 1.0
    pending[1, 0, 0, 0, 0] = 1.0
    settled = True
    for total in range(0, 2 * goal - 1):
        for sweep in range(MAX_SWEEPS + 1 if cyclic else 1):
            moving = 0.0
            for s in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
                o = total - s
                for mover in range(2):
                    policy = policy_a if mover == 0 else policy_b
                    for ms in range(memories):
                        for mo in range(memories):
                            here = pending[mover, s, o, ms, mo]
                            if here == 0.0:
                                continue
                            pending[mover, s, o, ms, mo] = 0.0
                            mass[mover, s, o, ms, mo] += here
                            moving += here
                            n = policy[s, o, ms, mo]
                            count = _outcomes(s, o, n, ms, arrays, scratch)
                            for j in range(count):
                                kept, reached = carry[mo, memory[j]], here * chance[j]
                                if kind[j] == 2:
                                    pending[mover, new_score[j], new_opponent[j], memory[j], kept] += reached
                                elif kind[j] == 3:
                                    pending[1 - mover, new_opponent[j], new_score[j], kept, memory[j]] += reached
            if moving < SETTLED:
                break
            if sweep == MAX_SWEEPS:
                settled = False
    visits: npt.NDArray[np.float64] = mass[0]
    return visits, settled


@njit(cache=True)
def table_gains(
    win: npt.NDArray[np.float64],
    other: npt.NDArray[np.float64],
    visits: npt.NDArray[np.float64],
    arrays: tuple[npt.NDArray[Any], ...],
) -> npt.NDArray[np.float64]:
    """``gains[score, opponent, n]``: A's chance to win by rolling n now (its
    last entry: choosing -1, where the rules offer Pork Chop) and
    then playing on as WIN and OTHER say (the values of A's table against
    B's, from ``analyse``), summed over the states with A to move at that
    score pair, each weighted by VISITS (``occupancy``)."""
    bonus, carry, listing = arrays[5], arrays[9], arrays[11]
    goal = visits.shape[0]
    memories = bonus.shape[0]
    scratch = _scratch(arrays)
    chance, kind, new_score, new_opponent, memory = scratch
    weight = np.empty(memories)
    gains = np.zeros((goal, goal, arrays[1].shape[1]))
    for score in range(goal):
        for opponent in range(goal):
            for n in range(MAX_ROLLS + 1 - arrays[1].shape[1], MAX_ROLLS + 1):
                for key in range(listing.max() + 1):
                    weight[:] = 0.0
                    found = -1
                    for ms in range(memories):
                        if listing[ms, n] == key:
                            weight += visits[score, opponent, ms]
                            found = ms
                    if weight.sum() == 0.0:
                        continue
                    count = _outcomes(score, opponent, n, found, arrays, scratch)
                    total = 0.0
                    for j in range(count):
                        kept = carry[:, memory[j]]
                        if kind[j] == 0:
                            total += chance[j] * weight.sum()
                        elif kind[j] == 2:
                            row = win[0, new_score[j], new_opponent[j]]
                            for mo in range(memories):
                                total += chance[j] * weight[mo] * row[kept[mo], memory[j]]
                        elif kind[j] == 3:
                            row = other[1, new_opponent[j], new_score[j], memory[j]]
                            for mo in range(memories):
                                total += chance[j] * weight[mo] * row[kept[mo]]
                    gains[score, opponent, n] += total
    return gains
