"""A finished league's snapshot: read back bit for bit as the match cache
gives it, used for the entries it covers, ignored when it no longer fits."""

from __future__ import annotations

import numpy as np
import pytest
from league_support import stored_result
from sqlalchemy import create_engine, delete, func, select

from results.engine import resolve_url
from results.league_snapshot import MatchRows, snapshot_columns
from results.match_key import MatchKey
from results.models import LeagueEntry, LeagueSnapshot, Match
from results.records import MatchResult
from strategies.table import StrategyTable

RULES, GOAL = "square_swine", 100


def table(seed: int) -> StrategyTable:
    values = np.random.default_rng(seed).integers(0, 11, size=(GOAL, GOAL))
    return StrategyTable(values, RULES, f"striped {seed}", "file")


def results_for(records, rng, method: str) -> list[MatchResult]:
    """A match for every pair, written half the time by the second of the pair."""
    out = []
    for i, a in enumerate(records):
        for b in records[i + 1 :]:
            first, second = rng.random(2)
            stderr = float(rng.random()) / 100 if method == "simulate" else None
            writer, other = (b, a) if rng.random() < 0.5 else (a, b)
            out.append(MatchResult(writer.sha256, other.sha256, (first + second) / 2, first, second, stderr))
    return out


def same_arrays(x, y) -> bool:
    if (x.stderr is None) != (y.stderr is None):
        return False
    pairs = [(x.rates, y.rates), (x.first, y.first), (x.second, y.second)]
    pairs += [] if x.stderr is None else [(x.stderr, y.stderr)]
    return all(np.array_equal(u, v, equal_nan=True) for u, v in pairs)


def run_sql(url: str, statement):
    engine = create_engine(resolve_url(url))
    try:
        with engine.begin() as connection:
            return connection.execute(statement)
    finally:
        engine.dispose()


def count_snapshots(url: str) -> int:
    engine = create_engine(resolve_url(url))
    try:
        with engine.connect() as connection:
            return connection.scalar(select(func.count()).select_from(LeagueSnapshot))
    finally:
        engine.dispose()


@pytest.mark.parametrize(("method", "games", "seed"), [("exact", 0, 0), ("simulate", 1000, 7)])
def test_a_finished_league_reads_the_same_from_its_snapshot(store, db_url, method, games, seed):
    records = [store.add_strategy(table(k))[0] for k in range(6)]
    league = store.create_league("cup", MatchKey(RULES, GOAL, method, games, seed), [r.id for r in records])
    matches = results_for(records, np.random.default_rng(1), method)
    store.store_matches(MatchKey(RULES, GOAL, method, games, seed), matches)
    from_the_cache = store.league_results(league.id)
    assert count_snapshots(db_url) == 0
    store.finish_league(league.id)
    assert count_snapshots(db_url) == 1
    from_the_snapshot = store.league_results(league.id)
    assert same_arrays(from_the_snapshot, from_the_cache)
    for match in matches:  # and both as the writers gave them
        a, b = (next(r for r in records if r.sha256 == sha) for sha in (match.a, match.b))
        assert stored_result(from_the_snapshot, a, b) == match


def test_a_grown_league_takes_the_old_pairs_from_the_snapshot(store, db_url):
    early = store.add_strategy(table(99))[0]  # the lowest id: it joins in the middle of the order
    records = [store.add_strategy(table(k))[0] for k in range(5)]
    league = store.create_league("cup", MatchKey(RULES, GOAL), [r.id for r in records])
    rng = np.random.default_rng(2)
    store.store_matches(MatchKey(RULES, GOAL), results_for(records, rng, "exact"))
    store.finish_league(league.id)
    before = store.league_results(league.id)
    # the old matches leave the cache: only the snapshot still has them
    run_sql(db_url, delete(Match))
    late = store.add_strategy(table(100))[0]
    store.add_league_entries(league.id, [early.id, late.id])
    grown = [early, *records, late]
    new = [m for m in results_for(grown, rng, "exact") if {early.sha256, late.sha256} & {m.a, m.b}]
    store.store_matches(MatchKey(RULES, GOAL), new)
    assert store.finish_league(league.id).status == "done"
    after = store.league_results(league.id)
    assert after.complete and [e.id for e in after.entries] == [r.id for r in grown]
    assert np.array_equal(after.rates[1:6, 1:6], before.rates, equal_nan=True)
    for match in new:
        a, b = (next(r for r in grown if r.sha256 == sha) for sha in (match.a, match.b))
        assert stored_result(after, a, b) == match
    assert count_snapshots(db_url) == 1


def test_a_snapshot_naming_a_departed_entry_is_not_used(store, db_url):
    records = [store.add_strategy(table(k))[0] for k in range(4)]
    league = store.create_league("cup", MatchKey(RULES, GOAL), [r.id for r in records])
    store.store_matches(MatchKey(RULES, GOAL), results_for(records, np.random.default_rng(3), "exact"))
    store.finish_league(league.id)
    run_sql(db_url, delete(LeagueEntry).where(LeagueEntry.strategy_id == records[1].id))
    run_sql(db_url, delete(Match).where((Match.sha_a == records[2].sha256) | (Match.sha_b == records[2].sha256)))
    results = store.league_results(league.id)
    assert [e.id for e in results.entries] == [records[0].id, records[2].id, records[3].id]
    assert results.stored == 1  # read from the cache: only the pair without records[2] is left


def test_a_snapshot_needs_one_match_per_pair():
    three = np.array([1, 2, 3])

    def rows(writer, other):
        values = np.full(len(writer), 0.5)
        return MatchRows(np.array(writer), np.array(other), values, values, values, np.full(len(writer), np.nan))

    assert snapshot_columns(three, rows([0, 2, 1], [1, 0, 2]))["stderr"] is None
    with pytest.raises(ValueError, match="one match for each of the 3 pairs, got 2"):
        snapshot_columns(three, rows([0, 1], [1, 2]))
    with pytest.raises(ValueError, match="got 3"):
        snapshot_columns(three, rows([0, 1, 1], [1, 0, 2]))
    both = MatchRows.gathered([rows([0], [1]), rows([2, 1], [0, 2])], 3)
    assert both.writer.tolist() == [0, 2, 1] and both.other.tolist() == [1, 0, 2]
    with pytest.raises(ValueError, match="more than 2 matches"):
        MatchRows.gathered([rows([0], [1]), rows([2, 1], [0, 2])], 2)
