"""The results store: one API over the database for the CLI, the arena and evolve.

Open it with ``open_store(db)`` (or ``Store(db)``), preferably in a ``with``
block. DB is a SQLAlchemy URL or a plain file path (turned into a SQLite
URL); None means ``HOG_DB``, else ``sqlite:///hog_arena.db`` in the current
folder. ``postgresql://`` and ``postgres://`` URLs use the psycopg driver.
SQLite and PostgreSQL are supported. Opening upgrades an older database to
the newest schema (Alembic). ``create=False`` (for read-only commands)
refuses a missing SQLite file instead of creating an empty one.

Every method runs in its own transaction (SQLite: write transactions take
the write lock at BEGIN, connections use WAL, a busy timeout and foreign
keys), so every multi-row write is all or nothing. Every problem with the
database or with the arguments is a :class:`StoreError` (a ValueError) with
a one-line message; a name or id that is not stored is a :class:`NotStored`
(also a LookupError).

Strategies
    ``add_strategy(table, author=None, source=None) -> (StrategyRecord, duplicate)``
        A table already stored for its rule set and goal (same sha256) is not
        stored again: the existing record comes back with ``duplicate=True``,
        under its existing name. A new table whose name is taken by another
        table of the same rule set and goal is refused with a StoreError
        (names are never changed behind the caller's back).
    ``get_strategy(name_or_id, rules, goal) -> StrategyTable``
    ``find_strategy(name_or_id, rules, goal) -> StrategyRecord``
    ``list_strategies(rules, goal) -> list[StrategyRecord]``
Leagues and matches
    ``create_league(name, rules, goal, method, games, seed, strategy_ids) -> LeagueRecord``
    ``cached_matches(rules, goal, method, games, seed, pairs) -> dict[(sha_a, sha_b), MatchResult]``
    ``store_matches(rules, goal, method, games, seed, results) -> None``
    ``finish_league(league_id) -> LeagueRecord``
    ``get_league(name_or_id, rules, goal) -> LeagueRecord``
    ``latest_league(rules, goal) -> LeagueRecord | None``
    ``league_results(league_id) -> LeagueResults``
Evolution
    ``create_run(family, rules, goal, seed, settings, opponent=None, league_id=None) -> RunRecord``
    ``add_generation(run_id, number, stats, checkpoint=None) -> None``
    ``load_latest_checkpoint(run_id) -> Checkpoint | None``
    ``finish_run(run_id, best, author=None) -> StrategyRecord``
    ``get_run(run_id) -> RunRecord``
    ``generations(run_id) -> list[GenerationRecord]``

Match cache. A match is cached under (rule set, goal, method, games, seed,
table A, table B). A pair is stored once, keyed in sha256 order, with the
rates exactly as the writer gave them; asking in the writer's order returns
them unchanged, asking in the other order returns the match seen from the
other table: win rate ``1 - w``, ``a_first = 1 - a_second`` and
``a_second = 1 - a_first`` (a game of Hog always has a winner), the same
standard error. Results computed with
a per-match seed should derive that seed from SEED and the pair in sha256
order, so that both orders mean the same computation. For ``exact`` matches
games and seed do not matter and are stored as 0. ``store_matches`` ignores
pairs already stored, so storing a batch again changes nothing.

Evolution checkpoints. ``add_generation`` stores a generation's statistics
and, if given, its checkpoint blob in one transaction, and drops the run's
older checkpoints in the same transaction: only the newest is kept.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timezone
from itertools import combinations
from typing import Any

import numpy as np
from sqlalchemy import insert, select, text, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from results import schema
from results.engine import DEFAULT_URL, describe, first_line, make_engine, resolve_url
from results.errors import NotStored, StoreError
from results.models import (
    METHODS,
    NAME_LENGTH,
    EvolutionRun,
    Generation,
    League,
    LeagueEntry,
    Match,
    Strategy,
    utc_now,
)
from results.records import (
    Checkpoint,
    GenerationRecord,
    LeagueRecord,
    LeagueResults,
    MatchResult,
    RunRecord,
    StrategyRecord,
    ordered_pair,
)
from strategies.table import StrategyTable

__all__ = [
    "DEFAULT_URL",
    "Store",
    "open_store",
    "resolve_url",
    "make_engine",
    "StoreError",
    "NotStored",
    "StrategyRecord",
    "LeagueRecord",
    "LeagueResults",
    "MatchResult",
    "RunRecord",
    "GenerationRecord",
    "Checkpoint",
]

#: Key of the PostgreSQL advisory lock that serialises schema upgrades.
_UPGRADE_LOCK = 0x486F67  # "Hog"
#: Rows per statement in bulk reads and writes (well under SQLite's variable limit).
_CHUNK = 500
_SHA256 = re.compile(r"[0-9a-f]{64}")
_MAX_SEED = 2**63 - 1


# --- small helpers --------------------------------------------------------------


def _chunks(items: Sequence[Any], size: int = _CHUNK) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _json_scalar(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    raise TypeError(f"{type(value).__name__} is not JSON data")


def _plain_json(value: Any, what: str) -> Any:
    """VALUE as plain JSON data (numpy scalars and arrays allowed)."""
    try:
        return json.loads(json.dumps(value, default=_json_scalar, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise StoreError(f"{what} must be JSON data: {first_line(error)}") from None


def _check_name(value: str | None, what: str, required: bool = True) -> None:
    if value is None and not required:
        return
    if not isinstance(value, str) or not value.strip():
        raise StoreError(f"{what} must be a non-empty string, not {value!r}")
    if len(value) > NAME_LENGTH:
        raise StoreError(f"{what} {value[:40]!r}... is longer than {NAME_LENGTH} characters")


def _match_key(method: str, games: int, seed: int) -> tuple[int, int]:
    """The (games, seed) part of a cache key; both 0 for exact matches."""
    if method not in METHODS:
        raise StoreError(f"method {method!r} is not one of {', '.join(METHODS)}")
    if method == "exact":
        return 0, 0
    if not isinstance(games, (int, np.integer)) or games < 1:
        raise StoreError(f"a simulated match needs a positive number of games, not {games!r}")
    return int(games), _check_seed(seed)


def _check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= _MAX_SEED:
        raise StoreError(f"seed must be an integer 0..2**63-1, not {seed!r}")
    return int(seed)


def _check_sha(value: str) -> str:
    if not isinstance(value, str) or not _SHA256.fullmatch(value):
        raise StoreError(f"{value!r} is not a table sha256 (64 lowercase hex digits)")
    return value


def _utc(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def _strategy_record(row: Strategy) -> StrategyRecord:
    return StrategyRecord(
        row.id, row.name, row.rules, row.goal, row.sha256, row.origin, row.author, dict(row.params), _utc(row.created)
    )


def _league_record(row: League) -> LeagueRecord:
    return LeagueRecord(
        row.id,
        row.name,
        row.rules,
        row.goal,
        row.method,
        row.games,
        row.seed,
        row.status,
        _utc(row.created),
        _utc(row.finished),
    )


def _run_record(row: EvolutionRun) -> RunRecord:
    return RunRecord(
        row.id,
        row.family,
        row.rules,
        row.goal,
        row.opponent,
        row.league_id,
        dict(row.settings),
        row.seed,
        row.status,
        row.best_strategy_id,
        _utc(row.created),
        _utc(row.finished),
    )


def _match_result(row: Match) -> MatchResult:
    """The row as its writer gave it."""
    a, b = (row.sha_b, row.sha_a) if row.swapped else (row.sha_a, row.sha_b)
    return MatchResult(a, b, row.win_rate, row.a_first, row.a_second, row.stderr)


def _name_or_id_filter(column_id: Any, column_name: Any, name_or_id: str | int) -> Any:
    """Match by name; an int, or a string of digits no name matches, means an id."""
    if isinstance(name_or_id, (int, np.integer)) and not isinstance(name_or_id, bool):
        return column_id == int(name_or_id)
    text_ = str(name_or_id)
    if text_.isdigit():
        return (column_name == text_) | (column_id == int(text_))
    return column_name == text_


# --- the store --------------------------------------------------------------------


class Store:
    """The results database; see the module docstring for the API."""

    def __init__(self, db: str | None = None, *, create: bool = True) -> None:
        self.url = resolve_url(db)
        self.where = describe(self.url)
        self._engine = make_engine(self.url, create)
        self._read = sessionmaker(self._engine, expire_on_commit=False)
        self._write = sessionmaker(self._engine.execution_options(hog_write=True), expire_on_commit=False)
        try:
            self._upgrade()
        except BaseException:
            self._engine.dispose()
            raise

    # --- lifetime ---

    def close(self) -> None:
        """Close every connection (a SQLite file's WAL is checkpointed)."""
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self.where!r})"

    # --- plumbing ---

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn database errors into one-line StoreErrors naming the database."""
        try:
            yield
        except DBAPIError as error:
            message = first_line(error.orig) if error.orig is not None else first_line(error)
            if "file is not a database" in message:
                raise StoreError(f"{self.where} is not a SQLite database") from None
            if "readonly database" in message:
                raise StoreError(f"database {self.where} is read-only") from None
            raise StoreError(f"database {self.where}: {message}") from None
        except SQLAlchemyError as error:
            raise StoreError(f"database {self.where}: {first_line(error)}") from None

    @contextmanager
    def _session(self, write: bool = False) -> Iterator[Session]:
        """A session in one transaction: committed at the end, rolled back on error."""
        maker = self._write if write else self._read
        with self._errors(), maker() as session, session.begin():
            yield session

    def _upgrade(self) -> None:
        head = schema.head_revision()
        with self._errors():
            with self._engine.connect() as connection:
                current = schema.current_revision(connection)
            if current == head:
                return
            if current is not None and not schema.is_known(current):
                raise StoreError(
                    f"database {self.where} has schema revision {current!r}, newer than this program knows; "
                    "upgrade hog-arena"
                )
            with self._engine.execution_options(hog_write=True).begin() as connection:
                if self.url.get_backend_name() == "postgresql":
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _UPGRADE_LOCK})
                schema.upgrade(connection)

    def schema_revision(self) -> str | None:
        """The database's schema revision (the newest one after opening)."""
        with self._errors(), self._engine.connect() as connection:
            return schema.current_revision(connection)

    # --- strategies ---

    def add_strategy(
        self, table: StrategyTable, author: str | None = None, source: str | None = None
    ) -> tuple[StrategyRecord, bool]:
        """Store TABLE; returns (record, duplicate). See the module docstring for names."""
        with self._session(write=True) as session:
            return self._add_strategy(session, table, author, source)

    def _add_strategy(
        self, session: Session, table: StrategyTable, author: str | None, source: str | None
    ) -> tuple[StrategyRecord, bool]:
        if not isinstance(table, StrategyTable):
            raise StoreError(f"expected a StrategyTable, not {type(table).__name__}")
        _check_name(table.name, "strategy name")
        _check_name(author, "author", required=False)
        if source is not None and not isinstance(source, str):
            raise StoreError(f"source must be text, not {type(source).__name__}")
        params = _plain_json(table.params, f"parameters of strategy {table.name!r}")
        same_table = select(Strategy).where(
            Strategy.rules == table.rules, Strategy.goal == table.goal, Strategy.sha256 == table.sha256
        )
        existing = session.scalar(same_table)
        if existing is not None:
            return _strategy_record(existing), True
        row = Strategy(
            rules=table.rules,
            goal=table.goal,
            name=table.name,
            author=author,
            origin=table.origin,
            params=params,
            table=table.table.tobytes(),
            sha256=table.sha256,
            source=source,
        )
        try:
            with session.begin_nested():
                session.add(row)
        except IntegrityError:
            # Another writer stored the same table, or took the name, meanwhile.
            existing = session.scalar(same_table)
            if existing is not None:
                return _strategy_record(existing), True
        else:
            return _strategy_record(row), False
        clash = session.scalar(
            select(Strategy).where(
                Strategy.rules == table.rules, Strategy.goal == table.goal, Strategy.name == table.name
            )
        )
        raise StoreError(
            f"strategy name {table.name!r} is taken by another table for {table.rules}, goal {table.goal} "
            f"(#{clash.id if clash else '?'}); choose another name"
        )

    def _strategy_row(self, session: Session, name_or_id: str | int, rules: str, goal: int) -> Strategy:
        rows = session.scalars(
            select(Strategy)
            .where(Strategy.rules == rules, Strategy.goal == goal)
            .where(_name_or_id_filter(Strategy.id, Strategy.name, name_or_id))
        ).all()
        if not rows:
            raise NotStored(f"no stored strategy {str(name_or_id)!r} for {rules}, goal {goal} in {self.where}")
        by_name = [row for row in rows if row.name == str(name_or_id)]
        return (by_name or rows)[0]

    def find_strategy(self, name_or_id: str | int, rules: str, goal: int) -> StrategyRecord:
        """The record of a stored strategy, by name or id."""
        with self._session() as session:
            return _strategy_record(self._strategy_row(session, name_or_id, rules, goal))

    def get_strategy(self, name_or_id: str | int, rules: str, goal: int) -> StrategyTable:
        """A stored strategy as a StrategyTable, by name or id."""
        with self._session() as session:
            row = self._strategy_row(session, name_or_id, rules, goal)
            values = np.frombuffer(row.table, dtype=np.int8).reshape(row.goal, row.goal)
            return StrategyTable(values, row.rules, row.name, row.origin, dict(row.params))

    def list_strategies(self, rules: str, goal: int) -> list[StrategyRecord]:
        """The strategies stored for a rule set and goal, oldest first."""
        with self._session() as session:
            rows = session.scalars(
                select(Strategy).where(Strategy.rules == rules, Strategy.goal == goal).order_by(Strategy.id)
            )
            return [_strategy_record(row) for row in rows]

    # --- leagues and matches ---

    def create_league(
        self,
        name: str,
        rules: str,
        goal: int,
        method: str,
        games: int,
        seed: int,
        strategy_ids: Iterable[int],
    ) -> LeagueRecord:
        """A running league with its entries (repeated ids count once), in one transaction."""
        _check_name(name, "league name")
        games, seed = _match_key(method, games, seed)
        ids = list(dict.fromkeys(int(i) for i in strategy_ids))
        if len(ids) < 2:
            raise StoreError(f"league {name!r} needs at least 2 different strategies, got {len(ids)}")
        with self._session(write=True) as session:
            found = {
                row.id: row
                for chunk in _chunks(ids)
                for row in session.scalars(select(Strategy).where(Strategy.id.in_(chunk)))
            }
            for strategy_id in ids:
                row = found.get(strategy_id)
                if row is None:
                    raise NotStored(f"league {name!r}: no stored strategy #{strategy_id} in {self.where}")
                if (row.rules, row.goal) != (rules, goal):
                    raise StoreError(
                        f"league {name!r} is for {rules}, goal {goal}, but strategy #{row.id} {row.name!r} "
                        f"is for {row.rules}, goal {row.goal}"
                    )
            league = League(name=name, rules=rules, goal=goal, method=method, games=games, seed=seed, status="running")
            session.add(league)
            session.flush()
            session.execute(insert(LeagueEntry), [{"league_id": league.id, "strategy_id": i} for i in ids])
            return _league_record(league)

    def cached_matches(
        self,
        rules: str,
        goal: int,
        method: str,
        games: int,
        seed: int,
        pairs: Iterable[tuple[str, str]],
    ) -> dict[tuple[str, str], MatchResult]:
        """The stored results among PAIRS of table sha256s, keyed and oriented as asked."""
        games, seed = _match_key(method, games, seed)
        asked = list(dict.fromkeys((_check_sha(a), _check_sha(b)) for a, b in pairs))
        with self._session() as session:
            stored = self._stored_matches(
                session, rules, goal, method, games, seed, {ordered_pair(a, b) for a, b in asked}
            )
        found: dict[tuple[str, str], MatchResult] = {}
        for a, b in asked:
            result = stored.get(ordered_pair(a, b))
            if result is not None:
                found[(a, b)] = result if result.a == a else result.flipped()
        return found

    def _stored_matches(
        self,
        session: Session,
        rules: str,
        goal: int,
        method: str,
        games: int,
        seed: int,
        ordered_pairs: set[tuple[str, str]],
    ) -> dict[tuple[str, str], MatchResult]:
        firsts = sorted({a for a, _ in ordered_pairs})
        found: dict[tuple[str, str], MatchResult] = {}
        for chunk in _chunks(firsts):
            rows = session.scalars(
                select(Match).where(
                    Match.rules == rules,
                    Match.goal == goal,
                    Match.method == method,
                    Match.games == games,
                    Match.seed == seed,
                    Match.sha_a.in_(chunk),
                )
            )
            for row in rows:
                if (row.sha_a, row.sha_b) in ordered_pairs:
                    found[(row.sha_a, row.sha_b)] = _match_result(row)
        return found

    def store_matches(
        self,
        rules: str,
        goal: int,
        method: str,
        games: int,
        seed: int,
        results: Iterable[MatchResult],
    ) -> None:
        """Cache a batch of results in one transaction; pairs already stored are left as they are."""
        games, seed = _match_key(method, games, seed)
        rows: dict[tuple[str, str], dict[str, Any]] = {}
        now = utc_now()
        for result in results:
            _check_sha(result.a)
            _check_sha(result.b)
            rates = (result.win_rate, result.a_first, result.a_second)
            if not all(isinstance(r, (int, float)) and 0.0 <= r <= 1.0 for r in rates):
                raise StoreError(f"rates of match {result.a[:12]} vs {result.b[:12]} must be in 0..1, got {rates}")
            if result.stderr is not None and not 0.0 <= result.stderr:
                raise StoreError(f"standard error of match {result.a[:12]} vs {result.b[:12]} is {result.stderr}")
            sha_a, sha_b = ordered_pair(result.a, result.b)
            rows.setdefault(
                (sha_a, sha_b),
                {
                    "rules": rules,
                    "goal": goal,
                    "method": method,
                    "games": games,
                    "seed": seed,
                    "sha_a": sha_a,
                    "sha_b": sha_b,
                    "swapped": sha_a != result.a,
                    "win_rate": float(result.win_rate),
                    "a_first": float(result.a_first),
                    "a_second": float(result.a_second),
                    "stderr": None if result.stderr is None else float(result.stderr),
                    "created": now,
                },
            )
        if not rows:
            return
        backend = self.url.get_backend_name()
        dialect_insert = sqlite_insert if backend == "sqlite" else postgresql_insert
        statement = dialect_insert(Match).on_conflict_do_nothing()
        with self._session(write=True) as session:
            for chunk in _chunks(list(rows.values())):
                session.execute(statement, chunk)

    def _league_row(self, session: Session, league_id: int) -> League:
        league = session.get(League, int(league_id))
        if league is None:
            raise NotStored(f"no league #{league_id} in {self.where}")
        return league

    def _entries(self, session: Session, league_id: int) -> list[Strategy]:
        return list(
            session.scalars(
                select(Strategy)
                .join(LeagueEntry, LeagueEntry.strategy_id == Strategy.id)
                .where(LeagueEntry.league_id == league_id)
                .order_by(Strategy.id)
            )
        )

    def _league_results(self, session: Session, league: League) -> LeagueResults:
        entries = self._entries(session, league.id)
        pairs = {ordered_pair(a.sha256, b.sha256) for a, b in combinations(entries, 2)}
        matches = self._stored_matches(
            session, league.rules, league.goal, league.method, league.games, league.seed, pairs
        )
        return LeagueResults(_league_record(league), tuple(_strategy_record(e) for e in entries), matches)

    def finish_league(self, league_id: int) -> LeagueRecord:
        """Mark a league done; refused while a pair of its entries has no stored match."""
        with self._session(write=True) as session:
            league = self._league_row(session, league_id)
            results = self._league_results(session, league)
            if not results.complete:
                n = len(results.entries)
                missing = n * (n - 1) // 2 - len(results.matches)
                raise StoreError(f"league #{league.id} {league.name!r} still misses {missing} of its matches")
            league.status = "done"
            league.finished = utc_now()
            session.flush()
            return _league_record(league)

    def get_league(self, name_or_id: str | int, rules: str, goal: int) -> LeagueRecord:
        """A league of a rule set and goal, by id or name (the newest of that name)."""
        with self._session() as session:
            league = session.scalars(
                select(League)
                .where(League.rules == rules, League.goal == goal)
                .where(_name_or_id_filter(League.id, League.name, name_or_id))
                .order_by((League.name == str(name_or_id)).desc(), League.id.desc())
            ).first()
            if league is None:
                raise NotStored(f"no league {str(name_or_id)!r} for {rules}, goal {goal} in {self.where}")
            return _league_record(league)

    def latest_league(self, rules: str, goal: int) -> LeagueRecord | None:
        """The most recently created finished league of a rule set and goal."""
        with self._session() as session:
            league = session.scalars(
                select(League)
                .where(League.rules == rules, League.goal == goal, League.status == "done")
                .order_by(League.id.desc())
            ).first()
            return None if league is None else _league_record(league)

    def league_results(self, league_id: int) -> LeagueResults:
        """A league with its entries and the matches stored so far."""
        with self._session() as session:
            return self._league_results(session, self._league_row(session, league_id))

    # --- evolution ---

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
        _check_name(family, "family")
        seed = _check_seed(seed)
        plain = _plain_json(dict(settings), "run settings")
        with self._session(write=True) as session:
            if league_id is not None:
                self._league_row(session, league_id)
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
            return _run_record(run)

    def _run_row(self, session: Session, run_id: int) -> EvolutionRun:
        run = session.get(EvolutionRun, int(run_id))
        if run is None:
            raise NotStored(f"no evolution run #{run_id} in {self.where}")
        return run

    def get_run(self, run_id: int) -> RunRecord:
        """An evolution run by id."""
        with self._session() as session:
            return _run_record(self._run_row(session, run_id))

    def add_generation(
        self, run_id: int, number: int, stats: Mapping[str, Any], checkpoint: bytes | None = None
    ) -> None:
        """Store generation NUMBER's statistics and checkpoint; older checkpoints are dropped."""
        plain = _plain_json(dict(stats), f"statistics of generation {number}")
        if checkpoint is not None and not isinstance(checkpoint, (bytes, bytearray, memoryview)):
            raise StoreError(f"a checkpoint must be bytes, not {type(checkpoint).__name__}")
        with self._session(write=True) as session:
            run = self._run_row(session, run_id)
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
            self._run_row(session, run_id)
            row = session.scalars(
                select(Generation)
                .where(Generation.run_id == run_id, Generation.checkpoint.is_not(None))
                .order_by(Generation.number.desc())
            ).first()
            return None if row is None else Checkpoint(row.run_id, row.number, row.checkpoint)

    def generations(self, run_id: int) -> list[GenerationRecord]:
        """A run's generations in order (statistics only)."""
        with self._session() as session:
            self._run_row(session, run_id)
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
            return [GenerationRecord(r[0], r[1], dict(r[2]), bool(r[3]), _utc(r[4])) for r in rows]

    def finish_run(self, run_id: int, best: StrategyTable, author: str | None = None) -> StrategyRecord:
        """Store BEST (or find it stored) and mark the run done with it, in one transaction."""
        with self._session(write=True) as session:
            run = self._run_row(session, run_id)
            if (best.rules, best.goal) != (run.rules, run.goal):
                raise StoreError(
                    f"evolution run #{run.id} is for {run.rules}, goal {run.goal}; "
                    f"its best strategy is for {best.rules}, goal {best.goal}"
                )
            record, _ = self._add_strategy(session, best, author, None)
            run.best_strategy_id = record.id
            run.status = "done"
            run.finished = utc_now()
            return record


def open_store(db: str | None = None, *, create: bool = True) -> Store:
    """Open (and if needed create and upgrade) the results database DB."""
    return Store(db, create=create)
