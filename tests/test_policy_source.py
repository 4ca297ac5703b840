"""The readable policy: each rule set's rules as standalone text equal to
hog.rules, and the written final_strategy, run with the standard library
alone, equal to the lookahead family's table at every score pair."""

from __future__ import annotations

import ast
import random
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from hog import exact
from hog.rules import RULE_SETS, get_rules
from hog.rules.dice_rules import rerolled_chances
from hog.rules.model import State
from hog_arena.cli.main import main
from hog_arena.cli.strategy_io import strategy_file_bytes
from results.store import open_store
from strategies.families import get_family
from strategies.loader import load_file
from strategies.lookahead import PARAMETERS, SCALE
from strategies.policy_source import lookahead_params, policy_source
from strategies.rule_source import DICE_SOURCE, rule_source
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


def turn_points(rules, score, opponent, num_rolls, points):
    """What a turn of NUM_ROLLS dice (0: the zero-dice rule) scoring POINTS at (SCORE, OPPONENT) adds
    under RULES' own next_state (points and cap rules; a swap keeps the sum of the scores)."""
    after = rules.next_state(State((score, opponent), 0), num_rolls, points).state.scores
    return sum(after) - score - opponent


def fa16_chances(num_rolls, rerolled):
    """[(points, chance)] of NUM_ROLLS six-sided dice under fa16 in increasing points: each face's
    chance 1/6, or ``rerolled_chances``' where Hog Wild re-rolls odd outcomes; every (1s, sum of the
    others) scored by the rule set's roll_points, then its next_state (Hogtimus Prime, When Pigs Fly)."""
    rules = get_rules("fa16")
    faces = rerolled_chances(6) if rerolled else [Fraction(1, 6)] * 7
    rolls = {(): Fraction(1)}  # sorted outcomes -> chance
    for _ in range(num_rolls):
        longer: dict[tuple[int, ...], Fraction] = {}
        for rolled, chance in rolls.items():
            for face in range(1, 7):
                key = tuple(sorted((*rolled, face)))
                longer[key] = longer.get(key, Fraction(0)) + chance * faces[face]
        rolls = longer
    chances: dict[int, Fraction] = {}
    for rolled, chance in rolls.items():
        points = turn_points(rules, 0, 0, num_rolls, rules.roll_points(rolled))
        chances[points] = chances.get(points, Fraction(0)) + chance
    return sorted((points, float(chance)) for points, chance in chances.items())


def test_fa16s_written_rules_and_dice_are_its_rule_functions():
    """The text a policy carries for fa16, against hog.rules itself: Free Bacon, Hogtimus Prime and the
    cap of 25 for zero dice; the swap on doubles; the dice as dealt (six-sided, a table cannot see
    whether Pork Chop exchanged them), Hog Wild re-rolling odd outcomes where the scores sum to 7 * k."""
    rules = get_rules("fa16")
    text, expression = DICE_SOURCE["fa16"]
    namespace = run_source("import math\n" + rule_source("fa16", GOAL) + text)
    for score in range(GOAL):
        for opponent in range(GOAL):
            zero = turn_points(rules, score, opponent, 0, rules.zero_dice(score, opponent))
            assert namespace["_zero_dice"](score, opponent) == zero, (score, opponent)
    for score in range(GOAL + 25):
        for opponent in range(GOAL):
            assert namespace["_after_turn"](score, opponent) == rules.after_turn(score, opponent)
    expected = {(n, again): fa16_chances(n, again) for n in range(1, 11) for again in (False, True)}
    assert expected[1, True] == [(1, 1 / 12), (3, 1 / 4), (4, 1 / 4), (5, 1 / 12), (6, 1 / 4), (7, 1 / 12)]
    assert max(points for points, _ in expected[10, False]) == 15  # When Pigs Fly: 25 - 10
    written = compile(expression, "dice", "eval")
    for score in range(GOAL):
        for other in range(GOAL):
            assert rules.dice_sides(score, other, 6) == 6
            again = rules.rerolled(score, other)
            for n in range(1, 11):
                chances = eval(written, namespace, {"score": score, "other": other, "n": n})
                assert chances == expected[n, again], (score, other, n)


#: Rule sets whose written policy is compared at goal 100, one of each kind of written rule (the
#: digits of pi, memory, Hog Wild's dice, re-rolls and the cap, Piggy Back, the current course's);
#: the others at goal 40, where every rule of theirs fires too and plain Python takes a sixth as long.
FULL_GOAL_RULES = ("sus_fuss", "hog_pile", "fa19", "sp17", "fa16", "sp16")


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_written_policy_is_the_familys_table_at_every_score_pair(rules):
    goal = GOAL if rules in FULL_GOAL_RULES else 40
    params = random_params(rules)
    text = policy_source(rules, goal, params, "Scored nothing yet.")
    final_strategy = run_source(text)["final_strategy"]
    written = np.array([[final_strategy(s, o) for o in range(goal)] for s in range(goal)])
    table = get_family("lookahead").table(rules, goal, **params).table
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
