"""The settings of an evolution run: how offspring are made (DEAP's CMA-ES by
default, or its (mu + lambda) variation) and the operators' parameters.

Runs stored before ``elite``, ``step``, ``initial`` and ``algorithm``
existed had no elitism, drew a mutated value anew, began from one population
of random genomes and evolved by (mu + lambda): ``LEGACY`` holds those
values, for resuming them as they began.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["ALGORITHMS", "LEGACY", "Settings", "SettingsError"]

#: How offspring are made: DEAP's (mu + lambda) variation, or its CMA-ES.
ALGORITHMS = ("cma-es", "mu+lambda")


class SettingsError(ValueError):
    """Settings an evolution cannot run with."""


@dataclass(frozen=True)
class Settings:
    """An evolution's settings; ``offspring`` 0 means twice the population.

    ``algorithm``: ``cma-es`` (one objective; several use NSGA-II's
    (mu + lambda)) samples the offspring from DEAP's CMA-ES strategy, which
    starts at generation 0's best with a spread of ``step`` times each
    parameter's range and learns from the ``population`` best offspring;
    the population is the best genomes found so far. ``cxpb``, ``mutpb``,
    ``indpb``, ``tournament`` and ``elite`` are (mu + lambda)'s.

    ``elite``: the best genomes of parents and offspring that always survive
    (one objective; NSGA-II keeps its front by itself). ``step``: a mutated
    value moves by a normal step of this fraction of its parameter's range,
    rounded and kept within the bounds (0: it is drawn anew, uniformly).
    ``initial``: generation 0 draws this many times the population of random
    genomes and keeps the best of them (a wide first look, then evolution).
    """

    population: int = 40
    generations: int = 22
    offspring: int = 0
    cxpb: float = 0.5
    mutpb: float = 0.4
    indpb: float = 0.25
    tournament: int = 3
    hall_of_fame: int = 5
    elite: int = 1
    step: float = 0.1
    initial: int = 10
    algorithm: str = "cma-es"

    def __post_init__(self) -> None:
        if self.population < 2:
            raise SettingsError(f"population must be at least 2 (crossover needs two parents), not {self.population}")
        if self.generations < 1:
            raise SettingsError(f"generations must be at least 1, not {self.generations}")
        if self.offspring < 0:
            raise SettingsError(f"offspring must be positive (0: twice the population), not {self.offspring}")
        if not (0 <= self.cxpb and 0 <= self.mutpb and self.cxpb + self.mutpb <= 1):
            raise SettingsError(f"cxpb={self.cxpb} and mutpb={self.mutpb} must be >= 0 with a sum of at most 1")
        if not 0 < self.indpb <= 1:
            raise SettingsError(f"indpb must be in (0, 1], not {self.indpb}")
        if self.tournament < 1 or self.hall_of_fame < 1:
            raise SettingsError("tournament and hall_of_fame must be at least 1")
        if not 0 <= self.elite < self.population:
            raise SettingsError(f"elite must be at least 0 and below the population, not {self.elite}")
        if self.initial < 1:
            raise SettingsError(f"initial must be at least 1 (times the population), not {self.initial}")
        if not 0 <= self.step <= 1:
            raise SettingsError(f"step must be in [0, 1], not {self.step}")
        if self.algorithm not in ALGORITHMS:
            raise SettingsError(f"unknown algorithm {self.algorithm!r}; valid: {', '.join(ALGORITHMS)}")
        if self.offspring == 0:
            object.__setattr__(self, "offspring", 2 * self.population)
        if self.algorithm == "cma-es" and (self.step == 0 or self.offspring < self.population):
            raise SettingsError(
                f"cma-es needs a step above 0 and at least as many offspring as the population, not step={self.step} "
                f"and offspring={self.offspring} with population={self.population}"
            )

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


#: The settings of runs stored before elitism, stepped mutation, a wide generation 0 and CMA-ES.
LEGACY = {"elite": 0, "step": 0.0, "initial": 1, "algorithm": "mu+lambda"}
