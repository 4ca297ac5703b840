"""Evolution runs kept in the results store: start, checkpoint, resume, finish.

``start_run`` records a run (family, rule set, goal, seed, settings, and
the opponent SPEC or the league) without doing any work; ``continue_run``
carries a running run from its newest checkpoint (or from the start) to its
last generation, checkpointing every generation into the store, then stores
the best genome's table (origin ``evolved``) as the run's result. A run is
reproducible from what the store holds: the same seed gives the same run for
any number of workers, and a resumed run ends where an uninterrupted one
would.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from evolve.algorithm import EvolutionState, evolve
from evolve.fitness import CachedMap, Target, evaluate, make_target
from evolve.genome import genome_params, make_toolbox
from evolve.settings import Settings
from results.store import RunRecord, Store, StrategyRecord
from strategies.families import FAMILIES, Family, get_family
from strategies.spec import resolve_spec
from strategies.table import StrategyTable

__all__ = [
    "DEFAULT_FAMILY",
    "DEFAULT_OPPONENT",
    "RunError",
    "RunOutcome",
    "family_named",
    "start_run",
    "running_run",
    "continue_run",
]

#: The richest family: the exact best response to a modelled opponent.
DEFAULT_FAMILY = "response"
#: The opponent when neither an opponent nor a league is given.
DEFAULT_OPPONENT = "always_roll(6)"


class RunError(ValueError):
    """A run that cannot be started or continued as asked."""


@dataclass(frozen=True)
class RunOutcome:
    """A finished run: its record, the best strategy (stored) and the final state."""

    run: RunRecord
    strategy: StrategyRecord
    best: StrategyTable
    win_rate: float
    params: dict[str, int]
    state: EvolutionState
    resumed_from: int | None


def family_named(name: str) -> Family:
    """The family NAME, or a RunError listing the valid names."""
    if name not in FAMILIES:
        raise RunError(f"unknown family {name!r}; valid families: {', '.join(FAMILIES)}")
    return get_family(name)


def _opponents(store: Store, rules: str, goal: int, opponent: str | None, league_id: int | None) -> list[StrategyTable]:
    """The entries of league LEAGUE_ID, else the strategy OPPONENT names."""
    if league_id is not None:
        entries = store.league_results(league_id).entries
        return [store.get_strategy(entry.id, rules, goal) for entry in entries]
    return [resolve_spec(opponent or DEFAULT_OPPONENT, rules, goal, store)]


def start_run(
    store: Store,
    rules: str,
    goal: int = 100,
    *,
    family: str = DEFAULT_FAMILY,
    opponent: str | None = None,
    league: str | None = None,
    settings: Settings = Settings(),
    seed: int = 0,
) -> RunRecord:
    """Record a new run of FAMILY against OPPONENT (a SPEC; default
    always_roll(6)) or against every entry of the stored LEAGUE."""
    if opponent is not None and league is not None:
        raise RunError("give an opponent or a league to evolve against, not both")
    chosen = family_named(family)
    league_id = None if league is None else store.get_league(league, rules, goal).id
    opponent = None if league is not None else (opponent or DEFAULT_OPPONENT)
    opponents = _opponents(store, rules, goal, opponent, league_id)
    recorded = {**settings.as_dict(), "opponents": [o.sha256 for o in opponents]}
    return store.create_run(chosen.name, rules, goal, seed, recorded, opponent=opponent, league_id=league_id)


def run_target(store: Store, run: RunRecord) -> Target:
    """The run's opponents, checked to be the very tables it started with."""
    opponents = _opponents(store, run.rules, run.goal, run.opponent, run.league_id)
    if [o.sha256 for o in opponents] != run.settings.get("opponents"):
        against = f"opponent {run.opponent!r}" if run.league_id is None else f"league #{run.league_id}"
        raise RunError(f"evolution run #{run.id}: {against} no longer names the tables it started with")
    return make_target(run.family, opponents)


def _run_settings(run: RunRecord) -> Settings:
    names = [field.name for field in dataclasses.fields(Settings)]
    return Settings(**{name: run.settings[name] for name in names if name in run.settings})


def running_run(store: Store, run_id: int) -> RunRecord:
    """Run RUN_ID, or a RunError if it is not running any more."""
    run = store.get_run(run_id)
    if run.status != "running":
        raise RunError(f"evolution run #{run.id} is {run.status}; only a running run can be resumed")
    return run


def continue_run(
    store: Store,
    run_id: int,
    *,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    on_generation: Callable[[EvolutionState], Any] | None = None,
) -> RunOutcome:
    """Carry run RUN_ID from its newest checkpoint to its end, store the best
    strategy and mark the run done. ON_GENERATION sees each new generation
    after it is checkpointed."""
    run = running_run(store, run_id)
    family = family_named(run.family)
    settings = _run_settings(run)
    target = run_target(store, run)
    checkpoint = store.load_latest_checkpoint(run.id)
    state = None if checkpoint is None else EvolutionState.from_bytes(checkpoint.blob)
    fitness_map = CachedMap(jobs=jobs, backend=backend, scheduler=scheduler)
    toolbox = make_toolbox(family, settings, partial(evaluate, target), fitness_map)

    def checkpoint_generation(new: EvolutionState) -> None:
        store.add_generation(run.id, new.generation, new.stats(), new.to_bytes())
        if on_generation is not None:
            on_generation(new)

    final = evolve(toolbox, settings, run.seed, state, checkpoint_generation)
    params = genome_params(family, final.halloffame[0])
    best = StrategyTable(
        family.build(run.rules, run.goal, params),
        run.rules,
        f"evolved_{run.id}",
        "evolved",
        {"family": family.name, "parameters": params, "run": run.id},
    )
    strategy = store.finish_run(run.id, best)
    return RunOutcome(
        store.get_run(run.id),
        strategy,
        best,
        final.best_fitness,
        params,
        final,
        None if checkpoint is None else checkpoint.number,
    )
