"""The shared base every strategy runs through.

Every built-in of every rule set and a sample of every family's members
(defaults, lower and upper bounds, a seeded random member; at the usual
goal and a small one) must be a valid table, be reproducible (also in a
fresh interpreter), round-trip through the contest JSON format and through
exported Python source (imported in a subprocess), and hash the same in a
fresh interpreter.

The cases are a module-scoped parameter, so pytest runs each case's tests
together, and the slow work is done per rule set when a test first needs
it (resolving a spec, a fresh interpreter for the rule set's cases):
parallel workers each take a share of the cases instead of all of them.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from hog.rules import RULE_SETS
from strategies.families import FAMILIES
from strategies.library import builtins
from strategies.spec import resolve_spec
from strategies.table import StrategyTable


def family_samples(family, rng):
    """Specs of a few members: defaults, all lows, all highs, one random member."""
    members = [
        {p.name: p.default if p.default is not None else p.low for p in family.parameters},
        {p.name: p.low for p in family.parameters},
        {p.name: p.high for p in family.parameters},
        {p.name: int(rng.integers(p.low, p.high + 1)) for p in family.parameters},
    ]
    return [f"{family.name}({', '.join(f'{k}={v}' for k, v in m.items())})" for m in members]


def all_specs():
    """(rules, goal, spec) for every built-in and the family samples."""
    rng = np.random.default_rng(4)
    cases = []
    for rules in RULE_SETS:
        for name in builtins(rules):
            cases.append((rules, 100, "always_roll(5)" if name == "always_roll" else name))
        for family in FAMILIES.values():
            cases += [(rules, 100, spec) for spec in family_samples(family, rng)]
        cases.append((rules, 24, family_samples(FAMILIES["lead"], rng)[3]))
        cases += [(rules, 24, "final_strategy"), (rules, 24, "best_response(4)")]
    return cases


CASES = all_specs()
IDS = [f"{rules}-{goal}-{spec}" for rules, goal, spec in CASES]


@pytest.fixture(scope="module", params=CASES, ids=IDS)
def case(request) -> tuple[str, int, str]:
    """(rules, goal, spec) of one case."""
    return request.param


@pytest.fixture
def strategy(case) -> StrategyTable:
    """The case's strategy (resolve_spec keeps what it made: the first test of a case makes it)."""
    return resolve_spec(case[2], case[0], case[1])


@pytest.fixture(scope="module")
def fresh_interpreter(tmp_path_factory):
    """FRESH(case): in a new interpreter, the case's exported module's table and
    its spec rebuilt's sha256 (one interpreter for each rule set's cases,
    started when a test first asks for one of them)."""
    folder = tmp_path_factory.mktemp("exported")
    found: dict[str, dict] = {}

    def fresh(case: tuple[str, int, str]) -> dict:
        if case[0] not in found:
            found[case[0]] = in_a_fresh_interpreter([c for c in CASES if c[0] == case[0]], folder)
        return found[case[0]][case]

    return fresh


def rebuilt(case: tuple[str, int, str]) -> bool:
    """Whether the fresh interpreter rebuilds CASE from its spec: all but the
    solvers' at goal 100 (seconds each over the full state), whose hash there
    is the exported table's; the solvers' goal-24 cases are rebuilt, so every
    solver is still solved again in a fresh interpreter."""
    rules, goal, spec = case
    entry = builtins(rules).get(spec.split("(")[0])
    return goal != 100 or entry is None or not entry.solver


def in_a_fresh_interpreter(cases: list[tuple[str, int, str]], folder) -> dict:
    """{case: its exported module's table and its spec rebuilt's sha256} for CASES, in a new interpreter."""
    jobs = []
    for case in cases:
        path = folder / f"strategy_{CASES.index(case)}.py"
        path.write_text(resolve_spec(case[2], case[0], case[1]).to_python_source(), encoding="utf-8")
        jobs.append({"path": str(path), "rules": case[0], "goal": case[1], "spec": case[2], "rebuild": rebuilt(case)})
    script = textwrap.dedent(
        """
        import importlib.util, json, sys
        from strategies.spec import resolve_spec
        from strategies.table import StrategyTable
        out = []
        for job in json.load(sys.stdin):
            spec = importlib.util.spec_from_file_location("exported", job["path"])
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            goal = job["goal"]
            table = [[module.final_strategy(s, o) for o in range(goal)] for s in range(goal)]
            if job["rebuild"]:
                rebuilt = resolve_spec(job["spec"], job["rules"], goal)
            else:
                rebuilt = StrategyTable(table, job["rules"], "exported", "file")
            out.append({"table": table, "sha256": rebuilt.sha256})
        json.dump(out, sys.stdout)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], input=json.dumps(jobs), capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr
    return dict(zip(cases, json.loads(result.stdout), strict=True))


def test_valid_table(case, strategy):
    rules, goal, _ = case
    assert isinstance(strategy, StrategyTable)
    assert strategy.rules == rules and strategy.goal == goal
    assert strategy.origin in ("builtin", "family", "solved")


def test_deterministic_and_named_by_its_spec(case, strategy):
    again = resolve_spec(case[2], case[0], case[1])
    assert np.array_equal(again.table, strategy.table)
    # The name is a spec that means the same strategy.
    assert np.array_equal(resolve_spec(strategy.name, case[0], case[1]).table, strategy.table)


def test_json_round_trip(strategy):
    text = strategy.to_json()
    values = json.loads(text)
    assert len(values) == strategy.goal and all(len(row) == strategy.goal for row in values)
    assert all(type(v) is int for row in values for v in row)
    back = StrategyTable.from_json(text, strategy.rules, strategy.name, goal=strategy.goal)
    assert back == strategy and back.sha256 == strategy.sha256


def test_python_source_round_trip(case, strategy, fresh_interpreter):
    assert fresh_interpreter(case)["table"] == strategy.table.tolist()


def test_hash_is_stable(case, strategy, fresh_interpreter):
    assert fresh_interpreter(case)["sha256"] == strategy.sha256
    renamed = StrategyTable(strategy.table, strategy.rules, "another name", "file", {"x": 1})
    assert renamed.sha256 == strategy.sha256
    changed = strategy.table.copy()
    changed[0, 0] = (changed[0, 0] + 1) % 11
    assert StrategyTable(changed, strategy.rules, strategy.name).sha256 != strategy.sha256


# --- StrategyTable's own contract ------------------------------------------------


def test_content_hash_is_the_one_stores_hold():
    """sha256 over the goal (4 bytes, little-endian) and the table's bytes:
    the key of every stored strategy, so it must never change."""
    table = StrategyTable(np.array([[0, 1], [10, 6]]), "hog_pile", "x")
    assert table.sha256 == "8af76e6a994df60a9d504e924ab920b66a9b7833e4b277318c8b7006f1acd057"


@pytest.mark.parametrize(
    "values, message",
    [
        ([[0, 1], [2]], "expected 2 x 2"),
        ([[0, 1], [2, 11]], "value 11 at score 1, opponent score 1"),
        ([[0, -1], [2, 3]], "value -1 at score 0, opponent score 1"),
        ([[0, 1], [2.0, 3]], "value 2.0 at score 1, opponent score 0"),
        ([[0, True], [2, 3]], "value True at score 0, opponent score 1"),
        ("nonsense", "a table must be a list of lists of integers"),
    ],
)
def test_invalid_tables_name_the_first_bad_pair(values, message):
    with pytest.raises(ValueError, match=message):
        StrategyTable.from_json(json.dumps(values), "hog_pile", "bad", goal=2)


def test_python_source_is_standalone_and_safe_with_odd_names():
    table = StrategyTable(np.arange(9).reshape(3, 3) % 11, "hog_pile", 'x"""\nimport os', "file", {"a\nb": "c"})
    source = table.to_python_source("my_strategy")
    namespace: dict = {}
    exec(compile(source, "exported", "exec"), namespace)
    assert [namespace["my_strategy"](s, o) for s in range(3) for o in range(3)] == list(range(9))
    assert not any(line.startswith(("import ", "from ")) for line in source.splitlines())
    with pytest.raises(ValueError, match="not a valid Python function name"):
        table.to_python_source("not valid")
