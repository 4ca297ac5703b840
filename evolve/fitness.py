"""Fitness: a genome's exact win rates against its opponents, evaluated in batches.

A genome's fitness is the exact mean win rate of its family's table against
every opponent of each objective, each played moving first and moving
second; with contest fitness (one objective, a league's entries) it is the
number of opponents beaten (a win rate above the leaderboard's
``WIN_THRESHOLD``) and the mean win rate. Evaluation is
deterministic, so ``CachedMap`` (the toolbox's ``map``) evaluates each
distinct genome once per run and sends the rest to the workers of
``arena.parallel.run_chunks`` in chunks (joblib processes or threads, or a
Dask cluster). Workers get arrays and integers, never user code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from arena.match import Lineup, check_compatible
from arena.parallel import run_chunks
from arena.ranking import WIN_THRESHOLD
from evolve.genome import genome_params
from hog import exact
from hog.exact import TableStack
from strategies.families import get_family
from strategies.table import StrategyTable

__all__ = ["Target", "TargetError", "make_target", "evaluate", "CachedMap", "OnEvaluated"]

#: Genomes per chunk of work sent to a worker.
CHUNK_SIZE = 8


class TargetError(ValueError):
    """Opponents a family cannot be evolved against."""


@dataclass(frozen=True, eq=False)
class Target:
    """A family, and the opponents its tables play, objective by objective:
    ``(k, goal, goal)`` stacks checked once, when the target is made, and
    never again per genome. CONTEST counts wins (one objective only)."""

    family: str
    rules: str
    objectives: tuple[TableStack, ...]
    contest: bool = False

    @property
    def goal(self) -> int:
        return self.objectives[0].goal


def make_target(family: str, *objectives: Sequence[StrategyTable], contest: bool = False) -> Target:
    """The target of FAMILY's genomes: each objective's opponents, all of one rule set and goal."""
    if not objectives or not all(objectives):
        raise TargetError("there is no opponent to evolve against")
    if contest and len(objectives) > 1:
        raise TargetError("contest fitness counts wins against one league, not several objectives")
    check_compatible(table for opponents in objectives for table in opponents)
    lineups = [Lineup.of(opponents) for opponents in objectives]
    return Target(get_family(family).name, lineups[0].rules, tuple(lineup.stack for lineup in lineups), contest)


def evaluate(target: Target, genome: Sequence[int]) -> tuple[float, ...]:
    """DEAP fitness values of GENOME: its table's exact mean win rate against
    each objective's opponents, moving first and second; with contest
    fitness, the number of opponents it beats and its mean win rate."""
    family = get_family(target.family)
    table = family.build(target.rules, target.goal, genome_params(family, genome))
    rates = [exact.win_probabilities_many(table, stack, target.rules).mean(axis=1) for stack in target.objectives]
    if target.contest:
        return (int((rates[0] > WIN_THRESHOLD).sum()), float(rates[0].mean()))
    return tuple(float(rate.mean()) for rate in rates)


def _apply(
    function: Callable[[tuple[int, ...]], Any], genomes: list[tuple[int, ...]]
) -> list[tuple[tuple[int, ...], Any]]:
    """FUNCTION of each genome of a chunk, paired with the genome (chunks finish in any order)."""
    return [(genome, function(genome)) for genome in genomes]


#: ``CachedMap``'s report: (genomes of the call evaluated so far, genomes
#: of the call, the fitness of each genome this report newly covers).
OnEvaluated = Callable[[int, int, list[Any]], Any]


class CachedMap:
    """A ``map`` for the toolbox that evaluates each distinct genome once,
    new ones in parallel chunks. The cache assumes one function per instance
    (one run's ``evaluate``). ON_EVALUATED, if given, hears of every call's
    progress: first of the genomes known already (0 of them, if none), then
    as each chunk finishes, counting every genome of the call (repeated ones
    too), so that a call's last report counts them all."""

    def __init__(
        self,
        *,
        jobs: int = -1,
        backend: str = "loky",
        scheduler: str | None = None,
        on_evaluated: OnEvaluated | None = None,
    ) -> None:
        self.jobs, self.backend, self.scheduler = jobs, backend, scheduler
        self.on_evaluated = on_evaluated
        self.cache: dict[tuple[int, ...], Any] = {}

    def __call__(self, function: Callable[[tuple[int, ...]], Any], genomes: Sequence[Sequence[int]]) -> list[Any]:
        keys = [tuple(int(v) for v in genome) for genome in genomes]
        todo = [key for key in dict.fromkeys(keys) if key not in self.cache]
        done = self._report(keys, [key for key in keys if key in self.cache], 0)
        if todo:
            chunks = ((function, todo[i : i + CHUNK_SIZE]) for i in range(0, len(todo), CHUNK_SIZE))
            for results in run_chunks(_apply, chunks, jobs=self.jobs, backend=self.backend, scheduler=self.scheduler):
                self.cache.update(results)
                finished = {genome for genome, _ in results}
                done = self._report(keys, [key for key in keys if key in finished], done)
        return [self.cache[key] for key in keys]

    def _report(self, keys: list[tuple[int, ...]], evaluated: list[tuple[int, ...]], done: int) -> int:
        """Tell ``on_evaluated`` of the EVALUATED genomes among KEYS (DONE
        were told before); returns how many are told now in all."""
        done += len(evaluated)
        if self.on_evaluated is not None and (evaluated or not done):
            self.on_evaluated(done, len(keys), [self.cache[key] for key in evaluated])
        return done
