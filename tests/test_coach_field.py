"""``hog.coach_field``: against a field, each opponent weighted equally, the
costs sum to the mean of the per-opponent gaps for every rule set, and each
matchup and cell agree with the plain computation (``tests/coach_reference.py``)."""

from __future__ import annotations

import numpy as np
import pytest
from coach_reference import coach_reference, random_tables

from hog.coach_field import coach_field
from hog.rules import RULE_SETS

IDENTITY = 1e-12
AGREE = 1e-12


def _field(rules: str, goal: int, size: int, seed: int) -> tuple[np.ndarray, list[np.ndarray]]:
    student, _ = random_tables(rules, goal, seed)
    return student, [random_tables(rules, goal, seed + 100 + k)[1] for k in range(size)]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_field_costs_sum_to_the_mean_gap(rules: str) -> None:
    student, field = _field(rules, 30, 3, 1)
    coaching = coach_field(student, field, rules)
    gaps = [m.best_rate - m.win_rate for m in coaching.matchups]
    assert coaching.gap == pytest.approx(sum(gaps) / 3, abs=1e-15)
    assert abs(coaching.cost.sum() - coaching.gap) < IDENTITY
    assert coaching.identity_error < IDENTITY
    assert coaching.votes.sum(axis=2).tolist() == np.full((30, 30), 3).tolist()
    assert np.abs(coaching.pull.sum(axis=2) - coaching.cost).max() < 1e-15


@pytest.mark.parametrize(
    ("rules", "goal"),
    [("sus_fuss", 16), ("swine_swap", 16), ("sp17", 14), ("fa19", 12), ("fa18_contest", 12)],
)
def test_each_matchup_and_cell_agrees_with_the_plain_reference(rules: str, goal: int) -> None:
    student, field = _field(rules, goal, 3, 7)
    coaching = coach_field(student, field, rules)
    references = [coach_reference(rules, student, opponent) for opponent in field]
    for matchup, reference in zip(coaching.matchups, references, strict=True):
        assert matchup.win_rate == pytest.approx(reference["rates"]["own"], abs=AGREE)
        assert matchup.best_rate == pytest.approx(reference["rates"]["best"], abs=AGREE)
    for s in range(goal):
        for o in range(goal):
            cost = sum(reference["cost"].get((s, o), 0.0) for reference in references) / 3
            reach = sum(reference["reach"].get((s, o), 0.0) for reference in references) / 3
            assert coaching.cost[s, o] == pytest.approx(cost, abs=AGREE), (s, o)
            assert coaching.reach[s, o] == pytest.approx(reach, abs=AGREE), (s, o)
    mean_gap = sum(r["rates"]["best"] - r["rates"]["own"] for r in references) / 3
    assert coaching.gap == pytest.approx(mean_gap, abs=AGREE)


def test_the_worst_matchups_and_costliest_cells_come_first() -> None:
    student, field = _field("sus_fuss", 30, 4, 3)
    field.append(student.copy())  # the strategy itself: the best response beats it most
    coaching = coach_field(student, field, "sus_fuss")
    order = coaching.worst(5)
    gaps = [coaching.matchups[i].gap for i in order]
    assert gaps == sorted(gaps, reverse=True) and sorted(order) == list(range(5))
    top = coaching.top(3)
    costs = [coaching.cost[cell] for cell in top]
    assert costs == sorted(costs, reverse=True) and costs[0] == coaching.cost.max()


def test_a_field_of_one_is_the_single_coaching() -> None:
    from hog.coach import coach

    student, field = _field("hog_pile", 25, 1, 5)
    single = coach(student, field[0], "hog_pile")
    coaching = coach_field(student, field, "hog_pile")
    assert coaching.matchups[0].win_rate == pytest.approx(single.win_rate, abs=1e-15)
    assert coaching.matchups[0].best_rate == single.best_rate
    assert np.abs(coaching.cost - single.cost).max() < 1e-15
    costs = coaching.cost > 0
    assert (coaching.best[costs] == single.best[costs]).all()
    assert (coaching.best[~costs] == student[~costs]).all()


def test_an_empty_field_is_refused() -> None:
    student, _ = _field("sus_fuss", 10, 0, 1)
    with pytest.raises(ValueError, match="the field is empty"):
        coach_field(student, [], "sus_fuss")
