"""One ``final_strategy``: the exact best response to ``always_roll(6)``.

For each of the eighteen rule sets the library's ``final_strategy``, its
``best_response(6)`` and the course module's ``final_strategy`` are one
table, score pair by score pair; it wins against ``always_roll(6)`` exactly
as often as the solver reports and at least as often as every other
built-in; ``best_response(n)`` beats ``always_roll(n)`` at least as well as
perfect play does. Solves are shared through the once-per-process cache
(rule sets with memory take seconds each).
"""

from __future__ import annotations

import functools
import importlib
import json

import numpy as np
import pytest

from hog import exact, exact_solve
from hog.rules import RULE_SETS, get_rules
from hog_arena.cli.main import main
from strategies.family_framework import ParameterError
from strategies.library import builtins, describe, make
from strategies.spec import resolve_spec

GOAL = 100
MEMORY = [rules for rules in RULE_SETS if get_rules(rules).memory is not None or get_rules(rules).time_trot]


def always(n: int, goal: int = GOAL) -> np.ndarray:
    return np.full((goal, goal), n, dtype=np.int8)


def course_table(rules: str) -> np.ndarray:
    """The course module's final_strategy at every score pair, call by call."""
    module = importlib.import_module(f"hog.cs61a.{rules}")
    return np.array([[module.final_strategy(s, o) for o in range(GOAL)] for s in range(GOAL)], dtype=np.int8)


def builtin_tables(rules: str) -> dict[str, np.ndarray]:
    """Every built-in of RULES with its defaults, always_roll for 0..10 dice."""
    tables = {}
    for name, entry in builtins(rules).items():
        members = [entry.table(rules, GOAL, n) for n in range(11)] if name == "always_roll" else [entry.table(rules)]
        tables.update((member.name, member.table) for member in members)
    return tables


def rates_against(tables: dict[str, np.ndarray], opponent: np.ndarray, rules: str) -> dict[str, float]:
    """Each table's exact win rate against OPPONENT (mean of both seatings)."""
    stack = np.stack([*tables.values(), opponent])
    pairs = [[i, len(tables)] for i in range(len(tables))]
    chances = exact.win_probabilities_pairs(stack, pairs, rules)
    return dict(zip(tables, chances.mean(axis=1).tolist(), strict=True))


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_library_and_the_course_module_have_one_final_strategy(rules):
    final = make("final_strategy", rules)
    assert (final.name, final.origin, dict(final.params)) == ("final_strategy", "solved", {"num_rolls": 6})
    if not get_rules(rules).time_trot:  # the contests' rule sets have no course module
        assert np.array_equal(course_table(rules), final.table)
    for spec in ("best_response", "best_response(6)", "best_response(num_rolls=6)"):
        assert resolve_spec(spec, rules).sha256 == final.sha256
    if rules not in MEMORY:  # a fresh solve, not the cache (seconds per rule set with memory)
        assert np.array_equal(exact.best_response(always(6), rules).table, final.table)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_final_strategy_wins_as_reported_and_at_least_as_often_as_every_builtin(rules):
    solution = exact.best_response_to_always_roll(6, rules)
    tables = builtin_tables(rules)
    first, second = exact.win_probabilities_pairs(np.stack([tables["final_strategy"], always(6)]), [[0, 1]], rules)[0]
    assert (first, second) == pytest.approx((solution.first, solution.second), abs=1e-12)
    rates = rates_against(tables, always(6), rules)
    assert rates["final_strategy"] == pytest.approx(solution.rate, abs=1e-12)
    beaten_by = {name: rate for name, rate in rates.items() if rate > rates["final_strategy"] + 1e-12}
    assert beaten_by == {}
    course = [entry for entry in builtins(rules) if entry.endswith("_strategy") and entry != "final_strategy"]
    assert len(course) == 2 and all(rates[name] < rates["final_strategy"] for name in course)


#: Rule sets without memory at the usual goal; one with memory at a smaller goal (a solve there takes seconds).
BEST_RESPONSE_CASES = [(rules, GOAL, n) for rules in RULE_SETS if rules not in MEMORY for n in (2, 9)]


@pytest.mark.parametrize("rules, goal, n", [*BEST_RESPONSE_CASES, ("fa19", 40, 4)])
def test_best_response_beats_always_roll_at_least_as_well_as_perfect(rules, goal, n):
    best = resolve_spec(f"best_response({n})", rules, goal)
    assert best.name == f"best_response(num_rolls={n})" and best.origin == "solved"
    final, perfect = (resolve_spec(name, rules, goal) for name in ("final_strategy", "perfect"))
    assert not np.array_equal(best.table, final.table)
    rates = rates_against({"best": best.table, "perfect": perfect.table, "final": final.table}, always(n, goal), rules)
    assert rates["best"] == pytest.approx(exact.best_response_to_always_roll(n, rules, goal).rate, abs=1e-12)
    assert rates["best"] >= max(rates["perfect"], rates["final"]) - 1e-12


def test_names_listing_and_bad_parameters():
    entries = builtins("square_swine")
    assert entries["best_response"].summary == "the exact best response to always_roll(num_rolls)"
    assert entries["final_strategy"].parameters == ()
    assert "perfect" in entries and "final_strategy, best_response(num_rolls)" in describe("square_swine")
    with pytest.raises(ParameterError, match="at most 0 positional"):
        make("final_strategy", "square_swine", GOAL, (4,))
    with pytest.raises(ParameterError, match="num_rolls=11 is out of bounds 0..10"):
        resolve_spec("best_response(11)", "square_swine")


def test_solved_once_per_process_for_the_library_and_the_course_module(monkeypatch):
    """A fresh cache: the library's final_strategy, best_response(6) and the
    course module's final_strategy at every score pair solve once in all."""
    solves = []
    solve = exact_solve.best_response

    def counted(*args, **kwargs):
        solves.append(args[1])
        return solve(*args, **kwargs)

    monkeypatch.setattr(exact_solve, "best_response", counted)
    cached = functools.lru_cache(maxsize=8)(exact_solve._best_response_to_always_roll.__wrapped__)
    monkeypatch.setattr(exact_solve, "_best_response_to_always_roll", cached)
    make("final_strategy", "hog_pile")
    resolve_spec("best_response(6)", "hog_pile")
    course_table("hog_pile")
    assert exact.best_response_to_always_roll(6, "fa21") is exact.best_response_to_always_roll(6, get_rules("hog_pile"))
    assert solves == [get_rules("hog_pile")]


def test_match_names_best_response_on_the_command_line(capsys):
    code = main(["match", "best_response(4)", "perfect", "--rules", "hog_pile", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    best = exact.best_response(always(4), "hog_pile").table
    expected = exact.win_probabilities(best, make("perfect", "hog_pile").table, "hog_pile")
    assert data["a"] == "best_response(num_rolls=4)"
    assert data["win_rate"] == pytest.approx(expected.rate, abs=1e-12)
