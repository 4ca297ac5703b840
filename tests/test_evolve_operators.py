"""The run's own operators draw exactly as DEAP's do, and nothing else that
draws from the process-wide ``random`` changes a run."""

from __future__ import annotations

import random

import pytest
from deap import algorithms, base, creator, tools

from evolve import operators
from evolve.algorithm import evolve
from evolve.genome import make_toolbox
from evolve.settings import Settings
from strategies.families import get_family

FAMILY = get_family("lead")
LOWS = [p.low for p in FAMILY.parameters]
HIGHS = [p.high for p in FAMILY.parameters]


def genomes(seed: int, count: int) -> list:
    rng = random.Random(seed)
    drawn = []
    for i in range(count):
        genome = creator.Genome(rng.randint(low, high) for low, high in zip(LOWS, HIGHS, strict=True))
        genome.fitness.values = (rng.choice([0.25, 0.5, 0.75]) + i * 1e-9 * rng.random(),)
        drawn.append(genome)
    return drawn


def deap_and_ours(seed: int, theirs, ours):
    """THEIRS drawing from the seeded process-wide generator, OURS from a generator seeded alike."""
    random.seed(seed)
    expected = theirs()
    return expected, ours(random.Random(seed))


@pytest.mark.parametrize("seed", range(5))
def test_crossover_mutation_and_tournaments_draw_as_deap_s(seed):
    a, b = genomes(seed, 2)
    expected, got = deap_and_ours(
        seed,
        lambda: tools.cxUniform(creator.Genome(a), creator.Genome(b), 0.5),
        lambda rng: operators.uniform_crossover(rng, creator.Genome(a), creator.Genome(b), 0.5),
    )
    assert [list(g) for g in got] == [list(g) for g in expected] != [list(a), list(b)]
    expected, got = deap_and_ours(
        seed,
        lambda: tools.mutUniformInt(creator.Genome(a), LOWS, HIGHS, 0.6),
        lambda rng: operators.uniform_int_mutation(rng, creator.Genome(a), LOWS, HIGHS, 0.6),
    )
    assert list(got[0]) == list(expected[0]) != list(a)
    pool = genomes(seed + 10, 12)
    expected, got = deap_and_ours(
        seed,
        lambda: tools.selTournament(pool, 20, tournsize=3),
        lambda rng: operators.tournament(rng, pool, 20, tournsize=3),
    )
    assert [id(g) for g in got] == [id(g) for g in expected]


@pytest.mark.parametrize("seed", range(5))
def test_offspring_are_deap_s_varor_s(seed):
    population = genomes(seed, 8)

    def toolbox(rng: random.Random | None) -> base.Toolbox:
        box = base.Toolbox()
        if rng is None:
            box.register("mate", tools.cxUniform, indpb=0.5)
            box.register("mutate", tools.mutUniformInt, low=LOWS, up=HIGHS, indpb=0.3)
        else:
            box.register("mate", operators.uniform_crossover, rng, indpb=0.5)
            box.register("mutate", operators.uniform_int_mutation, rng, low=LOWS, up=HIGHS, indpb=0.3)
        return box

    expected, got = deap_and_ours(
        seed,
        lambda: algorithms.varOr(population, toolbox(None), 30, 0.4, 0.4),
        lambda rng: operators.var_or(rng, population, toolbox(rng), 30, 0.4, 0.4),
    )
    assert [list(g) for g in got] == [list(g) for g in expected]
    assert [g.fitness.valid for g in got] == [g.fitness.valid for g in expected]
    assert any(not g.fitness.valid for g in got) and any(g.fitness.valid for g in got)


def closeness(genome) -> tuple[float]:
    return (-sum(abs(v - (low + high) // 3) for v, low, high in zip(genome, LOWS, HIGHS, strict=True)),)


@pytest.mark.parametrize("algorithm", ["mu+lambda", "cma-es"])
def test_draws_from_the_process_wide_random_mid_generation_change_nothing(algorithm):
    """Another thread (a Dask client's back-off, a web game) may draw from
    ``random`` at any moment: here every copy of a genome does."""
    settings = Settings(population=6, generations=6, algorithm=algorithm)

    def run(meddle: bool) -> list:
        toolbox = make_toolbox(FAMILY, settings, closeness, map)
        if meddle:
            clone = toolbox.clone
            toolbox.register("clone", lambda genome: (random.random(), clone(genome))[1])
            toolbox.register("evaluate", lambda genome: (random.random(), closeness(genome))[1])
        state = evolve(toolbox, settings, seed=4)
        return [(list(g), g.fitness.values) for g in state.population] + [dict(r) for r in state.logbook]

    random.seed(1)
    quiet = run(meddle=False)
    random.seed(2)
    assert run(meddle=True) == quiet


def test_var_or_refuses_chances_above_one():
    with pytest.raises(ValueError, match="more than 1"):
        operators.var_or(random.Random(0), genomes(0, 2), base.Toolbox(), 1, 0.7, 0.5)


def test_a_toolbox_draws_its_genomes_from_its_own_generator():
    random.seed(0)
    first = make_toolbox(FAMILY, Settings(), closeness, map, rng=random.Random(9)).population(n=5)
    random.seed(1)
    second = make_toolbox(FAMILY, Settings(), closeness, map, rng=random.Random(9)).population(n=5)
    assert first == second
    assert make_toolbox(FAMILY, Settings(), closeness, map, rng=random.Random(10)).population(n=5) != first
