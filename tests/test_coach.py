"""``hog.coach``: the costs sum to the gap for every rule set, and each
cell's reach, loss and cost agree with a plain computation over the full
game state (``tests.reference_exact``), not with the kernels."""

from __future__ import annotations

import numpy as np
import pytest
from coach_reference import coach_reference, random_tables

from hog import exact
from hog.coach import coach, with_best_choices
from hog.rules import RULE_SETS

IDENTITY = 1e-12
AGREE = 1e-12


@pytest.mark.parametrize("rules", RULE_SETS)
def test_costs_sum_to_the_gap(rules: str) -> None:
    goal = 50
    for seed in (1, 2):
        student, opponent = random_tables(rules, goal, seed)
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
    student, _ = random_tables("sus_fuss", goal, 3)
    coaching = coach(student, perfect, "sus_fuss")
    assert coaching.best_rate == pytest.approx(0.5, abs=1e-12)
    assert abs(coaching.cost.sum() - coaching.gap) < IDENTITY
    assert coach(perfect, perfect, "sus_fuss").gap == pytest.approx(0.0, abs=1e-12)


def test_best_choices_at_the_costliest_cells_close_part_of_the_gap() -> None:
    student, opponent = random_tables("sus_fuss", 40, 4)
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


# --- the plain reference (tests/coach_reference.py) ---


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
    student, opponent = random_tables(rules, goal, 5)
    coaching = coach(student, opponent, rules)
    reference = coach_reference(rules, student, opponent)
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
