"""Several objectives (NSGA-II, a Pareto front) and contest fitness: fronts
that are non-dominated and whose values hog.exact recomputes, stored fronts
that round-trip, resume equal to an uninterrupted run, contest fitness equal
to the leaderboard's count, the command line's table, JSON and picture, and
one clear line for bad input."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from test_evolve import Crash, crash_after, hog, snapshot
from test_plots import check_png

from arena.ranking import WIN_THRESHOLD
from evolve.algorithm import EvolutionState
from evolve.genome import genome_params
from evolve.objectives import BALANCED, pick_member
from evolve.run import continue_run, start_run
from evolve.scoring import scoring_of
from evolve.settings import Settings
from hog import exact
from results.store import MatchKey, NotStored, open_store
from strategies.families import get_family
from strategies.library import make
from strategies.loader import load_file
from strategies.spec import resolve_spec

GOAL = 30
SMALL = Settings(population=8, generations=4)
OBJECTIVES = ("always_roll(6)", "perfect")
FIELD = ("always_roll(2)", "always_roll(4)", "always_roll(6)", "always_roll(8)", "bacon_strategy")


def dominates(a, b) -> bool:
    """Plain Pareto dominance for maximised values."""
    return all(x >= y for x, y in zip(a, b, strict=True)) and any(x > y for x, y in zip(a, b, strict=True))


def store_field(store, rules: str, name: str = "field") -> list:
    """A stored league of the FIELD strategies (no matches needed to evolve against it)."""
    entries = [resolve_spec(spec, rules, GOAL) for spec in FIELD]
    ids = [store.add_strategy(entry)[0].id for entry in entries]
    store.create_league(name, MatchKey(rules, GOAL), ids)
    return entries


def pareto_run(db: str, rules: str = "square_swine", objectives=OBJECTIVES, seed: int = 1, **options):
    with open_store(db) as store:
        run = start_run(
            store, rules, GOAL, family="lead", objectives=objectives, settings=SMALL, seed=seed,
            pick=options.pop("pick", None),
        )  # fmt: skip
        return continue_run(store, run.id, jobs=options.pop("jobs", 1), **options)


# --- NSGA-II ---------------------------------------------------------------------


def test_the_front_is_non_dominated_and_each_value_is_an_exact_win_rate(sqlite_url):
    with open_store(sqlite_url) as store:
        entries = store_field(store, "swine_align")
        run = start_run(
            store, "swine_align", GOAL, family="lead", objectives=["perfect", "league:field"], settings=SMALL, seed=5
        )
        outcome = continue_run(store, run.id, jobs=1)
    front = outcome.front
    assert len(front) >= 2 and sum(m.picked for m in front) == 1
    for a in front:
        assert not any(dominates(b.values, a.values) for b in front if b is not a)
        assert not any(dominates(g.fitness.values, a.values) for g in outcome.state.population)
    assert len({m.values for m in front}) == len(front)  # one member per point
    lead = get_family("lead")
    perfect = make("perfect", "swine_align", GOAL)
    for member in front:
        table = lead.build("swine_align", GOAL, member.params)
        against_perfect = exact.win_probabilities(table, perfect.table, "swine_align").rate
        against_field = np.mean([exact.win_probabilities(table, e.table, "swine_align").rate for e in entries])
        assert member.values == pytest.approx((against_perfect, against_field), abs=1e-12)
    kept = next(m for m in front if m.picked)
    assert outcome.params == kept.params and outcome.values == kept.values and outcome.win_rate is None
    assert np.array_equal(outcome.best.table, lead.build("swine_align", GOAL, kept.params))


def test_the_stored_front_round_trips_and_its_kept_member_is_the_stored_best(tmp_path):
    db = f"sqlite:///{tmp_path / 'hog.db'}"
    outcome = pareto_run(db, "hog_pile", pick=2)
    members = list(outcome.state.halloffame)
    with open_store(db) as store:
        stored = store.front(outcome.run.id)
        run = store.get_run(outcome.run.id)
        best = store.get_strategy(run.best_strategy_id, "hog_pile", GOAL)
        stats = store.generations(run.id)[-1].stats
    assert [(m.position, m.params, m.values) for m in stored] == [
        (k, dict(zip(best.params["parameters"], genome, strict=True)), genome.fitness.values)
        for k, genome in enumerate(members)
    ]
    assert stored == outcome.front
    assert stats["front"] == len(stored) and len(stats["max"]) == 2
    kept = [m for m in stored if m.picked]
    assert len(kept) == 1 and kept[0].values[1] == max(m.values[1] for m in stored)  # pick 2: best on perfect
    assert best == outcome.best and best.params == {"family": "lead", "parameters": kept[0].params, "run": run.id}
    with open_store(db) as store, pytest.raises(NotStored):
        store.front(99)


@pytest.mark.parametrize("crash_at", [0, 2])
def test_a_resumed_pareto_run_ends_with_the_front_of_an_uninterrupted_one(tmp_path, crash_at):
    uninterrupted = pareto_run(f"sqlite:///{tmp_path / 'whole.db'}")
    with open_store(f"sqlite:///{tmp_path / 'hog.db'}") as store:
        run = start_run(store, "square_swine", GOAL, family="lead", objectives=OBJECTIVES, settings=SMALL, seed=1)
        with pytest.raises(Crash):
            continue_run(store, run.id, jobs=1, on_generation=crash_after(crash_at))
        random.seed(777)
        resumed = continue_run(store, run.id, jobs=2)
    assert resumed.resumed_from == crash_at
    assert snapshot(resumed.state) == snapshot(uninterrupted.state)
    assert resumed.front == uninterrupted.front and resumed.best == uninterrupted.best


def test_the_balanced_pick_and_the_pick_of_one_objective():
    front = [(0.90, 0.10), (0.70, 0.55), (0.55, 0.60), (0.20, 0.90)]
    # scaled shortfalls from the ideal (0.9, 0.9): 1, 0.29, 0.5, 1
    assert pick_member(front, BALANCED) == 1
    assert pick_member(front, 1) == 0 and pick_member(front, 2) == 3
    assert pick_member([(0.5, 0.5), (0.5, 0.5)], BALANCED) == 0  # ties: the earlier member
    with pytest.raises(ValueError, match="no front"):
        pick_member([], BALANCED)


# --- contest fitness -------------------------------------------------------------


def test_contest_fitness_is_the_leaderboards_count_of_wins_then_mean(capsys, tmp_path):
    db = str(tmp_path / "hog.db")
    rules = "swine_align"
    code, _, err = hog(capsys, "league", *FIELD, "--name", "field", "--rules", rules, "--goal", GOAL, "--db", db,
                       "--jobs", 1, "--json")  # fmt: skip
    assert code == 0, err
    code, stdout, err = hog(
        capsys, "evolve", "--rules", rules, "--goal", GOAL, "--db", db, "--league", "field", "--fitness", "contest",
        "--family", "gain", "--population", 6, "--generations", 3, "--seed", 5, "--jobs", 1, "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(stdout)
    assert data["fitness"] == "contest" and data["front"] == []
    assert data["strategy"]["name"].startswith("evolved_")  # its own table, not a field entry's (as with seed 2)
    wins, mean = data["values"]
    assert data["best_wins"] == wins and data["best_win_rate"] == mean

    # the leaderboard of the field and the evolved strategy counts the same wins and mean
    evolved = data["strategy"]["name"]
    code, _, err = hog(capsys, "league", *FIELD, evolved, "--name", "check", "--rules", rules, "--goal", GOAL,
                       "--db", db, "--jobs", 1, "--json")  # fmt: skip
    assert code == 0, err
    code, stdout, err = hog(capsys, "leaderboard", "--league", "check", "--rules", rules, "--goal", GOAL, "--db", db,
                            "--json")  # fmt: skip
    row = next(r for r in json.loads(stdout)["rows"] if r["name"] == evolved)
    assert (row["wins"], row["mean_win_rate"]) == (wins, pytest.approx(mean, abs=1e-12))

    # and the kept genome is the lexicographic best of every genome the run saw
    with open_store(db) as store:
        settings = store.get_run(data["run"]).settings
        state = EvolutionState.from_bytes(store.load_latest_checkpoint(data["run"]).blob, scoring_of(settings))
    assert max(tuple(g.fitness.values) for g in state.population) <= (wins, mean)
    gain = get_family("gain")
    field = [resolve_spec(spec, rules, GOAL) for spec in FIELD]
    for genome in state.population:
        table = gain.build(rules, GOAL, genome_params(gain, genome))
        rates = [exact.win_probabilities(table, entry.table, rules).rate for entry in field]
        assert genome.fitness.values == pytest.approx((sum(r > WIN_THRESHOLD for r in rates), np.mean(rates)))


# --- the command line ------------------------------------------------------------


def test_hog_evolve_prints_writes_and_draws_the_front(capsys, tmp_path):
    db = str(tmp_path / "hog.db")
    png, out = tmp_path / "front.png", tmp_path / "kept.json"
    args = ["evolve", "--rules", "hog_pile", "--goal", GOAL, "--db", db, "--family", "lead", "--population", 8,
            "--generations", 3, "--jobs", 1, "--objective", "always_roll(6)", "--objective", "perfect"]  # fmt: skip
    code, stdout, err = hog(capsys, *args, "--png", png, "--out", out, "--json")
    assert code == 0, err
    data = json.loads(stdout)
    with open_store(db) as store:
        stored = store.front(data["run"])
        best = store.get_strategy(data["strategy"]["id"], "hog_pile", GOAL)
    assert data["objectives"] == list(OBJECTIVES) and data["fitness"] == "pareto" and data["pick"] == BALANCED
    assert data["front"] == [{"params": m.params, "values": list(m.values), "picked": m.picked} for m in stored]
    assert data["best_win_rate"] is None and data["values"] == next(m["values"] for m in data["front"] if m["picked"])
    assert load_file(out, "hog_pile", goal=GOAL) == best
    check_png(png.read_bytes())

    code, stdout, err = hog(capsys, *args, "--seed", 5)
    assert code == 0, err
    lines = stdout.splitlines()
    assert lines[0].startswith("evolution run #2: lead against always_roll(6) and perfect")
    assert "Pareto front of" in lines[1] and "(balanced)" in lines[1]
    header = next(line for line in lines if "always_roll(6)" in line and "cutoff" in line)
    assert "perfect" in header
    with open_store(db) as store:
        front = store.front(2)
    kept = next(m for m in front if m.picked)
    assert any(line.split("│")[1].strip() == f"{kept.position + 1}*" for line in lines if line.count("│") > 3)
    for member in front:
        assert any(f"{member.values[0]:.4f}" in line and f"{member.values[1]:.4f}" in line for line in lines)

    code, stdout, err = hog(capsys, "evolve-plot", 2, "--db", db, "--png", png, "--json")
    assert code == 0, err
    plotted = json.loads(stdout)
    assert plotted["front"] == [list(m.values) for m in front] and plotted["picked"] == kept.position
    perfect = make("perfect", "hog_pile", GOAL).table
    assert plotted["references"][1] == pytest.approx(exact.best_response(perfect, "hog_pile").rate)
    assert all(
        value <= reference + 1e-12
        for m in front
        for value, reference in zip(m.values, plotted["references"], strict=True)
    )


def test_three_objectives_draw_a_panel_per_pair(capsys, tmp_path):
    db, png = str(tmp_path / "hog.db"), tmp_path / "front.png"
    code, stdout, err = hog(
        capsys, "evolve", "--rules", "more_boar", "--goal", GOAL, "--db", db, "--family", "lead", "--population", 6,
        "--generations", 2, "--seed", 1, "--jobs", 1, "--objective", "always_roll(3)", "--objective", "always_roll(6)",
        "--objective", "perfect", "--pick", 3, "--png", png, "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(stdout)
    assert len(data["front"]) >= 2 and all(len(m["values"]) == 3 for m in data["front"]) and data["pick"] == 3
    kept = next(m for m in data["front"] if m["picked"])
    assert kept["values"][2] == max(m["values"][2] for m in data["front"])
    check_png(png.read_bytes())


@pytest.mark.parametrize(
    "args, words",
    [
        (["--fitness", "contest"], "contest fitness counts wins against the entries of one league"),
        (["--fitness", "contest", "--opponent", "perfect"], "give a league"),
        (["--fitness", "nonsense"], "unknown fitness 'nonsense'"),
        (["--objective", "perfect", "--opponent", "always_roll(6)"], "give objectives, or an opponent or a league"),
        (["--objective", "perfect", "--objective", "no_such_strategy"], "unknown strategy 'no_such_strategy'"),
        (["--objective", "perfect", "--objective", "league:nope"], "no league 'nope'"),
        (["--objective", "perfect", "--objective", "perfect"], "objective 'perfect' is given twice"),
        (["--objective", "perfect", "--pick", "2"], "a pick chooses a member of a Pareto front"),
        (["--objective", "perfect", "--objective", "always_roll(6)", "--pick", "3"], "pick '3' is neither"),
        (["--resume", "7", "--objective", "perfect"], "drop --objective"),
        (["--resume", "7", "--fitness", "contest"], "drop --fitness"),
    ],
)
def test_bad_combinations_get_one_clear_line_and_start_no_run(capsys, tmp_path, args, words):
    db = str(tmp_path / "hog.db")
    code, stdout, err = hog(capsys, "evolve", "--goal", GOAL, "--db", db, "--jobs", 1, *args)
    assert code in (1, 2) and stdout == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hog: ") and words in lines[0], err
    with open_store(db) as store, pytest.raises(NotStored):
        store.get_run(1)
