"""Evolution's progress: every generation, generation 0 included, reports its
genomes evaluated as their chunks finish, and the best found so far, without
changing the run."""

from __future__ import annotations

import pytest

from evolve.fitness import CHUNK_SIZE
from evolve.run import GenerationProgress, continue_run, start_run
from evolve.settings import Settings
from results.store import open_store

GOAL = 30
SETTINGS = Settings(population=6, generations=3, hall_of_fame=3)


class Stop(Exception):
    """Stands for the process dying after a checkpoint was stored."""


def run(db: str, events: list | None = None, stop_after: int | None = None):
    """A small run; EVENTS collects each progress report and, as an int, each finished generation."""

    def on_generation(state) -> None:
        if events is not None:
            events.append(state.generation)
        if state.generation == stop_after:
            raise Stop

    with open_store(db) as store:
        record = start_run(store, "square_swine", GOAL, family="lead", settings=SETTINGS, seed=3)
        return continue_run(
            store,
            record.id,
            jobs=1,
            on_generation=on_generation,
            on_evaluated=None if events is None else events.append,
        )


def reports_by_generation(events: list) -> dict[int, list[GenerationProgress]]:
    """The progress reports of each generation, checked to come before that generation is finished."""
    reports: dict[int, list[GenerationProgress]] = {}
    finished = -1
    for event in events:
        if isinstance(event, int):
            assert event == finished + 1
            finished = event
        else:
            assert event.generation == finished + 1
            reports.setdefault(event.generation, []).append(event)
    return reports


def test_every_generation_reports_its_evaluations_as_its_chunks_finish(tmp_path):
    events: list = []
    outcome = run(f"sqlite:///{tmp_path / 'progress.db'}", events)
    reports = reports_by_generation(events)
    logbook = outcome.state.logbook
    assert sorted(reports) == list(range(SETTINGS.generations + 1))
    first = reports[0]
    # generation 0 evaluates `initial` times the population, chunk by chunk
    assert first[0].total == SETTINGS.initial * SETTINGS.population == logbook[0]["evals"]
    assert len(first) >= SETTINGS.initial * SETTINGS.population // CHUNK_SIZE
    assert [r.done for r in first] == sorted({r.done for r in first})
    assert first[0].best == "" and first[-1].best.startswith("best 0.")
    for generation, steps in reports.items():
        assert steps[-1].done == steps[-1].total == logbook[generation]["evals"]
    assert events[-2].best == outcome.state.scoring.describe(outcome.state.halloffame)
    # the same run as one that reports nothing
    quiet = run(f"sqlite:///{tmp_path / 'quiet.db'}")
    assert [dict(r) for r in quiet.state.logbook] == [dict(r) for r in logbook]
    assert quiet.best == outcome.best


def test_a_resumed_run_reports_from_the_generation_after_its_checkpoint(tmp_path):
    db = f"sqlite:///{tmp_path / 'resume.db'}"
    with pytest.raises(Stop):
        run(db, stop_after=1)
    steps: list[GenerationProgress] = []
    with open_store(db) as store:
        continue_run(store, 1, jobs=1, on_evaluated=steps.append)
    assert [s.generation for s in steps] == sorted(s.generation for s in steps)
    assert steps[0].generation == 2 and steps[-1].generation == SETTINGS.generations
    assert steps[0].best.startswith("best 0.")  # the best of the checkpoint, before any new genome
