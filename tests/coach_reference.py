"""A plain computation of what ``hog.coach`` computes, over the full game
state (``tests.reference_exact``), sharing nothing with the kernels."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
from reference_exact import START, Game

from hog import exact
from hog.rules import State, get_rules


def coach_reference(rules_name: str, student: np.ndarray, opponent: np.ndarray) -> dict[str, dict]:
    """Per cell (score, opponent score): reach, cost, and where the state is
    only the scores, the chance of each choice; plus the two win rates.
    Every state is a ``hog.rules.State``; player 0 is the student or the best response."""
    rules = get_rules(rules_name)
    goal = student.shape[0]

    def student_move(score: int, opponent_score: int) -> int:
        return int(student[score][opponent_score])

    def opponent_move(score: int, opponent_score: int) -> int:
        return int(opponent[score][opponent_score])

    second = State((0, 0), 1)
    game = Game(None, opponent_move, rules, goal)
    best, _ = game.solve((None, opponent_move), roots=(START, second))

    def chance(state: State, num_rolls: int) -> float:
        return sum(p * game.value(best, after)[0] for p, after in game.outcomes(state, num_rolls))

    # Reach: the student's own play, from both starts, states by increasing total score.
    played = Game(student_move, opponent_move, rules, goal)
    moves = played.reachable((student_move, opponent_move), (START, second))
    mass: dict[State, float] = defaultdict(float)
    mass[START] += 0.5
    mass[second] += 0.5
    for state in reversed(list(moves)):
        for outcomes in moves[state].values():
            for p, after in outcomes:
                if not played.over(after):
                    mass[after] += mass[state] * p
    reach: dict[tuple[int, int], float] = defaultdict(float)
    cost: dict[tuple[int, int], float] = defaultdict(float)
    values: dict[tuple[int, int], list[float]] = {}
    for state, here in mass.items():
        if state.who != 0:
            continue
        cell = state.mover_scores()
        choices = [chance(state, n) for n in range(11)]
        best_here = game.value(best, state)[0]
        reach[cell] += here
        cost[cell] += here * (best_here - choices[student_move(*cell)])
        values[cell] = choices
    rates = {
        "best": (best[START][0] + best[second][0]) / 2,
        "own": sum(played.first_second()) / 2,
    }
    return {"reach": reach, "cost": cost, "values": values, "rates": rates}


def random_tables(rules: str, goal: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Two random tables; where rolling 0 scores 0 points (``hefty_hogs``)
    the student rolls 1 instead, so no game goes on forever."""
    rng = np.random.default_rng(seed)
    student, opponent = (rng.integers(0, 11, (goal, goal)).astype(np.int8) for _ in range(2))
    stalls = exact.compile_rules(rules, goal).zero_points == 0
    student[stalls & (student == 0)] = 1
    return student, opponent
