"""How a run scores and selects genomes: one win rate, the contest's
(wins, mean win rate), or several objectives with NSGA-II.

* ``mean``: one value, the mean exact win rate against the opponents;
  tournament selection, a hall of fame of the best.
* ``contest``: two values, the number of opponents beaten (win rate above
  the leaderboard's ``WIN_THRESHOLD``) and the mean win rate, compared in
  that order, as the leaderboard ranks (DEAP compares fitnesses
  lexicographically); tournament selection, a hall of fame.
* ``pareto``: one mean win rate per objective; NSGA-II survival
  (``tools.selNSGA2``) and a ``tools.ParetoFront`` as the hall of fame,
  keeping one genome per point of the front (the first found).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
from deap import tools

from evolve import operators
from evolve.genome import genome_class
from evolve.settings import Settings

__all__ = ["KINDS", "MEAN", "Scoring", "scoring_of"]

KINDS = ("mean", "contest", "pareto")


def _same_point(_a: Any, _b: Any) -> bool:
    """The Pareto front's similarity test, asked only of equal fitnesses: one genome per point."""
    return True


def _columns(function: Callable[..., Any], values: Sequence[Sequence[float]]) -> list[float]:
    """FUNCTION of each objective's values over the population, as plain floats."""
    return [float(v) for v in function(np.asarray(values, dtype=float), axis=0)]


@dataclass(frozen=True)
class Scoring:
    """A run's kind of fitness (one of ``KINDS``) and its number of objectives."""

    kind: str = "mean"
    objectives: int = 1

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown fitness {self.kind!r}; valid: {', '.join(KINDS)}")
        if (self.kind == "pareto") != (self.objectives > 1):
            raise ValueError(f"{self.kind} fitness with {self.objectives} objectives")

    @property
    def values(self) -> int:
        """How many fitness values a genome has."""
        return 2 if self.kind == "contest" else self.objectives

    @property
    def pareto(self) -> bool:
        return self.kind == "pareto"

    def genome_class(self) -> type:
        """The creator class of this scoring's genomes (made before a checkpoint is loaded)."""
        return genome_class(self.values)

    def select(self, settings: Settings, rng: random.Random) -> Callable[..., list[Any]]:
        """The survival selection: NSGA-II for several objectives, else tournaments drawn from RNG."""
        return tools.selNSGA2 if self.pareto else partial(operators.tournament, rng, tournsize=settings.tournament)

    def hall_of_fame(self, settings: Settings) -> tools.HallOfFame:
        """A Pareto front for several objectives, else the ``hall_of_fame`` best."""
        return tools.ParetoFront(_same_point) if self.pareto else tools.HallOfFame(settings.hall_of_fame)

    def statistics(self) -> tools.Statistics:
        """Mean, spread and extremes of the population's win rate (each
        objective's, as lists, for several objectives)."""
        if self.pareto:
            stats = tools.Statistics(lambda individual: individual.fitness.values)
            for name, function in (("avg", np.mean), ("std", np.std), ("min", np.min), ("max", np.max)):
                stats.register(name, partial(_columns, function))
            return stats
        rate = self.values - 1  # the mean win rate is the last value
        stats = tools.Statistics(lambda individual: individual.fitness.values[rate])
        stats.register("avg", np.mean)
        stats.register("std", np.std)
        stats.register("min", np.min)
        stats.register("max", np.max)
        return stats

    def best(self, halloffame: tools.HallOfFame) -> dict[str, Any]:
        """What the logbook adds about the best found so far: its win rate
        (and wins), or the size of the front."""
        if self.pareto:
            return {"front": len(halloffame)}
        return self._best_of(halloffame[0].fitness.values)

    def _best_of(self, values: Sequence[float]) -> dict[str, Any]:
        """``best`` of the fitness VALUES of one genome (one objective)."""
        if self.kind == "contest":
            return {"best": float(values[1]), "best_wins": int(values[0])}
        return {"best": float(values[0])}

    def describe(self, halloffame: tools.HallOfFame) -> str:
        """The best so far in a few words, for a progress line."""
        if self.pareto:
            return f"front of {len(halloffame)}"
        return self.describe_values(halloffame[0].fitness.values)

    def describe_values(self, values: Sequence[float]) -> str:
        """A genome's fitness VALUES in a few words, as ``describe`` gives the best (one objective)."""
        best = self._best_of(values)
        wins = f"{best['best_wins']} wins, " if "best_wins" in best else ""
        return f"best {wins}{best['best']:.6f}"


#: One objective, its mean win rate: the default.
MEAN = Scoring()


def scoring_of(settings: dict[str, Any]) -> Scoring:
    """The scoring a stored run's settings record (runs before there was a choice: ``mean``)."""
    objectives = len(settings.get("objectives") or ()) or 1
    kind = "pareto" if objectives > 1 else settings.get("fitness", "mean")
    return Scoring(kind, objectives)
