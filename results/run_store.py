"""The evolution-runs aggregate of the store: runs, their generations'
statistics, the newest checkpoint, the best strategy a run found and, for a
run with several objectives, its Pareto front."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update

from results.database import Database, check_name, plain_json
from results.errors import StoreError
from results.match_key import check_seed
from results.models import EvolutionRun, FrontMember, Generation, Strategy, league_row, run_row, utc_now
from results.records import Checkpoint, GenerationRecord, RunRecord, StrategyRecord, utc
from results.strategy_store import add_strategy_row
from strategies.table import StrategyTable

__all__ = ["RunStore", "FrontMemberRecord", "RunSummary"]


@dataclass(frozen=True)
class FrontMemberRecord:
    """A point of a run's Pareto front: a genome's parameters, its win rate
    for each objective, and whether it is the run's stored best strategy."""

    run_id: int
    position: int
    params: dict[str, int]
    values: tuple[float, ...]
    picked: bool


@dataclass(frozen=True)
class RunSummary:
    """A run as ``hog evolve list`` shows it: the run, its newest stored
    generation (None before generation 0 is stored) and its best strategy's
    name (None until it has one)."""

    run: RunRecord
    generation: int | None
    best_name: str | None


def _front_rows(
    run_id: int, front: Sequence[tuple[Mapping[str, int], Sequence[float]]], picked: int
) -> list[FrontMember]:
    """FRONT as rows, checked: one member or more, the same number of win rates each, each in [0, 1]."""
    if not 0 <= picked < len(front):
        raise StoreError(f"the picked member {picked} is not one of the front's {len(front)}")
    rows = []
    for position, (params, values) in enumerate(front):
        rates = [float(value) for value in values]
        if len(rates) != len(front[0][1]) or not all(math.isfinite(r) and 0 <= r <= 1 for r in rates):
            raise StoreError(
                f"front member {position} has win rates {rates}; each member needs one in [0, 1] per objective"
            )
        plain = plain_json({name: int(value) for name, value in params.items()}, "front member parameters")
        rows.append(
            FrontMember(
                run_id=run_id, position=position, params=plain, objective_values=rates, picked=position == picked
            )
        )
    return rows


class RunStore(Database):
    """Evolution runs, checkpointed generation by generation."""

    def create_run(
        self,
        family: str,
        rules: str,
        goal: int,
        seed: int,
        settings: Mapping[str, Any],
        opponent: str | None = None,
        league_id: int | None = None,
    ) -> RunRecord:
        """A running evolution of FAMILY against OPPONENT (a strategy spec) or a league."""
        check_name(family, "family")
        seed = check_seed(seed)
        plain = plain_json(dict(settings), "run settings")
        with self._session(write=True) as session:
            if league_id is not None:
                league_row(session, league_id, self.where)
            run = EvolutionRun(
                family=family,
                rules=rules,
                goal=goal,
                opponent=opponent,
                league_id=league_id,
                settings=plain,
                seed=seed,
                status="running",
            )
            session.add(run)
            session.flush()
            return RunRecord.from_row(run)

    def get_run(self, run_id: int) -> RunRecord:
        """An evolution run by id."""
        with self._session() as session:
            return RunRecord.from_row(run_row(session, run_id, self.where))

    def list_runs(self, rules: str | None = None, goal: int | None = None) -> list[RunSummary]:
        """Every run (of RULES and GOAL if given), newest first, with its newest generation and best's name."""
        newest = func.max(Generation.number)
        statement = (
            select(EvolutionRun, newest, Strategy.name)
            .outerjoin(Generation, Generation.run_id == EvolutionRun.id)
            .outerjoin(Strategy, Strategy.id == EvolutionRun.best_strategy_id)
            .group_by(EvolutionRun.id, Strategy.name)
            .order_by(EvolutionRun.id.desc())
        )
        if rules is not None:
            statement = statement.where(EvolutionRun.rules == rules)
        if goal is not None:
            statement = statement.where(EvolutionRun.goal == goal)
        with self._session() as session:
            return [
                RunSummary(RunRecord.from_row(run), number, name) for run, number, name in session.execute(statement)
            ]

    def add_generation(
        self, run_id: int, number: int, stats: Mapping[str, Any], checkpoint: bytes | None = None
    ) -> None:
        """Store generation NUMBER's statistics and checkpoint; older checkpoints are dropped."""
        plain = plain_json(dict(stats), f"statistics of generation {number}")
        if checkpoint is not None and not isinstance(checkpoint, (bytes, bytearray, memoryview)):
            raise StoreError(f"a checkpoint must be bytes, not {type(checkpoint).__name__}")
        with self._session(write=True) as session:
            run = run_row(session, run_id, self.where)
            if run.status != "running":
                raise StoreError(f"evolution run #{run.id} is {run.status}; it takes no more generations")
            if session.get(Generation, (run.id, int(number))) is not None:
                raise StoreError(f"generation {number} of evolution run #{run.id} is already stored")
            if checkpoint is not None:
                session.execute(update(Generation).where(Generation.run_id == run.id).values(checkpoint=None))
            session.add(
                Generation(
                    run_id=run.id,
                    number=int(number),
                    stats=plain,
                    checkpoint=None if checkpoint is None else bytes(checkpoint),
                )
            )

    def load_latest_checkpoint(self, run_id: int) -> Checkpoint | None:
        """The newest stored checkpoint of a run, or None."""
        with self._session() as session:
            run_row(session, run_id, self.where)
            row = session.scalars(
                select(Generation)
                .where(Generation.run_id == run_id, Generation.checkpoint.is_not(None))
                .order_by(Generation.number.desc())
            ).first()
            return None if row is None or row.checkpoint is None else Checkpoint(row.run_id, row.number, row.checkpoint)

    def generations(self, run_id: int) -> list[GenerationRecord]:
        """A run's generations in order (statistics only)."""
        with self._session() as session:
            run_row(session, run_id, self.where)
            rows = session.execute(
                select(
                    Generation.run_id,
                    Generation.number,
                    Generation.stats,
                    Generation.checkpoint.is_not(None),
                    Generation.created,
                )
                .where(Generation.run_id == run_id)
                .order_by(Generation.number)
            )
            return [GenerationRecord(r[0], r[1], dict(r[2]), bool(r[3]), utc(r[4])) for r in rows]

    def finish_run(
        self,
        run_id: int,
        best: StrategyTable,
        author: str | None = None,
        front: Sequence[tuple[Mapping[str, int], Sequence[float]]] = (),
        picked: int = 0,
        keep: bool = True,
    ) -> StrategyRecord | None:
        """Store BEST (or find it stored) and mark the run done with it, in one
        transaction; FRONT, if given, is the run's Pareto front (parameters and
        win rates of each member) of which member PICKED is BEST. With KEEP
        false, BEST is not stored among the strategies (None is returned)."""
        with self._session(write=True) as session:
            run = run_row(session, run_id, self.where)
            if run.status != "running":
                raise StoreError(f"evolution run #{run.id} is {run.status} already")
            if front:
                session.add_all(_front_rows(run.id, front, picked))
            if (best.rules, best.goal) != (run.rules, run.goal):
                raise StoreError(
                    f"evolution run #{run.id} is for {run.rules}, goal {run.goal}; "
                    f"its best strategy is for {best.rules}, goal {best.goal}"
                )
            record = add_strategy_row(session, best, author, None)[0] if keep else None
            run.best_strategy_id = None if record is None else record.id
            run.status = "done"
            run.finished = utc_now()
            return record

    def extend_run(self, run_id: int, generations: int) -> RunRecord:
        """A run (done or running) to be run to GENERATIONS in all (its
        settings say so), running; a done run's Pareto front is dropped until
        it finishes again, its best strategy stays stored."""
        with self._session(write=True) as session:
            run = run_row(session, run_id, self.where)
            run.settings = {**run.settings, "generations": int(generations)}
            run.status, run.finished = "running", None
            session.execute(delete(FrontMember).where(FrontMember.run_id == run.id))
            session.flush()
            return RunRecord.from_row(run)

    def front(self, run_id: int) -> list[FrontMemberRecord]:
        """A run's stored Pareto front, in its order (empty for a run with one objective or not finished)."""
        with self._session() as session:
            run_row(session, run_id, self.where)
            rows = session.scalars(
                select(FrontMember).where(FrontMember.run_id == run_id).order_by(FrontMember.position)
            )
            return [
                FrontMemberRecord(r.run_id, r.position, dict(r.params), tuple(r.objective_values), r.picked)
                for r in rows
            ]
