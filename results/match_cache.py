"""The match cache: matches keyed by a :class:`~results.match_key.MatchKey`
and a pair of table sha256s, each pair stored once in sha256 order (see
``results.store`` for how a pair is kept and read back)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from sqlalchemy import Connection, bindparam, select
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session
from sqlalchemy.sql.expression import Executable

from results.database import Database, chunks
from results.errors import StoreError
from results.match_key import MatchKey
from results.models import Match, utc_now
from results.models.leagues import MATCH_KEY_COLUMNS
from results.records import MatchResult, ordered_pair

__all__ = ["MatchCacheStore", "stored_matches", "check_sha"]

_SHA256 = re.compile(r"[0-9a-f]{64}")


def check_sha(value: str) -> str:
    """VALUE if it is a table sha256, else a StoreError."""
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
                Match.start_score0 == key.start.score0,
                Match.start_score1 == key.start.score1,
                Match.start_player == key.start.first,
                Match.sha_a.in_(chunk),
            )
        )
        for row in rows:
            if (row.sha_a, row.sha_b) in pairs:
                found[(row.sha_a, row.sha_b)] = MatchResult.from_row(row)
    return found


def _match_row(key: MatchKey, result: MatchResult, now: Any) -> dict[str, Any]:
    """The ``matches`` row of RESULT under KEY, or a StoreError for a bad result."""
    check_sha(result.a)
    check_sha(result.b)
    rates = (result.win_rate, result.a_first, result.a_second)
    if not all(isinstance(r, (int, float)) and 0.0 <= r <= 1.0 for r in rates):
        raise StoreError(f"rates of match {result.a[:12]} vs {result.b[:12]} must be in 0..1, got {rates}")
    if result.stderr is not None and not 0.0 <= result.stderr:
        raise StoreError(f"standard error of match {result.a[:12]} vs {result.b[:12]} is {result.stderr}")
    sha_a, sha_b = ordered_pair(result.a, result.b)
    return {
        **dict(zip(MATCH_KEY_COLUMNS, key.astuple(), strict=True)),
        "sha_a": sha_a,
        "sha_b": sha_b,
        "swapped": sha_a != result.a,
        "win_rate": float(result.win_rate),
        "a_first": float(result.a_first),
        "a_second": float(result.a_second),
        "stderr": None if result.stderr is None else float(result.stderr),
        "created": now,
    }


#: The ``matches`` columns of each match in a bulk insert (besides the batch's key and time).
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
        check_sha(sha)
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


class MatchCacheStore(Database):
    """The match cache."""

    def cached_matches(self, key: MatchKey, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], MatchResult]:
        """The results stored under KEY among PAIRS of table sha256s, keyed and oriented as asked."""
        asked = list(dict.fromkeys((check_sha(a), check_sha(b)) for a, b in pairs))
        with self._session() as session:
            stored = stored_matches(session, key, {ordered_pair(a, b) for a, b in asked})
        found: dict[tuple[str, str], MatchResult] = {}
        for a, b in asked:
            result = stored.get(ordered_pair(a, b))
            if result is not None:
                found[(a, b)] = result if result.a == a else result.flipped()
        return found

    def store_matches(self, key: MatchKey, results: Iterable[MatchResult]) -> None:
        """Cache a batch of results under KEY in one transaction; pairs already stored are left as they are."""
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
        key: MatchKey,
        shas: Sequence[str],
        pairs: np.ndarray,
        first: np.ndarray,
        second: np.ndarray,
        stderr: np.ndarray | None = None,
    ) -> None:
        """Cache a batch of matches given as arrays under KEY, in one transaction, as
        ``store_matches`` does: row k is table ``SHAS[pairs[k, 0]]`` against
        ``SHAS[pairs[k, 1]]`` with its chances FIRST and SECOND (win rate their
        mean) and STDERR (NaN or None: none). The bulk path of leagues."""
        values = _pair_values(shas, pairs, first, second, stderr)
        if not values:
            return
        columns = (*MATCH_KEY_COLUMNS, *_PAIR_COLUMNS, "created")
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
