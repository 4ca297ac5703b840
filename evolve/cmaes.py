"""CMA-ES over a family's parameters: DEAP's ``cma.Strategy`` in the unit cube.

The strategy starts at generation 0's best genome, scaled to the unit cube
(the toolbox's ``encode``), with a spread of ``Settings.step``; each
generation samples ``offspring`` points, which become genomes by ``decode``
(scaled back, rounded, kept within the bounds), and learns from the
``population`` best of them (the points themselves, ranked by their
genomes' fitness). It samples as ``Strategy.generate`` does, but draws the
normal values from Python's ``random``, the run's checkpointed stream, so
a resumed run samples what an uninterrupted one would.
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


def sample(strategy: cma.Strategy) -> list[np.ndarray]:
    """The strategy's next ``lambda_`` points."""
    normal = np.array([[random.gauss(0.0, 1.0) for _ in range(strategy.dim)] for _ in range(strategy.lambda_)])
    return list(strategy.centroid + strategy.sigma * normal @ strategy.BD.T)


def learn(strategy: cma.Strategy, points: list[np.ndarray], genomes: list[Any]) -> None:
    """Update STRATEGY from its POINTS, ranked by the fitness of the GENOMES they became."""
    ranked = []
    for point, genome in zip(points, genomes, strict=True):
        scored = type(genome)(point)
        scored.fitness.values = genome.fitness.values
        ranked.append(scored)
    strategy.update(ranked)
