"""The leagues-and-matches aggregate of the store: leagues with their
entries, and the match cache keyed by :class:`~results.records.MatchKey`
and a pair of table sha256s (see ``results.store`` for how a pair is kept)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np
from sqlalchemy import Connection, Select, bindparam, delete, func, insert, select, update
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql.expression import Executable

from results.database import Database, check_name, chunks
from results.errors import NotStored, StoreError
from results.league_snapshot import POSITION, MatchRows, load_snapshot, save_snapshot
from results.match_key import MatchKey
from results.models import (
    EvolutionRun,
    League,
    LeagueEntry,
    LeagueSnapshot,
    Match,
    Strategy,
    league_entries,
    league_row,
    named_league_row,
    strategy_row,
    utc_now,
)
from results.records import LeagueRecord, LeagueResults, MatchResult, Removal, StrategyRecord, ordered_pair
from strategies.table import StrategyTable

#: Rows read at a time when a league's matches are read back.
_READ_ROWS = 50_000
#: Leagues of at least this many pairs read the matches table in its own order.
_SCAN_PAIRS = 50_000
#: The ``matches`` columns a league reads besides the pair.
_MATCH_VALUES: tuple[Any, ...] = (Match.swapped, Match.win_rate, Match.a_first, Match.a_second, Match.stderr)
#: A snapshot lacking more entries than this is not used: the league is read whole.
_MOST_INVOLVED = 2_000

__all__ = ["LeagueStore", "stored_matches"]

_SHA256 = re.compile(r"[0-9a-f]{64}")


def _check_sha(value: str) -> str:
    if not isinstance(value, str) or not _SHA256.fullmatch(value):
        raise StoreError(f"{value!r} is not a table sha256 (64 lowercase hex digits)")
    return value


def stored_matches(session: Session, key: MatchKey, pairs: set[tuple[str, str]]) -> dict[tuple[str, str], MatchResult]:
    """The stored matches under KEY among PAIRS (in sha256 order), as their writers gave them."""
    firsts = sorted({a for a, _ in pairs})
    found: dict[tuple[str, str], MatchResult] = {}
    for chunk in chunks(firsts):
        rows = session.scalars(
            select(Match).where(
                Match.rules == key.rules,
                Match.goal == key.goal,
                Match.method == key.method,
                Match.games == key.games,
                Match.seed == key.seed,
                Match.sha_a.in_(chunk),
            )
        )
        for row in rows:
            if (row.sha_a, row.sha_b) in pairs:
                found[(row.sha_a, row.sha_b)] = MatchResult.from_row(row)
    return found


def _match_row(key: MatchKey, result: MatchResult, now: Any) -> dict[str, Any]:
    """The ``matches`` row of RESULT under KEY, or a StoreError for a bad result."""
    _check_sha(result.a)
    _check_sha(result.b)
    rates = (result.win_rate, result.a_first, result.a_second)
    if not all(isinstance(r, (int, float)) and 0.0 <= r <= 1.0 for r in rates):
        raise StoreError(f"rates of match {result.a[:12]} vs {result.b[:12]} must be in 0..1, got {rates}")
    if result.stderr is not None and not 0.0 <= result.stderr:
        raise StoreError(f"standard error of match {result.a[:12]} vs {result.b[:12]} is {result.stderr}")
    sha_a, sha_b = ordered_pair(result.a, result.b)
    return {
        "rules": key.rules,
        "goal": key.goal,
        "method": key.method,
        "games": key.games,
        "seed": key.seed,
        "sha_a": sha_a,
        "sha_b": sha_b,
        "swapped": sha_a != result.a,
        "win_rate": float(result.win_rate),
        "a_first": float(result.a_first),
        "a_second": float(result.a_second),
        "stderr": None if result.stderr is None else float(result.stderr),
        "created": now,
    }


def _match_key(league: League, *, scan: bool = False) -> tuple[Any, ...]:
    """The conditions on ``matches`` of LEAGUE's key. SCAN hides ``rules``
    behind an expression, so SQLite reads the table in its own order rather
    than through the unique index (see ``_league_matches``)."""
    rules = Match.rules.concat("") if scan else Match.rules
    return (
        rules == league.rules,
        Match.goal == league.goal,
        Match.method == league.method,
        Match.games == league.games,
        Match.seed == league.seed,
    )


def _league_matches(league: League, dialect: str, *, scan: bool = False) -> Select[Any]:
    """The stored matches under LEAGUE's key between two of its entries: the
    entries' strategy ids (the pair in sha256 order), ``swapped`` and the
    rates. The join runs in the database, so no sha256 strings cross over.
    On PostgreSQL the entries are a materialised CTE, which the planner
    hash-joins whatever its statistics say (a nested loop it once chose for a
    fresh table took minutes). On SQLite, SCAN reads the ``matches`` table in
    its own order instead of through its index (a big league: visiting the
    rows in sha256 order would jump around the file, one page read per match)."""
    if dialect == "postgresql":
        members = (
            select(Strategy.id, Strategy.sha256)
            .join(LeagueEntry, LeagueEntry.strategy_id == Strategy.id)
            .where(LeagueEntry.league_id == league.id, Strategy.rules == league.rules, Strategy.goal == league.goal)
            .cte("members")
            .prefix_with("MATERIALIZED")
        )
        first, second = members.alias("first"), members.alias("second")
        columns = (first.c.id, second.c.id, *_MATCH_VALUES)
        return (
            select(*columns)
            .select_from(Match)
            .join(first, first.c.sha256 == Match.sha_a)
            .join(second, second.c.sha256 == Match.sha_b)
            .where(*_match_key(league))
        )
    a, b = aliased(Strategy), aliased(Strategy)
    entry_a, entry_b = aliased(LeagueEntry), aliased(LeagueEntry)
    columns = (a.id, b.id, *_MATCH_VALUES)
    return (
        select(*columns)
        .select_from(Match)
        .join(a, (a.rules == league.rules) & (a.goal == league.goal) & (a.sha256 == Match.sha_a))
        .join(entry_a, (entry_a.strategy_id == a.id) & (entry_a.league_id == league.id))
        .join(b, (b.rules == league.rules) & (b.goal == league.goal) & (b.sha256 == Match.sha_b))
        .join(entry_b, (entry_b.strategy_id == b.id) & (entry_b.league_id == league.id))
        .where(*_match_key(league, scan=scan))
    )


def _scan(entries: int) -> bool:
    """Whether a league of ENTRIES reads the matches table in its own order (see ``_league_matches``)."""
    return entries * (entries - 1) // 2 >= _SCAN_PAIRS


def _league_results(session: Session, league: League) -> LeagueResults:
    """The league with its matches (``_match_rows``) in its arrays."""
    entries = league_entries(session, league.id)
    results = LeagueResults.empty(LeagueRecord.from_row(league), tuple(StrategyRecord.from_row(e) for e in entries))
    _match_rows(session, league, entries).fill(results)
    return results


def _match_rows(session: Session, league: League, entries: Sequence[Strategy]) -> MatchRows:
    """The stored matches between LEAGUE's ENTRIES (by id): its snapshot's
    and those of the entries the snapshot lacks (``_new_match_rows``), or
    without a snapshot all of them, through the join of ``_league_matches``
    read in parts of ``_READ_ROWS`` rows."""
    ids = _entry_ids(entries)
    most = len(ids) * (len(ids) - 1) // 2
    snapshot = load_snapshot(session, league.id, ids)
    if snapshot is not None and (~snapshot[1]).sum() <= _MOST_INVOLVED:
        rows, covered = snapshot
        if covered.all():
            return rows
        new = _new_match_rows(session, league, [e.sha256 for e in entries], ~covered)
        return MatchRows.gathered([rows, new], most)
    statement = _league_matches(league, session.connection().dialect.name, scan=_scan(len(ids)))
    return MatchRows.gathered((_read_part(ids, part) for part in _driver_rows(session, statement)), most)


def _entry_ids(entries: Sequence[Strategy]) -> np.ndarray:
    """The strategy ids of ENTRIES (by id, as ``league_entries`` gives them)."""
    return np.array([e.id for e in entries], dtype=np.int64)


def _read_part(ids: np.ndarray, part: Sequence[Any]) -> MatchRows:
    """Rows of ``_league_matches`` as matches between the entries IDS."""
    values = np.array(part, dtype=float).reshape(-1, 7)
    i = np.searchsorted(ids, values[:, 0].astype(np.int64)).astype(POSITION)
    j = np.searchsorted(ids, values[:, 1].astype(np.int64)).astype(POSITION)
    return _oriented(i, j, values[:, 2:])


def _oriented(i: np.ndarray, j: np.ndarray, values: np.ndarray) -> MatchRows:
    """Matches of entries I against entries J (the pair in sha256 order) from
    the ``matches`` columns ``swapped``, rates and ``stderr`` (NaN: none)."""
    swapped = values[:, 0].astype(bool)
    return MatchRows(np.where(swapped, j, i), np.where(swapped, i, j), *values[:, 1:].T)


def _new_match_rows(session: Session, league: League, shas: Sequence[str], new: np.ndarray) -> MatchRows:
    """The stored matches between LEAGUE's entries (their sha256s SHAS) that
    involve an entry marked in NEW, found through the cache's unique index
    (key, sha_a, sha_b): those whose sha_a is a new entry's, then those whose
    sha_b is, for each entry's sha_a (no scan of the table)."""
    place = {sha: k for k, sha in enumerate(shas)}
    fresh = [sha for sha, is_new in zip(shas, new, strict=True) if is_new]
    old = [sha for sha, is_new in zip(shas, new, strict=True) if not is_new]
    key = _match_key(league)
    columns: tuple[Any, ...] = (Match.sha_a, Match.sha_b, *_MATCH_VALUES)
    statements = [select(*columns).where(*key, Match.sha_a.in_(part)) for part in chunks(fresh)]
    statements += [select(*columns).where(*key, Match.sha_a.in_(part), Match.sha_b.in_(fresh)) for part in chunks(old)]
    found = [row for statement in statements for part in _driver_rows(session, statement) for row in part]
    found = [row for row in found if row[1] in place]  # the first queries take any sha_b
    i = np.array([place[row[0]] for row in found], dtype=POSITION)
    j = np.array([place[row[1]] for row in found], dtype=POSITION)
    return _oriented(i, j, np.array([row[2:] for row in found], dtype=float).reshape(-1, 5))


def _driver_rows(session: Session, statement: Select[Any]) -> Iterator[Sequence[Any]]:
    """STATEMENT's rows as the driver hands them over, ``_READ_ROWS`` at a
    time: no per-row work in SQLAlchemy (type processing, Row objects)."""
    connection = session.connection()
    compiled = statement.compile(dialect=connection.dialect, compile_kwargs={"render_postcompile": True})
    params = compiled.construct_params()
    args = tuple(params[name] for name in compiled.positiontup or ()) if compiled.positional else params
    cursor = connection.exec_driver_sql(compiled.string, args).cursor
    while part := cursor.fetchmany(_READ_ROWS):
        yield part


def _check_entries(session: Session, name: str, key: MatchKey, ids: Sequence[int], where: str) -> None:
    """A NotStored or StoreError unless every one of IDS is a stored strategy of KEY's rule set and goal."""
    found = {
        row.id: row for chunk in chunks(ids) for row in session.scalars(select(Strategy).where(Strategy.id.in_(chunk)))
    }
    for strategy_id in ids:
        row = found.get(strategy_id)
        if row is None:
            raise NotStored(f"league {name!r}: no stored strategy #{strategy_id} in {where}")
        if (row.rules, row.goal) != (key.rules, key.goal):
            raise StoreError(
                f"league {name!r} is for {key.rules}, goal {key.goal}, but strategy #{row.id} {row.name!r} "
                f"is for {row.rules}, goal {row.goal}"
            )


#: The ``matches`` columns a bulk insert fills: a batch's key, each match's own, the batch's time.
_KEY_COLUMNS = ("rules", "goal", "method", "games", "seed")
_PAIR_COLUMNS = ("sha_a", "sha_b", "swapped", "win_rate", "a_first", "a_second", "stderr")


def _pair_values(
    shas: Sequence[str],
    pairs: np.ndarray,
    first: np.ndarray,
    second: np.ndarray,
    stderr: np.ndarray | None,
) -> list[tuple[Any, ...]]:
    """The ``_PAIR_COLUMNS`` of the ``matches`` rows of matches given as
    arrays (see ``store_match_arrays``), or a StoreError for a bad one."""
    for sha in shas:
        _check_sha(sha)
    pairs = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
    first, second = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    errors = np.full(len(pairs), np.nan) if stderr is None else np.asarray(stderr, dtype=float)
    if not len(first) == len(second) == len(errors) == len(pairs):
        raise StoreError(f"{len(pairs)} pairs need as many rates, got {len(first)}, {len(second)}, {len(errors)}")
    if len(pairs) and (pairs.min() < 0 or pairs.max() >= len(shas)):
        raise StoreError(f"pairs name tables outside 0..{len(shas) - 1}")
    good = (first >= 0) & (first <= 1) & (second >= 0) & (second <= 1)
    if not good.all():
        bad = int(np.argmin(good))
        raise StoreError(f"rates of match {pairs[bad].tolist()} must be in 0..1, got {first[bad]}, {second[bad]}")
    if (errors < 0).any():
        raise StoreError(f"standard error of match {pairs[int(np.argmax(errors < 0))].tolist()} is negative")
    rank = np.empty(len(shas), dtype=np.int64)
    rank[np.argsort(np.array(shas))] = np.arange(len(shas))  # each table's place in sha256 order
    swapped = rank[pairs[:, 0]] > rank[pairs[:, 1]]
    low = np.where(swapped, pairs[:, 1], pairs[:, 0]).tolist()
    high = np.where(swapped, pairs[:, 0], pairs[:, 1]).tolist()
    rate = ((first + second) / 2).tolist()
    error_values = [None if e != e else e for e in errors.tolist()]  # NaN: none
    columns = zip(low, high, swapped.tolist(), rate, first.tolist(), second.tolist(), error_values, strict=True)
    return [(shas[a], shas[b], s, w, f, t, e) for a, b, s, w, f, t, e in columns]


def _copy_matches(connection: Connection, columns: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
    """Insert ROWS (values of COLUMNS) into ``matches`` on PostgreSQL: COPY
    into a temporary table (COPY itself cannot skip pairs stored already),
    then one INSERT ... ON CONFLICT DO NOTHING from it, and drop the table
    (a failure rolls the transaction back, the table's creation with it)."""
    names = ", ".join(columns)
    driver = connection.connection.driver_connection  # psycopg's own
    assert driver is not None
    cursor = driver.cursor()
    try:
        cursor.execute(f"CREATE TEMPORARY TABLE match_batch AS SELECT {names} FROM matches WITH NO DATA")
        with cursor.copy(f"COPY match_batch ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        cursor.execute(f"INSERT INTO matches ({names}) SELECT {names} FROM match_batch ON CONFLICT DO NOTHING")
        cursor.execute("DROP TABLE match_batch")
    finally:
        cursor.close()


def _unpin(session: Session, rules: str, goal: int) -> LeagueRecord | None:
    """Unpin the league pinned for RULES and GOAL; the league it was, if any."""
    pinned = session.scalars(
        select(League).where(League.rules == rules, League.goal == goal, League.pinned.is_(True))
    ).all()
    for league in pinned:
        league.pinned = False
    session.flush()
    return LeagueRecord.from_row(pinned[0]) if pinned else None


def _table(row: Strategy) -> StrategyTable:
    """A stored strategy row as its table."""
    values = np.frombuffer(row.table, dtype=np.int8).reshape(row.goal, row.goal)
    return StrategyTable(values, row.rules, row.name, row.origin, dict(row.params))


class LeagueStore(Database):
    """Leagues, their entries, and the match cache."""

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
        check_name(name, "league name")
        key = MatchKey(rules, goal, method, games, seed)
        ids = list(dict.fromkeys(int(i) for i in strategy_ids))
        if len(ids) < 2:
            raise StoreError(f"league {name!r} needs at least 2 different strategies, got {len(ids)}")
        with self._session(write=True) as session:
            _check_entries(session, name, key, ids, self.where)
            league = League(
                name=name,
                rules=key.rules,
                goal=key.goal,
                method=key.method,
                games=key.games,
                seed=key.seed,
                status="running",
            )
            session.add(league)
            session.flush()
            session.execute(insert(LeagueEntry), [{"league_id": league.id, "strategy_id": i} for i in ids])
            return LeagueRecord.from_row(league)

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
        key = MatchKey(rules, goal, method, games, seed)
        asked = list(dict.fromkeys((_check_sha(a), _check_sha(b)) for a, b in pairs))
        with self._session() as session:
            stored = stored_matches(session, key, {ordered_pair(a, b) for a, b in asked})
        found: dict[tuple[str, str], MatchResult] = {}
        for a, b in asked:
            result = stored.get(ordered_pair(a, b))
            if result is not None:
                found[(a, b)] = result if result.a == a else result.flipped()
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
        key = MatchKey(rules, goal, method, games, seed)
        now = utc_now()
        rows: dict[tuple[str, str], dict[str, Any]] = {}
        for result in results:
            row = _match_row(key, result, now)
            rows.setdefault((row["sha_a"], row["sha_b"]), row)
        if not rows:
            return
        statement: Executable
        if self.url.get_backend_name() == "sqlite":
            statement = sqlite_insert(Match).on_conflict_do_nothing()
        else:  # imported here: SQLite users do not pay for loading the PostgreSQL dialect
            from sqlalchemy.dialects.postgresql import insert as postgresql_insert

            statement = postgresql_insert(Match).on_conflict_do_nothing()
        with self._session(write=True) as session:
            for chunk in chunks(list(rows.values())):
                session.execute(statement, chunk)

    def store_match_arrays(
        self,
        rules: str,
        goal: int,
        method: str,
        games: int,
        seed: int,
        shas: Sequence[str],
        pairs: np.ndarray,
        first: np.ndarray,
        second: np.ndarray,
        stderr: np.ndarray | None = None,
    ) -> None:
        """Cache a batch of matches given as arrays, in one transaction, as
        ``store_matches`` does: row k is table ``SHAS[pairs[k, 0]]`` against
        ``SHAS[pairs[k, 1]]`` with its chances FIRST and SECOND (win rate their
        mean) and STDERR (NaN or None: none). The bulk path of leagues."""
        key = MatchKey(rules, goal, method, games, seed)
        values = _pair_values(shas, pairs, first, second, stderr)
        if not values:
            return
        columns = (*_KEY_COLUMNS, *_PAIR_COLUMNS, "created")
        with self._session(write=True) as session:
            connection = session.connection()
            head, tail = key.astuple(), (utc_now(),)
            if connection.dialect.name == "postgresql":
                _copy_matches(connection, columns, [head + row + tail for row in values])
                return
            statement = sqlite_insert(Match).values({c: bindparam(c) for c in columns}).on_conflict_do_nothing()
            compiled = statement.compile(dialect=connection.dialect, for_executemany=True)  # no RETURNING
            created = Match.__table__.c.created.type._cached_bind_processor(connection.dialect)
            tail = tail if created is None else (created(tail[0]),)
            if tuple(compiled.positiontup or ()) != columns:
                raise StoreError(f"unexpected column order in {compiled.string!r}")
            # one executemany by the driver, rows as plain tuples: no per-row work in SQLAlchemy
            connection.exec_driver_sql(compiled.string, [head + row + tail for row in values])

    def add_league_entries(self, league_id: int, strategy_ids: Iterable[int]) -> LeagueRecord:
        """Add strategies to a league (it runs again until ``finish_league``), in
        one transaction; a strategy already in the league is refused."""
        ids = list(dict.fromkeys(int(i) for i in strategy_ids))
        with self._session(write=True) as session:
            league = league_row(session, league_id, self.where)
            record = LeagueRecord.from_row(league)
            _check_entries(session, league.name, record.key, ids, self.where)
            present = {e.id: e for e in league_entries(session, league.id)}
            for strategy_id in ids:
                if strategy_id in present:
                    name = present[strategy_id].name
                    raise StoreError(f"strategy #{strategy_id} {name!r} is in league {league.name!r} already")
            if not ids:
                raise StoreError(f"no strategies to add to league {league.name!r}")
            session.execute(insert(LeagueEntry), [{"league_id": league.id, "strategy_id": i} for i in ids])
            league.status, league.finished = "running", None
            session.flush()
            return LeagueRecord.from_row(league)

    def finish_league(self, league_id: int) -> LeagueRecord:
        """Mark a league done; refused while a pair of its entries has no stored match."""
        with self._session(write=True) as session:
            league = league_row(session, league_id, self.where)
            entries = league_entries(session, league.id)
            rows = _match_rows(session, league, entries)
            missing = len(entries) * (len(entries) - 1) // 2 - len(rows)
            if missing:
                raise StoreError(f"league #{league.id} {league.name!r} still misses {missing} of its matches")
            save_snapshot(session, league.id, _entry_ids(entries), rows)
            league.status = "done"
            league.finished = utc_now()
            session.flush()
            return LeagueRecord.from_row(league)

    def remove_strategy(self, name_or_id: str | int, rules: str, goal: int) -> Removal:
        """Remove a stored strategy, in one transaction: out of every league
        it is an entry of (a finished league keeps ranking its other entries;
        its snapshot is made again without it), no longer the best of the
        evolution runs that found it, then its row. Stored matches stay in
        the cache (keyed by table, shared with any table alike)."""
        with self._session(write=True) as session:
            row = strategy_row(session, name_or_id, rules, goal, self.where)
            record = StrategyRecord.from_row(row)
            leagues = list(
                session.scalars(
                    select(League)
                    .join(LeagueEntry, LeagueEntry.league_id == League.id)
                    .where(LeagueEntry.strategy_id == row.id)
                    .order_by(League.id)
                )
            )
            session.execute(delete(LeagueEntry).where(LeagueEntry.strategy_id == row.id))
            for league in leagues:
                session.execute(delete(LeagueSnapshot).where(LeagueSnapshot.league_id == league.id))
                if league.status == "done":
                    entries = league_entries(session, league.id)
                    save_snapshot(session, league.id, _entry_ids(entries), _match_rows(session, league, entries))
            runs = list(session.scalars(select(EvolutionRun.id).where(EvolutionRun.best_strategy_id == row.id)))
            session.execute(
                update(EvolutionRun).where(EvolutionRun.best_strategy_id == row.id).values(best_strategy_id=None)
            )
            session.delete(row)
            session.flush()
            return Removal(record, tuple(LeagueRecord.from_row(league) for league in leagues), tuple(runs))

    def get_league(self, name_or_id: str | int, rules: str, goal: int) -> LeagueRecord:
        """A league of a rule set and goal, by id or name (the newest of that name)."""
        with self._session() as session:
            return LeagueRecord.from_row(named_league_row(session, name_or_id, rules, goal, self.where))

    def latest_league(self, rules: str, goal: int) -> LeagueRecord | None:
        """The most recently finished league of a rule set and goal (a league
        grown by new entries finishes again when they are played)."""
        with self._session() as session:
            league = session.scalars(
                select(League)
                .where(League.rules == rules, League.goal == goal, League.status == "done")
                .order_by(League.finished.desc(), League.id.desc())
            ).first()
            return None if league is None else LeagueRecord.from_row(league)

    def pinned_league(self, rules: str, goal: int) -> LeagueRecord | None:
        """The league pinned for a rule set and goal (``pin_league``), if any."""
        with self._session() as session:
            league = session.scalars(
                select(League).where(League.rules == rules, League.goal == goal, League.pinned.is_(True))
            ).first()
            return None if league is None else LeagueRecord.from_row(league)

    def pin_league(self, name_or_id: str | int, rules: str, goal: int) -> LeagueRecord:
        """Pin a league of a rule set and goal, by name or id: leaderboards show
        it until another is pinned or ``unpin_league``; one transaction."""
        with self._session(write=True) as session:
            league = named_league_row(session, name_or_id, rules, goal, self.where)
            _unpin(session, rules, goal)
            league.pinned = True
            session.flush()
            return LeagueRecord.from_row(league)

    def unpin_league(self, rules: str, goal: int) -> LeagueRecord | None:
        """Unpin the league pinned for a rule set and goal; returns it (None: none was)."""
        with self._session(write=True) as session:
            return _unpin(session, rules, goal)

    def list_leagues(self, rules: str | None = None, goal: int | None = None) -> list[tuple[LeagueRecord, int]]:
        """Every league (of RULES and GOAL if given) with its number of entries, most recently updated first."""
        entries = func.count(LeagueEntry.strategy_id)
        statement = select(League, entries).outerjoin(LeagueEntry, LeagueEntry.league_id == League.id)
        if rules is not None:
            statement = statement.where(League.rules == rules)
        if goal is not None:
            statement = statement.where(League.goal == goal)
        with self._session() as session:
            rows = session.execute(statement.group_by(League.id)).all()
            leagues = [(LeagueRecord.from_row(league), int(count)) for league, count in rows]
        return sorted(leagues, key=lambda item: (item[0].updated, item[0].id), reverse=True)

    def league_entries(self, league_id: int) -> list[StrategyRecord]:
        """The strategies of a league, by id (without their matches)."""
        with self._session() as session:
            league = league_row(session, league_id, self.where)
            return [StrategyRecord.from_row(row) for row in league_entries(session, league.id)]

    def league_tables(self, league_id: int) -> list[StrategyTable]:
        """The tables of a league's strategies, by id, in one query."""
        with self._session() as session:
            league = league_row(session, league_id, self.where)
            return [_table(row) for row in league_entries(session, league.id, tables=True)]

    def strategy_tables(self, rules: str, goal: int) -> list[StrategyTable]:
        """Every stored strategy of a rule set and goal as a table, by id, in one query."""
        with self._session() as session:
            rows = session.scalars(
                select(Strategy).where(Strategy.rules == rules, Strategy.goal == goal).order_by(Strategy.id)
            )
            return [_table(row) for row in rows]

    def league_results(self, league_id: int) -> LeagueResults:
        """A league with its entries and the matches stored so far."""
        with self._session() as session:
            return _league_results(session, league_row(session, league_id, self.where))
