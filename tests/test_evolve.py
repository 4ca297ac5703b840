"""Evolution: genomes within bounds, fitness against a plain reference, seeded
runs that improve, the same run for any worker count, resume equal to an
uninterrupted run, the written final strategy, and one clear line for bad input."""

from __future__ import annotations

import json
import random
from functools import partial

import numpy as np
import pytest
from deap import creator
from reference_exact import Game

from evolve.fitness import CachedMap, evaluate, make_target
from evolve.genome import genome_params, make_toolbox
from evolve.run import continue_run, start_run
from evolve.settings import Settings, SettingsError
from hog import exact, exact_tables
from hog.rules import get_rules
from hog_arena.cli.main import main
from results.store import MatchKey, NotStored, open_store
from strategies.families import get_family
from strategies.library import make
from strategies.loader import load_file

GOAL = 30
SMALL = Settings(population=6, generations=5, hall_of_fame=3)


class Crash(Exception):
    """Stands for the process dying after a checkpoint was stored."""


def crash_after(generation: int):
    def on_generation(state) -> None:
        if state.generation == generation:
            raise Crash

    return on_generation


def snapshot(state) -> dict:
    """Everything a run's end state holds, as plain data."""
    return {
        "generation": state.generation,
        "population": [(list(g), g.fitness.values) for g in state.population],
        "halloffame": [(list(g), g.fitness.values) for g in state.halloffame],
        "logbook": [dict(record) for record in state.logbook],
    }


def run_once(db: str, rules: str = "square_swine", settings: Settings = SMALL, seed: int = 1, **options):
    with open_store(db) as store:
        run = start_run(store, rules, GOAL, family=options.pop("family", "lead"), settings=settings, seed=seed)
        return continue_run(store, run.id, jobs=options.pop("jobs", 1), **options)


# --- genome and fitness -----------------------------------------------------


@pytest.mark.parametrize("family_name", ["always_roll", "gain", "lead"])
def test_variation_keeps_every_parameter_within_its_bounds(family_name):
    family = get_family(family_name)
    rng = random.Random(5)
    toolbox = make_toolbox(family, Settings(indpb=0.9), evaluate=lambda g: (0.0,), map_=map, rng=rng)
    population = toolbox.population(n=30)
    for _ in range(200):
        a, b = (toolbox.clone(g) for g in rng.sample(population, 2))
        toolbox.mate(a, b)
        toolbox.mutate(a)
        population[rng.randrange(len(population))] = a
    for genome in population:
        assert isinstance(genome, creator.Genome)
        for parameter, value in zip(family.parameters, genome, strict=True):
            assert parameter.low <= value <= parameter.high
    # the mutation really explores the bounds, not just the defaults
    seen = {value for genome in population for value in genome}
    assert len(seen) > 3 or family_name == "always_roll"


def test_a_genome_evaluation_checks_only_its_own_table(monkeypatch):
    target = make_target("lead", [make("always_roll", "hog_pile", GOAL, (n,)) for n in (2, 6)])
    assert all(isinstance(stack, exact.TableStack) for stack in target.objectives)
    shapes = []
    real = exact_tables._checked_values
    monkeypatch.setattr(
        exact_tables, "_checked_values", lambda array, *rest: shapes.append(array.shape) or real(array, *rest)
    )
    evaluate(target, [7, 5, 10, 3, 12, 9, 4, 6])
    assert shapes == [(1, GOAL, GOAL)]


@pytest.mark.parametrize("rules", ["hog_pile", "swine_align"])
def test_fitness_is_the_mean_exact_win_rate_of_the_plain_reference(rules):
    lead = get_family("lead")
    opponents = [make("always_roll", rules, GOAL, (6,)), make("always_roll", rules, GOAL, (3,))]
    target = make_target("lead", opponents)
    genome = [7, 5, 10, 3, 12, 9, 4, 6]
    table = lead.build(rules, GOAL, genome_params(lead, genome))
    expected = np.mean(
        [Game(lambda s, o: int(table[s, o]), o, get_rules(rules), GOAL).first_second() for o in opponents]
    )
    (fitness,) = evaluate(target, genome)
    assert fitness == pytest.approx(expected, abs=1e-9)


def test_opponents_of_different_goals_are_refused():
    with pytest.raises(ValueError, match="goal 40"):
        make_target("lead", [make("always_roll", "hog_pile", GOAL, (6,)), make("always_roll", "hog_pile", 40, (6,))])


def test_cached_map_evaluates_each_genome_once_and_any_worker_count_agrees():
    calls = []

    def counted(genome):
        calls.append(genome)
        return (sum(genome),)

    cached = CachedMap(jobs=1)
    genomes = [[1, 2], [3, 4], [1, 2], [5, 6]]
    assert cached(counted, genomes) == [(3,), (7,), (3,), (11,)]
    assert cached(counted, [[3, 4], [7, 8]]) == [(7,), (15,)]
    assert sorted(calls) == [(1, 2), (3, 4), (5, 6), (7, 8)]

    target = make_target("lead", [make("always_roll", "more_boar", GOAL, (6,))])
    random.seed(3)
    lead = get_family("lead")
    genomes = [[random.randint(p.low, p.high) for p in lead.parameters] for _ in range(20)]
    one = CachedMap(jobs=1)(partial(evaluate, target), genomes)
    two = CachedMap(jobs=2)(partial(evaluate, target), genomes)
    assert one == two
    assert one == [evaluate(target, g) for g in genomes]


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"population": 1}, "population"),
        ({"generations": 0}, "generations"),
        ({"cxpb": 0.8, "mutpb": 0.5}, "sum"),
        ({"algorithm": "pso"}, "unknown algorithm 'pso'; valid: cma-es, mu[+]lambda"),
        ({"step": 0.0}, "cma-es needs a step above 0"),
        ({"population": 10, "offspring": 8}, "at least as many offspring as the population"),
    ],
)
def test_bad_settings_are_refused(changes, words):
    with pytest.raises(SettingsError, match=words):
        Settings(**changes)


# --- runs -------------------------------------------------------------------


def test_a_small_seeded_run_improves_on_its_initial_best_and_stores_it(sqlite_url):
    outcome = run_once(sqlite_url, "square_swine", Settings(population=6, generations=8), seed=1)
    logbook = outcome.state.logbook
    assert [r["gen"] for r in logbook] == list(range(9))
    assert outcome.win_rate > logbook[0]["max"] + 0.005
    opponent = make("always_roll", "square_swine", GOAL, (6,))
    assert outcome.win_rate == pytest.approx(
        exact.win_probabilities(outcome.best.table, opponent.table, "square_swine").rate
    )
    assert outcome.win_rate <= exact.best_response(opponent.table, "square_swine").rate + 1e-12
    lead = get_family("lead")
    assert np.array_equal(outcome.best.table, lead.build("square_swine", GOAL, outcome.params))

    with open_store(sqlite_url) as store:
        run = store.get_run(outcome.run.id)
        stored = store.get_strategy(run.best_strategy_id, "square_swine", GOAL)
        generations = store.generations(run.id)
    assert run.status == "done" and run.opponent == "always_roll(6)"
    assert stored == outcome.best
    assert stored.origin == "evolved"
    assert stored.params == {"family": "lead", "parameters": outcome.params, "run": run.id}
    assert [g.number for g in generations] == list(range(9))
    assert [g.has_checkpoint for g in generations] == [False] * 8 + [True]
    best_so_far = [g.stats["best"] for g in generations]
    assert best_so_far == sorted(best_so_far) and best_so_far[-1] == pytest.approx(outcome.win_rate)


def test_the_same_seed_gives_the_same_run_for_any_worker_count(tmp_path):
    one = run_once(f"sqlite:///{tmp_path / 'one.db'}", jobs=1)
    two = run_once(f"sqlite:///{tmp_path / 'two.db'}", jobs=2)
    threads = run_once(f"sqlite:///{tmp_path / 'threads.db'}", jobs=2, backend="threading")
    assert snapshot(one.state) == snapshot(two.state) == snapshot(threads.state)
    other_seed = run_once(f"sqlite:///{tmp_path / 'other.db'}", seed=2)
    assert snapshot(other_seed.state)["population"] != snapshot(one.state)["population"]


def test_the_same_run_on_a_dask_cluster(tmp_path):
    distributed = pytest.importorskip("distributed")
    local = run_once(f"sqlite:///{tmp_path / 'local.db'}", settings=Settings(population=4, generations=2))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = run_once(
            f"sqlite:///{tmp_path / 'dask.db'}",
            settings=Settings(population=4, generations=2),
            backend="dask",
            scheduler=cluster.scheduler_address,
        )
    assert snapshot(remote.state) == snapshot(local.state)


@pytest.mark.parametrize("crash_at", [0, 3])
def test_a_resumed_run_ends_exactly_where_an_uninterrupted_one_does(tmp_path, db_url, crash_at):
    uninterrupted = run_once(f"sqlite:///{tmp_path / 'whole.db'}", "more_boar")
    with open_store(db_url) as store:
        run = start_run(store, "more_boar", GOAL, family="lead", settings=SMALL, seed=1)
        with pytest.raises(Crash):
            continue_run(store, run.id, jobs=1, on_generation=crash_after(crash_at))
        assert store.get_run(run.id).status == "running"
        assert store.load_latest_checkpoint(run.id).number == crash_at
        random.seed(12345)  # whatever happened to the random state in between does not matter
        resumed = continue_run(store, run.id, jobs=2)
    assert resumed.resumed_from == crash_at
    assert snapshot(resumed.state) == snapshot(uninterrupted.state)
    assert resumed.best == uninterrupted.best


def test_a_run_does_not_resume_against_an_opponent_that_changed(tmp_path):
    opponent = tmp_path / "opponent.json"
    opponent.write_text(make("always_roll", "swine_align", GOAL, (6,)).to_json())
    with open_store(f"sqlite:///{tmp_path / 'hog.db'}") as store:
        run = start_run(store, "swine_align", GOAL, family="gain", opponent=str(opponent), settings=SMALL)
        opponent.write_text(make("always_roll", "swine_align", GOAL, (5,)).to_json())
        with pytest.raises(ValueError, match="no longer names the tables it started with"):
            continue_run(store, run.id, jobs=1)
        assert store.load_latest_checkpoint(run.id) is None


# --- the command line -------------------------------------------------------


def hog(capsys, *args):
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("suffix", [".py", ".json"])
def test_the_written_final_strategy_loads_and_is_the_stored_table(capsys, tmp_path, suffix):
    db = tmp_path / "hog.db"
    out = tmp_path / f"final_strategy{suffix}"
    code, stdout, err = hog(
        capsys, "evolve", "--rules", "hog_pile", "--goal", GOAL, "--db", db, "--population", 4,
        "--generations", 2, "--seed", 3, "--jobs", 1, "--out", out, "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(stdout)
    assert {"run", "best_win_rate", "out", "params", "generations", "seconds"} <= data.keys()
    assert data["generations"] == 2 and data["out"] == str(out)
    loaded = load_file(out, "hog_pile", goal=GOAL)
    with open_store(str(db)) as store:
        stored = store.get_strategy(data["strategy"]["id"], "hog_pile", GOAL)
    assert loaded == stored
    assert stored.params["parameters"] == data["params"]
    assert data["family"] == "lookahead"  # the default family
    assert np.array_equal(stored.table, get_family("lookahead").build("hog_pile", GOAL, data["params"]))
    opponent = make("always_roll", "hog_pile", GOAL, (6,))
    assert data["best_win_rate"] == pytest.approx(
        exact.win_probabilities(loaded.table, opponent.table, "hog_pile").rate
    )


def test_evolving_against_a_stored_league_uses_the_mean_over_its_entries(capsys, tmp_path):
    db = str(tmp_path / "hog.db")
    entries = [
        make("always_roll", "swine_align", GOAL, (4,)),
        make("bacon_strategy", "swine_align", GOAL),
        make("always_roll", "swine_align", GOAL, (8,)),
    ]
    with open_store(db) as store:
        ids = [store.add_strategy(entry)[0].id for entry in entries]
        store.create_league("field", MatchKey("swine_align", GOAL), ids)
    code, stdout, err = hog(
        capsys, "evolve", "--rules", "swine_align", "--goal", GOAL, "--db", db, "--league", "field",
        "--family", "gain", "--population", 4, "--generations", 2, "--jobs", 1, "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(stdout)
    assert data["league"] is not None and data["opponent"] is None
    table = get_family("gain").build("swine_align", GOAL, data["params"])
    expected = np.mean([exact.win_probabilities(table, e.table, "swine_align").rate for e in entries])
    assert data["best_win_rate"] == pytest.approx(expected, abs=1e-12)


def test_resume_on_the_command_line_finishes_the_run(capsys, tmp_path):
    db = str(tmp_path / "hog.db")
    with open_store(db) as store:
        run = start_run(store, "square_swine", GOAL, family="lead", settings=SMALL, seed=1)
        with pytest.raises(Crash):
            continue_run(store, run.id, jobs=1, on_generation=crash_after(2))
    code, stdout, err = hog(capsys, "evolve", "--db", db, "--resume", run.id, "--json", "--jobs", 1)
    assert code == 0, err
    data = json.loads(stdout)
    uninterrupted = run_once(f"sqlite:///{tmp_path / 'whole.db'}")
    assert data["resumed_from"] == 2 and data["generations"] == SMALL.generations
    assert data["params"] == uninterrupted.params
    assert data["best_win_rate"] == uninterrupted.win_rate

    code, stdout, err = hog(capsys, "evolve", "--db", db, "--resume", run.id)
    assert code == 1 and stdout == ""
    assert err.strip() == (
        f"hog: error: evolution run #{run.id} is done after {SMALL.generations} generations; "
        "give --generations N (more than that) to carry it further"
    )


@pytest.mark.parametrize(
    "args, words",
    [
        (["--family", "nonsense"], "unknown family 'nonsense'"),
        (["--opponent", "no_such_strategy"], "unknown strategy 'no_such_strategy'"),
        (["--league", "no_such_league"], "no league 'no_such_league'"),
        (["--opponent", "always_roll(6)", "--league", "x"], "not both"),
        (["--generations", "0"], "generations must be at least 1"),
        (["--population", "1"], "population must be at least 2"),
        (["--out", "strategy.txt"], "must end in .py or .json"),
        (["--backend", "nonsense"], "unknown backend"),
        (["--resume", "7"], "no evolution run #7"),
        (["--resume", "7", "--seed", "2"], "drop --seed"),
    ],
)
def test_bad_input_gets_one_clear_line_and_starts_no_run(capsys, tmp_path, args, words):
    db = str(tmp_path / "hog.db")
    code, stdout, err = hog(capsys, "evolve", "--goal", GOAL, "--db", db, "--jobs", 1, *args)
    assert code in (1, 2)
    assert stdout == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hog: ") and words in lines[0], err
    assert "Traceback" not in err
    with open_store(db) as store, pytest.raises(NotStored):
        store.get_run(1)


def test_evolve_plot_takes_the_runs_rules_and_counts_generations_after_the_first(capsys, tmp_path):
    db = str(tmp_path / "hog.db")
    with open_store(db) as store:
        run = start_run(store, "hog_pile", GOAL, family="lead", settings=SMALL, seed=1)
        continue_run(store, run.id, jobs=1)
    png = tmp_path / "fitness.png"
    plot = ["evolve-plot", run.id, "--db", db, "--png", png]
    code, stdout, err = hog(capsys, *plot, "--rules", "hog_pile", "--goal", GOAL)
    assert code == 0, err
    assert stdout == f"fitness of run #{run.id} over {SMALL.generations} generations written to {png}\n"
    png.unlink()
    for other, words in (
        (["--rules", "square_swine"], "hog_pile rules, not square_swine"),
        (["--goal", 100], "goal 30, not 100"),
    ):
        code, stdout, err = hog(capsys, *plot, *other)
        assert (code, stdout) == (1, "") and not png.exists()
        assert err.startswith(f"hog: error: evolution run #{run.id} was made with ") and words in err
        assert len(err.splitlines()) == 1
