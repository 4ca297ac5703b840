"""CMA-ES over a family's parameters: DEAP's ``cma.Strategy`` in the unit cube.

The strategy starts at generation 0's best genome, scaled to the unit cube
(the toolbox's ``encode``), with a spread of ``Settings.step``; each
generation samples ``offspring`` points, which become genomes by ``decode``
(scaled back, rounded, kept within the bounds), and learns from the
``population`` best of them (the points themselves, ranked by their
genomes' fitness).

It samples from the same normal distribution as ``Strategy.generate``, with
two differences that make a resumed run sample what an uninterrupted one
would. The normal values come from the run's own generator, whose state
is checkpointed. And they are shaped by the Cholesky factor of the
covariance matrix, not by its eigenbasis: where eigenvalues are equal (as
when the population is smaller than the number of parameters) the basis
LAPACK returns is any rotation within their eigenspace, and which one can
change with the last bits of the arithmetic (the memory a process happens
to use), while the Cholesky factor is unique.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from deap import base, cma, tools

from evolve.settings import Settings

__all__ = ["start", "sample", "learn"]


def start(population: list, toolbox: base.Toolbox, settings: Settings) -> cma.Strategy:
    """The strategy centred on POPULATION's best genome."""
    centroid = toolbox.encode(tools.selBest(population, 1)[0])
    return cma.Strategy(centroid=centroid, sigma=settings.step, lambda_=settings.offspring, mu=settings.population)


def sample(strategy: cma.Strategy, rng: random.Random) -> list[np.ndarray]:
    """The strategy's next ``lambda_`` points, from RNG's normal values."""
    normal = np.array([[rng.gauss(0.0, 1.0) for _ in range(strategy.dim)] for _ in range(strategy.lambda_)])
    return list(strategy.centroid + strategy.sigma * normal @ np.linalg.cholesky(strategy.C).T)


def learn(strategy: cma.Strategy, points: list[np.ndarray], genomes: list[Any]) -> None:
    """Update STRATEGY from its POINTS, ranked by the fitness of the GENOMES they became."""
    ranked = []
    for point, genome in zip(points, genomes, strict=True):
        scored = type(genome)(point)
        scored.fitness.values = genome.fitness.values
        ranked.append(scored)
    strategy.update(ranked)
