"""Numeric kernels (numba) for exact analysis and simulation of table strategies.

The kernels know nothing about any rule set: they are fed arrays compiled
from a ``RuleSet`` by ``hog.exact.compile_rules``.

Exact kernels
-------------
A state is (score, opponent score) below the goal with one player to move;
its value is the mover's chance to win. ``values`` holds the values of the
states where A is to move, at index ``score * goal + opponent_score``, then
those where B is to move.

A turn's outcome is known by (opponent score, score after the turn's
points). ``outcomes[opponent_score * row + score_after]`` is A's chance to
win after that outcome (``row = goal + max_points``), followed by the same
for B: the value of a finished game (``finished``: 1.0 or 0.0) from the
start, and for an outcome that leads to a state, that state's value (an
extra turn) or one minus the other player's value (the turn passes), copied
as soon as that state is solved. The links ``link_entry[i] -> link_state[i]``
(``link_same[i]`` for an extra turn) are sorted by the total score of the
state they lead to, ``link_start[total]`` being the first of that total.
Where a roll of 0 points gives the opponent points (sp16's Piggy Back) the
planes run on past the goal in the opponent's score, and the roll's lone
lowest points are read that many rows on (``lone_gift``).

States are solved in order of decreasing total score; every outcome leads
to a greater total, so the value of rolling ``n`` dice is a dot product of
the dice probabilities with one contiguous slice of ``outcomes``.

Simulation kernels
------------------
Dice come from SplitMix64 streams: game ``g`` under seed ``seed`` uses the
stream keyed ``mix64(mix64(seed) + g * GAMMA)``; its ``i``-th 64-bit draw
is ``mix64(key + (i + 1) * GAMMA)``. A die takes the high 32 bits of a draw
and maps them to 1..sides by Lemire's multiply-and-reject, so every die is
exactly uniform. ``hog.simulate.dice_stream`` is the same stream in Python.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from numba import get_num_threads, njit, prange, types
from numba.extending import overload

from hog.game import MAX_ROLLS

GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_S27, _S30, _S31, _S32 = np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(32)

#: Tie tolerance of the solvers: the lowest count within this of the best wins.
TIE_TOLERANCE = 1e-12
#: A simulated game still going after this many turns stops unfinished (won by nobody).
MAX_TURNS = 10_000

#: ``CompiledRules.exact_arrays``: arrays, but None for the dice kinds of plain dice (see ``points_range``).
ExactArrays = tuple[
    npt.NDArray[Any],
    npt.NDArray[Any],
    npt.NDArray[Any],
    npt.NDArray[Any],
    npt.NDArray[Any],
    npt.NDArray[Any],
    npt.NDArray[Any],
    npt.NDArray[np.int64] | None,
    npt.NDArray[Any],
]
#: ``_analyse``'s work room (outcomes, values, table, choices), from ``_work``.
Work = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.int8], npt.NDArray[np.float64]]


# --- exact analysis ---------------------------------------------------------


def dice_of(dice_kind: npt.NDArray[np.int64] | None, score: int, opponent: int) -> int:
    """The kind of the dice rolled at (SCORE, OPPONENT): ``dice_kind[score,
    opponent]``, or 0 if DICE_KIND is None (plain dice: never changed).

    >>> dice_of(None, 3, 4), dice_of(np.array([[0, 1]]), 0, 1)
    (0, 1)

    In the kernels None is a type of its own: they are compiled once for
    rules whose dice never change, reading no kind in their loops."""
    return 0 if dice_kind is None else int(dice_kind[score, opponent])


@overload(dice_of, inline="always")
def _dice_of(dice_kind, score, opponent):  # type: ignore[no-untyped-def]  # numba needs the bare names
    """``dice_of`` in the kernels, chosen by DICE_KIND's numba type when they are compiled."""
    if isinstance(dice_kind, types.NoneType):
        return lambda dice_kind, score, opponent: 0
    return lambda dice_kind, score, opponent: dice_kind[score, opponent]


def points_range(
    dice_kind: npt.NDArray[np.int64] | None, bounds: npt.NDArray[np.int64], sides: int, kind: int, num_rolls: int
) -> tuple[int, int, int]:
    """(lone, low, high): rolling NUM_ROLLS dice of KIND scores LONE or
    LOW..HIGH points, ``bounds[kind, num_rolls]``; for plain dice (DICE_KIND
    None) 1 (Pig Out) or 2 to SIDES points a die, computed, not read.

    >>> bounds = np.array([[[0, 1, 0], [1, 2, 6], [1, 4, 12]]])
    >>> points_range(None, bounds, 6, 0, 2), points_range(np.zeros((1, 1)), bounds, 6, 0, 2)
    ((1, 4, 12), (1, 4, 12))

    Three reads per turn cost plain pairs 8% of their time."""
    if dice_kind is None:
        return 1, 2 * num_rolls, sides * num_rolls
    return int(bounds[kind, num_rolls, 0]), int(bounds[kind, num_rolls, 1]), int(bounds[kind, num_rolls, 2])


@overload(points_range, inline="always")
def _points_range(dice_kind, bounds, sides, kind, num_rolls):  # type: ignore[no-untyped-def]  # numba's bare names
    """``points_range`` in the kernels, chosen by DICE_KIND's numba type when they are compiled."""
    if isinstance(dice_kind, types.NoneType):
        return lambda dice_kind, bounds, sides, kind, num_rolls: (1, 2 * num_rolls, sides * num_rolls)
    return lambda dice_kind, bounds, sides, kind, num_rolls: (
        bounds[kind, num_rolls, 0],
        bounds[kind, num_rolls, 1],
        bounds[kind, num_rolls, 2],
    )


def lone_gift(dice_kind: npt.NDArray[np.int64] | None, bounds: npt.NDArray[np.int64], kind: int, num_rolls: int) -> int:
    """The points rolling NUM_ROLLS dice of KIND gives the opponent with its
    lone lowest points (Piggy Back), ``bounds[kind, num_rolls, 3]``; 0 for
    plain dice (DICE_KIND None).

    >>> lone_gift(None, np.zeros((1, 2, 4), np.int64), 0, 1), lone_gift(np.zeros((1, 1)), np.full((1, 2, 4), 3), 0, 1)
    (0, 3)
    """
    return 0 if dice_kind is None else int(bounds[kind, num_rolls, 3])


@overload(lone_gift, inline="always")
def _lone_gift(dice_kind, bounds, kind, num_rolls):  # type: ignore[no-untyped-def]  # numba's bare names
    """``lone_gift`` in the kernels, chosen by DICE_KIND's numba type when they are compiled."""
    if isinstance(dice_kind, types.NoneType):
        return lambda dice_kind, bounds, kind, num_rolls: 0
    return lambda dice_kind, bounds, kind, num_rolls: bounds[kind, num_rolls, 3]


@njit(cache=True, fastmath={"reassoc", "contract"})
def _analyse(
    tables: npt.NDArray[np.int8],
    which: npt.NDArray[np.int64],
    optimise: bool,
    perfect: bool,
    rule_arrays: ExactArrays,
    work: Work,
) -> tuple[npt.NDArray[np.int8], float, float]:
    """The dynamic programme for one pair: A plays ``tables[which[0]]`` and B
    ``tables[which[1]]``; if OPTIMISE, A instead picks the best count in every
    state (the lowest within TIE_TOLERANCE of the best) and, if PERFECT, B
    plays like A. RULE_ARRAYS is ``CompiledRules.exact_arrays``, WORK the
    room from ``_work`` (overwritten; reusable for the next pair). Returns
    (A's table, in WORK, A's chance moving first, A's chance moving second).

    One function does it all, with no calls in the loops: numba pays for
    every array passed to a function there.
    """
    zero_points, dice_chances, finished, link_start, link_entry, link_state, link_same, dice_kind, bounds = rule_arrays
    outcomes, values, table, choices = work
    goal = tables.shape[1]
    states = goal * goal
    plane = finished.shape[0]
    row = goal + dice_chances.shape[2] - 1  # goal + max_points; past the goal's opponent rows: Piggy Back's
    sides = bounds[0, 1, 2]  # one die's highest points
    for entry in range(plane):  # a loop, not slices: a slice's shape check compiles an error message (2 s)
        outcomes[entry] = outcomes[plane + entry] = finished[entry]
    for total in range(2 * goal - 2, -1, -1):
        for score in range(max(0, total - goal + 1), min(total, goal - 1) + 1):
            opponent = total - score
            index = score * goal + opponent
            for mover in range(2):
                if mover == 1 and perfect:
                    values[states + index] = values[index]
                    continue
                lowest = highest = tables[which[mover], score, opponent]
                if mover == 0 and optimise:
                    lowest, highest = 0, MAX_ROLLS
                at = mover * plane + opponent * row + score
                kind = dice_of(dice_kind, score, opponent)
                best = -1.0
                for num_rolls in range(lowest, highest + 1):
                    if num_rolls == 0:
                        value = outcomes[at + zero_points[score, opponent]]
                    else:
                        # The lone lowest points (Pig Out), then one contiguous range.
                        lone, low, high = points_range(dice_kind, bounds, sides, kind, num_rolls)
                        gift = lone_gift(dice_kind, bounds, kind, num_rolls)  # the opponent's points (Piggy Back)
                        value = dice_chances[kind, num_rolls, lone] * outcomes[at + row * gift + lone]
                        # Unsigned indices: no negative-index wrap-around, so the loop vectorises.
                        base = np.uint64(at)
                        for points in range(np.uint64(low), np.uint64(high + 1)):
                            value += dice_chances[kind, num_rolls, points] * outcomes[base + points]
                    choices[num_rolls] = value
                    best = max(best, value)
                chosen = lowest
                while choices[chosen] < best - TIE_TOLERANCE:
                    chosen += 1
                values[mover * states + index] = choices[chosen]
                if mover == 0:
                    table[score, opponent] = chosen
        # The states of this total are solved: copy them where outcomes lead there.
        for i in range(link_start[total], link_start[total + 1]):
            entry, state = link_entry[i], link_state[i]
            if link_same[i]:
                outcomes[entry] = values[state]
                outcomes[plane + entry] = values[states + state]
            else:
                outcomes[entry] = 1.0 - values[states + state]
                outcomes[plane + entry] = 1.0 - values[state]
    return table, values[0], 1.0 - values[states]


def pair_win_probabilities(
    tables: npt.NDArray[np.int8],
    pairs: npt.NDArray[np.int64],
    rule_arrays: ExactArrays | tuple[npt.NDArray[Any], ...],
    analyse_block: Callable[..., None] | None = None,
    begin: npt.NDArray[np.int64] | None = None,
) -> npt.NDArray[np.float64]:
    """For each row (a, b) of PAIRS: [first, second], table a's chances to win
    against table b moving first and moving second (from BEGIN, the start
    (score0, score1, the player to move first) of ``start_chances``: as
    player 0 and as player 1). TABLES is (n, goal, goal).
    ANALYSE_BLOCK(tables, pairs, rule_arrays, start, stop, out) does a
    block's pairs (``_analyse_pairs`` by default; ``hog.swap_kernels``', which start at 0-0).

    The pairs are split into one block of consecutive pairs per numba
    thread (``get_num_threads``), each run by ``_analyse_pairs`` on a thread
    of its own (it releases the GIL): a kernel with ``parallel=True`` would
    cost a first run 2 s more to compile. Each block allocates its work room
    once: allocated for every pair, the buffers (over 128 KiB at goal 100)
    are mapped and unmapped each time wherever glibc's mmap threshold is
    fixed (``MALLOC_TRIM_THRESHOLD_`` set, as Dask's nanny does)."""
    count = len(pairs)
    out = np.empty((count, 2))
    blocks = max(1, min(count, get_num_threads()))
    edges = [block * count // blocks for block in range(blocks + 1)]
    tables = read_only(tables)

    begin = np.zeros(3, dtype=np.int64) if begin is None else begin

    def run(block: int) -> None:
        if analyse_block is None:  # the score-only kernel: RULE_ARRAYS are CompiledRules.exact_arrays
            arrays = cast(ExactArrays, rule_arrays)
            _analyse_pairs(tables, pairs, False, False, arrays, edges[block], edges[block + 1], out, begin)
        else:
            analyse_block(tables, pairs, rule_arrays, edges[block], edges[block + 1], out)

    if blocks == 1:
        run(0)
    else:
        with ThreadPoolExecutor(blocks) as pool:
            list(pool.map(run, range(blocks)))
    return out


def read_only(tables: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """A read-only view of TABLES: numba types a writable array apart from a
    read-only one (a league's ``TableStack``), so the kernels get read-only
    tables (or policies) from every caller and are compiled once for all of them."""
    view: npt.NDArray[np.int8] = tables.view()
    view.setflags(write=False)
    return view


@njit(cache=True, nogil=True)
def _analyse_pairs(
    tables: npt.NDArray[np.int8],
    pairs: npt.NDArray[np.int64],
    optimise: bool,
    perfect: bool,
    rule_arrays: ExactArrays,
    start: int,
    stop: int,
    out: npt.NDArray[np.float64],
    begin: npt.NDArray[np.int64],
) -> npt.NDArray[np.int8]:
    """``_analyse`` of rows START..STOP of PAIRS, their chances from BEGIN
    (``start_chances``) written to the same rows of OUT; returns the last
    pair's table for A. The one compiled caller of ``_analyse`` for leagues
    and solvers alike: called from Python, OPTIMISE and PERFECT are typed as
    plain booleans, so one specialisation serves both (literal constants
    would compile two)."""
    goal = tables.shape[1]
    work = _work(goal, rule_arrays[2].shape[0])
    for i in range(start, stop):
        _analyse(tables, pairs[i], optimise, perfect, rule_arrays, work)
        out[i, 0], out[i, 1] = start_chances(work[1], goal, begin)
    return work[2]


@njit(cache=True, inline="always")
def start_chances(
    values: npt.NDArray[np.float64], goal: int, begin: npt.NDArray[np.int64]
) -> tuple[np.float64, np.float64]:
    """A's chances to win as player 0 and as player 1 of a game that starts
    at BEGIN = (score0, score1, the player who moves first), from VALUES
    (``_analyse``'s: the mover's chance at each state, A to move, then B).
    At (0, 0, 0): A moving first, and moving second.

    >>> values = np.array([0.6, 0.1, 0.2, 0.3, 0.55, 0.9, 0.75, 0.7])
    >>> [round(float(c), 2) for c in start_chances(values, 2, np.array([0, 0, 0]))]
    [0.6, 0.45]
    >>> [round(float(c), 2) for c in start_chances(values, 2, np.array([0, 1, 1]))]  # player 1 at (1, 0)
    [0.25, 0.2]
    """
    states = goal * goal
    score0, score1, first = begin[0], begin[1], begin[2]
    if first == 0:  # player 0 moves at (score0, score1): A as player 0, then B as player 0
        return values[score0 * goal + score1], 1.0 - values[states + score0 * goal + score1]
    # player 1 moves at (score1, score0): B as player 1, then A as player 1
    return 1.0 - values[states + score1 * goal + score0], values[score1 * goal + score0]


@njit(cache=True)
def _work(goal: int, plane: int) -> Work:
    """Room for ``_analyse`` at GOAL with PLANE outcomes per player:
    outcomes, values, table, choices."""
    table = np.empty((goal, goal), dtype=np.int8)
    return np.empty(2 * plane), np.empty(2 * goal * goal), table, np.empty(MAX_ROLLS + 1)


def solve(
    opponent: npt.NDArray[np.int8], perfect: bool, rule_arrays: ExactArrays
) -> tuple[npt.NDArray[np.int8], float, float]:
    """The table maximising the mover's chance in every state, and its
    (first, second) chances: against OPPONENT if not PERFECT, otherwise
    against itself (OPPONENT is then ignored)."""
    tables = read_only(opponent.reshape((1,) + opponent.shape))
    out = np.empty((1, 2))
    pair, origin = np.zeros((1, 2), dtype=np.int64), np.zeros(3, dtype=np.int64)
    table = _analyse_pairs(tables, pair, True, bool(perfect), rule_arrays, 0, 1, out, origin)
    return table, float(out[0, 0]), float(out[0, 1])


# --- simulation ---------------------------------------------------------------


@njit(cache=True, inline="always")
def mix64(z: np.uint64) -> np.uint64:
    """SplitMix64's output function (a bijection of 64-bit integers)."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    mixed: np.uint64 = z ^ (z >> _S31)  # numpy's stubs type uint64 shifts as Any
    return mixed


@njit(cache=True, inline="always")
def game_key(seed_key: np.uint64, game: int) -> np.uint64:
    """The stream key of game GAME, SEED_KEY being mix64(seed)."""
    return mix64(seed_key + np.uint64(game) * GAMMA)


@njit(cache=True, inline="always")
def _die(state: np.uint64, sides: np.uint64, reject_below: np.uint64) -> tuple[np.uint64, np.int64]:
    """The stream's next outcome of a die of SIDES sides (Lemire's
    multiply-and-reject, REJECT_BELOW being 2**32 mod SIDES): (the stream's
    new state, the outcome 1..SIDES)."""
    while True:
        state += GAMMA
        product = (mix64(state) >> _S32) * sides
        if (product & _LOW32) >= reject_below:
            return state, np.int64(product >> _S32) + 1


@njit(cache=True)
def _play(
    first: npt.NDArray[np.int8],
    second: npt.NDArray[np.int8],
    rule_arrays: tuple[npt.NDArray[Any], ...],
    key: np.uint64,
    begin: npt.NDArray[np.int64],
) -> tuple[int, int]:
    """One game, FIRST's table player 0's, dice from stream KEY, from BEGIN
    (score0, score1, the player who moves first): final (score0, score1),
    or the scores after MAX_TURNS turns of a game that has not ended.
    RULE_ARRAYS is ``CompiledRules.game_arrays``."""
    (
        zero_points,
        after_score,
        after_opponent,
        after_extra,
        bonus,
        remember,
        dice_kind,
        kind_sides,
        kind_reject,
        roll_table,
        time_trot,
        kind_dice,
        gift,
        carry,
        memory_dice,
        kind_reroll,
    ) = rule_arrays
    modulus = time_trot[0]
    game_sides, game_reject, game_dice, varied = kind_sides[0], kind_reject[0], kind_dice[0], kind_sides.shape[0] > 1
    goal = first.shape[0]
    score0 = begin[0]
    score1 = begin[1]
    previous0 = 0
    previous1 = 0
    who = begin[2]
    turn = 0  # the turn number modulo Time Trot's modulus
    trot = False  # this turn is a Time Trot extra turn
    state = key
    for _turn in range(MAX_TURNS):
        if score0 >= goal or score1 >= goal:
            break
        if who == 0:
            score, opponent, previous = score0, score1, previous0
            num_rolls = first[score, opponent]
        else:
            score, opponent, previous = score1, score0, previous1
            num_rolls = second[score, opponent]
        if num_rolls == 0:
            points = zero_points[score, opponent]
        else:
            sides, reject_below, most, again = game_sides, game_reject, game_dice, False
            if varied:  # the rules pick the dice of some states (Hog Wild, Hog Tied)
                kind = memory_dice[previous, dice_kind[score, opponent]]  # exchanged dice: by the shared memory
                sides, reject_below, most = kind_sides[kind], kind_reject[kind], kind_dice[kind]
                again = kind_reroll[kind]
            num_rolls = min(num_rolls, most)  # Pork Chop's -1: no dice, its points at roll_table[-1, 0, 0]
            ones = 0
            total = 0
            for _ in range(num_rolls):
                state, outcome = _die(state, sides, reject_below)
                if again and outcome % 2 == 1:  # re-rolled dice (fa16's Hog Wild): the second outcome stands
                    state, outcome = _die(state, sides, reject_below)
                total += outcome
                ones += outcome == 1
            points = roll_table[num_rolls, ones, total - ones]
        after = score + points + bonus[previous, num_rolls]
        opponent += gift[num_rolls, points]
        extra = after_extra[after, opponent]
        if modulus > 0:
            trot = not trot and num_rolls == turn
            extra = extra or trot
            turn = (turn + 1) % modulus
        score, opponent = after_score[after, opponent], after_opponent[after, opponent]
        remembered = remember[previous, num_rolls, points]
        if who == 0:
            score0, score1 = score, opponent
            previous0, previous1 = remembered, carry[previous1, remembered]
        else:
            score0, score1 = opponent, score
            previous0, previous1 = carry[previous0, remembered], remembered
        if not extra:
            who = 1 - who
    return score0, score1


@njit(cache=True, parallel=True)
def simulate_wins(
    table_a: npt.NDArray[np.int8],
    table_b: npt.NDArray[np.int8],
    rule_arrays: tuple[npt.NDArray[Any], ...],
    seed_key: np.uint64,
    games: int,
    begin: npt.NDArray[np.int64],
) -> tuple[int, int, int]:
    """Play every stream twice (A as player 0, then B as player 0 on the same
    dice), from BEGIN (score0, score1, the player who moves first; at 0-0
    player 0: A first, then B first).

    Returns (A's wins moving first, A's wins moving second, streams A won
    twice); an unfinished game is won by nobody.
    """
    first_wins = 0
    second_wins = 0
    both_wins = 0
    for game in prange(games):
        key = game_key(seed_key, game)
        score0, score1 = _play(table_a, table_b, rule_arrays, key, begin)
        won_first = 1 if score0 >= table_a.shape[0] and score0 > score1 else 0
        score0, score1 = _play(table_b, table_a, rule_arrays, key, begin)
        won_second = 1 if score1 >= table_a.shape[0] and score1 > score0 else 0
        first_wins += won_first
        second_wins += won_second
        both_wins += won_first * won_second
    return first_wins, second_wins, both_wins


@njit(cache=True, parallel=True)
def simulate_scores(
    table_a: npt.NDArray[np.int8],
    table_b: npt.NDArray[np.int8],
    rule_arrays: tuple[npt.NDArray[Any], ...],
    seed_key: np.uint64,
    games: int,
    begin: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """Final scores (score0, score1) of every game: [stream, seating, player];
    seating 0 has A as player 0, seating 1 has B as player 0."""
    out = np.empty((games, 2, 2), dtype=np.int64)
    for game in prange(games):
        key = game_key(seed_key, game)
        out[game, 0, 0], out[game, 0, 1] = _play(table_a, table_b, rule_arrays, key, begin)
        out[game, 1, 0], out[game, 1, 1] = _play(table_b, table_a, rule_arrays, key, begin)
    return out
