"""DEAP's (mu + lambda) algorithm or its CMA-ES, one generation at a time, with checkpoints.

The body of each generation is ``deap.algorithms.eaMuPlusLambda``'s:
``varOr`` makes the offspring, the invalid ones are evaluated through
``toolbox.map``, the hall of fame is updated with them and the next
population is selected from parents and offspring, with elitism: the
``elite`` best of them (``tools.selBest``) always survive, so with one
objective each generation's best is the best found so far. With
``Settings.algorithm`` ``cma-es`` (one objective) the offspring are
sampled from a CMA-ES strategy instead (``evolve.cmaes``), and the
population is the best of parents and offspring. It is driven one
generation at a time, as in DEAP's checkpointing example, so that every
generation can be checkpointed: population, hall of fame, logbook and the
state of the run's random generator, and the
CMA-ES strategy, pickled. Every draw comes from the toolbox's own
generator (``toolbox.rng``), never from the process-wide one that other
threads draw from too (``evolve.operators``).
The run's ``Scoring`` (``evolve.scoring``) says how fitnesses are
summarised and which hall of fame is kept: with several objectives, the
selection is NSGA-II's and the hall of fame a Pareto front.
Restoring a checkpoint and continuing gives exactly the run that was not
interrupted. A checkpoint is a pickle: load only your own.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deap import base, tools

from evolve import (
    cmaes,
    genome,  # noqa: F401 - defines the creator classes that checkpoints refer to
    operators,
)
from evolve.scoring import MEAN, Scoring
from evolve.settings import Settings

__all__ = ["EvolutionState", "first_generation", "next_generation", "evolve"]


@dataclass
class EvolutionState:
    """A run after generation ``generation``: what a checkpoint holds (with
    CMA-ES, its strategy too), and the run's scoring (which is not in the checkpoint)."""

    generation: int
    population: list
    halloffame: tools.HallOfFame
    logbook: tools.Logbook
    random_state: Any
    scoring: Scoring = MEAN
    strategy: Any = None

    @property
    def best_fitness(self) -> float:
        """The best mean win rate found so far (the hall of fame's first; not for several objectives)."""
        if self.scoring.pareto:
            raise ValueError("a run with several objectives has a Pareto front, not one best")
        return float(self.scoring.best(self.halloffame)["best"])

    def stats(self) -> dict[str, Any]:
        """The last generation's logbook record, plus the best so far (or the front's size)."""
        return {**self.logbook[-1], **self.scoring.best(self.halloffame)}

    def describe(self) -> str:
        """The best so far and the generation's mean, in a few words."""
        mean = self.logbook[-1]["avg"]
        means = ", ".join(f"{m:.4f}" for m in mean) if isinstance(mean, list) else f"{mean:.6f}"
        return f"{self.scoring.describe(self.halloffame)} mean {means}"

    def to_bytes(self) -> bytes:
        """The checkpoint, with the keys of DEAP's checkpointing example."""
        return pickle.dumps(
            dict(
                generation=self.generation,
                population=self.population,
                halloffame=self.halloffame,
                logbook=self.logbook,
                rndstate=self.random_state,
                strategy=self.strategy,
            ),
            protocol=pickle.HIGHEST_PROTOCOL,
        )

    @classmethod
    def from_bytes(cls, blob: bytes, scoring: Scoring = MEAN) -> EvolutionState:
        """The state a ``to_bytes`` checkpoint of a run scored by SCORING holds."""
        scoring.genome_class()  # the class the pickled genomes refer to
        checkpoint = pickle.loads(blob)
        return cls(
            checkpoint["generation"],
            checkpoint["population"],
            checkpoint["halloffame"],
            checkpoint["logbook"],
            checkpoint["rndstate"],
            scoring,
            checkpoint.get("strategy"),
        )


def _evaluate(toolbox: base.Toolbox, individuals: Sequence[Any]) -> int:
    """Give the individuals with an invalid fitness their fitness; returns how many."""
    invalid = [individual for individual in individuals if not individual.fitness.valid]
    fitnesses = toolbox.map(toolbox.evaluate, invalid)
    for individual, fitness in zip(invalid, fitnesses, strict=True):
        individual.fitness.values = fitness
    return len(invalid)


def first_generation(toolbox: base.Toolbox, settings: Settings, seed: int, scoring: Scoring = MEAN) -> EvolutionState:
    """Generation 0: ``initial`` times the population of random genomes
    (seeded with SEED), evaluated; the population is the best of them (the
    survivors' selection picks them, as after every generation); with
    CMA-ES (one objective), the strategy starts at their best."""
    toolbox.rng.seed(seed)
    drawn = toolbox.population(n=settings.initial * settings.population)
    halloffame = scoring.hall_of_fame(settings)
    stats = scoring.statistics()
    logbook = tools.Logbook()
    logbook.header = ["gen", "evals", *stats.fields]
    evals = _evaluate(toolbox, drawn)
    halloffame.update(drawn)
    population = drawn if settings.initial == 1 else _best(drawn, settings.population, scoring)
    logbook.record(gen=0, evals=evals, **stats.compile(population))
    strategy = cmaes.start(population, toolbox, settings) if _cma(settings, scoring) else None
    return EvolutionState(0, population, halloffame, logbook, toolbox.rng.getstate(), scoring, strategy)


def next_generation(state: EvolutionState, toolbox: base.Toolbox, settings: Settings) -> EvolutionState:
    """The generation after STATE, as eaMuPlusLambda makes it, or sampled
    from STATE's CMA-ES strategy (STATE's hall of fame, logbook and strategy
    are updated in place)."""
    toolbox.rng.setstate(state.random_state)
    if state.strategy is None:
        offspring = operators.var_or(
            toolbox.rng, state.population, toolbox, settings.offspring, settings.cxpb, settings.mutpb
        )
        evals = _evaluate(toolbox, offspring)
        population = _survivors(state.population + offspring, toolbox, settings, state.scoring)
    else:
        points = cmaes.sample(state.strategy, toolbox.rng)
        offspring = [toolbox.decode(point) for point in points]
        evals = _evaluate(toolbox, offspring)
        cmaes.learn(state.strategy, points, offspring)
        population = _best(state.population + offspring, settings.population, state.scoring)
    state.halloffame.update(offspring)
    generation = state.generation + 1
    state.logbook.record(gen=generation, evals=evals, **state.scoring.statistics().compile(population))
    return EvolutionState(
        generation, population, state.halloffame, state.logbook, toolbox.rng.getstate(), state.scoring, state.strategy
    )


def _cma(settings: Settings, scoring: Scoring) -> bool:
    """Whether a run samples its offspring from CMA-ES (one objective only)."""
    return settings.algorithm == "cma-es" and not scoring.pareto


def _best(pool: list, count: int, scoring: Scoring) -> list:
    """The COUNT best of POOL: by fitness, or with several objectives by NSGA-II's ranking."""
    return tools.selNSGA2(pool, count) if scoring.pareto else tools.selBest(pool, count)


def _survivors(pool: list, toolbox: base.Toolbox, settings: Settings, scoring: Scoring) -> list:
    """The next population: the ``elite`` best of POOL, then the selection's
    choice for the rest (NSGA-II's alone with several objectives)."""
    elite = 0 if scoring.pareto else settings.elite
    return tools.selBest(pool, elite) + toolbox.select(pool, settings.population - elite)


def evolve(
    toolbox: base.Toolbox,
    settings: Settings,
    seed: int,
    state: EvolutionState | None = None,
    on_generation: Callable[[EvolutionState], None] | None = None,
    scoring: Scoring = MEAN,
) -> EvolutionState:
    """Run from generation 0 (scored by SCORING), or continue STATE, to
    ``settings.generations``; ON_GENERATION sees every new generation (to
    checkpoint it)."""
    report = on_generation or (lambda _state: None)
    if state is None:
        state = first_generation(toolbox, settings, seed, scoring)
        report(state)
    while state.generation < settings.generations:
        state = next_generation(state, toolbox, settings)
        report(state)
    return state
