"""Fitness: a genome's exact win rate against its opponents, evaluated in batches.

A genome's fitness is the exact mean win rate of its family's table against
every opponent, each played moving first and moving second. Evaluation is
deterministic, so ``CachedMap`` (the toolbox's ``map``) evaluates each
distinct genome once per run and sends the rest to the workers of
``arena.parallel.run_chunks`` in chunks (joblib processes or threads, or a
Dask cluster). Workers get arrays and integers, never user code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from arena.match import Lineup
from arena.parallel import run_chunks
from evolve.genome import genome_params
from hog import exact
from hog.exact import TableStack
from strategies.families import get_family
from strategies.table import StrategyTable

__all__ = ["Target", "TargetError", "make_target", "evaluate", "CachedMap"]

#: Genomes per chunk of work sent to a worker.
CHUNK_SIZE = 8


class TargetError(ValueError):
    """Opponents a family cannot be evolved against."""


@dataclass(frozen=True, eq=False)
class Target:
    """A family, and the opponents its tables play: a ``(k, goal, goal)``
    stack checked once, when the target is made, and never again per genome."""

    family: str
    rules: str
    opponents: TableStack

    @property
    def goal(self) -> int:
        return self.opponents.goal


def make_target(family: str, opponents: Sequence[StrategyTable]) -> Target:
    """The target of FAMILY's genomes: OPPONENTS, all of one rule set and goal."""
    if not opponents:
        raise TargetError("there is no opponent to evolve against")
    lineup = Lineup.of(opponents)
    return Target(get_family(family).name, lineup.rules, lineup.stack)


def evaluate(target: Target, genome: Sequence[int]) -> tuple[float]:
    """DEAP fitness values of GENOME: its table's exact mean win rate against
    the target's opponents, moving first and second."""
    family = get_family(target.family)
    table = family.build(target.rules, target.goal, genome_params(family, genome))
    return (float(exact.win_probabilities_many(table, target.opponents, target.rules).mean()),)


def _apply(
    function: Callable[[tuple[int, ...]], Any], genomes: list[tuple[int, ...]]
) -> list[tuple[tuple[int, ...], Any]]:
    """FUNCTION of each genome of a chunk, paired with the genome (chunks finish in any order)."""
    return [(genome, function(genome)) for genome in genomes]


class CachedMap:
    """A ``map`` for the toolbox that evaluates each distinct genome once,
    new ones in parallel chunks. The cache assumes one function per instance
    (one run's ``evaluate``)."""

    def __init__(self, *, jobs: int = -1, backend: str = "loky", scheduler: str | None = None) -> None:
        self.jobs, self.backend, self.scheduler = jobs, backend, scheduler
        self.cache: dict[tuple[int, ...], Any] = {}

    def __call__(self, function: Callable[[tuple[int, ...]], Any], genomes: Sequence[Sequence[int]]) -> list[Any]:
        keys = [tuple(int(v) for v in genome) for genome in genomes]
        todo = [key for key in dict.fromkeys(keys) if key not in self.cache]
        if todo:
            chunks = ((function, todo[i : i + CHUNK_SIZE]) for i in range(0, len(todo), CHUNK_SIZE))
            for results in run_chunks(_apply, chunks, jobs=self.jobs, backend=self.backend, scheduler=self.scheduler):
                self.cache.update(results)
        return [self.cache[key] for key in keys]
