"""The simulator against the reference game loop (game by game, same dice)
and against the exact analysis (within a few standard errors)."""

import numba
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hog.exact import win_probabilities
from hog.game import play
from hog.kernels import MAX_TURNS
from hog.rules import RULE_SETS
from hog.simulate import dice_stream, simulate, simulate_scores, stream_dice

RULES = list(RULE_SETS)


def always_roll(n: int, goal: int = 100) -> np.ndarray:
    return np.full((goal, goal), n, dtype=np.int8)


def random_tables(seed: int, goal: int, count: int = 2) -> np.ndarray:
    rng = np.random.default_rng(seed)
    low, high = [(0, 11), (0, 4), (4, 11)][seed % 3]
    return rng.integers(low, high, size=(count, goal, goal), dtype=np.int8)


def as_strategy(table: np.ndarray):
    return lambda score, opponent_score: int(table[score, opponent_score])


def replay(first: np.ndarray, second: np.ndarray, rules: str, seed: int, game: int, sides: int) -> tuple[int, int]:
    """hog.game.play on the dice of stream GAME (dice of other sides where
    the rules pick them, sp17's Hog Wild and su17's exchanged dice, from the
    same stream), stopped where
    the simulator stops a game that has not ended (a hefty_hogs game can go
    on forever)."""
    dice_of = stream_dice(seed, game)
    strategies = as_strategy(first), as_strategy(second)
    goal = first.shape[0]
    return play(*strategies, rules, dice=dice_of(sides), goal=goal, max_turns=MAX_TURNS, dice_of=dice_of, sides=sides)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("table_seed, goal, sides", [(0, 100, 6), (1, 100, 6), (2, 37, 4), (3, 50, 3)])
def test_games_match_the_reference_loop(rules, table_seed, goal, sides):
    a, b = random_tables(table_seed, goal)
    scores = simulate_scores(a, b, rules, games=40, seed=11, sides=sides)
    for game in range(40):
        assert tuple(scores[game, 0]) == replay(a, b, rules, 11, game, sides)
        assert tuple(scores[game, 1]) == replay(b, a, rules, 11, game, sides)


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**64 - 1), table_seed=st.integers(0, 1000))
def test_any_seed_matches_the_reference_loop(rules, seed, table_seed):
    a, b = random_tables(table_seed, 100)
    scores = simulate_scores(a, b, rules, games=3, seed=seed)
    for game in range(3):
        assert tuple(scores[game, 0]) == replay(a, b, rules, seed, game, 6)
        assert tuple(scores[game, 1]) == replay(b, a, rules, seed, game, 6)


@pytest.mark.parametrize("sides", [1, 2, 6, 7])
def test_dice_stream_is_uniform_and_keyed(sides):
    stream = dice_stream(5, 0, sides)
    rolls = np.array([next(stream) for _ in range(12_000)])
    counts = np.bincount(rolls, minlength=sides + 1)[1:]
    assert rolls.min() >= 1 and rolls.max() <= sides
    expected = len(rolls) / sides
    chi_square = ((counts - expected) ** 2 / expected).sum()
    assert chi_square < sides - 1 + 6 * np.sqrt(2 * max(sides - 1, 1))
    if sides > 1:
        again, other_game, other_seed = dice_stream(5, 0, sides), dice_stream(5, 1, sides), dice_stream(6, 0, sides)
        first = [next(again) for _ in range(50)]
        assert first == rolls[:50].tolist()
        assert first != [next(other_game) for _ in range(50)]
        assert first != [next(other_seed) for _ in range(50)]


def test_runs_are_reproducible_and_independent_of_threads():
    a, b = random_tables(4, 100)
    result = simulate(a, b, "square_swine", games=5_000, seed=42)
    assert simulate(a, b, "square_swine", games=5_000, seed=42) == result
    assert simulate(a, b, "square_swine", games=5_000, seed=43) != result
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        assert simulate(a, b, "square_swine", games=5_000, seed=42) == result
    finally:
        numba.set_num_threads(threads)


@pytest.mark.parametrize("rules", RULES)
def test_statistics_follow_the_games(rules):
    a, b = random_tables(RULES.index(rules), 60)
    result = simulate(a, b, rules, games=2_000, seed=9)
    scores = simulate_scores(a, b, rules, games=2_000, seed=9)
    first = scores[:, 0, 0] > scores[:, 0, 1]
    second = scores[:, 1, 1] > scores[:, 1, 0]
    per_stream = (first + second.astype(float)) / 2
    assert result.first == first.mean() and result.second == second.mean()
    assert result.rate == pytest.approx(per_stream.mean(), abs=1e-15)
    assert result.stderr == pytest.approx(per_stream.std(ddof=1) / np.sqrt(2_000), rel=1e-9)
    low, high = result.interval
    assert low == pytest.approx(result.rate - 1.96 * result.stderr, abs=1e-4)
    assert high == pytest.approx(result.rate + 1.96 * result.stderr, abs=1e-4)
    assert (result.games, result.seed) == (2_000, 9)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("pair, sides", [("roll4_vs_roll6", 6), ("random_goal_30", 6), ("random_goal_45", 4)])
def test_simulation_agrees_with_exact(rules, pair, sides):
    a, b = {
        "roll4_vs_roll6": lambda: (always_roll(4), always_roll(6)),
        "random_goal_30": lambda: random_tables(5, 30),
        "random_goal_45": lambda: random_tables(6, 45),
    }[pair]()
    games = 20_000
    exact = win_probabilities(a, b, rules, sides=sides)
    result = simulate(a, b, rules, games=games, seed=2024, sides=sides)
    assert abs(result.rate - exact.rate) < 4 * result.stderr
    for simulated, p in ((result.first, exact.first), (result.second, exact.second)):
        assert abs(simulated - p) < 4 * np.sqrt(p * (1 - p) / games) + 1e-12


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: simulate(always_roll(4), always_roll(6), "hog_pile", games=1), "games must be"),
        (lambda: simulate(always_roll(4), always_roll(6), "hog_pile", seed=-1), "seed must be"),
        (lambda: simulate(always_roll(4), always_roll(6), "hog_pile", sides=0), "sides must be"),
        (lambda: simulate(always_roll(4), always_roll(6, 50), "hog_pile"), "table_b: shape"),
        (lambda: simulate_scores(always_roll(11), always_roll(6), "hog_pile"), "table_a: 11"),
        (lambda: dice_stream(0, -1), "game must be"),
        (lambda: dice_stream(2**64, 0), "seed must be"),
    ],
)
def test_bad_arguments_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()
