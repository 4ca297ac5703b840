"""Pictures: valid PNG files of a readable size, and the data behind each."""

from __future__ import annotations

import io
import json
import math
import struct
from dataclasses import replace

import numpy as np
import pytest
from matplotlib.image import imread

from arena.plots import win_rate_matrix_figure, write_win_rate_matrix
from arena.ranking import rank
from evolve.plots import evolution_data, evolution_figure
from hog import exact
from hog_arena.cli.main import main
from results.store import MatchKey, MatchResult, open_store
from strategies.heatmap import diff_figure, diff_png
from strategies.spec import resolve_spec
from strategies.table import StrategyTable

RULES = "hog_pile"
GOAL = 100
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: A league worked out by hand: row's win rate against column.
#: Wins (rate > 0.500001): W 2 (mean .633), X 2 (mean .483), Y 1 (mean .5), Z 1 (mean .383).
RATES = {
    ("W", "X"): 0.7, ("W", "Y"): 0.8, ("W", "Z"): 0.4,
    ("X", "Y"): 0.6, ("X", "Z"): 0.55,
    ("Y", "Z"): 0.9,
}  # fmt: skip
RANK_ORDER = ["W", "X", "Y", "Z"]
NAN = math.nan
MATRIX_BY_HAND = [
    [NAN, 0.7, 0.8, 0.4],
    [0.3, NAN, 0.6, 0.55],
    [0.2, 0.4, NAN, 0.9],
    [0.6, 0.45, 0.1, NAN],
]


def check_png(data: bytes, min_side: int = 400, max_side: int = 2500) -> np.ndarray:
    """DATA is a PNG of a sensible size with a real picture in it; returns its pixels."""
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert min_side <= width <= max_side and min_side <= height <= max_side, (width, height)
    pixels = imread(io.BytesIO(data), format="png")
    assert pixels.shape[:2] == (height, width)
    colours = np.unique(pixels.reshape(-1, pixels.shape[2]), axis=0)
    assert len(colours) > 20  # not a blank canvas
    return pixels


def random_table(name: str, seed: int) -> StrategyTable:
    return StrategyTable(np.random.default_rng(seed).integers(0, 11, size=(GOAL, GOAL)), RULES, name)


def store_league(store, rates, insertion_order, finish=True):
    records = {n: store.add_strategy(random_table(n, i))[0] for i, n in enumerate(insertion_order)}
    league = store.create_league("hand", MatchKey(RULES, GOAL), [records[n].id for n in insertion_order])
    store.store_matches(
        MatchKey(RULES, GOAL),
        [MatchResult(records[a].sha256, records[b].sha256, w, w, w) for (a, b), w in rates.items()],
    )
    return store.finish_league(league.id) if finish else league


@pytest.fixture
def store(tmp_path):
    with open_store(str(tmp_path / "plots.db")) as opened:
        yield opened


# --- the league's win-rate matrix ------------------------------------------------------


def test_matrix_is_in_rank_order_with_the_stored_rates(store, tmp_path):
    league = store_league(store, RATES, ["Y", "W", "Z", "X"])
    results = store.league_results(league.id)
    path = tmp_path / "matrix.png"
    data = write_win_rate_matrix(results, rank(results), path)
    assert list(data.names) == RANK_ORDER and list(data.ranks) == [1, 2, 3, 4]
    np.testing.assert_allclose(data.matrix, MATRIX_BY_HAND, equal_nan=True)
    check_png(path.read_bytes())


def test_the_drawn_image_is_the_matrix(store):
    league = store_league(store, RATES, ["Z", "Y", "X", "W"])
    results = store.league_results(league.id)
    figure, data = win_rate_matrix_figure(results, rank(results)[:2])
    drawn = figure.axes[0].images[0].get_array()
    np.testing.assert_allclose(np.ma.filled(drawn, NAN), [[NAN, 0.7], [0.3, NAN]], equal_nan=True)
    assert list(data.names) == ["W", "X"]


def test_a_match_not_played_is_left_blank(store):
    partial = {pair: rate for pair, rate in RATES.items() if pair != ("W", "Z")}
    league = store_league(store, partial, ["W", "X", "Y", "Z"], finish=False)
    results = store.league_results(league.id)
    data = win_rate_matrix_figure(results, rank(results))[1]
    w, z = data.names.index("W"), data.names.index("Z")
    assert math.isnan(data.matrix[w, z]) and math.isnan(data.matrix[z, w])
    assert np.isfinite(data.matrix).sum() == 2 * len(partial)


def test_hog_leaderboard_png(store, tmp_path, capsys):
    store_league(store, RATES, ["X", "Z", "W", "Y"])
    path = tmp_path / "board.png"
    assert (
        main(["leaderboard", "--db", str(tmp_path / "plots.db"), "--rules", RULES, "--png", str(path), "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["png"] == str(path) and [row["name"] for row in out["rows"]] == RANK_ORDER
    check_png(path.read_bytes())


def test_hog_leaderboard_png_refuses_another_file_type_before_any_work(tmp_path, capsys):
    assert main(["leaderboard", "--db", str(tmp_path / "none.db"), "--png", str(tmp_path / "board.jpg")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("hog: error:") and ".png" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "none.db").exists() and not (tmp_path / "board.jpg").exists()


# --- two strategies' difference --------------------------------------------------------


def plain_difference(a: StrategyTable, b: StrategyTable) -> list[list[int]]:
    return [[a(score, opponent) - b(score, opponent) for opponent in range(a.goal)] for score in range(a.goal)]


def test_difference_picture_shows_a_minus_b():
    a = resolve_spec("hog_pile_strategy", RULES)
    b = resolve_spec("always_roll(5)", RULES)
    figure, delta = diff_figure(a, b)
    expected = plain_difference(a, b)
    assert delta.tolist() == expected
    assert np.ma.filled(figure.axes[0].images[0].get_array()).tolist() == expected
    png, drawn = diff_png(a, b)
    assert drawn.tolist() == expected
    check_png(png)


def test_difference_needs_one_goal():
    with pytest.raises(ValueError, match="goal"):
        diff_figure(resolve_spec("always_roll(5)", RULES, 100), resolve_spec("always_roll(5)", RULES, 50))


def test_hog_show_diff_png(tmp_path, capsys):
    path = tmp_path / "diff.png"
    code = main(
        ["show", "picky_piggy_strategy", "--diff", "always_roll(6)", "--rules", RULES, "--png", str(path), "--json"]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    expected = plain_difference(resolve_spec("picky_piggy_strategy", RULES), resolve_spec("always_roll(6)", RULES))
    cells = [v for row in expected for v in row]
    assert out["diff"] == expected
    assert (out["differing"], out["more"], out["fewer"]) == (
        sum(v != 0 for v in cells), sum(v > 0 for v in cells), sum(v < 0 for v in cells),
    )  # fmt: skip
    assert out["png"] == str(path)
    check_png(path.read_bytes())


# --- an evolution run -----------------------------------------------------------------

#: Hand-written generation statistics as DEAP's Statistics and Logbook record them.
STATS = [
    {"gen": 0, "evals": 10, "avg": 0.61, "std": 0.05, "min": 0.5, "max": 0.70, "best": 0.70},
    {"gen": 1, "evals": 8, "avg": 0.66, "std": 0.03, "min": 0.6, "max": 0.71, "best": 0.71},
    {"gen": 2, "evals": 7, "avg": 0.69, "std": 0.01, "min": 0.68, "max": 0.705, "best": 0.72},
]


def test_evolution_curve_is_the_stored_statistics(store, tmp_path):
    run = store.create_run("response", RULES, GOAL, 0, {"population": 10}, opponent="always_roll(6)")
    for stats in reversed(STATS):  # stored out of order: drawn by generation number
        store.add_generation(run.id, stats["gen"], stats)
    path = tmp_path / "run.png"
    data = evolution_figure(store.generations(run.id), 0.75, path, title="a run")
    assert data.generations == (0, 1, 2)
    assert data.best == tuple(s["max"] for s in STATS)
    assert data.mean == tuple(s["avg"] for s in STATS)
    assert data.std == tuple(s["std"] for s in STATS)
    assert data.best_so_far == tuple(s["best"] for s in STATS)
    assert data.reference_rate == 0.75
    check_png(path.read_bytes())


def test_evolution_curve_needs_max_and_avg(store):
    run = store.create_run("response", RULES, GOAL, 0, {}, opponent="always_roll(6)")
    store.add_generation(run.id, 0, {"avg": 0.5, "std": 0.1})
    generations = store.generations(run.id)
    with pytest.raises(ValueError, match="generation 0 has no 'max' statistic"):
        evolution_data(generations, None)
    with_max = [replace(g, stats={**g.stats, "max": 0.6}) for g in generations]
    data = evolution_data(with_max, None)
    assert (data.best, data.mean, data.best_so_far, data.reference_rate) == ((0.6,), (0.5,), None, None)


def test_hog_evolve_plot_draws_a_real_run(tmp_path, capsys):
    from evolve.run import continue_run, start_run
    from evolve.settings import Settings

    db = str(tmp_path / "evolve.db")
    with open_store(db) as store:
        run = start_run(store, RULES, GOAL, family="trigger", settings=Settings(population=6, generations=2), seed=1)
        continue_run(store, run.id, jobs=1)
        stored = [g.stats for g in store.generations(run.id)]
    path = tmp_path / "curve.png"
    assert main(["evolve-plot", str(run.id), "--db", db, "--png", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["generations"] == [0, 1, 2]
    assert out["best"] == [s["max"] for s in stored] and out["mean"] == [s["avg"] for s in stored]
    opponent = resolve_spec("always_roll(6)", RULES).table
    assert out["reference_rate"] == pytest.approx(exact.best_response(opponent, RULES).rate)
    assert out["reference_rate"] >= max(out["best"]) - 1e-12  # nothing beats the best response
    check_png(path.read_bytes())


def test_hog_evolve_plot_of_a_missing_run(tmp_path, capsys):
    db = tmp_path / "empty.db"
    with open_store(str(db)):
        pass
    assert main(["evolve-plot", "7", "--db", str(db), "--png", str(tmp_path / "x.png")]) == 1
    err = capsys.readouterr().err
    assert "no evolution run #7" in err and not (tmp_path / "x.png").exists()


# --- names are text, never mathtext --------------------------------------------------------


MATH = r"$\foo$"  # matplotlib's mathtext cannot parse \foo: drawn as math, the picture would fail


def test_a_dollar_name_draws_literally_in_every_picture(store, tmp_path):
    from strategies.heatmap import heatmap_png, literal

    table = random_table(MATH, 1)
    check_png(heatmap_png(table))
    check_png(diff_png(table, random_table(f"{MATH} costs $5", 2))[0])
    rates = {(MATH, "$x$"): 0.7, (MATH, "plain"): 0.4, ("$x$", "plain"): 0.55}
    league = store_league(store, rates, [MATH, "$x$", "plain"])
    results = store.league_results(league.id)
    figure, data = win_rate_matrix_figure(results, rank(results))
    assert MATH in data.names
    assert literal(MATH) in [label.get_text().split(". ", 1)[1] for label in figure.axes[0].get_yticklabels()]
    write_win_rate_matrix(results, rank(results), tmp_path / "matrix.png")
    check_png((tmp_path / "matrix.png").read_bytes())
    run = store.create_run("response", RULES, GOAL, 0, {}, opponent="always_roll(6)")
    store.add_generation(run.id, 0, {"max": 0.6, "avg": 0.5})
    evolution_figure(store.generations(run.id), 0.7, tmp_path / "run.png", title=MATH, reference_label=MATH)
    check_png((tmp_path / "run.png").read_bytes())
