"""CMA-ES, the default algorithm: genomes scaled to the unit cube and back, a
search that beats random search of as many genomes on a smooth landscape,
runs stored before it resume as (mu + lambda), and several objectives keep
NSGA-II."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from deap import cma, creator
from test_evolve import GOAL, run_once, snapshot
from test_evolve_objectives import pareto_run

from evolve import cmaes
from evolve.algorithm import evolve
from evolve.genome import make_toolbox
from evolve.run import continue_run, start_run
from evolve.settings import Settings
from results.store import open_store
from strategies.families import get_family

FAMILY = get_family("lookahead")
#: A genome for the smooth landscape to hide: 3/7 of the way along each range.
HIDDEN = [p.low + (p.high - p.low) * 3 // 7 for p in FAMILY.parameters]


def closeness(genome) -> tuple[float]:
    """Minus the squared distance to HIDDEN, each value measured in its range."""
    spans = [p.high - p.low for p in FAMILY.parameters]
    return (-sum(((v - h) / s) ** 2 for v, h, s in zip(genome, HIDDEN, spans, strict=True)),)


def test_a_genome_scaled_to_the_unit_cube_and_back_is_itself_and_outside_points_stay_within_bounds():
    toolbox = make_toolbox(FAMILY, Settings(), evaluate=closeness, map_=map, rng=random.Random(5))
    for _ in range(50):
        genome = toolbox.individual()
        point = toolbox.encode(genome)
        assert all(0 <= x <= 1 for x in point)
        back = toolbox.decode(point)
        assert back == genome and type(back) is creator.Genome
    assert toolbox.decode([-0.3] * len(HIDDEN)) == [p.low for p in FAMILY.parameters]
    assert toolbox.decode([1.7] * len(HIDDEN)) == [p.high for p in FAMILY.parameters]


def test_samples_depend_on_the_covariance_not_on_the_eigenbasis_lapack_picks():
    """With equal eigenvalues any rotation of the basis is as right as another."""
    strategy = cma.Strategy(centroid=[0.5] * 8, sigma=0.1, lambda_=12, mu=6)
    covariance = np.diag([4.0, 4.0, 4.0, 1.0, 1.0, 1.0, 1.0, 0.25])
    strategy.C = covariance
    strategy.diagD, strategy.B = np.linalg.eigh(covariance)
    strategy.diagD **= 0.5
    strategy.BD = strategy.B * strategy.diagD
    first = cmaes.sample(strategy, random.Random(3))
    rotation, _ = np.linalg.qr(np.random.default_rng(3).normal(size=(3, 3)))
    strategy.B = strategy.B.copy()
    strategy.B[:, 1:4] = strategy.B[:, 1:4] @ rotation  # within the eigenvalue 1's eigenspace (eigh sorts ascending)
    strategy.BD = strategy.B * strategy.diagD
    assert np.allclose(strategy.BD @ strategy.BD.T, covariance)
    again = cmaes.sample(strategy, random.Random(3))
    assert len(first) == 12 and np.allclose(first, again, rtol=0, atol=1e-12)
    rng = random.Random(4)
    spread = np.cov(np.array([point for _ in range(301) for point in cmaes.sample(strategy, rng)]).T)
    assert np.allclose(spread, 0.01 * covariance, atol=0.004)


@pytest.mark.parametrize("seed", [1, 2])
def test_cma_es_comes_closer_to_a_hidden_genome_than_random_search_and_mu_plus_lambda(seed):
    def best(settings: Settings) -> tuple[float, int]:
        state = evolve(make_toolbox(FAMILY, settings, closeness, map), settings, seed)
        return state.best_fitness, sum(record["evals"] for record in state.logbook)

    settings = Settings(population=10, generations=25)
    found, evaluations = best(settings)
    rng = random.Random(seed)
    drawn = [[rng.randint(p.low, p.high) for p in FAMILY.parameters] for _ in range(evaluations)]
    assert evaluations == 10 * 10 + 25 * 20
    assert found > 20 * max(closeness(genome)[0] for genome in drawn)  # a twentieth of the squared distance
    assert found > 2 * best(dataclasses.replace(settings, algorithm="mu+lambda"))[0]  # half


def test_a_run_stored_before_cma_es_resumes_as_mu_plus_lambda(tmp_path):
    small = Settings(population=6, generations=3)
    before = run_once(f"sqlite:///{tmp_path / 'before.db'}", settings=dataclasses.replace(small, algorithm="mu+lambda"))
    with open_store(f"sqlite:///{tmp_path / 'old.db'}") as store:
        new = start_run(store, "square_swine", GOAL, family="lead", settings=small, seed=1)
        old_settings = {key: value for key, value in new.settings.items() if key != "algorithm"}
        old = store.create_run("lead", "square_swine", GOAL, 1, old_settings, opponent="always_roll(6)")
        resumed = continue_run(store, old.id, jobs=1)
        now = continue_run(store, new.id, jobs=1)
    assert resumed.state.strategy is None and now.state.strategy is not None
    assert snapshot(resumed.state) == snapshot(before.state)
    assert snapshot(now.state)["logbook"] != snapshot(before.state)["logbook"]


def test_a_run_with_several_objectives_keeps_nsga_ii(sqlite_url):
    outcome = pareto_run(sqlite_url)
    assert outcome.state.strategy is None and len(outcome.front) > 1
