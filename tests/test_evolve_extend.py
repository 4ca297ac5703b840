"""A run's best survives every generation (elitism), mutation by steps,
runs stored before either resume as they began, runs that keep their
best out of the stored strategies (--no-store), and done runs carried to
more generations (--resume RUN --generations N)."""

from __future__ import annotations

import json
import random

import pytest
from test_evolve import GOAL, hog, run_once, snapshot
from test_evolve_objectives import pareto_run

from evolve.algorithm import first_generation
from evolve.genome import make_toolbox
from evolve.run import continue_run, resumable_run, start_run
from evolve.settings import Settings
from results.store import open_store
from strategies.families import get_family
from strategies.loader import load_file

#: A run whose generations lost their best to tournament selection before elitism.
LOSSY = Settings(population=6, generations=8)


def evolve_args(db, *more) -> list:
    return ["evolve", "--rules", "square_swine", "--goal", GOAL, "--db", db, "--family", "lead", "--jobs", 1, *more]


# --- elitism ---------------------------------------------------------------------


def test_every_generations_best_is_the_best_found_so_far_and_the_plot_says_both(capsys, tmp_path):
    db = tmp_path / "hog.db"
    code, stdout, err = hog(capsys, *evolve_args(db, "--population", 6, "--generations", 8, "--seed", 1, "--json"))
    assert code == 0, err
    run = json.loads(stdout)
    code, stdout, err = hog(capsys, "evolve-plot", run["run"], "--db", db, "--png", tmp_path / "e.png", "--json")
    assert code == 0, err
    plot = json.loads(stdout)
    assert plot["generations"] == list(range(9))
    assert plot["best"] == plot["best_so_far"]
    assert plot["best_so_far"] == sorted(plot["best_so_far"])
    assert plot["best_so_far"][-1] == run["best_win_rate"]


def test_mutation_moves_each_value_it_touches_by_a_step_within_the_bounds():
    family = get_family("lookahead")
    settings = Settings(indpb=1.0, step=0.01)
    toolbox = make_toolbox(family, settings, evaluate=lambda g: (0.0,), map_=map, rng=random.Random(3))
    for _ in range(50):
        genome = toolbox.individual()
        before = list(genome)
        toolbox.mutate(genome)
        for parameter, old, new in zip(family.parameters, before, genome, strict=True):
            assert parameter.low <= new <= parameter.high
            assert old != new or old in (parameter.low, parameter.high)
            assert abs(new - old) <= max(1, 0.05 * (parameter.high - parameter.low)), (parameter.name, old, new)


def test_generation_0_draws_initial_times_the_population_and_keeps_the_best_of_them():
    seen = []

    def evaluate(genome):
        seen.append(tuple(genome))
        return (float(sum(genome)),)

    toolbox = make_toolbox(get_family("lead"), Settings(population=5, initial=4), evaluate=evaluate, map_=map)
    state = first_generation(toolbox, Settings(population=5, initial=4), seed=3)
    assert state.logbook[0]["evals"] == len(seen) == 20
    assert sorted(sum(genome) for genome in state.population) == sorted(sum(genome) for genome in seen)[-5:]
    assert state.halloffame[0].fitness.values == (max(sum(genome) for genome in seen),)


def test_a_run_stored_before_elitism_steps_and_a_wide_start_resumes_without_them(tmp_path):
    old_way = Settings(population=6, generations=8, elite=0, step=0.0, initial=1, algorithm="mu+lambda")
    without = run_once(f"sqlite:///{tmp_path / 'without.db'}", settings=old_way)
    assert any(r["max"] < without.win_rate for r in without.state.logbook[1:])  # the best was lost on the way
    with open_store(f"sqlite:///{tmp_path / 'old.db'}") as store:
        new = start_run(store, "square_swine", GOAL, family="lead", settings=LOSSY, seed=1)
        old_settings = {
            key: value for key, value in new.settings.items() if key not in ("elite", "step", "initial", "algorithm")
        }
        old = store.create_run("lead", "square_swine", GOAL, 1, old_settings, opponent="always_roll(6)")
        resumed = continue_run(store, old.id, jobs=1)
    assert snapshot(resumed.state) == snapshot(without.state)


# --- --no-store ------------------------------------------------------------------


def test_no_store_keeps_the_best_out_of_the_strategies_but_writes_it(capsys, tmp_path):
    db, out = tmp_path / "hog.db", tmp_path / "best.json"
    code, stdout, err = hog(capsys, *evolve_args(db, "--population", 4, "--generations", 2, "--no-store", "--out", out))
    assert code == 0, err
    assert "not stored among the strategies (--no-store)" in stdout and "stored as strategy" not in stdout
    with open_store(str(db)) as store:
        assert store.list_strategies("square_swine", GOAL) == []
        run = store.get_run(1)
    assert run.status == "done" and run.best_strategy_id is None and run.settings["keep"] is False
    assert load_file(out, "square_swine", goal=GOAL).table.shape == (GOAL, GOAL)

    code, stdout, err = hog(capsys, *evolve_args(db, "--population", 4, "--generations", 2, "--json"))
    assert code == 0, err
    with open_store(str(db)) as store:
        assert [s.name for s in store.list_strategies("square_swine", GOAL)] == ["evolved_2"]


# --- --resume RUN --generations N ------------------------------------------------


def test_a_done_run_carried_further_ends_where_a_longer_run_does(capsys, tmp_path):
    db = tmp_path / "hog.db"
    code, stdout, err = hog(capsys, *evolve_args(db, "--population", 6, "--generations", 3, "--seed", 1, "--json"))
    assert code == 0, err
    first = json.loads(stdout)
    code, stdout, err = hog(capsys, "evolve", "--db", db, "--resume", 1, "--generations", 5, "--jobs", 1, "--json")
    assert code == 0, err
    extended = json.loads(stdout)
    longer = run_once(f"sqlite:///{tmp_path / 'longer.db'}", settings=Settings(population=6, generations=5), seed=1)
    assert (extended["run"], extended["generations"], extended["resumed_from"]) == (1, 5, 3)
    assert extended["params"] == longer.params and extended["best_win_rate"] == longer.win_rate
    assert extended["best_win_rate"] > first["best_win_rate"]
    with open_store(str(db)) as store:
        run = store.get_run(1)
        assert run.status == "done" and run.settings["generations"] == 5
        assert store.get_strategy(run.best_strategy_id, "square_swine", GOAL) == longer.best
        assert [g.number for g in store.generations(1)] == list(range(6))
        names = {s.id: s.name for s in store.list_strategies("square_swine", GOAL)}
    # The first best stays stored; the new one takes the generation into its name.
    assert names == {first["strategy"]["id"]: "evolved_1", run.best_strategy_id: "evolved_1_5"}


@pytest.mark.parametrize(
    "more, words",
    [
        ([], "evolution run #1 is done after 2 generations; give --generations N (more than that)"),
        (["--generations", 2], "evolution run #1 has 2 generations already; give --generations above 2"),
        (["--no-store"], "drop --no-store"),
    ],
)
def test_resuming_a_done_run_without_more_generations_is_one_clear_line(capsys, tmp_path, more, words):
    db = tmp_path / "hog.db"
    assert hog(capsys, *evolve_args(db, "--population", 4, "--generations", 2))[0] == 0
    code, stdout, err = hog(capsys, "evolve", "--db", db, "--resume", 1, "--jobs", 1, *more)
    assert (code, stdout) == (1, "")
    assert len(err.splitlines()) == 1 and err.startswith("hog: error: ") and words in err, err
    with open_store(str(db)) as store:
        assert store.get_run(1).status == "done" and len(store.generations(1)) == 3


def test_a_pareto_run_carried_further_has_the_front_of_a_longer_run(tmp_path):
    short = f"sqlite:///{tmp_path / 'short.db'}"
    pareto_run(short)  # 4 generations
    with open_store(short) as store:
        resumable_run(store, 1, 6)
        extended = continue_run(store, 1, jobs=1)
    with open_store(f"sqlite:///{tmp_path / 'long.db'}") as store:
        settings = Settings(population=8, generations=6)
        run = start_run(
            store, "square_swine", GOAL, family="lead", objectives=("always_roll(6)", "perfect"), settings=settings,
            seed=1,
        )  # fmt: skip
        longer = continue_run(store, run.id, jobs=1)
    assert snapshot(extended.state) == snapshot(longer.state)
    assert [(m.params, m.values, m.picked) for m in extended.front] == [
        (m.params, m.values, m.picked) for m in longer.front
    ]
