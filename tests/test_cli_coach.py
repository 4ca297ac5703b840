"""``hog coach``: the report, --json, --fix/--out and --png."""

from __future__ import annotations

import importlib.util
import json

import pytest

from hog import exact
from hog_arena.cli.main import main
from strategies.spec import resolve_spec


def run(capsys, *args: str) -> str:
    code = main(["coach", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_json_lists_every_cell_and_the_costs_sum_to_the_gap(capsys):
    data = json.loads(run(capsys, "final_strategy", "--rules", "sus_fuss", "--goal", "40", "--json"))
    assert list(data)[:8] == ["rules", "goal", "strategy", "opponent", "win_rate", "best_win_rate", "gap", "cells"]
    assert (data["rules"], data["goal"], data["strategy"], data["opponent"]) == (
        "sus_fuss",
        40,
        "final_strategy",
        "perfect",
    )
    assert len(data["cells"]) == 40 * 40
    assert set(data["cells"][0]) == {"score", "opponent_score", "choice", "best", "reach", "loss", "cost"}
    assert abs(sum(cell["cost"] for cell in data["cells"]) - data["gap"]) < 1e-12
    assert data["gap"] == pytest.approx(data["best_win_rate"] - data["win_rate"], abs=1e-15)
    student = resolve_spec("final_strategy", "sus_fuss", 40)
    perfect = resolve_spec("perfect", "sus_fuss", 40)
    assert data["win_rate"] == exact.win_probabilities(student.table, perfect.table, "sus_fuss").rate
    top = data["top"]
    assert len(top) == 10 and [cell["cost"] for cell in top] == sorted((cell["cost"] for cell in top), reverse=True)
    assert sum(cell["cost"] for cell in top) == pytest.approx(data["top_cost"], abs=1e-15)
    assert data["hidden_state"] is None and data["beyond_tables"] == 0


def test_the_report_tells_each_cell_in_a_sentence(capsys):
    out = run(capsys, "always_roll(5)", "--rules", "sus_fuss", "--goal", "40", "--top", "3")
    assert "always_roll(5) against perfect (sus_fuss, goal 40)" in out
    assert "a gap of" in out and "points" in out
    sentences = [line for line in out.splitlines() if line.startswith("At ")]
    assert len(sentences) == 3
    assert all(" you roll 5. Rolling " in line and "so it costs you" in line for line in sentences)
    assert "These 3 cells hold" in out and "the gap would be" in out


def test_rules_with_memory_say_what_a_table_cannot_see(capsys):
    out = run(capsys, "always_roll(4)", "--rules", "fa19", "--goal", "30", "--opponent", "always_roll(6)", "--top", "2")
    assert "holds more than the two scores (each player's memory)" in out
    assert "beyond any table" in out


def test_fix_writes_a_standalone_module_with_the_old_and_new_win_rates(capsys, tmp_path):
    out_file = tmp_path / "improved.py"
    data = json.loads(
        run(
            capsys,
            "always_roll(5)",
            "--rules",
            "sus_fuss",
            "--goal",
            "40",
            "--fix",
            "4",
            "--out",
            str(out_file),
            "--json",
        )
    )
    source = out_file.read_text()
    assert "import " not in source
    assert repr(data["win_rate"]) in source and repr(data["out"]["win_rate"]) in source
    spec = importlib.util.spec_from_file_location("improved", out_file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    changed = [(s, o) for s in range(40) for o in range(40) if module.final_strategy(s, o) != 5]
    assert changed == sorted((cell["score"], cell["opponent_score"]) for cell in data["top"][:4])
    improved = resolve_spec(str(out_file), "sus_fuss", 40)
    perfect = resolve_spec("perfect", "sus_fuss", 40)
    assert exact.win_probabilities(improved.table, perfect.table, "sus_fuss").rate == data["out"]["win_rate"]


def test_png_is_written(capsys, tmp_path):
    picture = tmp_path / "costs.png"
    run(capsys, "always_roll(5)", "--rules", "sus_fuss", "--goal", "30", "--png", str(picture))
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_fix_without_out_is_refused(capsys):
    assert main(["coach", "always_roll(5)", "--goal", "20", "--fix", "3"]) == 1
    assert "--fix needs --out" in capsys.readouterr().err
