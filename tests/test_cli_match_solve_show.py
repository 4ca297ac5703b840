"""`hog match`, `hog solve` and `hog show`: exit codes, one-line errors, --json."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import numpy as np
import pytest

from hog import exact
from hog.rules import RULE_SETS
from hog_arena.cli.main import main
from results.store import open_store
from strategies.spec import resolve_spec
from strategies.table import StrategyTable

#: RULES.md, "Known exact values": always_roll(4) against always_roll(6).
KNOWN = {
    "more_boar": 0.400068675563,
    "hog_pile": 0.453489243242,
    "swine_swap": 0.470568394631,
    "square_swine": 0.456643846692,
    "swine_align": 0.449037878522,
}


def hog(capsys, *args):
    """Run the command line in this process: (exit code, stdout, stderr)."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def hog_json(capsys, *args):
    code, out, err = hog(capsys, *args, "--json")
    assert code == 0, err
    assert len(out.strip().splitlines()) == 1
    return json.loads(out)


def assert_one_line_error(code, out, err, expected_code=1, *words):
    assert code == expected_code
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("hog: ") and "Traceback" not in err
    for word in words:
        assert word in lines[0]


# --- hog match ---------------------------------------------------------------------


@pytest.mark.parametrize("rules", KNOWN)
def test_match_exact_gives_the_known_values(capsys, rules):
    data = hog_json(capsys, "match", "always_roll(4)", "always_roll(6)", "--rules", rules)
    assert data["method"] == "exact" and "stderr" not in data
    assert data["win_rate"] == pytest.approx(KNOWN[rules], abs=1e-11)
    assert (data["a_first"] + data["a_second"]) / 2 == pytest.approx(data["win_rate"], abs=1e-15)


def test_match_simulated_is_seeded_and_close_to_exact(capsys):
    args = ("match", "always_roll(4)", "always_roll(6)", "--rules", "hog_pile", "--method", "simulate")
    data = hog_json(capsys, *args, "--games", 20000, "--seed", 7)
    assert data["method"] == "simulate" and data["games"] == 20000 and data["seed"] == 7
    assert 0 < data["stderr"] < 0.01
    assert abs(data["win_rate"] - KNOWN["hog_pile"]) < 4 * data["stderr"]
    assert hog_json(capsys, *args, "--games", 20000, "--seed", 7) == data
    assert hog_json(capsys, *args, "--games", 20000, "--seed", 8) != data


def test_match_text_output(capsys):
    code, out, err = hog(capsys, "match", "swine_strategy", "catch_up", "--rules", "swine_swap")
    assert code == 0, err
    assert "win rate of swine_strategy" in out and "moving first" in out


@pytest.mark.parametrize(
    "args, code, words",
    [
        (
            ("match", "nonsense", "always_roll(6)", "--rules", "square_swine"),
            1,
            ["unknown strategy 'nonsense'", "square_strategy"],
        ),
        (("match", "always_roll(6)", "always_roll(12)"), 1, ["n=12 is out of bounds 0..10"]),
        (("match", "os.system", "always_roll(6)"), 1, ["refused"]),
        (("match", "always_roll(6)", "always_roll(6)", "--method", "guess"), 2, ["exact, simulate"]),
        (("match", "always_roll(6)", "always_roll(6)", "--method", "simulate", "--games", "1"), 2, ["--games"]),
        (("match", "always_roll(6)"), 2, ["B"]),
        (("match", "a", "b", "--rules", "pig_latin"), 2, ["pig_latin", "swine_align"]),
    ],
)
def test_match_errors_are_one_line(capsys, args, code, words):
    assert_one_line_error(*hog(capsys, *args), code, *words)


# --- hog solve ---------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
def test_solve_perfect_play(capsys, rules, tmp_path):
    out = tmp_path / "perfect.json"
    data = hog_json(capsys, "solve", "--rules", rules, "--out", out)
    assert data["vs"] is None and data["win_rate"] == pytest.approx(0.5)
    table = StrategyTable.from_json(out.read_text(), rules, "perfect")
    assert data["sha256"] == table.sha256
    # Someone wins every game: the two movers' chances add up to one.
    assert data["first_mover_win"] + data["second_mover_win"] == pytest.approx(1.0, abs=1e-12)
    itself = exact.win_probabilities(table.table, table.table, rules)
    assert data["first_mover_win"] == pytest.approx(itself.first, abs=1e-12)
    # No simple strategy does better against perfect play than perfect play does.
    for spec in ("always_roll(5)", "final_strategy"):
        other = resolve_spec(spec, rules).table
        assert exact.win_probabilities(other, table.table, rules).rate <= 0.5 + 1e-12


@pytest.mark.parametrize("rules, optimal", [("hefty_hogs", True), ("hog_pile", True), ("fa19", False)])
def test_solve_says_the_table_is_optimal_play_unless_the_rules_have_memory(capsys, rules, optimal):
    """hefty_hogs has no memory (only cycles): its table is optimal play."""
    data = hog_json(capsys, "solve", "--rules", rules, "--goal", 30)
    assert data["table_is_optimal"] is optimal
    assert "ties go to the fewest dice" in data["method"]
    code, out, err = hog(capsys, "solve", "--rules", rules, "--goal", 30)
    assert code == 0, err
    assert ("is not optimal" in out) is not optimal
    assert f"method: {data['method']}" in out


def test_solve_best_response_writes_python_and_json(capsys, tmp_path):
    py, js = tmp_path / "br.py", tmp_path / "br.json"
    data = hog_json(capsys, "solve", "--rules", "square_swine", "--vs", "always_roll(6)", "--out", py)
    assert hog_json(capsys, "solve", "--rules", "square_swine", "--vs", "always_roll(6)", "--out", js) == {
        **data,
        "out": str(js),
    }
    assert data["vs"] == "always_roll(6)" and data["name"] == "best_response(always_roll(6))"
    table = StrategyTable.from_json(js.read_text(), "square_swine", "br")
    spec = importlib.util.spec_from_file_location("br", py)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert [[module.final_strategy(s, o) for o in range(100)] for s in range(100)] == table.table.tolist()
    # Simulation agrees with the reported exact win rate, which beats the library's strategies.
    from hog.simulate import simulate

    sixes = np.full((100, 100), 6)
    simulated = simulate(table.table, sixes, "square_swine", games=20000, seed=3)
    assert abs(simulated.rate - data["win_rate"]) < 4 * simulated.stderr
    for other in ("square_strategy", "perfect", "final_strategy"):
        assert exact.win_probabilities(resolve_spec(other, "square_swine").table, sixes, "square_swine").rate <= (
            data["win_rate"] + 1e-12
        )


def test_solve_refuses_a_bad_output_before_working(capsys, tmp_path):
    target = tmp_path / "solution.txt"
    assert_one_line_error(*hog(capsys, "solve", "--out", target), 1, "must end in .py or .json")
    assert not target.exists()
    missing = tmp_path / "no" / "such.py"
    assert_one_line_error(*hog(capsys, "solve", "--out", missing), 1, "does not exist")
    assert list(tmp_path.iterdir()) == []


def test_solve_unknown_opponent(capsys):
    code, out, err = hog(capsys, "solve", "--vs", "alwaysroll(6)")
    assert_one_line_error(code, out, err, 1, "unknown strategy 'alwaysroll(6)'")
    assert "did you mean always_roll(6)?" in err


# --- hog show ----------------------------------------------------------------------


def test_show_json(capsys):
    data = hog_json(capsys, "show", "swine_strategy(threshold=9, num_rolls=5)", "--rules", "swine_swap")
    expected = resolve_spec("swine_strategy(threshold=9, num_rolls=5)", "swine_swap")
    assert data["table"] == expected.table.tolist()
    assert data["name"] == "swine_strategy(threshold=9, num_rolls=5)"
    assert (data["rules"], data["goal"], data["sha256"]) == ("swine_swap", 100, expected.sha256)
    assert data["params"] == {"threshold": 9, "num_rolls": 5}


def test_show_text_lists_every_row(capsys):
    code, out, err = hog(capsys, "show", "always_roll(10)", "--rules", "hog_pile", "--goal", 12)
    assert code == 0, err
    rows = [line for line in out.splitlines() if line.endswith("A" * 12)]
    assert len(rows) == 12


def test_show_png_draws_a_heat_map(tmp_path):
    """End to end, as a user runs it (a real subprocess)."""
    from matplotlib.image import imread

    png = tmp_path / "s.png"
    spec = "swine_strategy(threshold=9, num_rolls=5)"
    result = subprocess.run(
        [sys.executable, "-m", "hog_arena.cli.main", "show", spec, "--rules", "swine_swap", "--png", str(png)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = imread(png)
    assert image.shape[0] >= 500 and image.shape[1] >= 600
    # Both dice counts the strategy uses appear: red (0 dice) and the 5-dice colour.
    pixels = (image[:, :, :3] * 255).round().astype(int).reshape(-1, 3)
    assert (np.abs(pixels - [0xD7, 0x30, 0x1F]).sum(axis=1) < 6).sum() > 10_000
    assert (np.abs(pixels - [0x7F, 0xCD, 0xBB]).sum(axis=1) < 6).sum() > 10_000


def test_show_png_errors_leave_nothing_behind(capsys, tmp_path):
    assert_one_line_error(*hog(capsys, "show", "perfect", "--png", tmp_path / "x.jpg"), 1, "must end in .png")
    assert_one_line_error(*hog(capsys, "show", "nope", "--png", tmp_path / "x.png"), 1, "unknown strategy 'nope'")
    assert list(tmp_path.iterdir()) == []


def test_show_refuses_smuggled_code(capsys):
    assert_one_line_error(*hog(capsys, "show", "__import__('os').getcwd()"), 1, "refused")


def test_show_a_stored_strategy(capsys, tmp_path):
    db = tmp_path / "arena.db"
    table = StrategyTable(np.full((100, 100), 2), "hog_pile", "alice v2", "file")
    with open_store(str(db)) as store:
        store.add_strategy(table, author="alice")
    data = hog_json(capsys, "show", "alice v2", "--rules", "hog_pile", "--db", db)
    assert data["name"] == "alice v2" and data["sha256"] == table.sha256
    assert_one_line_error(
        *hog(capsys, "show", "bob", "--rules", "hog_pile", "--db", db), 1, "nor a stored strategy for hog_pile"
    )
    assert_one_line_error(
        *hog(capsys, "show", "bob", "--rules", "hog_pile", "--db", tmp_path / "none.db"), 1, "no database"
    )


def test_files_are_specs_too(capsys, tmp_path):
    source = tmp_path / "mine.py"
    source.write_text("def final_strategy(score, opponent_score):\n    return 4\n")
    table = tmp_path / "sixes.json"
    table.write_text(json.dumps([[6] * 100] * 100))
    data = hog_json(capsys, "match", source, table, "--rules", "swine_align")
    assert data["a"] == "mine" and data["b"] == "sixes"
    assert data["win_rate"] == pytest.approx(KNOWN["swine_align"], abs=1e-11)
    solved = hog_json(capsys, "solve", "--rules", "swine_align", "--vs", table)
    assert solved["vs"] == "sixes" and solved["win_rate"] > data["win_rate"]
