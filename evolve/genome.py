"""The genome and the DEAP toolbox that varies it.

A genome is a family's integer parameters, in the family's order, each
within its bounds. As in DEAP's own examples, the creator classes are made
once, when this module is imported, and ``make_toolbox`` registers the
operators: random initial values within the bounds (``initCycle``),
uniform crossover (``cxUniform``, which only swaps values between parents),
a mutation within the bounds (``mutUniformInt``, a new uniform value; or,
with a ``step``, a rounded normal step) and tournament selection (or
another, such as NSGA-II's). Every draw comes from the toolbox's own
generator, ``toolbox.rng`` (``evolve.operators`` says why). CMA-ES
(``evolve.cmaes``) works on points of the unit cube: ``encode`` and
``decode`` scale a genome to one and back, rounded and within the bounds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from deap import base, creator, tools

from evolve import operators
from evolve.settings import Settings
from strategies.family_framework import Family

__all__ = ["make_toolbox", "genome_params", "genome_class", "encode", "decode"]

creator.create("FitnessWinRate", base.Fitness, weights=(1.0,))
creator.create("Genome", list, fitness=creator.FitnessWinRate)


def genome_class(values: int) -> type:
    """The creator class of genomes with VALUES fitness values, all maximised
    (``Genome``, or ``Genome2``, ``Genome3``, ... made on first use)."""
    if values == 1:
        return creator.Genome
    name = f"Genome{values}"
    if not hasattr(creator, name):
        creator.create(f"FitnessWinRates{values}", base.Fitness, weights=(1.0,) * values)
        creator.create(name, list, fitness=getattr(creator, f"FitnessWinRates{values}"))
    return getattr(creator, name)


def genome_params(family: Family, genome: Sequence[int]) -> dict[str, int]:
    """The family parameters a genome stands for."""
    return {p.name: int(value) for p, value in zip(family.parameters, genome, strict=True)}


def encode(genome: Sequence[int], low: Sequence[int], up: Sequence[int]) -> list[float]:
    """GENOME as a point of the unit cube: each value's place in its range LOW..UP."""
    return [
        (value - lowest) / ((highest - lowest) or 1) for value, lowest, highest in zip(genome, low, up, strict=True)
    ]


def decode(point: Sequence[float], low: Sequence[int], up: Sequence[int], kind: type) -> list[int]:
    """The genome (of class KIND) nearest POINT of the unit cube: each value rounded and kept within LOW..UP."""
    values = (
        min(max(round(lowest + x * (highest - lowest)), lowest), highest)
        for x, lowest, highest in zip(point, low, up, strict=True)
    )
    return kind(int(value) for value in values)


def make_toolbox(
    family: Family,
    settings: Settings,
    evaluate: Callable[[Sequence[int]], tuple[float, ...]],
    map_: Callable,
    select: Callable | None = None,
    values: int = 1,
    rng: random.Random | None = None,
) -> base.Toolbox:
    """The toolbox of FAMILY's genomes: EVALUATE gives a genome's VALUES
    fitness values, MAP_ replaces the built-in ``map`` (batched, cached
    evaluation), SELECT (default: tournaments) picks the survivors, and
    every random draw comes from RNG (``toolbox.rng``; default a new one)."""
    rng = rng or random.Random()
    lows = [p.low for p in family.parameters]
    highs = [p.high for p in family.parameters]
    attributes = tuple(partial(rng.randint, low, high) for low, high in zip(lows, highs, strict=True))
    toolbox = base.Toolbox()
    toolbox.register("individual", tools.initCycle, genome_class(values), attributes, n=1)
    toolbox.register("population", tools.initRepeat, list, toolbox.individual)
    toolbox.rng = rng
    toolbox.register("mate", operators.uniform_crossover, rng, indpb=0.5)
    if settings.step:
        step = settings.step
        toolbox.register("mutate", operators.step_mutation, rng, low=lows, up=highs, indpb=settings.indpb, step=step)
    else:
        toolbox.register("mutate", operators.uniform_int_mutation, rng, low=lows, up=highs, indpb=settings.indpb)
    toolbox.register("encode", encode, low=lows, up=highs)
    toolbox.register("decode", decode, low=lows, up=highs, kind=genome_class(values))
    toolbox.register("select", select or partial(operators.tournament, rng, tournsize=settings.tournament))
    toolbox.register("evaluate", evaluate)
    toolbox.register("map", map_)
    return toolbox
