"""Exact analysis over the full state (memory, zero-point cycles) against
the plain-Python reference, and exact against simulation for every rule set."""

import dataclasses

import numpy as np
import pytest
import reference_exact as reference
from hypothesis import given, settings
from hypothesis import strategies as st
from properties import examples

from hog import exact, state_kernels, trot_kernels
from hog.exact import best_response, compile_rules, perfect_play, win_probabilities
from hog.rules import RULE_SETS, get_rules
from hog.simulate import simulate

FULL = [name for name in RULE_SETS if compile_rules(name, 20).full_state]


def random_tables(seed: int, goal: int, count: int) -> np.ndarray:
    """Tables of four kinds: any count, few dice, many dice, mostly 0 dice."""
    rng = np.random.default_rng(seed)
    if seed % 4 == 3:
        return np.where(rng.random((count, goal, goal)) < 0.8, 0, rng.integers(1, 11, (count, goal, goal))).astype(
            np.int8
        )
    low, high = [(0, 11), (0, 4), (4, 11)][seed % 4]
    return rng.integers(low, high, size=(count, goal, goal), dtype=np.int8)


def as_strategy(table: np.ndarray):
    return lambda score, opponent_score: int(table[score, opponent_score])


def reference_chances(a, b, rules):
    return reference_game(a, b, rules, (a if a is not None else b).shape[0]).first_second()


def reference_game(a, b, rules, goal):
    strategies = [None if t is None else as_strategy(t) for t in (a, b)]
    return reference.Game(*strategies, get_rules(rules), goal)


def test_the_full_state_rule_sets():
    assert FULL == [
        "hefty_hogs",
        "su20",
        "sp20",
        "fa19",
        "su17",
        "fa16",
        "fa17_contest",
        "fa18_contest",
        "sp19_contest",
    ]
    assert "the dice are exchanged" in compile_rules("su17").method
    assert "Time Trot" in compile_rules("sp19_contest").method
    assert compile_rules("hefty_hogs").cyclic and not compile_rules("fa19").cyclic
    assert "value iteration" in compile_rules("hefty_hogs").method
    assert "memory" in compile_rules("sp20").method


@pytest.mark.parametrize("rules", FULL)
@pytest.mark.parametrize("seed, goal", [(0, 12), (1, 18), (2, 15), (3, 20)])
def test_tables_match_the_full_state_reference(rules, seed, goal):
    a, b = random_tables(seed, goal, 2)
    result = win_probabilities(a, b, rules)
    assert (result.first, result.second) == pytest.approx(reference_chances(a, b, rules), abs=1e-12)


@pytest.mark.parametrize("rules", FULL)
@settings(max_examples=examples(nightly=30, default=4), deadline=None)
@given(goal=st.integers(1, 9), data=st.data())
def test_any_small_tables_match_the_full_state_reference(rules, goal, data):
    cells = st.lists(st.integers(0, 10), min_size=goal * goal, max_size=goal * goal)
    a = np.array(data.draw(cells), dtype=np.int8).reshape(goal, goal)
    b = np.array(data.draw(cells), dtype=np.int8).reshape(goal, goal)
    result = win_probabilities(a, b, rules)
    assert (result.first, result.second) == pytest.approx(reference_chances(a, b, rules), abs=1e-12)


def test_endless_games_are_won_by_nobody():
    """hefty_hogs: tables that mostly roll 0 can pass 0-point turns back and
    forth forever; the exact chances then add up to less than 1, as the
    reference's least fixed point does."""
    compiled = compile_rules("hefty_hogs", 30)
    short = []
    for seed in range(3, 40, 4):
        a, b = random_tables(seed, 30, 2)
        _, win, other = state_kernels.analyse(
            exact.as_policy(a, compiled), exact.as_policy(b, compiled), False, False, True, compiled.state_arrays
        )
        if win[0, 0, 0, 0, 0] + other[0, 0, 0, 0, 0] < 1 - 1e-6:
            short.append((a, b))
    assert len(short) >= 3
    for a, b in short[:3]:
        result = win_probabilities(a, b, "hefty_hogs")
        assert (result.first, result.second) == pytest.approx(reference_chances(a, b, "hefty_hogs"), abs=1e-12)
        simulated = simulate(a, b, "hefty_hogs", games=4000, seed=1)
        assert abs(simulated.rate - result.rate) <= 4 * simulated.stderr + 1e-12


def test_feral_hogs_memory_matters():
    """Without its memory (no Feral Hogs) fa19 gives other chances: the state is really used."""
    a = np.full((100, 100), 4, np.int8)
    a[::2] = 2  # alternating counts make Feral Hogs fire
    b = np.full((100, 100), 6, np.int8)
    fa19 = get_rules("fa19")
    forgetful = dataclasses.replace(fa19, name="fa19_without_feral_hogs", memory=None)
    with_memory = win_probabilities(a, b, fa19).rate
    without = win_probabilities(a, b, forgetful).rate
    assert with_memory - without > 0.01
    assert with_memory == pytest.approx(simulate(a, b, "fa19", games=60_000, seed=5).rate, abs=0.01)


@pytest.mark.parametrize("seed", [0, 3])
def test_pairs_under_exchanged_dice_equal_the_full_state_kernel(seed):
    """su17's pairs of tables run in hog.swap_kernels; at goal 100 they equal the full-state
    kernel's chances for the same tables (as policies that ignore dice_swapped)."""
    compiled = compile_rules("su17")
    assert compiled.swap_kernel and not compile_rules("fa19").swap_kernel
    tables = random_tables(seed, 100, 4)
    pairs = np.array([[0, 1], [2, 3], [3, 3]])
    policies = np.stack([exact.as_policy(table, compiled) for table in tables])
    full = state_kernels.pair_win_probabilities(policies, pairs, False, compiled.state_arrays)
    assert exact.win_probabilities_pairs(tables, pairs, "su17") == pytest.approx(full, abs=1e-13)


@pytest.mark.parametrize("sides", [3, 4])
def test_exchanged_dice_of_other_sides_match_the_reference(sides):
    """With four-sided dice Perfect Piggy exchanges them for six-sided ones; dice of
    other sides stay as they are, but the flag is kept all the same."""
    a, b = random_tables(sides, 15, 2)
    result = win_probabilities(a, b, "su17", sides)
    strategies = as_strategy(a), as_strategy(b)
    expected = reference.Game(*strategies, get_rules("su17"), 15, sides).first_second()
    assert (result.first, result.second) == pytest.approx(expected, abs=1e-12)


def test_perfect_piggy_exchanges_the_dice():
    """su17 without Perfect Piggy (the dice never exchanged) gives other chances: dice_swapped is
    really used, and the simulator, which plays the exchanged dice, agrees with the exact value."""
    a, b = np.full((100, 100), 4, np.int8), np.full((100, 100), 6, np.int8)
    su17 = get_rules("su17")
    swapping = win_probabilities(a, b, su17)
    never = win_probabilities(a, b, dataclasses.replace(su17, name="su17_without_perfect_piggy", swaps_dice=None))
    assert abs(swapping.rate - never.rate) > 0.01
    simulated = simulate(a, b, "su17", games=60_000, seed=5)
    assert abs(simulated.rate - swapping.rate) <= 4 * simulated.stderr


@pytest.mark.parametrize("rules", FULL)
def test_optimal_play_matches_the_reference(rules):
    goal = 5 if rules == "fa19" else 7  # fa19 remembers 11 dice counts: the reference is slow
    opponent = random_tables(5, goal, 1)[0]
    response = best_response(opponent, rules)
    assert (response.optimal_first, response.optimal_second) == pytest.approx(
        reference_chances(None, opponent, rules), abs=1e-12
    )
    table_rate = win_probabilities(response.table, opponent, rules)
    assert (response.first, response.second) == (table_rate.first, table_rate.second)
    assert response.first <= response.optimal_first + 1e-12 and response.second <= response.optimal_second + 1e-12
    perfect = perfect_play(rules, goal)
    assert perfect.optimal_first == pytest.approx(reference_game(None, None, rules, goal).first(), abs=1e-12)


@pytest.mark.parametrize("rules", FULL)
def test_optimal_play_beats_every_table(rules):
    goal = 30
    opponent = random_tables(6, goal, 1)[0]
    response = best_response(opponent, rules)
    challengers = np.concatenate(
        [
            random_tables(7, goal, 4),
            np.stack([np.full((goal, goal), n, np.int8) for n in range(11)]),
            response.table[None],
        ]
    )
    results = exact.win_probabilities_many(opponent, challengers, rules)
    # The challengers' chances are 1 - the opponent's, unless a game can go on forever.
    challenger_first = np.array([win_probabilities(c, opponent, rules).first for c in challengers])
    assert (challenger_first <= response.optimal_first + 1e-12).all()
    assert results.shape == (len(challengers), 2)
    if response.policy.shape[2] == 1:  # no memory: the table is the policy
        assert response.table.tolist() == response.policy[:, :, 0, 0].tolist()
        assert response.rate == pytest.approx(response.optimal_rate, abs=1e-12)


# --- every rule set: exact against simulation ----------------------------------------


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
@settings(max_examples=examples(nightly=10, default=1), deadline=None)
@given(seed=st.integers(0, 2**16))
def test_exact_agrees_with_simulation(rules, seed):
    a, b = random_tables(seed, 100, 2)
    result = win_probabilities(a, b, rules)
    simulated = simulate(a, b, rules, games=20_000, seed=seed)
    assert abs(simulated.rate - result.rate) <= 4 * simulated.stderr + 1e-12
    assert abs(simulated.first - result.first) <= 4 * np.sqrt(result.first * (1 - result.first) / 20_000) + 1e-9


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_always_roll_4_against_6_agrees_with_simulation(rules):
    fours, sixes = np.full((100, 100), 4, np.int8), np.full((100, 100), 6, np.int8)
    result = win_probabilities(fours, sixes, rules)
    simulated = simulate(fours, sixes, rules, games=100_000, seed=11)
    assert abs(simulated.rate - result.rate) <= 4 * simulated.stderr


@pytest.mark.parametrize("rules", ["fa19", "sp20", "su20"])
def test_improving_the_derived_table_only_helps(rules):
    """The best response's table, improved round by round, wins at least as
    often as the table read off optimal play, and its chances are its own."""
    goal = 40
    opponent = random_tables(9, goal, 1)[0]
    improved = best_response(opponent, rules)
    derived = best_response(opponent, rules, improve=False)
    assert improved.rate >= derived.rate - 1e-12
    assert improved.rate <= improved.optimal_rate + 1e-12
    result = win_probabilities(improved.table, opponent, rules)
    assert (improved.first, improved.second) == pytest.approx((result.first, result.second), abs=1e-12)
    sixes = np.full((100, 100), 6, np.int8)  # the improved response is every final_strategy's, solved once
    assert exact.best_response_to_always_roll(6, rules).rate > best_response(sixes, rules, improve=False).rate + 0.005


@pytest.mark.parametrize("rules", ["fa17_contest", "fa18_contest", "sp19_contest"])
@pytest.mark.parametrize("opponent", ["sixes", "random"])
def test_improving_the_time_trot_table_helps_by_the_reference(rules, opponent):
    """Under Time Trot the best response's table, improved round by round,
    beats the table read off optimal play, by the plain-Python reference."""
    goal = 15
    table = np.full((goal, goal), 6, np.int8) if opponent == "sixes" else random_tables(1, goal, 1)[0]
    improved = best_response(table, rules)
    derived = best_response(table, rules, improve=False)
    improved_first, improved_second = reference_chances(improved.table, table, rules)
    derived_first, derived_second = reference_chances(derived.table, table, rules)
    assert (improved.first, improved.second) == pytest.approx((improved_first, improved_second), abs=1e-12)
    assert (derived.first, derived.second) == pytest.approx((derived_first, derived_second), abs=1e-12)
    assert improved_first + improved_second > derived_first + derived_second + 1e-4
    assert improved.rate <= improved.optimal_rate + 1e-12


@pytest.mark.parametrize("rules", ["fa18_contest", "sp19_contest"])
def test_time_trot_perfect_play_table_is_improved_against_optimal_play(rules):
    """Perfect play's table is improved against optimal play: it does better
    against the optimal policy than the table read off that policy, and its
    chances are its own against itself, by the reference."""
    goal = 15
    compiled = compile_rules(rules, goal)
    perfect = perfect_play(rules, goal)
    after = (compiled.after_score, compiled.after_opponent, compiled.after_extra)
    visits = trot_kernels.occupancy(perfect.policy, perfect.policy, compiled.time_trot, compiled.exact_arrays, after)
    flat = visits.reshape(goal, goal, -1).argmax(axis=2)
    derived = np.take_along_axis(perfect.policy.reshape(goal, goal, -1), flat[:, :, None], axis=2)[:, :, 0]

    def against_optimal(table):
        policy = np.ascontiguousarray(table[:, :, None, None])
        _, first, second = trot_kernels.analyse(
            policy, perfect.policy, False, False, compiled.time_trot, compiled.exact_arrays
        )
        return first + second

    assert against_optimal(perfect.table) > against_optimal(derived) + 1e-4
    assert (perfect.first, perfect.second) == pytest.approx(
        reference_chances(perfect.table, perfect.table, rules), abs=1e-12
    )


@pytest.mark.parametrize("rules", FULL)
def test_a_batch_of_pairs_matches_single_pairs(rules):
    tables = random_tables(5, 15, 3)
    pairs = np.array([(0, 1), (2, 0), (1, 2)])
    batch = exact.win_probabilities_pairs(tables, pairs, rules)
    # One pair runs in the thread's kept work room, which the previous pair (and goal) left behind.
    win_probabilities(tables[0, :12, :12], tables[1, :12, :12], rules)
    singles = [win_probabilities(tables[i], tables[j], rules) for i, j in pairs]
    backwards = [win_probabilities(tables[i], tables[j], rules) for i, j in pairs[::-1]][::-1]
    for chances, single, again in zip(batch, singles, backwards, strict=True):
        assert tuple(chances) == (single.first, single.second) == (again.first, again.second)
    assert exact.win_probabilities_pairs(tables, np.zeros((0, 2), dtype=np.int64), rules).shape == (0, 2)


def test_a_league_at_a_small_goal_gets_chances_within_0_and_1():
    """At fa19, goal 24, 1 - (a value summed to just above 1) was -2.2e-16 and the store refused the league."""
    from hog_arena.cli.main import main

    assert main(["league", "--rules", "fa19", "--goal", "24", "--db", ":memory:", "--jobs", "1", "--json"]) == 0
