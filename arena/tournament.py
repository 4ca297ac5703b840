"""A league stored in the results store: entries stored once, cached matches
reused, new matches stored chunk by chunk as they finish (as arrays, in one
transaction each), so an interrupted league resumes where it stopped, and
entries added to a finished league play only their own matches."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence

import numpy as np

from arena.league import LeagueError, LeagueSettings, PairScores, play_league
from arena.match import Lineup
from hog.rules import ORIGIN
from results.errors import NotStored
from results.interfaces import LeagueStorage, MatchCache
from results.match_key import MatchKey
from results.records import LeagueRecord, StrategyRecord
from strategies import library
from strategies.submission import add_under_free_name
from strategies.table import LIBRARY_ORIGINS, StrategyTable

__all__ = ["add_to_league", "builtin_entries", "default_league_name", "run_stored_league", "shared_names"]

Progress = Callable[[int, int], None]


def builtin_entries(rules: str, goal: int = 100) -> list[StrategyTable]:
    """The built-in league of RULES: always_roll(0..10), then every other
    built-in with its defaults (named strategies, catch_up, perfect,
    best_response(6) and final_strategy, which share one table)."""
    always = library.builtins(rules)["always_roll"]
    tables = [always.table(rules, goal, n) for n in range(11)]
    tables += [b.table(rules, goal) for name, b in library.builtins(rules).items() if name != "always_roll"]
    return tables


def default_league_name(entries: Sequence[StrategyTable] | Lineup, settings: LeagueSettings) -> str:
    """A name that is the same for the same entries and settings, so running
    the same league again resumes (or reports) it instead of starting anew."""
    lineup = Lineup.of(entries)
    digest = hashlib.sha256()
    for sha in sorted(e.sha256 for e in lineup.tables):
        digest.update(sha.encode())
    digest.update(f"{lineup.goal}:{settings.method}:{settings.games}:{settings.seed}".encode())
    if settings.start != ORIGIN:  # leagues from 0-0 keep the names they had before starts
        start = settings.start
        digest.update(f":start {start.score0}-{start.score1}-{start.first}".encode())
    return f"{lineup.rules}-{settings.method}-{digest.hexdigest()[:10]}"


def _unique(entries: Sequence[StrategyTable]) -> list[StrategyTable]:
    """ENTRIES without repeated tables (the first name is stored; see ``shared_names``)."""
    seen: dict[str, StrategyTable] = {}
    for entry in entries:
        seen.setdefault(entry.sha256, entry)
    return list(seen.values())


def _renamed(table: StrategyTable) -> str:
    """The name a built-in is stored under when a different table holds its own name."""
    return f"{table.name} #{table.sha256[:8]}"


def _store_entries(store: LeagueStorage, tables: Sequence[StrategyTable]) -> list[StrategyRecord]:
    """Store TABLES (all of one rule set and goal) or find them: a table
    stored already is found by its sha256 in one query; the rest are
    stored one by one (``_store_entry``)."""
    if not tables:
        return []
    stored = {r.sha256: r for r in store.list_strategies(tables[0].rules, tables[0].goal)}
    return [stored.get(table.sha256) or _store_entry(store, table) for table in tables]


def _store_entry(store: LeagueStorage, table: StrategyTable) -> StrategyRecord:
    """Store TABLE (or find it); a built-in whose name a different stored
    table holds is stored as ``name #sha``; a file whose name is taken is
    numbered as ``hog submit`` numbers it (``hog_2``, ``hog_3``, ...)."""
    if table.origin == "file":
        return _store_file(store, table)
    try:
        taken = store.find_strategy(table.name, table.rules, table.goal)
    except NotStored:
        taken = None
    if taken is not None and taken.sha256 != table.sha256 and table.origin in LIBRARY_ORIGINS:
        table = table.renamed(_renamed(table))
    record, _ = store.add_strategy(table, author="hog-arena")
    return record


def _store_file(store: LeagueStorage, table: StrategyTable) -> StrategyRecord:
    """Store a file's TABLE under its name or the first free numbered one."""
    (record, _), _ = add_under_free_name(store, table, author=None)
    stored: StrategyRecord = record
    return stored


def shared_names(entries: Sequence[StrategyTable], stored: Sequence[StrategyRecord]) -> dict[int, tuple[str, ...]]:
    """The names among ENTRIES that a league shows under another name, by the
    id of the STORED strategy whose row they share.

    A table is stored (and ranked) once, under the first name it was stored
    with; an entry with the same table under another name shares that row.

    >>> from types import SimpleNamespace as Entry
    >>> stored = [Entry(id=7, name="student", sha256="aa"), Entry(id=8, name="perfect", sha256="bb")]
    >>> given = [Entry(name=n, sha256=s) for n, s in [("perfect", "bb"), ("always_roll(6)", "aa"), ("six", "aa")]]
    >>> shared_names(given, stored)
    {7: ('always_roll(6)', 'six')}
    """
    by_table = {record.sha256: record for record in stored}
    shared: dict[int, list[str]] = {}
    for entry in entries:
        record = by_table.get(entry.sha256)
        if record is None or record.name in (entry.name, _renamed(entry)):
            continue
        names = shared.setdefault(record.id, [])
        if entry.name not in names:
            names.append(entry.name)
    return {strategy_id: tuple(names) for strategy_id, names in shared.items()}


def run_stored_league(
    store: LeagueStorage,
    entries: Sequence[StrategyTable],
    settings: LeagueSettings,
    *,
    name: str | None = None,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    on_progress: Progress | None = None,
    chunk_size: int | None = None,
) -> LeagueRecord:
    """Run (or resume) a league of ENTRIES and store everything; returns the
    finished league. ON_PROGRESS(done, total) counts matches. The entries
    are checked once (a ``Lineup``) and handed down checked."""
    unique = _unique(entries)
    if len(unique) < 2:
        raise LeagueError(f"a league needs at least two different strategies, got {len(unique)}")
    lineup = Lineup.of(unique)
    key = settings.key(lineup.rules, lineup.goal)
    records = _store_entries(store, lineup.tables)
    name = name or default_league_name(lineup, settings)
    league = _open_league(store, name, key, records)
    if league.status == "done":
        return league
    order = sorted(range(len(records)), key=lambda k: records[k].id)
    return _play(store, league, lineup.reordered(order), settings, jobs, backend, scheduler, on_progress, chunk_size)


def add_to_league(
    store: LeagueStorage,
    name: str,
    rules: str,
    goal: int,
    entries: Sequence[StrategyTable],
    *,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    on_progress: Progress | None = None,
    chunk_size: int | None = None,
) -> LeagueRecord:
    """Add ENTRIES to the stored league NAME of RULES and GOAL and play only
    their matches (against the league and each other), with the league's
    own settings; returns the finished league. Everything is checked before
    anything is written: a league that does not exist, entries of another
    rule set or goal, and entries whose table is in the league already are
    refused (unless the league is still running, as an interrupted addition
    leaves it: they are skipped, so the same command resumes). The new pairs
    are played even if the match cache holds some of them (looking them up
    would read the whole league); storing keeps the cached result."""
    league = store.get_league(name, rules, goal)
    was_done = league.status == "done"
    present = {table.sha256: table for table in store.league_tables(league.id)}
    new = _unique(entries)
    if not was_done:  # an interrupted addition: the rerun of the same command resumes it
        new = [entry for entry in new if entry.sha256 not in present]
    elif not new:
        raise LeagueError(f"nothing to add to league {name!r}: give the strategies to add")
    for entry in new:
        if entry.sha256 in present:
            raise LeagueError(f"{entry.name!r} is in league {name!r} already (as {present[entry.sha256].name!r})")
    lineup = Lineup.of([*present.values(), *new])  # new entries of another rule set or goal stop here
    records = _store_entries(store, new)
    if new:
        league = store.add_league_entries(league.id, [r.id for r in records])
    by_sha = {table.sha256: k for k, table in enumerate(lineup.tables)}
    order = [by_sha[record.sha256] for record in store.league_entries(league.id)]
    lineup = lineup.reordered(order)
    # a finished league has every match among its old entries: only the new ones' are missing
    old = np.array([table.sha256 in present for table in lineup.tables])
    done = np.logical_and.outer(old, old) if was_done else None
    settings = LeagueSettings(league.method, league.games, league.seed, league.start)
    return _play(store, league, lineup, settings, jobs, backend, scheduler, on_progress, chunk_size, done)


def _play(
    store: LeagueStorage,
    league: LeagueRecord,
    lineup: Lineup,
    settings: LeagueSettings,
    jobs: int,
    backend: str,
    scheduler: str | None,
    on_progress: Progress | None,
    chunk_size: int | None,
    done: np.ndarray | None = None,
) -> LeagueRecord:
    """Play LEAGUE's missing matches (LINEUP: its entries in the store's
    order, by id), store each chunk as it finishes, and finish the league.
    DONE marks the pairs known to be stored (default: read from the store,
    the cache included)."""
    if done is None:
        stored = store.league_results(league.id)
        done = ~np.isnan(stored.rates)
        del stored  # keep the bool mask only
    n = len(lineup)
    total = n * (n - 1) // 2
    played = int(np.triu(done, 1).sum())
    if on_progress:
        on_progress(played, total)
    chunks = play_league(
        lineup, settings, done=done, jobs=jobs, backend=backend, scheduler=scheduler, chunk_size=chunk_size
    )
    for scores in stored_as_played(store, league.key, lineup.tables, chunks):
        played += len(scores)
        if on_progress:
            on_progress(played, total)
    return store.finish_league(league.id)


def stored_as_played(
    store: MatchCache, key: MatchKey, tables: Sequence[StrategyTable], chunks: Iterable[PairScores]
) -> Iterator[PairScores]:
    """CHUNKS of matches between TABLES, each stored in the match cache under
    KEY as it comes (one bulk write), then handed on: the one play-and-store
    loop of leagues and contests."""
    shas = [table.sha256 for table in tables]
    for scores in chunks:
        store.store_match_arrays(key, shas, scores.pairs, scores.first, scores.second, scores.stderr)
        yield scores


def _open_league(store: LeagueStorage, name: str, key: MatchKey, records: list[StrategyRecord]) -> LeagueRecord:
    """The league NAME if it exists with these entries and KEY (to resume), else a new one."""
    try:
        league = store.get_league(name, key.rules, key.goal)
    except NotStored:
        return store.create_league(name, key, [r.id for r in records])
    stored = {r.id for r in store.league_entries(league.id)}
    if stored != {r.id for r in records} or league.key != key:
        raise LeagueError(f"league {name!r} already exists with other entries or settings; choose another --name")
    return league
