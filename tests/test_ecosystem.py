"""Evolutionary dynamics over a league: the replicator against closed forms
and a plain loop, the Moran process against its fixation probabilities,
and ``hog ecosystem`` on stored leagues."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from arena.ecosystem import equal_counts, moran, payoff_matrix, replicator
from arena.plots import ECOSYSTEM_NAMED, ecosystem_figure, ecosystem_shown
from hog_arena.cli.main import main
from results.store import MatchKey, MatchResult, open_store
from strategies.table import StrategyTable


def win_rates(n: int, seed: int) -> np.ndarray:
    """A random league's win-rate matrix: A[j, i] = 1 - A[i, j], NaN diagonal."""
    upper = np.triu(np.random.default_rng(seed).uniform(0.2, 0.8, (n, n)), 1)
    matrix = upper + np.tril(1 - upper.T, -1)
    np.fill_diagonal(matrix, np.nan)
    return matrix


def two_strategies(rate: float) -> np.ndarray:
    """Strategy 0 wins with RATE against strategy 1."""
    return np.array([[math.nan, rate], [1 - rate, math.nan]])


# --- replicator dynamics -----------------------------------------------------------------


def test_shares_stay_a_distribution():
    run = replicator(win_rates(7, seed=1), 300)
    assert run.shares.shape == (301, 7)
    assert (run.shares >= 0).all()
    np.testing.assert_allclose(run.shares.sum(axis=1), 1.0, atol=1e-12)


def test_each_generation_is_the_plain_replicator_step():
    matrix = win_rates(4, seed=2)
    run = replicator(matrix, 5, start=np.array([0.1, 0.2, 0.3, 0.4]))
    x = [0.1, 0.2, 0.3, 0.4]
    for generation in range(1, 6):
        payoff = [sum((0.5 if i == j else matrix[i, j]) * x[j] for j in range(4)) for i in range(4)]
        mean = sum(xi * p for xi, p in zip(x, payoff, strict=True))
        assert mean == pytest.approx(0.5)  # win rates: the population wins half its games
        x = [xi * p / mean for xi, p in zip(x, payoff, strict=True)]
        np.testing.assert_allclose(run.shares[generation], x, rtol=1e-12)


def test_a_strategy_that_beats_every_other_takes_over():
    matrix = win_rates(6, seed=3)
    matrix[3, :] = 0.55
    matrix[:, 3] = 0.45
    matrix[3, 3] = math.nan
    run = replicator(matrix, 2000, tolerance=1e-12)
    assert run.converged
    assert run.shares[-1, 3] > 0.999
    assert run.survivors(0.001) == [3]


def test_rock_paper_scissors_keeps_shares_near_the_interior():
    matrix = np.array([[math.nan, 0.6, 0.4], [0.4, math.nan, 0.6], [0.6, 0.4, math.nan]])
    run = replicator(matrix, 100, start=np.array([0.36, 0.32, 0.32]))
    assert run.shares.min() > 0.25 and run.shares.max() < 0.42  # no one takes over, no one dies out
    np.testing.assert_allclose(run.shares.mean(axis=0), 1 / 3, atol=0.01)  # it cycles around the centre
    assert len(run.survivors(0.2)) == 3


def test_two_strategy_fixed_point_is_the_closed_form():
    # A hawk-dove-like game (not a win-rate matrix): each strategy does best
    # against the other, so the population settles where both earn the same:
    # x a + (1 - x) b = x c + (1 - x) d.
    a, b, c, d = 0.2, 0.7, 0.5, 0.3
    closed_form = (b - d) / ((b - d) + (c - a))
    run = replicator(np.array([[a, b], [c, d]]), 10_000, start=np.array([0.9, 0.1]), tolerance=1e-14)
    assert run.converged
    assert run.shares[-1, 0] == pytest.approx(closed_form, abs=1e-9)


def test_replicator_stops_only_when_no_share_moves_more_than_the_tolerance():
    run = replicator(win_rates(5, seed=4), 5000, tolerance=1e-6)
    assert run.converged and run.generations < 5000
    assert np.abs(run.shares[-1] - run.shares[-2]).max() <= 1e-6 < np.abs(run.shares[-2] - run.shares[-3]).max()
    assert not replicator(win_rates(5, seed=4), 10).converged


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        (np.full((1, 1), math.nan), "at least 2 x 2"),
        (np.zeros((2, 3)), "square"),
        (np.array([[math.nan, math.nan], [0.5, math.nan]]), "needs every result"),
        (np.array([[0.5, -0.1], [1.1, 0.5]]), "negative"),
    ],
)
def test_bad_matrices_are_refused(matrix, message):
    with pytest.raises(ValueError, match=message):
        payoff_matrix(matrix)


# --- the Moran process -------------------------------------------------------------------


def test_same_seed_same_path():
    matrix = win_rates(5, seed=5)
    one = moran(matrix, equal_counts(5, 6), seed=11, max_steps=20_000)
    two = moran(matrix, equal_counts(5, 6), seed=11, max_steps=20_000)
    other = moran(matrix, equal_counts(5, 6), seed=12, max_steps=20_000)
    np.testing.assert_array_equal(one.counts, two.counts)
    assert (one.steps, one.winner) == (two.steps, two.winner)
    assert not np.array_equal(one.counts[: len(other.counts)], other.counts[: len(one.counts)])


def test_the_population_keeps_its_size_until_one_strategy_holds_it():
    run = moran(win_rates(4, seed=6), equal_counts(4, 5), seed=3, max_steps=100_000, record_every=7)
    assert run.winner is not None and run.steps < 100_000
    assert (run.counts.sum(axis=1) == 20).all()
    assert run.counts[-1, run.winner] == 20 and run.steps_at[-1] == run.steps
    assert np.count_nonzero(run.counts[-2]) > 1  # it fixed after the last record but one
    assert list(run.steps_at[:-1]) == list(range(0, run.steps, 7))


def test_the_step_limit_stops_a_run_without_a_winner():
    run = moran(win_rates(4, seed=6), equal_counts(4, 50), seed=3, max_steps=100)
    assert run.winner is None and run.steps == 100


def fixation_rate(matrix: np.ndarray, size: int, runs: int) -> float:
    """How often one strategy-0 mutant among SIZE - 1 of strategy 1 takes over, in RUNS seeded runs."""
    return sum(moran(matrix, np.array([1, size - 1]), seed=s, max_steps=10**6).winner == 0 for s in range(runs)) / runs


def fixation_probability(rate: float, size: int) -> float:
    """The Moran process's fixation probability of one mutant that wins with
    RATE against the residents: 1 / (1 + sum_k prod_{j<=k} g_j / f_j), with
    f_j and g_j the mutants' and residents' fitness when there are j mutants
    (Nowak, Sasaki, Taylor and Fudenberg 2004)."""
    total, product = 1.0, 1.0
    for j in range(1, size):
        mutant = ((j - 1) * 0.5 + (size - j) * rate) / (size - 1)
        resident = (j * (1 - rate) + (size - j - 1) * 0.5) / (size - 1)
        product *= resident / mutant
        total += product
    return 1 / total


def test_a_neutral_mutant_fixes_with_probability_one_over_n():
    size = 8
    runs = 3000
    rate = fixation_rate(two_strategies(0.5), size, runs)
    assert fixation_probability(0.5, size) == pytest.approx(1 / size)
    assert abs(rate - 1 / size) < 4 * math.sqrt((1 / size) * (1 - 1 / size) / runs)


def test_a_stronger_mutant_fixes_more_often_as_the_closed_form_says():
    size = 8
    runs = 1500
    rate = fixation_rate(two_strategies(0.7), size, runs)
    expected = fixation_probability(0.7, size)
    assert expected > 2 / size
    assert abs(rate - expected) < 4 * math.sqrt(expected * (1 - expected) / runs)


# --- the picture --------------------------------------------------------------------------


def test_the_picture_names_the_strategies_with_the_largest_peak_shares():
    n = ECOSYSTEM_NAMED + 3
    matrix = win_rates(n, seed=8)
    matrix[5, :], matrix[:, 5] = 0.6, 0.4  # 5 takes over
    matrix[5, 5] = math.nan
    dynamics = replicator(matrix, 300)
    run = moran(matrix, equal_counts(n, 3), seed=1, max_steps=50_000)
    peak = np.maximum(dynamics.shares.max(axis=0), run.shares.max(axis=0))
    shown = ecosystem_shown(dynamics, run)
    assert shown[0] == 5 and len(shown) == ECOSYSTEM_NAMED
    assert min(peak[shown]) >= max(np.delete(peak, shown))
    names = [f"s{k}" for k in range(n)]
    figure = ecosystem_figure(names, dynamics, run, "a title")
    labels = [text.get_text() for text in figure.legends[0].get_texts()]
    assert labels == [names[i] for i in shown] + ["3 others"]
    top, bottom = figure.axes
    assert len(top.collections) == len(bottom.collections) == ECOSYSTEM_NAMED + 1  # one band each, and the rest


# --- hog ecosystem -----------------------------------------------------------------------

RULES = "hog_pile"
GOAL = 100
#: W beats everyone; X, Y, Z go round in a circle.
RATES = {
    ("W", "X"): 0.7, ("W", "Y"): 0.65, ("W", "Z"): 0.6,
    ("X", "Y"): 0.6, ("X", "Z"): 0.4,
    ("Y", "Z"): 0.6,
}  # fmt: skip


@pytest.fixture
def db(tmp_path) -> str:
    """A database with the league 'hand' (RATES, finished) and 'partial' (one match missing)."""
    path = str(tmp_path / "eco.db")
    with open_store(path) as store:
        tables = [np.random.default_rng(k).integers(0, 11, size=(GOAL, GOAL)) for k in range(4)]
        records = {n: store.add_strategy(StrategyTable(t, RULES, n))[0] for n, t in zip("WXYZ", tables, strict=True)}
        hand = store.create_league("hand", MatchKey(RULES, GOAL), [r.id for r in records.values()])
        store.store_matches(
            MatchKey(RULES, GOAL),
            [MatchResult(records[a].sha256, records[b].sha256, w, w, w) for (a, b), w in RATES.items()],
        )
        store.finish_league(hand.id)
        extra = store.add_strategy(StrategyTable(tables[0] // 2, RULES, "V"))[0]
        store.create_league("partial", MatchKey(RULES, GOAL), [records["W"].id, extra.id])
    return path


def test_hog_ecosystem_table_png_and_json(db, tmp_path, capsys):
    png = tmp_path / "eco.png"
    args = ["ecosystem", "hand", "--rules", RULES, "--goal", str(GOAL), "--db", db, "--each", "5", "--seed", "4"]
    assert main([*args, "--json", "--png", str(png)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and data["png"] == str(png)
    names = [s["name"] for s in data["strategies"]]
    assert names[0] == "W" and sorted(names) == ["W", "X", "Y", "Z"]
    matrix = stored_matrix(names)
    dynamics = replicator(matrix, 1000, tolerance=1e-9)
    np.testing.assert_allclose(data["replicator"]["shares"], dynamics.shares)
    assert data["replicator"]["survivors"] == [{"name": "W", "share": pytest.approx(1.0, abs=1e-6)}]
    run = moran(matrix, equal_counts(4, 5), seed=4, max_steps=200_000)
    assert run.winner is not None and data["moran"]["individuals"] == 20
    assert data["moran"]["winner"] == names[run.winner]
    assert data["moran"]["counts"] == run.counts.tolist() and data["moran"]["steps_at"] == run.steps_at.tolist()
    assert data["moran"]["fixation_step"] == data["moran"]["steps"] == run.steps
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Ecosystem of league #1 'hand'" in out and "gen 0" in out
    assert "survivors (share at least 0.01): W 1.0000" in out
    assert f"Moran: {names[run.winner]} took over after {run.steps} steps" in out


def stored_matrix(names: list[str]) -> np.ndarray:
    """RATES as a matrix in the order of NAMES."""
    matrix = np.full((4, 4), math.nan)
    for (a, b), w in RATES.items():
        i, j = names.index(a), names.index(b)
        matrix[i, j], matrix[j, i] = w, 1 - w
    return matrix


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nowhere"], "no league 'nowhere'"),
        (["partial"], "unfinished"),
        (["hand", "--png", "eco.jpg"], "must end in .png"),
    ],
)
def test_hog_ecosystem_refuses_with_one_line(db, capsys, args, message):
    assert main(["ecosystem", "--rules", RULES, "--db", db, *args]) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_hog_ecosystem_on_a_league_hog_league_ran(tmp_path, capsys):
    # Perfect play wins at least half its games against anyone, so it takes over the replicator.
    db = str(tmp_path / "real.db")
    specs = ["always_roll(2)", "always_roll(5)", "always_roll(8)", "perfect"]
    assert main(["league", *specs, "--rules", RULES, "--goal", "30", "--db", db, "--jobs", "1", "--json"]) == 0
    capsys.readouterr()
    png = tmp_path / "real.png"
    assert main(["ecosystem", "--rules", RULES, "--goal", "30", "--db", db, "--json", "--png", str(png)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["replicator"]["converged"] and data["png"] == str(png)
    assert [s["name"] for s in data["replicator"]["survivors"]] == ["perfect"]
    moran_run = data["moran"]  # chance decides who fixes: perfect does for about 4 seeds in 5 here
    assert moran_run["individuals"] == 40 and all(sum(counts) == 40 for counts in moran_run["counts"])
    assert moran_run["counts"][0] == [10, 10, 10, 10]
    if moran_run["winner"] is not None:
        assert moran_run["counts"][-1][[s["name"] for s in data["strategies"]].index(moran_run["winner"])] == 40
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
