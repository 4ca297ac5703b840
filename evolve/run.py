"""Evolution runs kept in the results store: start, checkpoint, resume, finish.

``start_run`` records a run (family, rule set, goal, seed, settings, and
the opponent SPEC or the league, or several objectives; the fitness;
whether its best is kept among the stored strategies) without doing any
work; ``continue_run`` carries a running run from its newest checkpoint (or
from the start) to its last generation, checkpointing every generation into
the store, then stores the best genome's table (origin ``evolved``, named
``evolved_RUN``) as the run's result, unless the run was started not to;
with several objectives, the Pareto front too, and the member the run's
pick chooses (see ``evolve.objectives``) as its best. ``resumable_run``
also carries a run, done or not, to more generations. A run is reproducible
from what the store holds: the same seed gives the same run for any number
of workers, and a resumed or extended run ends where an uninterrupted one
would.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from evolve.algorithm import EvolutionState, evolve
from evolve.fitness import CachedMap, Target, evaluate, make_target
from evolve.genome import genome_params, make_toolbox
from evolve.objectives import BALANCED, LEAGUE_PREFIX, Objective, check_pick, parse_objective, pick_member
from evolve.scoring import Scoring, scoring_of
from evolve.settings import LEGACY, Settings
from results.interfaces import EvolutionStorage
from results.run_store import FrontMemberRecord
from results.store import RunRecord, StrategyRecord
from strategies.families import FAMILIES, get_family
from strategies.family_framework import Family
from strategies.table import StrategyTable

__all__ = [
    "DEFAULT_FAMILY",
    "DEFAULT_OPPONENT",
    "FITNESSES",
    "RunError",
    "RunOutcome",
    "GenerationProgress",
    "family_named",
    "start_run",
    "run_objectives",
    "run_target",
    "resumable_run",
    "continue_run",
]

#: The default family: a policy without a solver, a few rounds searched and a
#: formula after them (``response`` is a solver: an exact best response).
DEFAULT_FAMILY = "lookahead"
#: The opponent when neither an opponent nor a league is given.
DEFAULT_OPPONENT = "always_roll(6)"
#: What a run with one objective maximises: the mean win rate, or the
#: contest's (wins, mean win rate) against a league.
FITNESSES = ("mean", "contest")


class RunError(ValueError):
    """A run that cannot be started or continued as asked."""


@dataclass(frozen=True)
class RunOutcome:
    """A finished run: its record, the best strategy (STRATEGY: its stored
    record, None if the run keeps none) and the final state; WIN_RATE is the
    best's mean win rate (None with several objectives), VALUES its fitness
    values, FRONT the stored Pareto front."""

    run: RunRecord
    strategy: StrategyRecord | None
    best: StrategyTable
    win_rate: float | None
    params: dict[str, int]
    state: EvolutionState
    resumed_from: int | None
    values: tuple[float, ...] = ()
    front: list[FrontMemberRecord] = field(default_factory=list)


@dataclass(frozen=True)
class GenerationProgress:
    """How far the generation under way is: DONE of its TOTAL genomes
    evaluated (repeated genomes too, so TOTAL is the logbook's ``evals``),
    and BEST, the best found so far in a few words ("" before any; with
    several objectives, the front after the last generation)."""

    generation: int
    done: int
    total: int
    best: str


class _Progress:
    """``CachedMap``'s reports as ``GenerationProgress``: it follows the
    generation under way and the best fitness values found so far."""

    def __init__(
        self, scoring: Scoring, state: EvolutionState | None, report: Callable[[GenerationProgress], Any]
    ) -> None:
        self.scoring, self.report = scoring, report
        self.generation = 0
        self.best = ""
        self.values: tuple[float, ...] | None = None
        if state is not None:
            self.finished(state)

    def finished(self, state: EvolutionState) -> None:
        """STATE's generation is done and checkpointed: the next one is under way."""
        self.generation = state.generation + 1
        self.best = self.scoring.describe(state.halloffame)
        if not self.scoring.pareto:
            self.values = tuple(state.halloffame[0].fitness.values)

    def evaluated(self, done: int, total: int, values: list[tuple[float, ...]]) -> None:
        """DONE of the generation's TOTAL genomes are evaluated, VALUES the fitness of those new to this report."""
        if not self.scoring.pareto and values:
            self.values = max(values if self.values is None else [self.values, *values])
            self.best = self.scoring.describe_values(self.values)
        self.report(GenerationProgress(self.generation, done, total, self.best))


def family_named(name: str) -> Family:
    """The family NAME, or a RunError listing the valid names."""
    if name not in FAMILIES:
        raise RunError(f"unknown family {name!r}; valid families: {', '.join(FAMILIES)}")
    return get_family(name)


def _check_options(
    opponent: str | None, league: str | None, objectives: Sequence[str], fitness: str, pick: str | int | None
) -> None:
    """A RunError for options that do not go together."""
    if fitness not in FITNESSES:
        raise RunError(f"unknown fitness {fitness!r}; valid: {', '.join(FITNESSES)}")
    if objectives and (opponent is not None or league is not None):
        raise RunError("give objectives, or an opponent or a league, not both")
    if opponent is not None and league is not None:
        raise RunError("give an opponent or a league to evolve against, not both")
    repeated = sorted({text for text in objectives if list(objectives).count(text) > 1})
    if repeated:
        raise RunError(f"objective {repeated[0]!r} is given twice")
    several = len(objectives) > 1
    if fitness == "contest" and league is None and not _is_league(objectives):
        raise RunError("contest fitness counts wins against the entries of one league: give a league")
    if pick is not None and not several:
        raise RunError("a pick chooses a member of a Pareto front: give two or more objectives")
    if several:
        check_pick(BALANCED if pick is None else pick, len(objectives))


def _is_league(objectives: Sequence[str]) -> bool:
    return len(objectives) == 1 and objectives[0].strip().startswith(LEAGUE_PREFIX)


def start_run(
    store: EvolutionStorage,
    rules: str,
    goal: int = 100,
    *,
    family: str = DEFAULT_FAMILY,
    opponent: str | None = None,
    league: str | None = None,
    objectives: Sequence[str] = (),
    fitness: str = "mean",
    pick: str | int | None = None,
    settings: Settings = Settings(),
    seed: int = 0,
    keep: bool = True,
) -> RunRecord:
    """Record a new run of FAMILY against OPPONENT (a SPEC; default
    always_roll(6)) or against every entry of the stored LEAGUE, with FITNESS
    ``mean`` or ``contest`` (league only); or against two or more OBJECTIVES
    (SPECs or ``league:NAME``; one objective is an opponent or a league) with
    NSGA-II, keeping the front member PICK chooses (default balanced). With
    KEEP false its best is not added to the stored strategies."""
    _check_options(opponent, league, objectives, fitness, pick)
    chosen = family_named(family)
    parsed = [parse_objective(store, text, rules, goal) for text in objectives]
    if len(parsed) > 1:
        recorded = {
            **settings.as_dict(),
            "keep": keep,
            "fitness": fitness,
            "pick": check_pick(BALANCED if pick is None else pick, len(parsed)),
            "objectives": [
                {**o.as_dict(), "opponents": [t.sha256 for t in o.tables(store, rules, goal)]} for o in parsed
            ],
        }
        return store.create_run(chosen.name, rules, goal, seed, recorded)
    if parsed:
        opponent, league_id = parsed[0].opponent, parsed[0].league_id
    else:
        league_id = None if league is None else store.get_league(league, rules, goal).id
        opponent = None if league is not None else (opponent or DEFAULT_OPPONENT)
    only = Objective(opponent or "", opponent, league_id)
    recorded = {
        **settings.as_dict(),
        "keep": keep,
        "fitness": fitness,
        "opponents": [o.sha256 for o in only.tables(store, rules, goal)],
    }
    return store.create_run(chosen.name, rules, goal, seed, recorded, opponent=opponent, league_id=league_id)


def run_objectives(run: RunRecord) -> list[tuple[Objective, list[str]]]:
    """Each objective of RUN, with the sha256 of the opponents it started with."""
    if "objectives" in run.settings:
        return [(Objective.from_dict(o), list(o["opponents"])) for o in run.settings["objectives"]]
    label = run.opponent if run.league_id is None else f"league #{run.league_id}"
    return [(Objective(str(label), run.opponent, run.league_id), list(run.settings.get("opponents", [])))]


def run_target(store: EvolutionStorage, run: RunRecord) -> Target:
    """The run's opponents, checked to be the very tables it started with."""
    objectives = []
    for objective, started in run_objectives(run):
        opponents = objective.tables(store, run.rules, run.goal)
        if [o.sha256 for o in opponents] != started:
            against = (
                f"league #{objective.league_id}"
                if objective.league_id is not None
                else f"opponent {objective.opponent!r}"
            )
            raise RunError(f"evolution run #{run.id}: {against} no longer names the tables it started with")
        objectives.append(opponents)
    return make_target(run.family, *objectives, contest=scoring_of(run.settings).kind == "contest")


def _run_settings(run: RunRecord) -> Settings:
    """The settings RUN was started with (what runs stored before a setting existed did)."""
    recorded = {**LEGACY, **run.settings}
    names = [field.name for field in dataclasses.fields(Settings)]
    return Settings(**{name: recorded[name] for name in names if name in recorded})


def resumable_run(store: EvolutionStorage, run_id: int, generations: int | None = None) -> RunRecord:
    """Run RUN_ID, to be continued to its own last generation or, given
    GENERATIONS, to that many in all (a done run is reopened); a RunError
    if there is nothing left to run."""
    run = store.get_run(run_id)
    if generations is None:
        if run.status != "running":
            raise RunError(
                f"evolution run #{run.id} is {run.status} after {run.settings['generations']} generations; "
                "give --generations N (more than that) to carry it further"
            )
        return run
    checkpoint = store.load_latest_checkpoint(run.id)
    done = 0 if checkpoint is None else checkpoint.number
    if generations <= done:
        raise RunError(
            f"evolution run #{run.id} has {done} generations already; give --generations above {done} to extend it"
        )
    Settings(**{**_run_settings(run).as_dict(), "generations": generations})  # checked like a new run's
    return store.extend_run(run.id, generations)


def continue_run(
    store: EvolutionStorage,
    run_id: int,
    *,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    on_generation: Callable[[EvolutionState], Any] | None = None,
    on_evaluated: Callable[[GenerationProgress], Any] | None = None,
) -> RunOutcome:
    """Carry run RUN_ID from its newest checkpoint to its end, store the best
    strategy and mark the run done. ON_GENERATION sees each new generation
    after it is checkpointed; ON_EVALUATED, the progress of each generation
    (generation 0 included) as its chunks of genomes are evaluated."""
    run = resumable_run(store, run_id)
    family = family_named(run.family)
    settings = _run_settings(run)
    scoring = scoring_of(run.settings)
    target = run_target(store, run)
    checkpoint = store.load_latest_checkpoint(run.id)
    state = None if checkpoint is None else EvolutionState.from_bytes(checkpoint.blob, scoring)
    progress = None if on_evaluated is None else _Progress(scoring, state, on_evaluated)
    fitness_map = CachedMap(
        jobs=jobs, backend=backend, scheduler=scheduler, on_evaluated=None if progress is None else progress.evaluated
    )
    rng = random.Random()
    toolbox = make_toolbox(
        family, settings, partial(evaluate, target), fitness_map, scoring.select(settings, rng), scoring.values, rng
    )

    def checkpoint_generation(new: EvolutionState) -> None:
        store.add_generation(run.id, new.generation, new.stats(), new.to_bytes())
        if progress is not None:
            progress.finished(new)
        if on_generation is not None:
            on_generation(new)

    final = evolve(toolbox, settings, run.seed, state, checkpoint_generation, scoring)
    chosen, front, picked = _chosen(final, family, scoring, run.settings.get("pick", BALANCED))
    params = genome_params(family, chosen)
    # An extended run's new best (if its table is new) takes the generation into its name.
    name = f"evolved_{run.id}" if run.best_strategy_id is None else f"evolved_{run.id}_{final.generation}"
    best = StrategyTable(
        family.build(run.rules, run.goal, params),
        run.rules,
        name,
        "evolved",
        {"family": family.name, "parameters": params, "run": run.id},
    )
    strategy = store.finish_run(run.id, best, front=front, picked=picked, keep=run.settings.get("keep", True))
    return RunOutcome(
        store.get_run(run.id),
        strategy,
        best,
        None if scoring.pareto else final.best_fitness,
        params,
        final,
        None if checkpoint is None else checkpoint.number,
        tuple(chosen.fitness.values),
        store.front(run.id),
    )


def _chosen(
    final: EvolutionState, family: Family, scoring: Scoring, pick: str | int
) -> tuple[Any, list[tuple[dict[str, int], tuple[float, ...]]], int]:
    """The genome a finished run keeps, its Pareto front (parameters and
    values of each member; empty for one objective) and the kept member's position."""
    if not scoring.pareto:
        return final.halloffame[0], [], 0
    members = list(final.halloffame)
    picked = pick_member([m.fitness.values for m in members], pick)
    return members[picked], [(genome_params(family, m), tuple(m.fitness.values)) for m in members], picked
