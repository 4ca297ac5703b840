"""DEAP's variation and selection, drawing from the run's own generator.

DEAP's operators draw from the process-wide ``random``, and so does any
other thread of the process: a Dask client's reconnection back-off, a web
server's games. One draw between two of a run's would change the run from
there on, so a seed or a checkpoint would no longer give the same run.
These are DEAP's ``varOr``, ``cxUniform``, ``mutUniformInt`` and
``selTournament``, draw for draw, from a ``random.Random`` the run owns
(``Toolbox.rng``): seeded alike, they give what DEAP's give
(``tests/test_evolve_operators.py`` checks it against DEAP's own).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

__all__ = ["var_or", "uniform_crossover", "uniform_int_mutation", "step_mutation", "tournament"]


def var_or(rng: random.Random, population: Sequence[Any], toolbox: Any, count: int, cxpb: float, mutpb: float) -> list:
    """COUNT offspring of POPULATION, each from a crossover (chance CXPB),
    a mutation (MUTPB) or a copy: ``deap.algorithms.varOr``."""
    if cxpb + mutpb > 1.0:
        raise ValueError(f"crossover and mutation chances add up to {cxpb + mutpb}, more than 1")
    offspring = []
    for _ in range(count):
        choice = rng.random()
        if choice < cxpb:
            first, second = (toolbox.clone(i) for i in rng.sample(population, 2))
            first, _ = toolbox.mate(first, second)
            del first.fitness.values
            offspring.append(first)
        elif choice < cxpb + mutpb:
            (mutant,) = toolbox.mutate(toolbox.clone(rng.choice(population)))
            del mutant.fitness.values
            offspring.append(mutant)
        else:
            offspring.append(rng.choice(population))
    return offspring


def uniform_crossover(rng: random.Random, first: list, second: list, indpb: float) -> tuple[list, list]:
    """Swap each value of FIRST and SECOND with chance INDPB, in place: ``tools.cxUniform``."""
    for i in range(min(len(first), len(second))):
        if rng.random() < indpb:
            first[i], second[i] = second[i], first[i]
    return first, second


def uniform_int_mutation(
    rng: random.Random, individual: list[int], low: Sequence[int], up: Sequence[int], indpb: float
) -> tuple[list[int]]:
    """Draw each value of INDIVIDUAL anew within LOW..UP with chance INDPB, in place: ``tools.mutUniformInt``."""
    for i, (lowest, highest) in enumerate(zip(low, up, strict=True)):
        if rng.random() < indpb:
            individual[i] = rng.randint(lowest, highest)
    return (individual,)


def step_mutation(
    rng: random.Random, individual: list[int], low: Sequence[int], up: Sequence[int], indpb: float, step: float
) -> tuple[list[int]]:
    """Move each value of INDIVIDUAL, with chance INDPB, by a normal step of
    STEP times its range (rounded, at least 1), kept within LOW..UP; in place,
    returned as DEAP's mutations return it."""
    for i, (lowest, highest) in enumerate(zip(low, up, strict=True)):
        if rng.random() < indpb:
            change = round(rng.gauss(0.0, step * (highest - lowest))) or rng.choice((-1, 1))
            individual[i] = min(max(individual[i] + change, lowest), highest)
    return (individual,)


def tournament(rng: random.Random, individuals: Sequence[Any], k: int, tournsize: int) -> list:
    """K times the fittest of TOURNSIZE individuals drawn with replacement: ``tools.selTournament``."""
    fitness = attrgetter("fitness")
    return [max([rng.choice(individuals) for _ in range(tournsize)], key=fitness) for _ in range(k)]
