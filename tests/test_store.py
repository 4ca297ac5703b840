"""The results store against real SQLite files and a real PostgreSQL server."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from league_support import stored_result
from sqlalchemy import create_engine, func, inspect, select, text
from sqlalchemy.engine import make_url

from hog.rules import Start
from hog_arena.cli.main import main
from results import schema
from results.models import Base, Match
from results.store import (
    DEFAULT_URL,
    MatchKey,
    MatchResult,
    NameRefused,
    NotStored,
    StoreError,
    make_engine,
    open_store,
    resolve_url,
)
from strategies.table import StrategyTable

RULES = "square_swine"
GOAL = 100
FIRST_REVISION = "0001_first_schema"


def constant(n: int, name: str | None = None, rules: str = RULES, goal: int = GOAL, **params) -> StrategyTable:
    return StrategyTable(np.full((goal, goal), n), rules, name or f"always_{n}", "builtin", params)


def striped(seed: int, name: str) -> StrategyTable:
    """A table of pseudo-random dice counts (different for each seed)."""
    values = np.random.default_rng(seed).integers(0, 11, size=(GOAL, GOAL))
    return StrategyTable(values, RULES, name, "file")


def count_rows(url: str, model) -> int:
    engine = create_engine(resolve_url(url))
    try:
        with engine.connect() as connection:
            return connection.scalar(select(func.count()).select_from(model))
    finally:
        engine.dispose()


# --- strategies --------------------------------------------------------------------


def test_add_strategy_stores_a_table_once(store):
    first, duplicate = store.add_strategy(constant(4), author="ada", source="def s(a, b): return 4\n")
    assert not duplicate
    again, duplicate = store.add_strategy(constant(4, name="four_again"), author="bob")
    assert duplicate
    assert again == first
    assert again.name == "always_4" and again.author == "ada"
    assert [r.id for r in store.list_strategies(RULES, GOAL)] == [first.id]


def test_add_strategy_refuses_a_taken_name_for_another_table(store):
    store.add_strategy(constant(4, name="mine"))
    with pytest.raises(StoreError, match="'mine' is taken"):
        store.add_strategy(constant(5, name="mine"))
    assert [r.name for r in store.list_strategies(RULES, GOAL)] == ["mine"]


def test_strategies_are_kept_per_rule_set_and_goal(store):
    table = np.random.default_rng(1).integers(0, 11, size=(GOAL, GOAL))
    for rules in (RULES, "hog_pile"):
        _, duplicate = store.add_strategy(StrategyTable(table, rules, "same"))
        assert not duplicate
    store.add_strategy(constant(3, name="same", goal=50))
    assert [r.name for r in store.list_strategies("hog_pile", GOAL)] == ["same"]
    assert [r.goal for r in store.list_strategies(RULES, 50)] == [50]
    assert store.list_strategies("swine_swap", GOAL) == []


def test_get_strategy_round_trips_by_name_and_by_id(store):
    original = StrategyTable(
        np.random.default_rng(7).integers(0, 11, size=(GOAL, GOAL)), RULES, "noisy", "family", {"threshold": 9}
    )
    record, _ = store.add_strategy(original, author="eve")
    assert record.sha256 == hashlib.sha256(GOAL.to_bytes(4, "little") + original.table.tobytes()).hexdigest()
    for key in ("noisy", record.id, str(record.id)):
        loaded = store.get_strategy(key, RULES, GOAL)
        assert np.array_equal(loaded.table, original.table)
        assert (loaded.name, loaded.origin, dict(loaded.params)) == ("noisy", "family", {"threshold": 9})
    assert store.find_strategy("noisy", RULES, GOAL) == record


@pytest.mark.parametrize("origin", ["file", "builtin"])
def test_a_number_is_an_id_and_never_a_name(store, origin):
    first, _ = store.add_strategy(constant(1, name="x"))
    with pytest.raises(NameRefused, match=f"strategy name '{first.id}' is a number"):
        store.add_strategy(StrategyTable(np.full((GOAL, GOAL), 2), RULES, str(first.id), origin))
    assert store.find_strategy(str(first.id), RULES, GOAL) == first
    assert store.find_strategy(f"#{first.id}", RULES, GOAL) == first
    assert store.find_strategy(first.id, RULES, GOAL) == first


def test_get_strategy_of_unknown_name_or_other_rules_is_not_stored(store):
    store.add_strategy(constant(4))
    with pytest.raises(NotStored, match="'nope'"):
        store.get_strategy("nope", RULES, GOAL)
    with pytest.raises(LookupError):
        store.get_strategy("always_4", "hog_pile", GOAL)


def test_numpy_parameters_are_stored_as_plain_json(store):
    record, _ = store.add_strategy(constant(6, k=np.int64(3), x=np.float32(0.5)))
    assert record.params == {"k": 3, "x": 0.5}
    assert store.get_strategy(record.id, RULES, GOAL).params == {"k": 3, "x": 0.5}


@pytest.mark.parametrize(
    "author, message",
    [("", "author must be a non-empty string"), ("x" * 201, "longer than 200")],
)
def test_bad_author_is_refused(store, author, message):
    with pytest.raises(StoreError, match=message):
        store.add_strategy(constant(4), author=author)
    assert store.list_strategies(RULES, GOAL) == []


# --- leagues and the match cache ---------------------------------------------------


def stored(store, *tables):
    return [store.add_strategy(t)[0] for t in tables]


def test_create_league_stores_the_league_and_its_entries(store):
    a, b, c = stored(store, constant(1), constant(2), constant(3))
    league = store.create_league("weekly", MatchKey(RULES, GOAL, "exact", 500, 9), [c.id, a.id, b.id, a.id])
    assert (league.status, league.method, league.games, league.seed) == ("running", "exact", 0, 0)
    results = store.league_results(league.id)
    assert [e.id for e in results.entries] == sorted([a.id, b.id, c.id])
    assert results.stored == 0 and np.isnan(results.rates).all()
    assert not results.complete


@pytest.mark.parametrize("bad_id_position", [0, 2])
def test_create_league_with_an_unknown_strategy_stores_nothing(store, db_url, bad_id_position):
    ids = [r.id for r in stored(store, constant(1), constant(2))]
    ids.insert(bad_id_position, 999)
    with pytest.raises(NotStored, match="#999"):
        store.create_league("broken", MatchKey(RULES, GOAL), ids)
    assert store.latest_league(RULES, GOAL) is None
    with pytest.raises(NotStored):
        store.get_league("broken", RULES, GOAL)


def test_create_league_refuses_strategies_of_another_rule_set(store):
    a, b = stored(store, constant(1), constant(2, rules="hog_pile"))
    with pytest.raises(StoreError, match="hog_pile"):
        store.create_league("mixed", MatchKey(RULES, GOAL), [a.id, b.id])
    with pytest.raises(StoreError, match="at least 2"):
        store.create_league("alone", MatchKey(RULES, GOAL), [a.id, a.id])


def test_a_pair_cached_in_one_order_is_found_in_the_other(store):
    a, b = sorted(stored(store, constant(1), constant(2)), key=lambda r: r.sha256, reverse=True)
    assert a.sha256 > b.sha256  # given against the sha256 order, read back exactly as given
    store.store_matches(
        MatchKey(RULES, GOAL, "simulate", 1000, 5), [MatchResult(a.sha256, b.sha256, 0.3, 0.35, 0.25, 0.01)]
    )
    found = store.cached_matches(
        MatchKey(RULES, GOAL, "simulate", 1000, 5), [(a.sha256, b.sha256), (b.sha256, a.sha256)]
    )
    assert found[(a.sha256, b.sha256)] == MatchResult(a.sha256, b.sha256, 0.3, 0.35, 0.25, 0.01)
    flipped = found[(b.sha256, a.sha256)]
    assert (flipped.a, flipped.b) == (b.sha256, a.sha256)
    assert flipped.win_rate == pytest.approx(0.7)
    assert flipped.a_first == pytest.approx(0.75)  # B first means A second: 1 - 0.25
    assert flipped.a_second == pytest.approx(0.65)
    assert flipped.stderr == 0.01


def test_store_matches_is_idempotent(store, db_url):
    shas = [r.sha256 for r in stored(store, *(constant(n) for n in range(5)))]
    batch = [MatchResult(a, b, 0.25, 0.5, 0.0) for i, a in enumerate(shas) for b in shas[i + 1 :]]
    store.store_matches(MatchKey(RULES, GOAL), batch)
    assert count_rows(db_url, Match) == 10
    reversed_batch = [MatchResult(r.b, r.a, 0.9, 0.9, 0.9) for r in batch]
    store.store_matches(MatchKey(RULES, GOAL), batch + reversed_batch)
    assert count_rows(db_url, Match) == 10
    found = store.cached_matches(MatchKey(RULES, GOAL), [(r.a, r.b) for r in batch])
    assert {m.win_rate for m in found.values()} == {0.25}


def test_the_cache_key_holds_method_games_seed_rules_and_goal(store):
    a, b = (r.sha256 for r in stored(store, constant(1), constant(2)))
    store.store_matches(MatchKey(RULES, GOAL, "simulate", 100, 1), [MatchResult(a, b, 0.4, 0.4, 0.4, 0.05)])
    store.store_matches(MatchKey(RULES, GOAL, "exact", 7, 8), [MatchResult(a, b, 0.45, 0.5, 0.4)])
    lookup = [(a, b)]
    assert store.cached_matches(MatchKey(RULES, GOAL, "simulate", 100, 1), lookup)[(a, b)].win_rate == 0.4
    assert store.cached_matches(MatchKey(RULES, GOAL, "simulate", 100, 2), lookup) == {}
    assert store.cached_matches(MatchKey(RULES, GOAL, "simulate", 101, 1), lookup) == {}
    assert store.cached_matches(MatchKey("hog_pile", GOAL, "simulate", 100, 1), lookup) == {}
    assert store.cached_matches(MatchKey(RULES, 50, "simulate", 100, 1), lookup) == {}
    # games and seed do not matter to an exact result
    assert store.cached_matches(MatchKey(RULES, GOAL), lookup)[(a, b)].win_rate == 0.45


def test_cached_matches_reads_large_batches(store):
    """More pairs than one statement's chunk, and rows of other pairs left out."""
    shas = [hashlib.sha256(str(i).encode()).hexdigest() for i in range(60)]
    pairs = [(a, b) for i, a in enumerate(shas) for b in shas[i + 1 :]]
    rates = {pair: (i % 1000) / 1000 for i, pair in enumerate(pairs)}
    store.store_matches(MatchKey(RULES, GOAL), [MatchResult(a, b, r, r, r) for (a, b), r in rates.items()])
    asked = pairs[::3]
    found = store.cached_matches(MatchKey(RULES, GOAL), asked)
    assert set(found) == set(asked)
    assert all(found[pair].win_rate == rates[pair] for pair in asked)


@pytest.mark.parametrize(
    "result, message",
    [
        (MatchResult("a" * 64, "b" * 64, 1.2, 0.5, 0.5), "in 0..1"),
        (MatchResult("a" * 64, "b" * 64, float("nan"), 0.5, 0.5), "in 0..1"),
        (MatchResult("a" * 64, "not a hash", 0.5, 0.5, 0.5), "not a table sha256"),
        (MatchResult("a" * 64, "b" * 64, 0.5, 0.5, 0.5, -1.0), "standard error"),
    ],
)
def test_a_bad_row_stores_nothing_of_its_batch(store, db_url, result, message):
    good = MatchResult("c" * 64, "d" * 64, 0.5, 0.5, 0.5)
    with pytest.raises(StoreError, match=message):
        store.store_matches(MatchKey(RULES, GOAL), [good, result])
    assert count_rows(db_url, Match) == 0


def test_matches_stored_as_arrays_read_back_as_stored_one_by_one(store, db_url):
    records = stored(store, *(striped(seed, f"s{seed}") for seed in range(6)))
    shas = [r.sha256 for r in records]
    pairs = np.array([(i, j) for i in range(6) for j in range(6) if i != j][::2])  # both orders among them
    rng = np.random.default_rng(3)
    first, second, stderr = rng.random(len(pairs)), rng.random(len(pairs)), rng.random(len(pairs)) / 100
    stderr[0] = np.nan  # none
    store.store_match_arrays(MatchKey(RULES, GOAL, "simulate", 100, 4), shas, pairs, first, second, stderr)
    one_by_one = [
        MatchResult(shas[i], shas[j], (f + s) / 2, f, s, None if np.isnan(e) else e)
        for (i, j), f, s, e in zip(pairs, first, second, stderr, strict=True)
    ]
    asked = [(m.a, m.b) for m in one_by_one] + [(m.b, m.a) for m in one_by_one]
    found = store.cached_matches(MatchKey(RULES, GOAL, "simulate", 100, 4), asked)
    assert [found[(m.a, m.b)] for m in one_by_one] == one_by_one
    assert [found[(m.b, m.a)] for m in one_by_one] == [m.flipped() for m in one_by_one]
    count = count_rows(db_url, Match)
    store.store_match_arrays(
        MatchKey(RULES, GOAL, "simulate", 100, 4), shas, pairs[::-1, ::-1], second, first
    )  # known pairs
    assert count_rows(db_url, Match) == count == len({tuple(sorted(p)) for p in pairs.tolist()})


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda a: a.update(first=a["first"] * 3), "in 0..1"),
        (lambda a: a["second"].__setitem__(1, np.nan), "in 0..1"),
        (lambda a: a.update(stderr=-a["first"]), "standard error"),
        (lambda a: a.update(shas=[*a["shas"][:-1], "not a hash"]), "not a table sha256"),
        (lambda a: a.update(pairs=a["pairs"] + 1), "outside"),
        (lambda a: a.update(first=a["first"][:-1]), "as many rates"),
    ],
)
def test_a_bad_array_batch_stores_nothing(store, db_url, change, message):
    shas = [hashlib.sha256(str(i).encode()).hexdigest() for i in range(4)]
    given = {"shas": shas, "pairs": np.array([(0, 1), (0, 3), (2, 3)]), "first": np.full(3, 0.5)}
    given |= {"second": np.full(3, 0.25), "stderr": None}
    change(given)
    with pytest.raises(StoreError, match=message):
        store.store_match_arrays(MatchKey(RULES, GOAL), **given)
    assert count_rows(db_url, Match) == 0


def test_adding_entries_to_a_finished_league_runs_it_again(store):
    league, records, results = complete_league(store)
    store.store_matches(MatchKey(RULES, GOAL), results)
    store.finish_league(league.id)
    d, other_rules = stored(store, constant(4), constant(5, rules="hog_pile"))
    with pytest.raises(StoreError, match="hog_pile"):
        store.add_league_entries(league.id, [d.id, other_rules.id])
    with pytest.raises(StoreError, match="already"):
        store.add_league_entries(league.id, [d.id, records[0].id])
    with pytest.raises(NotStored):
        store.add_league_entries(league.id + 1, [d.id])
    assert [e.id for e in store.league_entries(league.id)] == [r.id for r in records]  # nothing half-written
    again = store.add_league_entries(league.id, [d.id])
    assert (again.status, again.finished) == ("running", None)
    assert [e.id for e in store.league_entries(league.id)] == [*(r.id for r in records), d.id]
    with pytest.raises(StoreError, match="misses 3 of its matches"):
        store.finish_league(league.id)
    assert [t.sha256 for t in store.league_tables(league.id)] == [*(r.sha256 for r in records), d.sha256]


def test_a_match_key_is_normalised_in_one_place():
    assert MatchKey(RULES, GOAL, "exact", 500, 9) == MatchKey(RULES, GOAL)
    assert len({MatchKey(RULES, GOAL, "exact", 1, 2), MatchKey(RULES, GOAL)}) == 1
    key = MatchKey(RULES, np.int64(GOAL), "simulate", np.int64(500), np.uint64(9))
    assert key.astuple() == (RULES, GOAL, "simulate", 500, 9, 0, 0, 0)
    assert all(type(value) is int for value in (key.goal, key.games, key.seed))
    assert key != MatchKey(RULES, GOAL, "simulate", 500, 10)
    assert MatchKey(RULES, GOAL, start=Start()) == MatchKey(RULES, GOAL) != MatchKey(RULES, GOAL, start=Start(0, 0, 1))
    moved = MatchKey(RULES, GOAL, start=Start(np.int64(2), 9, np.int64(1)))
    assert moved.astuple()[-3:] == (2, 9, 1) and all(type(v) is int for v in moved.astuple()[-3:])
    with pytest.raises(AttributeError):
        key.seed = 1  # frozen


@pytest.mark.parametrize(
    "args, message",
    [
        ((RULES, GOAL, "guess"), "method 'guess'"),
        ((RULES, GOAL, "simulate", True, 1), "positive number of games"),
        ((RULES, GOAL, "simulate", 5, 2**63), "seed"),
        ((RULES, 0), "goal"),
        (("", GOAL), "rule set"),
        ((RULES, GOAL, "exact", 0, 0, (2, 9, 0)), "must be a Start"),
        ((RULES, GOAL, "exact", 0, 0, Start(GOAL, 0, 0)), "starting scores must be 0..99"),
        ((RULES, GOAL, "exact", 0, 0, Start(-1, 0, 0)), "starting scores"),
        ((RULES, GOAL, "exact", 0, 0, Start(0, 0, 2)), "moves first must be 0 or 1"),
    ],
)
def test_bad_match_key_values_are_refused(args, message):
    with pytest.raises(StoreError, match=message):
        MatchKey(*args)


def test_a_league_is_stored_under_its_normalised_key(store):
    a, b = (store.add_strategy(constant(n))[0] for n in (3, 5))
    league = store.create_league("keyed", MatchKey(RULES, GOAL, "exact", 500, 9), [a.id, b.id])
    assert (league.games, league.seed) == (0, 0)
    assert league.key == MatchKey(RULES, GOAL)
    moved = store.create_league("moved", MatchKey(RULES, GOAL, start=Start(2, 9, 1)), [a.id, b.id])
    assert store.get_league("moved", RULES, GOAL).start == Start(2, 9, 1) == moved.key.start


def test_the_cache_key_holds_the_start(store, db_url):
    a, b = constant(3), constant(5)
    origin, moved = MatchKey(RULES, GOAL), MatchKey(RULES, GOAL, start=Start(2, 9, 0))
    store.store_matches(origin, [MatchResult(a.sha256, b.sha256, 0.5, 0.6, 0.4)])
    assert store.cached_matches(moved, [(a.sha256, b.sha256)]) == {}
    store.store_match_arrays(moved, [a.sha256, b.sha256], np.array([[0, 1]]), np.array([0.7]), np.array([0.3]))
    assert store.cached_matches(moved, [(a.sha256, b.sha256)])[(a.sha256, b.sha256)].a_first == 0.7
    assert store.cached_matches(origin, [(a.sha256, b.sha256)])[(a.sha256, b.sha256)].a_first == 0.6
    assert count_rows(db_url, Match) == 2


@pytest.mark.parametrize(
    "method, games, seed, message",
    [("guess", 1, 1, "method 'guess'"), ("simulate", 0, 1, "positive number of games"), ("simulate", 10, -1, "seed")],
)
def test_bad_match_keys_are_refused(store, method, games, seed, message):
    with pytest.raises(StoreError, match=message):
        store.cached_matches(MatchKey(RULES, GOAL, method, games, seed), [])


def complete_league(store, name="cup", tables=None):
    records = stored(store, *(tables or [constant(n) for n in (1, 2, 3)]))
    league = store.create_league(name, MatchKey(RULES, GOAL), [r.id for r in records])
    results = [MatchResult(a.sha256, b.sha256, 0.5, 0.5, 0.5) for i, a in enumerate(records) for b in records[i + 1 :]]
    return league, records, results


def test_finish_league_needs_every_match(store):
    league, _, results = complete_league(store)
    store.store_matches(MatchKey(RULES, GOAL), results[:-1])
    with pytest.raises(StoreError, match="misses 1 of its matches"):
        store.finish_league(league.id)
    assert store.get_league(league.id, RULES, GOAL).status == "running"
    store.store_matches(MatchKey(RULES, GOAL), results[-1:])
    done = store.finish_league(league.id)
    assert done.status == "done" and done.finished is not None
    assert store.league_results(league.id).complete


def test_latest_league_is_the_newest_finished_one(store):
    assert store.latest_league(RULES, GOAL) is None
    first, records, results = complete_league(store, "first")
    store.store_matches(MatchKey(RULES, GOAL), results)
    store.finish_league(first.id)
    second = store.create_league("second", MatchKey(RULES, GOAL), [r.id for r in records])
    assert store.latest_league(RULES, GOAL).id == first.id  # the second is still running
    store.finish_league(second.id)  # its matches are cached already
    assert store.latest_league(RULES, GOAL).id == second.id
    assert store.latest_league("hog_pile", GOAL) is None
    assert store.get_league("first", RULES, GOAL).id == first.id
    assert store.get_league(str(second.id), RULES, GOAL).name == "second"
    with pytest.raises(NotStored):
        store.get_league("first", "hog_pile", GOAL)


def test_league_results_orient_each_match(store):
    league, records, _ = complete_league(store)
    a, b, c = records
    store.store_matches(
        MatchKey(RULES, GOAL),
        [MatchResult(a.sha256, b.sha256, 0.6, 0.7, 0.5), MatchResult(c.sha256, a.sha256, 0.2, 0.3, 0.1)],
    )
    results = store.league_results(league.id)
    assert stored_result(results, a, b).win_rate == 0.6
    assert stored_result(results, b, a).win_rate == pytest.approx(0.4)
    assert stored_result(results, a, c).win_rate == pytest.approx(0.8)
    assert stored_result(results, b, c) is None


def test_unknown_league_is_not_stored(store):
    with pytest.raises(NotStored, match="#42"):
        store.league_results(42)
    with pytest.raises(NotStored):
        store.finish_league(42)


# --- evolution runs ------------------------------------------------------------------


def test_generations_keep_only_the_newest_checkpoint(store):
    run = store.create_run("swine", RULES, GOAL, 11, {"population": 20}, opponent="always_roll(6)")
    assert (run.status, run.settings, run.best_strategy_id) == ("running", {"population": 20}, None)
    assert store.load_latest_checkpoint(run.id) is None
    store.add_generation(run.id, 0, {"max": np.float64(0.51), "nevals": np.int64(20)}, b"zero")
    store.add_generation(run.id, 1, {"max": 0.55}, None)
    store.add_generation(run.id, 2, {"max": 0.6}, b"two")
    checkpoint = store.load_latest_checkpoint(run.id)
    assert (checkpoint.number, checkpoint.blob) == (2, b"two")
    generations = store.generations(run.id)
    assert [(g.number, g.stats["max"], g.has_checkpoint) for g in generations] == [
        (0, 0.51, False),
        (1, 0.55, False),
        (2, 0.6, True),
    ]
    assert generations[0].stats["nevals"] == 20


def test_runs_are_listed_newest_first_with_their_newest_generation_and_best(store):
    first = store.create_run("swine", RULES, GOAL, 1, {"generations": 3})
    store.add_generation(first.id, 0, {"max": 0.5}, b"zero")
    store.add_generation(first.id, 1, {"max": 0.6}, b"one")
    best = store.finish_run(first.id, constant(9, name="evolved_listed", threshold=8))
    second = store.create_run("lead", RULES, GOAL, 2, {"generations": 3})
    other = store.create_run("lead", "hog_pile", GOAL, 3, {})
    listed = store.list_runs()
    assert [(s.run.id, s.generation, s.best_name) for s in listed] == [
        (other.id, None, None),
        (second.id, None, None),
        (first.id, 1, best.name),
    ]
    assert [s.run.id for s in store.list_runs(RULES, GOAL)] == [second.id, first.id]
    assert store.list_runs(RULES, GOAL + 1) == []


def test_a_generation_is_stored_once(store):
    run = store.create_run("swine", RULES, GOAL, 1, {})
    store.add_generation(run.id, 0, {"max": 0.5}, b"first")
    with pytest.raises(StoreError, match="already stored"):
        store.add_generation(run.id, 0, {"max": 0.9}, b"second")
    assert store.load_latest_checkpoint(run.id).blob == b"first"
    with pytest.raises(StoreError, match="JSON"):
        store.add_generation(run.id, 1, {"max": object()})
    assert [g.number for g in store.generations(run.id)] == [0]


def test_finish_run_stores_the_best_strategy(store):
    league, _, results = complete_league(store)
    run = store.create_run("swine", RULES, GOAL, 3, {"generations": 5}, league_id=league.id)
    store.add_generation(run.id, 0, {"max": 0.5}, b"ckpt")
    best = store.finish_run(run.id, constant(7, name="evolved_swine", threshold=8))
    done = store.get_run(run.id)
    assert (done.status, done.best_strategy_id, done.league_id) == ("done", best.id, league.id)
    assert store.get_strategy("evolved_swine", RULES, GOAL).params == {"threshold": 8}
    with pytest.raises(StoreError, match="is done"):
        store.add_generation(run.id, 1, {"max": 0.6}, b"more")


def test_finish_run_refuses_a_table_of_other_rules(store):
    run = store.create_run("swine", RULES, GOAL, 3, {})
    with pytest.raises(StoreError, match="hog_pile"):
        store.finish_run(run.id, constant(7, rules="hog_pile"))
    assert store.get_run(run.id).status == "running"
    assert store.list_strategies("hog_pile", GOAL) == []


def test_runs_refer_to_stored_leagues(store):
    with pytest.raises(NotStored, match="#5"):
        store.create_run("swine", RULES, GOAL, 3, {}, league_id=5)
    with pytest.raises(NotStored):
        store.get_run(1)


# --- schema and migrations -------------------------------------------------------------


def test_models_and_migrations_agree(db_url):
    with open_store(db_url) as store:
        assert store.schema_revision() == schema.head_revision()
    engine = create_engine(resolve_url(db_url))
    try:
        with engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    finally:
        engine.dispose()


def test_a_database_of_the_first_revision_upgrades_on_open_or_by_hog_db_upgrade(db_url):
    """A SQLite file upgrades itself; a PostgreSQL server's schema waits for `hog db upgrade`."""
    assert schema.head_revision() != FIRST_REVISION
    engine = create_engine(resolve_url(db_url))
    try:
        with engine.begin() as connection:
            schema.upgrade(connection, FIRST_REVISION)
            connection.execute(
                text(
                    'INSERT INTO strategies (rules, goal, name, origin, params, "table", sha256, created) '
                    "VALUES (:rules, :goal, 'old', 'builtin', '{}', :table, :sha, :created)"
                ),
                {
                    "rules": RULES,
                    "goal": GOAL,
                    "table": constant(5).table.tobytes(),
                    "sha": constant(5).sha256,
                    "created": "2024-01-01 00:00:00",
                },
            )
        with engine.connect() as connection:
            assert schema.current_revision(connection) == FIRST_REVISION
            assert "evolution_runs" not in inspect(connection).get_table_names()
    finally:
        engine.dispose()

    if make_url(db_url).get_backend_name() == "postgresql":
        with pytest.raises(StoreError, match=f"{FIRST_REVISION}.*run `hog db upgrade`"):
            open_store(db_url)
        assert main(["db", "upgrade", "--db", db_url]) == 0
    with open_store(db_url) as store:
        assert store.schema_revision() == schema.head_revision()
        assert np.array_equal(store.get_strategy("old", RULES, GOAL).table, constant(5).table)
        run = store.create_run("swine", RULES, GOAL, 1, {})
        assert store.get_run(run.id).status == "running"


def test_a_database_newer_than_the_code_is_refused(db_url):
    with open_store(db_url):
        pass
    engine = create_engine(resolve_url(db_url))
    try:
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    finally:
        engine.dispose()
    with pytest.raises(StoreError, match="9999_from_the_future.*newer"):
        open_store(db_url)


# --- URLs and SQLite settings ---------------------------------------------------------------


def test_resolve_url(monkeypatch, tmp_path):
    monkeypatch.delenv("HOG_DB", raising=False)
    assert resolve_url(None) == make_url(DEFAULT_URL)
    monkeypatch.setenv("HOG_DB", str(tmp_path / "env.db"))
    assert resolve_url(None).database == str(tmp_path / "env.db")
    assert resolve_url("plain.db").render_as_string() == "sqlite:///plain.db"
    assert resolve_url(str(tmp_path / "a b.db")).database == str(tmp_path / "a b.db")
    assert resolve_url("postgresql://u:p@h/d").drivername == "postgresql+psycopg"
    assert resolve_url("postgres://u:p@h/d").drivername == "postgresql+psycopg"
    assert resolve_url("sqlite:///x.db").drivername == "sqlite"
    with pytest.raises(StoreError, match="malformed database URL"):
        resolve_url("postgresql://u:p@h:port/d")
    with pytest.raises(StoreError, match="empty"):
        resolve_url("  ")


def test_unsupported_backend_is_refused():
    with pytest.raises(StoreError, match="unsupported database backend 'mysql'"):
        open_store("mysql://u:p@127.0.0.1/d")


def test_sqlite_connections_use_wal_busy_timeout_and_foreign_keys(tmp_path):
    path = tmp_path / "settings.db"
    with open_store(str(path)):
        pass
    engine = make_engine(resolve_url(str(path)))
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 10_000
    finally:
        engine.dispose()


def test_read_only_open_of_a_missing_file_creates_nothing(tmp_path):
    path = tmp_path / "missing.db"
    with pytest.raises(StoreError, match="no database at"):
        open_store(str(path), create=False)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(StoreError, match="does not exist"):
        open_store(str(tmp_path / "no_such_folder" / "x.db"))
    assert list(tmp_path.iterdir()) == []


def test_a_plain_path_opens_the_same_database_as_its_url(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with open_store("relative.db") as store:
        store.add_strategy(constant(2))
    with open_store(f"sqlite:///{Path('relative.db').resolve()}", create=False) as store:
        assert [r.name for r in store.list_strategies(RULES, GOAL)] == ["always_2"]
