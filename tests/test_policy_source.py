"""The readable policy: each rule set's rules as standalone text equal to
hog.rules, and the written final_strategy, run with the standard library
alone, equal to the lookahead family's table at every score pair."""

from __future__ import annotations

import ast
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from hog import exact
from hog.rules import RULE_SETS
from hog_arena.cli.main import main
from hog_arena.cli.strategy_io import strategy_file_bytes
from results.store import open_store
from strategies.families import get_family
from strategies.loader import load_file
from strategies.lookahead import PARAMETERS, SCALE
from strategies.policy_source import lookahead_params, policy_source
from strategies.rule_source import rule_source
from strategies.table import StrategyTable

GOAL = 100
#: The most lines that are not blank a written policy may have.
MAX_LINES = 80


def run_source(text: str) -> dict:
    namespace: dict = {}
    exec(compile(text, "final_strategy.py", "exec"), namespace)
    return namespace


def random_params(rules: str) -> dict[str, int]:
    rng = random.Random(f"policy {rules}")
    params = {name: rng.randint(low, high) for name, low, high, *_ in PARAMETERS}
    params["reply"] = (11, 12, 0, 6, 3)[list(RULE_SETS).index(rules) % 5]  # every kind of reply
    return params


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_written_rules_are_the_rule_sets(rules):
    namespace = run_source("import math\n" + rule_source(rules, GOAL))
    compiled = exact.compile_rules(rules, GOAL)
    zero = [[namespace["_zero_dice"](s, o) for o in range(GOAL)] for s in range(GOAL)]
    assert np.array_equal(zero, compiled.zero_points)
    rows, columns = compiled.after_score.shape  # columns past the goal: opponents given points (sp16)
    after = [[namespace["_after_turn"](s, o) for o in range(columns)] for s in range(rows)]
    assert np.array_equal([[r[0] for r in row] for row in after], compiled.after_score)
    assert np.array_equal([[r[1] for r in row] for row in after], compiled.after_opponent)
    assert np.array_equal([[bool(r[2]) for r in row] for row in after], compiled.after_extra)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_written_policy_is_the_familys_table_at_every_score_pair(rules):
    params = random_params(rules)
    text = policy_source(rules, GOAL, params, "Scored nothing yet.")
    final_strategy = run_source(text)["final_strategy"]
    written = np.array([[final_strategy(s, o) for o in range(GOAL)] for s in range(GOAL)])
    table = get_family("lookahead").table(rules, GOAL, **params).table
    assert np.array_equal(written, table)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_written_policy_is_short_standard_library_and_has_one_documented_public_function(rules):
    params = random_params(rules)
    text = policy_source(rules, GOAL, params, "Exact win rate against always_roll(6): 0.654321.")
    assert len([line for line in text.splitlines() if line.strip()]) <= MAX_LINES
    tree = ast.parse(text)
    modules = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    modules += [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert modules and all(m.split(".")[0] in sys.stdlib_module_names for m in modules)
    namespace = run_source(text)
    public = {name for name, value in namespace.items() if not name.startswith("_") and callable(value)}
    assert public == {"final_strategy"}
    doc = namespace["final_strategy"].__doc__
    assert doc.startswith(f"Hog strategy for {rules} (goal {GOAL})") and "0.654321" in doc
    for name, *_ in PARAMETERS:  # every evolved constant is named, and explained, in the docstring
        assert f"_{name.upper()}" in doc
        assert repr(params[name] if name == "reply" else params[name] / SCALE) in text


def test_strategy_files_of_lookahead_members_are_readable_and_others_stay_tables(tmp_path):
    family = get_family("lookahead")
    member = family.table("hog_pile", GOAL)
    text = strategy_file_bytes(member, tmp_path / "final_strategy.py").decode()
    assert "def _estimate" in text and "Exact win rate against always_roll(6)" in text
    rate = exact.win_probabilities(member.table, np.full((GOAL, GOAL), 6, np.int8), "hog_pile").rate
    assert f"{rate:.6f}" in text
    params = dict(member.params)
    evolved = StrategyTable(
        member.table, "hog_pile", "evolved_7", "evolved", {"family": "lookahead", "parameters": params, "run": 7}
    )
    assert lookahead_params(evolved) == params
    assert "Evolved in run #7." in strategy_file_bytes(evolved, Path("x.py")).decode()
    changed = member.table.copy()
    changed[50, 50] = (changed[50, 50] + 1) % 11
    altered = StrategyTable(changed, "hog_pile", "altered", "evolved", {"family": "lookahead", "parameters": params})
    assert lookahead_params(altered) is None
    for table in (altered, get_family("lead").table("hog_pile", GOAL)):
        assert strategy_file_bytes(table, Path("x.py")).decode() == table.to_python_source()
    assert strategy_file_bytes(member, Path("x.json")).decode() == member.to_json() + "\n"


def test_hog_evolve_writes_a_readable_policy_that_loads_as_the_stored_table(tmp_path):
    db, out = tmp_path / "hog.db", tmp_path / "final_strategy.py"
    args = ["evolve", "--rules", "fa24", "--goal", "40", "--family", "lookahead", "--db", str(db)]
    args += ["--population", "4", "--generations", "1", "--jobs", "1", "--out", str(out)]
    assert main(args) == 0
    text = out.read_text()
    assert "def _estimate" in text and "Evolved in run #1." in text
    loaded = load_file(out, "sus_fuss", goal=40)
    with open_store(str(db)) as store:
        stored = store.get_strategy("evolved_1", "sus_fuss", 40)
    assert np.array_equal(loaded.table, stored.table)
