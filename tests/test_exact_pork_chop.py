"""fa16 (Fall 2016) exactly: tables holding Pork Chop's -1, Hog Wild's re-rolled dice and When
Pigs Fly's cap, against the plain-Python reference game and against simulation."""

import dataclasses
from fractions import Fraction

import numpy as np
import pytest
import reference_exact as reference
from hypothesis import given, settings
from hypothesis import strategies as st
from properties import examples

from hog import exact, state_kernels
from hog.exact import best_response, compile_rules, perfect_play, points_distribution, win_probabilities
from hog.game import play
from hog.rules import get_rules
from hog.rules.dice_rules import pig_out_all_ones
from hog.simulate import simulate, simulate_scores, stream_dice

FA16 = get_rules("fa16")


def chopping_tables(seed: int, goal: int, count: int, chop_share: float = 0.15) -> np.ndarray:
    """Random tables of counts 0..10 with about CHOP_SHARE of the cells -1."""
    rng = np.random.default_rng(seed)
    tables = rng.integers(0, 11, size=(count, goal, goal), dtype=np.int8)
    return np.where(rng.random((count, goal, goal)) < chop_share, -1, tables).astype(np.int8)


def as_strategy(table: np.ndarray):
    return lambda score, opponent_score: int(table[score, opponent_score])


def reference_chances(a, b, goal, rules=FA16):
    strategies = [None if t is None else as_strategy(t) for t in (a, b)]
    return reference.Game(*strategies, rules, goal).first_second()


@pytest.mark.parametrize("seed, goal", [(0, 12), (1, 21), (2, 16)])
def test_tables_with_pork_chop_match_the_reference(seed, goal):
    a, b = chopping_tables(seed, goal, 2)
    assert (a == -1).any() and (b == -1).any()
    result = win_probabilities(a, b, "fa16")
    assert (result.first, result.second) == pytest.approx(reference_chances(a, b, goal), abs=1e-12)


@settings(max_examples=examples(nightly=30, default=5), deadline=None)
@given(goal=st.integers(1, 9), data=st.data())
def test_any_small_tables_with_pork_chop_match_the_reference(goal, data):
    cells = st.lists(st.integers(-1, 10), min_size=goal * goal, max_size=goal * goal)
    a = np.array(data.draw(cells), dtype=np.int8).reshape(goal, goal)
    b = np.array(data.draw(cells), dtype=np.int8).reshape(goal, goal)
    result = win_probabilities(a, b, "fa16")
    assert (result.first, result.second) == pytest.approx(reference_chances(a, b, goal), abs=1e-12)


def test_pairs_with_pork_chop_equal_the_full_state_kernel():
    """fa16's pairs run in hog.swap_kernels (Pork Chop's row read at index -1); at goal 100 they
    equal the full-state kernel's chances for the same tables as policies."""
    compiled = compile_rules("fa16")
    assert compiled.swap_kernel and compiled.choices.min() == -1 and list(compiled.choices[-2:]) == [10, -1]
    tables = chopping_tables(7, 100, 4)
    pairs = np.array([[0, 1], [2, 3], [3, 3], [1, 0]])
    policies = np.stack([exact.as_policy(table, compiled) for table in tables])
    full = state_kernels.pair_win_probabilities(policies, pairs, False, compiled.state_arrays)
    assert exact.win_probabilities_pairs(tables, pairs, "fa16") == pytest.approx(full, abs=1e-13)


def test_optimal_play_chooses_pork_chop_and_matches_the_reference():
    goal = 14
    perfect = perfect_play("fa16", goal)
    assert perfect.optimal_first == pytest.approx(reference.Game(None, None, FA16, goal).first(), abs=1e-12)
    opponent = chopping_tables(3, goal, 1)[0]
    response = best_response(opponent, "fa16")
    assert (response.optimal_first, response.optimal_second) == pytest.approx(
        reference_chances(None, opponent, goal), abs=1e-12
    )
    assert (perfect_play("fa16").table == -1).any()  # at goal 100 perfect play chops somewhere
    assert (perfect_play("fa16").policy == -1).any()


@pytest.mark.parametrize("a, b", [(4, 6), (-1, 4), (6, -1), (3, 3)])
def test_always_roll_and_always_chop_agree_with_simulation(a, b):
    table_a, table_b = np.full((100, 100), a, np.int8), np.full((100, 100), b, np.int8)
    result = win_probabilities(table_a, table_b, "fa16")
    simulated = simulate(table_a, table_b, "fa16", games=40_000, seed=11)
    assert abs(simulated.rate - result.rate) <= 4 * simulated.stderr + 1e-9


def test_random_chopping_tables_agree_with_simulation():
    a, b = chopping_tables(5, 100, 2, chop_share=0.3)
    result = win_probabilities(a, b, "fa16")
    simulated = simulate(a, b, "fa16", games=40_000, seed=2)
    assert abs(simulated.rate - result.rate) <= 4 * simulated.stderr


@pytest.mark.parametrize("rule", ["rerolls", "most_points", "roll_points"])
def test_each_rule_of_fa16_changes_the_chances(rule):
    """Turning Hog Wild's re-rolls or When Pigs Fly off, or Pig Out back to sp17's (at most 11 - n),
    moves the chances of always_roll(10) against always_roll(4): every rule is in the analysis."""
    change = {rule: get_rules("sp17").roll_points if rule == "roll_points" else None}
    assert FA16.roll_points is pig_out_all_ones
    a, b = np.full((100, 100), 10, np.int8), np.full((100, 100), 4, np.int8)
    changed = dataclasses.replace(FA16, name=f"fa16_without_{rule}", **change)
    assert abs(win_probabilities(a, b, changed).rate - win_probabilities(a, b, FA16).rate) > 1e-4


def test_re_rolled_dice_chances_match_the_reference_enumeration():
    for sides in (4, 6):
        for num_rolls in (1, 2, 5):
            exact_chances = points_distribution(num_rolls, sides, FA16.roll_points, rerolled=True)
            expected = reference.dice_chances(num_rolls, sides, FA16.roll_points, rerolled=True)
            assert {p: float(c) for p, c in enumerate(exact_chances) if c} == pytest.approx(expected, abs=1e-15)
    assert points_distribution(1, 6, rerolled=True)[2] == Fraction(1, 4)


def test_the_cap_is_in_the_compiled_chances():
    """When Pigs Fly: six dice score at most 19, ten at most 15; Free Bacon's 0 dice are not capped below 25."""
    compiled = compile_rules("fa16")
    chances = compiled.dice_chances
    assert np.nonzero(chances[0, 6])[0].max() == 19 and np.nonzero(chances[0, 10])[0].max() == 15
    assert chances[0, 6, 19] > chances[0, 5, 19] > 0  # the cap piles the high sums on 19
    assert compiled.zero_points.max() == 11  # Free Bacon's 7 becomes 11; 10 is not prime


def test_minus_one_is_refused_elsewhere_naming_the_score_pair():
    table = np.full((100, 100), 4, np.int8)
    table[3, 4] = -1
    with pytest.raises(ValueError, match=r"-1 at score 3, opponent score 4; expected 0\.\.10 .*fa16"):
        win_probabilities(table, table, "sp17")
    with pytest.raises(ValueError, match=r"-1 at score 3, opponent score 4"):
        simulate(table, table, "su17", games=10)
    with pytest.raises(ValueError, match=r"-1 at score 3, opponent score 4"):
        best_response(table, "fa17")
    assert 0 < win_probabilities(table, table, "fa16").first < 1


def test_fa16_games_with_pork_chop_match_the_reference_loop():
    """The simulator's games (re-rolled dice drawing a second outcome for an odd one, -1 rolling
    nothing) are hog.game.play's on the same dice stream, outcome for outcome."""
    a, b = chopping_tables(9, 100, 2, chop_share=0.2)
    scores = simulate_scores(a, b, "fa16", games=60, seed=4)
    for game in range(60):
        for seating, (first, second) in enumerate(((a, b), (b, a))):
            dice_of = stream_dice(4, game)
            played = play(as_strategy(first), as_strategy(second), "fa16", dice=dice_of(6), dice_of=dice_of)
            assert tuple(scores[game, seating]) == played
