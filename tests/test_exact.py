"""Exact analysis against a plain-Python reference, the known values of
RULES.md, and the optimality of best responses and perfect play."""

from dataclasses import replace

import numpy as np
import pytest
import reference_exact as reference
from hypothesis import given, settings
from hypothesis import strategies as st
from properties import examples

from hog import kernels, trot_kernels
from hog.exact import (
    best_response,
    compile_rules,
    perfect_play,
    points_distribution,
    win_probabilities,
    win_probabilities_many,
    win_probabilities_pairs,
)
from hog.rules import RULE_SETS, RuleSet, get_rules
from hog.rules.dice_rules import pig_out_zero, piggy_back
from hog.rules.registry import FERAL_HOGS_DICE

#: Rule sets solved over (score, opponent score, turn); the others
#: (memory, zero-point turns) are in tests/test_exact_full_state.py.
RULES = [name for name in RULE_SETS if not compile_rules(name, 20).full_state]
KNOWN_ROLL4_VS_ROLL6 = {
    "more_boar": 0.400068675563,
    "hog_pile": 0.453489243242,
    "swine_swap": 0.470568394631,
    "square_swine": 0.456643846692,
    "swine_align": 0.449037878522,
    # not in RULES.md: the plain-Python reference (tests/reference_exact.py) gives the same to 1e-12
    "sp19": 0.468363472640,
    "sp17": 0.458490712443,
}


def always_roll(n: int, goal: int) -> np.ndarray:
    return np.full((goal, goal), n, dtype=np.int8)


def random_tables(seed: int, goal: int, count: int) -> np.ndarray:
    """Tables of three kinds: any count, few dice (zero dice often), many dice."""
    rng = np.random.default_rng(seed)
    low, high = [(0, 11), (0, 4), (4, 11)][seed % 3]
    return rng.integers(low, high, size=(count, goal, goal), dtype=np.int8)


def as_strategy(table: np.ndarray):
    return lambda score, opponent_score: int(table[score, opponent_score])


def reference_chances(table_a, table_b, rules, sides=6):
    strategies = [None if t is None else as_strategy(t) for t in (table_a, table_b)]
    goal = (table_a if table_a is not None else table_b).shape[0]
    return reference.Game(*strategies, get_rules(rules), goal, sides).first_second()


# --- compiled rules -----------------------------------------------------------


@pytest.mark.parametrize("sides", [1, 2, 4, 6])
def test_dice_probabilities_match_reference(sides):
    compiled = compile_rules("square_swine", goal=20, sides=sides)
    for num_rolls in range(1, 11):
        expected = reference.dice_chances(num_rolls, sides)
        row = compiled.dice_probabilities[num_rolls]
        assert {k: pytest.approx(p, abs=1e-15) for k, p in expected.items() if p} == {
            int(k): row[k] for k in np.nonzero(row)[0]
        }
        assert sum(points_distribution(num_rolls, sides)) == 1


@pytest.mark.parametrize("rules", RULES)
def test_compiled_arrays_follow_the_rule_functions(rules):
    ruleset = get_rules(rules)
    compiled = compile_rules(rules, goal=40)
    assert compiled is compile_rules(ruleset, goal=40)
    points_rule = ruleset.turn_points or (lambda points: points)
    zero_points = [[points_rule(ruleset.zero_dice(s, o)) for o in range(40)] for s in range(40)]
    assert compiled.zero_points.tolist() == zero_points
    sides = [[ruleset.dice_sides(s, o, 6) for o in range(40)] for s in range(40)]
    assert compiled.kind_sides[compiled.dice_kind].tolist() == sides
    for score in range(0, 40 + compiled.max_points, 7):
        for opponent in range(0, 40, 3):
            new = compiled.after_score[score, opponent], compiled.after_opponent[score, opponent]
            extra = compiled.after_extra[score, opponent]
            assert (*new, extra) == ruleset.after_turn(score, opponent)


@pytest.mark.parametrize("rules", ["fa17", "sp19_contest"])
def test_kernels_for_dice_that_never_change_give_the_same_bits(rules):
    """Without Hog Wild the exact kernels are compiled with no dice kinds
    (None); given every state's kind (all 0) they must agree bit for bit."""
    compiled = compile_rules(rules, 30)
    assert compiled.exact_arrays[7] is None and compile_rules("sp17", 30).exact_arrays[7] is not None
    with_kinds = (*compiled.exact_arrays[:7], compiled.dice_kind, compiled.exact_arrays[8])
    tables = np.random.default_rng(8).integers(0, 11, size=(4, 30, 30), dtype=np.int8)
    pairs = np.array([[0, 1], [2, 3], [3, 0]])

    def run(arrays):
        if compiled.time_trot:
            return trot_kernels.pair_win_probabilities(tables, pairs, compiled.time_trot, arrays)
        return kernels.pair_win_probabilities(tables, pairs, arrays)

    assert np.array_equal(run(compiled.exact_arrays), run(with_kinds))


def broken(after_turn=None, zero_dice=None) -> RuleSet:
    square = get_rules("square_swine")
    return RuleSet("broken", (), "", "", "", "", zero_dice or square.zero_dice, after_turn or square.after_turn)


@pytest.mark.parametrize(
    "rules, message",
    [
        (broken(after_turn=lambda s, o: (s - 1, o, False)), "lowers the total score"),
        (broken(after_turn=lambda s, o: (s, -1, False)), "makes a score negative"),
        (broken(after_turn=lambda s, o: (max(s, 50), 50, False)), "ends the game in a tie"),
        (broken(zero_dice=lambda s, o: -1 if o == 7 else 1), r"scores \(0, 7\)"),
    ],
)
def test_rule_sets_the_analysis_cannot_handle_are_refused(rules, message):
    with pytest.raises(ValueError, match=message):
        compile_rules(rules, goal=50)


def extended(**changes) -> RuleSet:
    """fa13 under another name with CHANGES to its rules."""
    return replace(get_rules("fa13"), name="extended", semesters=(), **changes)


@pytest.mark.parametrize(
    "rules, message",
    [
        (extended(opponent_points=lambda n, p: 1), "though it scores points itself"),
        (extended(opponent_points=lambda n, p: -1), "less than 0 points"),
        (extended(roll_points=pig_out_zero), "leave both scores as they were"),
        (extended(most_dice=lambda s, o: 0), "fewer than 1 die"),
        (
            extended(roll_points=pig_out_zero, opponent_points=piggy_back, memory=FERAL_HOGS_DICE),
            "analysis over the two scores",
        ),
    ],
)
def test_limits_and_points_for_the_opponent_the_analysis_cannot_handle_are_refused(rules, message):
    with pytest.raises(ValueError, match=message):
        compile_rules(rules, goal=30)


def test_piggy_back_runs_the_outcome_planes_past_the_goal():
    """sp16: a 0-point roll of n dice gives the opponent n: the after-turn
    arrays reach opponent scores up to goal + 9, and the lone outcome of n
    dice lies n rows on."""
    compiled = compile_rules("sp16", 30)
    assert compiled.after_score.shape == (30 + compiled.max_points, 40)
    assert compiled.points_bounds[:, 1:, 0].tolist() == [[0] * 10] * len(compiled.kind_sides)
    assert compiled.points_bounds[:, 1:, 3].tolist() == [list(range(1, 11))] * len(compiled.kind_sides)
    assert compiled.gift[:, 0].tolist() == list(range(11)) and not compiled.gift[:, 1:].any()


def test_hog_tied_is_a_kind_of_dice_rolling_one():
    """su16: where the scores sum to 10k + 7 every count rolls one die (of the state's sides)."""
    compiled = compile_rules("su16", 30)
    kinds = compiled.dice_kind
    tied = np.add.outer(np.arange(30), np.arange(30)) % 10 == 7
    assert (compiled.kind_dice[kinds] == np.where(tied, 1, 10)).all()
    for kind in np.unique(kinds[tied]):
        assert (compiled.dice_chances[kind, 1:] == compiled.dice_chances[kind, 1]).all()


def test_bad_goal_sides_and_rules_are_refused():
    with pytest.raises(ValueError, match="goal"):
        compile_rules("hog_pile", goal=0)
    with pytest.raises(ValueError, match="sides"):
        compile_rules("hog_pile", sides=True)
    with pytest.raises(KeyError, match="pig_latin"):
        compile_rules("pig_latin")


# --- win probabilities ------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("seed, goal", [(0, 20), (1, 31), (2, 40)])
def test_win_probabilities_match_reference(rules, seed, goal):
    a, b = random_tables(seed, goal, 2)
    exact = win_probabilities(a, b, rules)
    first, second = reference_chances(a, b, rules)
    assert exact.first == pytest.approx(first, abs=1e-12)
    assert exact.second == pytest.approx(second, abs=1e-12)
    assert exact.rate == pytest.approx((first + second) / 2, abs=1e-12)


@pytest.mark.parametrize("rules", RULES)
def test_four_sided_dice_match_reference(rules):
    a, b = random_tables(3, 25, 2)
    first, second = reference_chances(a, b, rules, sides=4)
    exact = win_probabilities(a, b, rules, sides=4)
    assert (exact.first, exact.second) == pytest.approx((first, second), abs=1e-12)


@pytest.mark.parametrize("rules", ["square_swine", "sus_fuss", "swine_swap", "su21"])  # the others at goals to 40
@pytest.mark.parametrize("seed", [1])
def test_goal_100_matches_reference(rules, seed):
    a, b = random_tables(3 * RULES.index(rules) + seed, 100, 2)
    first, second = reference_chances(a, b, rules)
    exact = win_probabilities(a, b, rules)
    assert (exact.first, exact.second) == pytest.approx((first, second), abs=1e-12)


@pytest.mark.parametrize("rules", RULES)
@settings(max_examples=examples(nightly=20, default=2), deadline=None)
@given(goal=st.integers(1, 12), data=st.data())
def test_any_small_tables_match_reference(rules, goal, data):
    cells = st.lists(st.integers(0, 10), min_size=goal * goal, max_size=goal * goal)
    a = np.array(data.draw(cells), dtype=np.int8).reshape(goal, goal)
    b = np.array(data.draw(cells), dtype=np.int8).reshape(goal, goal)
    exact = win_probabilities(a, b, rules)
    assert (exact.first, exact.second) == pytest.approx(reference_chances(a, b, rules), abs=1e-12)


@pytest.mark.parametrize("rules", list(KNOWN_ROLL4_VS_ROLL6))
def test_known_values(rules):
    exact = win_probabilities(always_roll(4, 100), always_roll(6, 100), rules)
    assert exact.rate == pytest.approx(KNOWN_ROLL4_VS_ROLL6[rules], abs=1e-9)


@pytest.mark.parametrize("rules", RULES)
def test_batches_agree_with_single_pairs_and_seat_symmetry(rules):
    tables = random_tables(4, 30, 5)
    pairs = np.array([(i, j) for i in range(5) for j in range(5)])
    batch = win_probabilities_pairs(tables, pairs, rules)
    for (i, j), (first, second) in zip(pairs, batch, strict=True):
        single = win_probabilities(tables[i], tables[j], rules)
        assert (first, second) == (single.first, single.second)
        # B moving first against A is A moving second against B.
        assert first == pytest.approx(1 - batch[j * 5 + i, 1], abs=1e-12)
    many = win_probabilities_many(tables[0], tables[1:], rules)
    np.testing.assert_array_equal(many, batch[1:5])
    assert win_probabilities_pairs(tables, np.zeros((0, 2), dtype=np.int64), rules).shape == (0, 2)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: win_probabilities(always_roll(4, 20), always_roll(4, 21), "hog_pile"), "table_b: shape"),
        (lambda: win_probabilities(np.full((20, 20), 11), always_roll(4, 20), "hog_pile"), "table_a: 11 at score 0"),
        (lambda: win_probabilities(np.full((20, 20), 2.0), always_roll(4, 20), "hog_pile"), "float64"),
        (lambda: win_probabilities(np.zeros((20, 10), int), always_roll(4, 20), "hog_pile"), r"\(20, 10\)"),
        (lambda: win_probabilities_pairs(random_tables(0, 20, 3), [[0, 3]], "hog_pile"), r"pairs\[0\]"),
        (lambda: win_probabilities_pairs(random_tables(0, 20, 3), [0, 1], "hog_pile"), r"expected \(m, 2\)"),
        (lambda: win_probabilities_many(always_roll(4, 20), always_roll(4, 20), "hog_pile"), "opponents: shape"),
        (lambda: best_response(np.zeros(20, dtype=int), "hog_pile"), "opponent: shape"),
    ],
)
def test_bad_tables_and_pairs_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# --- best response and perfect play --------------------------------------------------


@pytest.mark.parametrize("rules", RULES)
def test_best_response_and_perfect_play_match_reference(rules):
    goal = 16
    opponent = random_tables(5, goal, 1)[0]
    table, first, second = reference.Game(None, as_strategy(opponent), get_rules(rules), goal).table_first_second()
    response = best_response(opponent, rules)
    assert (response.first, response.second) == pytest.approx((first, second), abs=1e-12)
    assert response.table.tolist() == table

    table, first, _ = reference.Game(None, None, get_rules(rules), goal).table_first_second()
    perfect = perfect_play(rules, goal)
    assert perfect.first == pytest.approx(first, abs=1e-12)
    assert perfect.table.tolist() == table


SWAPS = {"swine_swap", "fa17", "sp18", "su18", "fa18", "sp19", "su19", "su16", "sp16", "fa14", "fa13"}


@pytest.mark.parametrize("rules", [r for r in RULES if r not in SWAPS])
def test_ties_go_to_the_lowest_count(rules):
    # One point short of the goal every count wins (no swap can take it away).
    assert not perfect_play(rules, 30).table[29].any()
    assert not best_response(always_roll(5, 30), rules).table[29].any()


def challengers(rules: str, goal: int, opponent: np.ndarray) -> np.ndarray:
    """Random tables, every always_roll, perfect play and a best response to another table."""
    others = random_tables(6, goal, 1)[0]
    return np.concatenate(
        [
            random_tables(7, goal, 6),
            random_tables(8, goal, 6),
            np.stack([always_roll(n, goal) for n in range(11)]),
            perfect_play(rules, goal).table[None],
            best_response(others, rules).table[None],
        ]
    )


@pytest.mark.parametrize("rules", RULES)
def test_best_response_beats_or_ties_every_challenger(rules):
    goal = 40
    for opponent in (random_tables(9, goal, 1)[0], always_roll(5, goal), perfect_play(rules, goal).table):
        response = best_response(opponent, rules)
        tables = np.concatenate([response.table[None], opponent[None], challengers(rules, goal, opponent)])
        pairs = np.array([(i, 1) for i in range(len(tables)) if i != 1])
        results = win_probabilities_pairs(tables, pairs, rules)
        assert results[0] == pytest.approx([response.first, response.second], abs=1e-12)
        assert (results[1:] <= results[0] + 1e-12).all()
        assert (results[1:].mean(axis=1) <= response.rate + 1e-12).all()


@pytest.mark.parametrize("rules", RULES)
def test_perfect_play_never_loses_on_average(rules):
    goal = 40
    perfect = perfect_play(rules, goal)
    assert perfect.second == pytest.approx(1 - perfect.first, abs=1e-15)
    assert perfect.rate == pytest.approx(0.5, abs=1e-15)
    itself = win_probabilities(perfect.table, perfect.table, rules)
    assert (itself.first, itself.second) == pytest.approx((perfect.first, perfect.second), abs=1e-12)
    opponents = np.concatenate(
        [
            challengers(rules, goal, perfect.table),
            np.stack([best_response(t, rules).table for t in random_tables(10, goal, 3)]),
        ]
    )
    results = win_probabilities_many(perfect.table, opponents, rules)
    assert (results.mean(axis=1) >= 0.5 - 1e-12).all()


@pytest.mark.parametrize("rules", RULES)
def test_goal_100_optimal_tables(rules):
    roll6 = always_roll(6, 100)
    response = best_response(roll6, rules)
    rolls = win_probabilities_many(roll6, np.stack([always_roll(n, 100) for n in range(11)]), rules)
    # Each always_roll(n)'s rate against always_roll(6) is 1 - its rate as opponent.
    assert response.rate > (1 - rolls.mean(axis=1)).max()
    perfect = perfect_play(rules)
    against = win_probabilities_many(perfect.table, np.stack([always_roll(n, 100) for n in range(11)]), rules)
    assert (against.mean(axis=1) >= 0.5 - 1e-12).all()
    assert win_probabilities(perfect.table, response.table, rules).rate >= 0.5 - 1e-12
