"""``hog.coach``: the costs sum to the gap for every rule set, and each
cell's reach, loss and cost agree with a plain computation over the full
game state (``tests.reference_exact``), not with the kernels."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest
from reference_exact import START, Game

from hog import exact
from hog.coach import coach, with_best_choices
from hog.rules import RULE_SETS, State, get_rules

IDENTITY = 1e-12
AGREE = 1e-12


def _tables(rules: str, goal: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Two random tables; where rolling 0 scores 0 points (``hefty_hogs``)
    the student rolls 1 instead, so no game goes on forever."""
    rng = np.random.default_rng(seed)
    student, opponent = (rng.integers(0, 11, (goal, goal)).astype(np.int8) for _ in range(2))
    stalls = exact.compile_rules(rules, goal).zero_points == 0
    student[stalls & (student == 0)] = 1
    return student, opponent


@pytest.mark.parametrize("rules", RULE_SETS)
def test_costs_sum_to_the_gap(rules: str) -> None:
    goal = 50
    for seed in (1, 2):
        student, opponent = _tables(rules, goal, seed)
        coaching = coach(student, opponent, rules)
        assert abs(coaching.cost.sum() - coaching.gap) < IDENTITY
        assert coaching.gap > 0
        own = exact.win_probabilities(student, opponent, rules)
        assert coaching.win_rate == pytest.approx(own.rate, abs=1e-15)
        playing_best = coaching.strategy == coaching.best
        if coaching.hidden is None:
            assert (coaching.loss[playing_best] == 0).all()
            assert coaching.unseen == 0


def test_against_perfect_play_the_best_rate_is_one_half() -> None:
    goal = 100
    perfect = exact.perfect_play("sus_fuss", goal).table
    student, _ = _tables("sus_fuss", goal, 3)
    coaching = coach(student, perfect, "sus_fuss")
    assert coaching.best_rate == pytest.approx(0.5, abs=1e-12)
    assert abs(coaching.cost.sum() - coaching.gap) < IDENTITY
    assert coach(perfect, perfect, "sus_fuss").gap == pytest.approx(0.0, abs=1e-12)


def test_best_choices_at_the_costliest_cells_close_part_of_the_gap() -> None:
    student, opponent = _tables("sus_fuss", 40, 4)
    coaching = coach(student, opponent, "sus_fuss")
    top = coaching.top(10)
    assert len(top) == 10
    costs = [coaching.cost[cell] for cell in top]
    assert costs == sorted(costs, reverse=True)
    assert costs[0] == coaching.cost.max() and costs[-1] == np.sort(coaching.cost.ravel())[-10]
    fixed = with_best_choices(coaching, top)
    better = coach(fixed, opponent, "sus_fuss")
    assert better.win_rate > coaching.win_rate
    assert better.gap < coaching.gap


# --- the plain reference ---------------------------------------------------------


def _reference(rules_name: str, student: np.ndarray, opponent: np.ndarray) -> dict[str, dict]:
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


@pytest.mark.parametrize(
    ("rules", "goal"),
    [
        ("sus_fuss", 16),
        ("hog_pile", 16),
        ("swine_swap", 16),
        ("sp17", 16),
        ("fa19", 12),
        ("fa18_contest", 14),
    ],
)
def test_cells_agree_with_the_plain_reference(rules: str, goal: int) -> None:
    student, opponent = _tables(rules, goal, 5)
    coaching = coach(student, opponent, rules)
    reference = _reference(rules, student, opponent)
    assert coaching.best_rate == pytest.approx(reference["rates"]["best"], abs=AGREE)
    assert coaching.win_rate == pytest.approx(reference["rates"]["own"], abs=AGREE)
    for s in range(goal):
        for o in range(goal):
            cell = (s, o)
            assert coaching.reach[cell] == pytest.approx(reference["reach"].get(cell, 0.0), abs=AGREE), cell
            assert coaching.cost[cell] == pytest.approx(reference["cost"].get(cell, 0.0), abs=AGREE), cell
            if coaching.hidden is None and cell in reference["values"]:
                assert coaching.values[cell].tolist() == pytest.approx(reference["values"][cell], abs=AGREE)
    assert sum(reference["cost"].values()) == pytest.approx(coaching.gap, abs=AGREE)
