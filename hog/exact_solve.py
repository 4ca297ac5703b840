"""Solving exactly: the best response to a table and perfect play, with
tables derived from optimal full-state play where the rules have memory or
Time Trot (``Solution``); ``hog.exact`` is the public face."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from hog import kernels, state_kernels, trot_kernels
from hog.exact_rules import CompiledRules, compile_rules
from hog.exact_tables import as_policy, checked_table, trot_policy, win_probabilities_pairs
from hog.rules import RuleSet, get_rules

__all__ = ["IMPROVE_ROUNDS", "Solution", "TIE_BREAK", "best_response", "best_response_to_always_roll", "perfect_play"]


#: How the solvers choose among equally good counts, in words (``hog solve``'s method text).
TIE_BREAK = (
    "ties go to the fewest dice within 1e-12 (fa16's Pork Chop, -1, before them), but rolling 0 for 0 points "
    "(which keeps the scores) "
    "only when no other count is as good; so where both players could roll 0 for 0 points and each "
    "would rather the other did (hefty_hogs, goal 100: 72 against 75), optimal play is not unique: "
    "the table rolls at 72 and waits at 75, and the other way round is optimal too"
)


@dataclass(frozen=True, eq=False)
class Solution:
    """What a solver found: a table and its exact chances to win moving
    first, second, and their mean; how it was solved (``method``).

    For rule sets with memory the optimum is a *policy* over the full state
    (``policy[score, opponent, own memory, opponent memory]``; under Time
    Trot ``[score, opponent, turn mod M, extra turn]``) whose exact chances
    are ``optimal_first``/``optimal_second``/``optimal_rate``; the table is
    derived from it (the policy's choice at each score pair's most visited
    full state; a best response's table, and under Time Trot perfect play's
    against optimal play, is then improved round by round) and
    ``first``/``second``/``rate`` are the table's own exact chances (against
    the opponent, or itself), a best response's at most the policy's.
    Without memory the table is the optimum and both sets of chances are equal.
    """

    table: np.ndarray
    first: float
    second: float
    rate: float
    method: str = "dynamic programming over (score, opponent score, turn)"
    policy: np.ndarray | None = None
    optimal_first: float = 0.0
    optimal_second: float = 0.0
    optimal_rate: float = 0.0

    @property
    def table_is_optimal(self) -> bool:
        """Whether the table is optimal play itself: the rules have no memory
        (a full-state policy of one memory value is a table)."""
        return self.policy is None or self.policy.shape[2:] == (1, 1)


def _derived_solution(
    table: np.ndarray,
    first: float,
    second: float,
    compiled: CompiledRules,
    policy: np.ndarray,
    optimal_first: float,
    optimal_second: float,
) -> Solution:
    """The Solution of a TABLE derived from a full-state POLICY (both frozen
    here), with the table's own chances and the policy's optimal ones."""
    table.setflags(write=False)
    policy.setflags(write=False)
    return Solution(
        table,
        float(first),
        float(second),
        float((first + second) / 2),
        compiled.method,
        policy,
        optimal_first,
        optimal_second,
        (optimal_first + optimal_second) / 2,
    )


def _trot_solution(opponent: np.ndarray | None, compiled: CompiledRules, improve: bool) -> Solution:
    """Optimal play over the Time Trot state (against OPPONENT's table, or
    perfect play if None), and the table derived from it (the policy's choice
    at each score pair's most visited turn state), if IMPROVE improved round
    by round against OPPONENT or, in perfect play, against optimal play
    (``_improved_table``), with its own exact chances (against OPPONENT or
    itself)."""
    goal, modulus, arrays = compiled.goal, compiled.time_trot, compiled.exact_arrays
    opposing = trot_policy(np.zeros((goal, goal), np.int8) if opponent is None else opponent)
    policy, optimal_first, optimal_second = trot_kernels.analyse(
        opposing, opposing, True, opponent is None, modulus, arrays
    )
    after = (compiled.after_score, compiled.after_opponent, compiled.after_extra)
    if opponent is None:
        opposing = policy
    visits = trot_kernels.occupancy(policy, opposing, modulus, arrays, after)
    flat = visits.reshape(goal, goal, -1).argmax(axis=2)
    table = np.take_along_axis(policy.reshape(goal, goal, -1), flat[:, :, None], axis=2)[:, :, 0]

    def evaluate(candidate: np.ndarray) -> tuple[float, float, np.ndarray]:
        own = trot_policy(candidate)
        seen = trot_kernels.occupancy(own, opposing, modulus, arrays, after)
        gains, first, second = trot_kernels.table_gains(own, opposing, modulus, arrays, seen)
        return first, second, gains

    table = np.ascontiguousarray(table)
    if improve:
        table, first, second = _improved_table(table, evaluate, compiled.choices)
    if opponent is None or not improve:
        against = table if opponent is None else opponent
        first, second = win_probabilities_pairs(np.stack([table, against]), [[0, 1]], compiled.name, compiled.sides)[0]
    return _derived_solution(table, first, second, compiled, policy, optimal_first, optimal_second)


def _solution(table: np.ndarray, first: float, second: float, compiled: CompiledRules) -> Solution:
    table.setflags(write=False)
    first, second = float(first), float(second)
    rate = (first + second) / 2
    return Solution(table, first, second, rate, compiled.method, None, first, second, rate)


#: At most this many rounds of improving a table derived from optimal
#: full-state play (a best response with memory; Time Trot).
IMPROVE_ROUNDS = 10


def _full_state_solution(opponent: np.ndarray | None, compiled: CompiledRules, improve: bool) -> Solution:
    """Optimal full-state play (against OPPONENT's table, or perfect play if
    None), and the table derived from it with its own exact chances; against
    a table, if IMPROVE, the derived table improved (``_improved_table``)."""
    arrays, cyclic = compiled.state_arrays, compiled.cyclic
    goal = compiled.goal
    opposing = as_policy(np.zeros((goal, goal), np.int8) if opponent is None else opponent, compiled)
    policy, win, other = state_kernels.analyse(opposing, opposing, True, opponent is None, cyclic, arrays)
    optimal_first, optimal_second = float(win[0, 0, 0, 0, 0]), float(other[1, 0, 0, 0, 0])
    if policy.shape[2] == 1:
        table = np.ascontiguousarray(policy[:, :, 0, 0])
    else:
        visits, _ = state_kernels.occupancy(policy, policy if opponent is None else opposing, cyclic, arrays)
        flat = visits.reshape(goal, goal, -1).argmax(axis=2)
        table = np.take_along_axis(policy.reshape(goal, goal, -1), flat[:, :, None], axis=2)[:, :, 0]
        table = np.ascontiguousarray(table)
    if opponent is None:
        first, second = win_probabilities_pairs(np.stack([table, table]), [[0, 1]], compiled.name, compiled.sides)[0]
    else:
        if improve and policy.shape[2] > 1:
            table, _, _ = _improved_table(
                table, lambda candidate: _memory_gains(candidate, opposing, compiled), compiled.choices
            )
        # The table's own chances from the pair kernels, as a match of it gets them (bit for bit).
        first, second = win_probabilities_pairs(np.stack([table, opponent]), [[0, 1]], compiled.name, compiled.sides)[0]
    return _derived_solution(table, first, second, compiled, policy, optimal_first, optimal_second)


def _memory_gains(table: np.ndarray, opposing: np.ndarray, compiled: CompiledRules) -> tuple[float, float, np.ndarray]:
    """TABLE's exact chances moving first and second against the policy
    OPPOSING (rules with memory, no cycles), and its gains
    (``state_kernels.table_gains``, weighted by how often each memory is found)."""
    arrays = compiled.state_arrays
    policy = as_policy(table, compiled)
    _, win, other = state_kernels.analyse(policy, opposing, False, False, False, arrays)
    visits, _ = state_kernels.occupancy(policy, opposing, False, arrays)
    return float(win[0, 0, 0, 0, 0]), float(other[1, 0, 0, 0, 0]), state_kernels.table_gains(win, other, visits, arrays)


def _improved_table(
    table: np.ndarray, evaluate: Callable[[np.ndarray], tuple[float, float, np.ndarray]], choices: np.ndarray
) -> tuple[np.ndarray, float, float]:
    """TABLE, derived from optimal full-state play, improved round by round.
    EVALUATE(table) gives its exact chances moving first and second against
    the opponent and ``gains[score, opponent, row]``: its chance to win by
    choosing ``CHOICES[row]`` at that score pair (n dice in row n; -1, Pork
    Chop, in the last row where it is a choice), then playing on as the table, summed over
    the full states there weighted by how often they are visited. Each
    round moves every score pair to its best count where that gains more
    than 1e-12. Returns the best table seen and its chances."""
    best = (table, -1.0, -1.0)
    for _ in range(IMPROVE_ROUNDS):
        first, second, gains = evaluate(table)
        if first + second > best[1] + best[2]:
            best = (table, first, second)
        current = np.take_along_axis(gains, table[:, :, None].astype(np.int64) % len(choices), axis=2)[:, :, 0]
        better = gains.max(axis=2) > current + 1e-12
        if not better.any():
            break
        table = np.ascontiguousarray(np.where(better, choices[gains.argmax(axis=2)], table), dtype=np.int8)
    return best


def best_response(opponent: np.ndarray, rules: RuleSet | str, sides: int = 6, improve: bool = True) -> Solution:
    """The table that maximises its chance to win against OPPONENT in every
    state, so whether moving first or second (ties: the lowest count within
    1e-12). With memory or Time Trot: optimal full-state play and a table
    derived from it (see ``Solution``), then improved round by round unless
    not IMPROVE (a few seconds instead of under one)."""
    opponent = checked_table(opponent, "opponent", get_rules(rules).choices)
    compiled = compile_rules(rules, opponent.shape[0], sides)
    if compiled.time_trot:
        return _trot_solution(opponent, compiled, improve)
    if compiled.full_state:
        return _full_state_solution(opponent, compiled, improve)
    return _solution(*kernels.solve(opponent, False, compiled.exact_arrays), compiled)


def best_response_to_always_roll(num_rolls: int, rules: RuleSet | str, goal: int = 100) -> Solution:
    """``best_response`` to always_roll(NUM_ROLLS) at GOAL with six-sided
    dice, solved once per process (the table is read-only). With NUM_ROLLS 6,
    the course's baseline, it is every ``final_strategy`` of the project: the
    library's and each course module's."""
    return _best_response_to_always_roll(int(num_rolls), get_rules(rules), int(goal))


@lru_cache(maxsize=128)
def _best_response_to_always_roll(num_rolls: int, rules: RuleSet, goal: int) -> Solution:
    return best_response(np.full((goal, goal), num_rolls, dtype=np.int8), rules)


def perfect_play(rules: RuleSet | str, goal: int = 100, sides: int = 6) -> Solution:
    """The optimal table when both players play optimally (ties: the lowest
    count within 1e-12). ``first`` is the first mover's chance to win;
    against itself the table wins ``second = 1 - first`` moving second
    (less where a game can go on forever). With memory: optimal full-state
    play and a table derived from it (see ``Solution``); under Time Trot
    the table is improved round by round against optimal play."""
    compiled = compile_rules(rules, goal, sides)
    if compiled.time_trot:
        return _trot_solution(None, compiled, improve=True)
    if compiled.full_state:
        return _full_state_solution(None, compiled, improve=False)
    placeholder = np.zeros((compiled.goal, compiled.goal), dtype=np.int8)
    return _solution(*kernels.solve(placeholder, True, compiled.exact_arrays), compiled)
