"""The store's aggregates as interfaces: one ``typing.Protocol`` each.

``results.store.Store`` implements them all over one database; a consumer
takes the narrowest one it needs, so it says what it reads and writes and
can be given anything that does that. Optuna's ``BaseStorage`` is the model.

* :class:`StrategyRepository`: stored strategy tables, their names and sources;
* :class:`MatchCache`: exact and simulated matches between two tables, under a ``MatchKey``;
* :class:`LeagueRepository`: leagues, their entries and results;
* :class:`RunRepository`: evolution runs, generations and checkpoints;
* :class:`ContestRepository`: class contests (``results.contest_store``; the policy is ``arena.contest``);
* :class:`SessionRepository`: sign-in sessions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime, timedelta
from typing import Any, Protocol

import numpy as np

from results.contest_records import (
    AttemptRecord,
    BoardState,
    ContestRecord,
    EntryRecord,
    ParticipantRecord,
    StandingsRecord,
)
from results.contest_store import ContestSettings, LockedContest, RankingInput
from results.match_key import MatchKey
from results.records import (
    Checkpoint,
    GenerationRecord,
    LeagueRecord,
    LeagueResults,
    MatchResult,
    Removal,
    RunRecord,
    StrategyRecord,
)
from results.run_store import FrontMemberRecord, RunSummary
from strategies.table import StrategyTable

__all__ = [
    "ContestStorage",
    "RankingStorage",
    "LeagueStorage",
    "EvolutionStorage",
    "StrategyRepository",
    "MatchCache",
    "LeagueRepository",
    "RunRepository",
    "ContestRepository",
    "SessionRepository",
]


class StrategyRepository(Protocol):
    """Stored strategy tables of a rule set and goal, by name or id."""

    def add_strategy(
        self, table: StrategyTable, author: str | None = None, source: str | None = None
    ) -> tuple[StrategyRecord, bool]: ...
    def issue_source_key(self, strategy_id: int) -> str: ...
    def source_by_key(self, strategy_id: int, key: str) -> str | None: ...
    def find_strategy(self, name_or_id: str | int, rules: str, goal: int) -> StrategyRecord: ...
    def get_strategy(self, name_or_id: str | int, rules: str, goal: int) -> StrategyTable: ...
    def list_strategies(self, rules: str, goal: int) -> list[StrategyRecord]: ...
    def strategy_names(self, rules: str, goal: int) -> list[str]: ...
    def rename_strategy(self, name_or_id: str | int, rules: str, goal: int, new_name: str) -> StrategyRecord: ...
    def remove_strategy(self, name_or_id: str | int, rules: str, goal: int) -> Removal: ...
    def strategy_tables(self, rules: str, goal: int) -> list[StrategyTable]: ...


class MatchCache(Protocol):
    """Matches between two tables (by sha256), under a match key's terms."""

    def cached_matches(self, key: MatchKey, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], MatchResult]: ...
    def store_matches(self, key: MatchKey, results: Iterable[MatchResult]) -> None: ...
    def store_match_arrays(
        self,
        key: MatchKey,
        shas: Sequence[str],
        pairs: np.ndarray,
        first: np.ndarray,
        second: np.ndarray,
        stderr: np.ndarray | None = None,
    ) -> None: ...


class LeagueRepository(Protocol):
    """Leagues: their entries, their state, their results as arrays."""

    def create_league(self, name: str, key: MatchKey, strategy_ids: Iterable[int]) -> LeagueRecord: ...
    def add_league_entries(self, league_id: int, strategy_ids: Iterable[int]) -> LeagueRecord: ...
    def finish_league(self, league_id: int) -> LeagueRecord: ...
    def get_league(self, name_or_id: str | int, rules: str, goal: int) -> LeagueRecord: ...
    def latest_league(self, rules: str, goal: int) -> LeagueRecord | None: ...
    def pinned_league(self, rules: str, goal: int) -> LeagueRecord | None: ...
    def pin_league(self, name_or_id: str | int, rules: str, goal: int) -> LeagueRecord: ...
    def unpin_league(self, rules: str, goal: int) -> LeagueRecord | None: ...
    def list_leagues(self, rules: str | None = None, goal: int | None = None) -> list[tuple[LeagueRecord, int]]: ...
    def league_entries(self, league_id: int) -> list[StrategyRecord]: ...
    def league_tables(self, league_id: int) -> list[StrategyTable]: ...
    def league_results(self, league_id: int) -> LeagueResults: ...


class RunRepository(Protocol):
    """Evolution runs, their generations and their newest checkpoint."""

    def create_run(
        self,
        family: str,
        rules: str,
        goal: int,
        seed: int,
        settings: Mapping[str, Any],
        opponent: str | None = None,
        league_id: int | None = None,
    ) -> RunRecord: ...
    def get_run(self, run_id: int) -> RunRecord: ...
    def list_runs(self, rules: str | None = None, goal: int | None = None) -> list[RunSummary]: ...
    def add_generation(
        self, run_id: int, number: int, stats: Mapping[str, Any], checkpoint: bytes | None = None
    ) -> None: ...
    def load_latest_checkpoint(self, run_id: int) -> Checkpoint | None: ...
    def generations(self, run_id: int) -> list[GenerationRecord]: ...
    def finish_run(
        self,
        run_id: int,
        best: StrategyTable,
        author: str | None = None,
        front: Sequence[tuple[Mapping[str, int], Sequence[float]]] = (),
        picked: int = 0,
        keep: bool = True,
    ) -> StrategyRecord | None: ...
    def extend_run(self, run_id: int, generations: int) -> RunRecord: ...
    def front(self, run_id: int) -> list[FrontMemberRecord]: ...


class ContestRepository(Protocol):
    """Class contests: rows only; what must not race goes through ``locked``."""

    def create_contest(self, name: str, settings: ContestSettings) -> ContestRecord: ...
    def get_contest(self, name: str) -> ContestRecord: ...
    def list_contests(self) -> list[ContestRecord]: ...
    def locked(self, name: str) -> AbstractContextManager[LockedContest]: ...
    def add_roster(
        self, name: str, people: Sequence[tuple[str, str | None, str]]
    ) -> list[tuple[ParticipantRecord, str | None]]: ...
    def rotate_token(self, name: str, email: str) -> str: ...
    def roster(self, name: str) -> list[ParticipantRecord]: ...
    def participant_with_token(self, token: str) -> ParticipantRecord | None: ...
    def participant(self, contest: ContestRecord, email: str) -> ParticipantRecord | None: ...
    def team_entries(self, contest: ContestRecord, team: str) -> list[EntryRecord]: ...
    def entries(self, contest: ContestRecord, *, current_only: bool = False) -> list[EntryRecord]: ...
    def current_tables(self, contest: ContestRecord) -> dict[int, tuple[str, np.ndarray]]: ...
    def entry_content(self, contest: ContestRecord, entry_id: int) -> tuple[EntryRecord, np.ndarray, str | None]: ...
    def attempts(self, contest: ContestRecord) -> list[AttemptRecord]: ...
    def bars(self, contest: ContestRecord) -> dict[str, str]: ...
    def standings(self, contest: ContestRecord, *, matrix: bool = True) -> StandingsRecord | None: ...
    def board_states(self, name: str | None = None) -> list[BoardState]: ...
    def standings_current(self, name: str) -> bool: ...
    def unranked_contests(self) -> list[str]: ...
    def ranking_input(self, name: str) -> RankingInput: ...
    def publish_standings(
        self,
        ranked: RankingInput,
        teams: list[dict[str, Any]],
        ranking: list[dict[str, Any]],
        matrix: np.ndarray,
        now: datetime,
    ) -> bool: ...
    def import_contest(
        self,
        name: str,
        settings: ContestSettings,
        teams: list[str],
        ranking: list[dict[str, Any]],
        matrix: np.ndarray,
        now: datetime,
    ) -> ContestRecord: ...
    def delete_contest(self, name: str) -> None: ...


class SessionRepository(Protocol):
    """Sign-in sessions, kept as the sha256 of their ids."""

    def open_session(self, email: str, now: datetime) -> str: ...
    def session_email(self, session_id: str, now: datetime, idle: timedelta, lifetime: timedelta) -> str | None: ...
    def end_session(self, session_id: str) -> bool: ...
    def end_sessions_of(self, email: str) -> int: ...
    def end_stale_sessions(self, now: datetime, idle: timedelta, lifetime: timedelta) -> int: ...


class ContestStorage(ContestRepository, SessionRepository, Protocol):
    """What a contest's policy needs: its rows, and ending a person's sign-in sessions."""


class RankingStorage(ContestRepository, MatchCache, Protocol):
    """What the contest's ranking worker needs: the contest's rows and the match cache."""


class EvolutionStorage(StrategyRepository, LeagueRepository, RunRepository, Protocol):
    """What an evolution run reads and writes: its opponents (strategies and leagues) and the run itself."""


class LeagueStorage(StrategyRepository, LeagueRepository, MatchCache, Protocol):
    """What running a league needs: its strategies, the league and the match cache."""
