"""Reading a league's results: its stored matches as arrays, from its
snapshot and the cache, with no object per match."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from sqlalchemy import Select, select
from sqlalchemy.orm import Session, aliased

from results.database import chunks
from results.league_snapshot import POSITION, MatchRows, load_snapshot
from results.models import League, LeagueEntry, Match, Strategy, league_entries
from results.records import LeagueRecord, LeagueResults, StrategyRecord

__all__ = ["read_league_results", "match_rows", "entry_ids"]

#: Rows read at a time when a league's matches are read back.
_READ_ROWS = 50_000
#: Leagues of at least this many pairs read the matches table in its own order.
_SCAN_PAIRS = 50_000
#: The ``matches`` columns a league reads besides the pair.
_MATCH_VALUES: tuple[Any, ...] = (Match.swapped, Match.win_rate, Match.a_first, Match.a_second, Match.stderr)
#: A snapshot lacking more entries than this is not used: the league is read whole.
_MOST_INVOLVED = 2_000


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
        Match.start_score0 == league.start_score0,
        Match.start_score1 == league.start_score1,
        Match.start_player == league.start_player,
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


def read_league_results(session: Session, league: League) -> LeagueResults:
    """The league with its matches (``match_rows``) in its arrays."""
    entries = league_entries(session, league.id)
    results = LeagueResults.empty(LeagueRecord.from_row(league), tuple(StrategyRecord.from_row(e) for e in entries))
    match_rows(session, league, entries).fill(results)
    return results


def match_rows(session: Session, league: League, entries: Sequence[Strategy]) -> MatchRows:
    """The stored matches between LEAGUE's ENTRIES (by id): its snapshot's
    and those of the entries the snapshot lacks (``_new_match_rows``), or
    without a snapshot all of them, through the join of ``_league_matches``
    read in parts of ``_READ_ROWS`` rows."""
    ids = entry_ids(entries)
    most = len(ids) * (len(ids) - 1) // 2
    snapshot = load_snapshot(session, league.id, ids)
    if snapshot is not None and (~snapshot[1]).sum() <= _MOST_INVOLVED:
        rows, covered = snapshot
        if covered.all():
            return rows
        new = _newmatch_rows(session, league, [e.sha256 for e in entries], ~covered)
        return MatchRows.gathered([rows, new], most)
    statement = _league_matches(league, session.connection().dialect.name, scan=_scan(len(ids)))
    return MatchRows.gathered((_read_part(ids, part) for part in _driver_rows(session, statement)), most)


def entry_ids(entries: Sequence[Strategy]) -> np.ndarray:
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


def _newmatch_rows(session: Session, league: League, shas: Sequence[str], new: np.ndarray) -> MatchRows:
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
