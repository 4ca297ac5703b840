"""DEAP's (mu + lambda) algorithm, one generation at a time, with checkpoints.

The body of each generation is ``deap.algorithms.eaMuPlusLambda``'s:
``varOr`` makes the offspring, the invalid ones are evaluated through
``toolbox.map``, the hall of fame is updated with them and the next
population is selected from parents and offspring. It is driven one
generation at a time, as in DEAP's checkpointing example, so that every
generation can be checkpointed: population, hall of fame, logbook and the
state of Python's ``random`` (which DEAP's operators draw from), pickled.
Restoring a checkpoint and continuing gives exactly the run that was not
interrupted. A checkpoint is a pickle: load only your own.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from deap import algorithms, base, tools

from evolve import genome  # noqa: F401 - defines the creator classes that checkpoints refer to
from evolve.settings import Settings

__all__ = ["EvolutionState", "statistics", "first_generation", "next_generation", "evolve"]


@dataclass
class EvolutionState:
    """A run after generation ``generation``: what a checkpoint holds."""

    generation: int
    population: list
    halloffame: tools.HallOfFame
    logbook: tools.Logbook
    random_state: Any

    @property
    def best_fitness(self) -> float:
        """The best win rate found so far (the hall of fame's first)."""
        return float(self.halloffame[0].fitness.values[0])

    def stats(self) -> dict[str, Any]:
        """The last generation's logbook record, plus the best so far."""
        return {**self.logbook[-1], "best": self.best_fitness}

    def to_bytes(self) -> bytes:
        """The checkpoint, with the keys of DEAP's checkpointing example."""
        return pickle.dumps(
            dict(
                generation=self.generation,
                population=self.population,
                halloffame=self.halloffame,
                logbook=self.logbook,
                rndstate=self.random_state,
            ),
            protocol=pickle.HIGHEST_PROTOCOL,
        )

    @classmethod
    def from_bytes(cls, blob: bytes) -> EvolutionState:
        """The state a ``to_bytes`` checkpoint holds."""
        checkpoint = pickle.loads(blob)
        return cls(
            checkpoint["generation"],
            checkpoint["population"],
            checkpoint["halloffame"],
            checkpoint["logbook"],
            checkpoint["rndstate"],
        )


def statistics() -> tools.Statistics:
    """Mean, spread and extremes of a population's fitness."""
    stats = tools.Statistics(lambda individual: individual.fitness.values)
    stats.register("avg", np.mean)
    stats.register("std", np.std)
    stats.register("min", np.min)
    stats.register("max", np.max)
    return stats


def _evaluate(toolbox: base.Toolbox, individuals: Sequence[Any]) -> int:
    """Give the individuals with an invalid fitness their fitness; returns how many.

    The parallel machinery runs in this process too and may draw from
    ``random``; the run's own random stream is kept out of its reach."""
    invalid = [individual for individual in individuals if not individual.fitness.valid]
    saved = random.getstate()
    fitnesses = toolbox.map(toolbox.evaluate, invalid)
    random.setstate(saved)
    for individual, fitness in zip(invalid, fitnesses, strict=True):
        individual.fitness.values = fitness
    return len(invalid)


def first_generation(toolbox: base.Toolbox, settings: Settings, seed: int) -> EvolutionState:
    """Generation 0: a random population (seeded with SEED), evaluated."""
    random.seed(seed)
    population = toolbox.population(n=settings.population)
    halloffame = tools.HallOfFame(settings.hall_of_fame)
    stats = statistics()
    logbook = tools.Logbook()
    logbook.header = ["gen", "evals", *stats.fields]
    evals = _evaluate(toolbox, population)
    halloffame.update(population)
    logbook.record(gen=0, evals=evals, **stats.compile(population))
    return EvolutionState(0, population, halloffame, logbook, random.getstate())


def next_generation(state: EvolutionState, toolbox: base.Toolbox, settings: Settings) -> EvolutionState:
    """The generation after STATE, as eaMuPlusLambda makes it (STATE's hall
    of fame and logbook are updated in place)."""
    random.setstate(state.random_state)
    offspring = algorithms.varOr(state.population, toolbox, settings.offspring, settings.cxpb, settings.mutpb)
    evals = _evaluate(toolbox, offspring)
    state.halloffame.update(offspring)
    population = toolbox.select(state.population + offspring, settings.population)
    generation = state.generation + 1
    state.logbook.record(gen=generation, evals=evals, **statistics().compile(population))
    return EvolutionState(generation, population, state.halloffame, state.logbook, random.getstate())


def evolve(
    toolbox: base.Toolbox,
    settings: Settings,
    seed: int,
    state: EvolutionState | None = None,
    on_generation: Callable[[EvolutionState], None] | None = None,
) -> EvolutionState:
    """Run from generation 0, or continue STATE, to ``settings.generations``;
    ON_GENERATION sees every new generation (to checkpoint it)."""
    report = on_generation or (lambda _state: None)
    if state is None:
        state = first_generation(toolbox, settings, seed)
        report(state)
    while state.generation < settings.generations:
        state = next_generation(state, toolbox, settings)
        report(state)
    return state
