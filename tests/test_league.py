"""Leagues: exact against a plain reference, identical for any worker count
and on Dask, resume after SIGKILL, and one clear line for bad input."""

import json
import os
import signal
import sqlite3
import subprocess
import sys

import numpy as np
import pytest
from child_process import hog_command
from reference_exact import Game

import arena.league
from arena.dask_cluster import local_cluster
from arena.league import LeagueError, LeagueSettings, PairScores, pair_chunks, play_league, run_league, win_rate_matrix
from arena.match import IncompatibleTables, play_match
from arena.parallel import BackendError
from arena.tournament import builtin_entries, run_stored_league
from hog import exact, exact_tables, simulate
from hog.exact import TableStack, compile_rules
from hog.rules import ORIGIN, RULE_SETS, Start, get_rules
from results.match_key import MatchKey
from results.store import open_store
from strategies.table import StrategyTable

GOAL = 30


def random_tables(rules, count, goal=GOAL, seed=7):
    rng = np.random.default_rng(seed)
    return [StrategyTable(rng.integers(0, 11, size=(goal, goal)), rules, f"random {k}", "file") for k in range(count)]


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_exact_league_of_builtins_matches_the_plain_reference(rules):
    # The reference walks the full state in plain Python, pair by pair: small goals and a sample of
    # the built-ins keep it quick (the exact tests check every kernel against it more closely).
    goal = 14 if compile_rules(rules, 14).full_state else 18
    entries = builtin_entries(rules, goal)[::5] + random_tables(rules, 2, goal)
    results = run_league(entries, LeagueSettings("exact"), jobs=1)
    assert len(results) == len(entries) * (len(entries) - 1) // 2
    assert (results.pairs == np.argwhere(np.triu(np.ones((len(entries),) * 2), 1))).all()
    for (i, j), got_first, got_second in zip(results.pairs, results.first, results.second, strict=True):
        first, second = Game(entries[i], entries[j], get_rules(rules), goal).first_second()
        assert got_first == pytest.approx(first, abs=1e-9)
        assert got_second == pytest.approx(second, abs=1e-9)


def test_simulated_league_agrees_with_the_exact_one_within_four_standard_errors():
    entries = random_tables("swine_align", 4) + builtin_entries("swine_align", GOAL)[4:7]
    exact = run_league(entries, LeagueSettings("exact"), jobs=1)
    simulated = run_league(entries, LeagueSettings("simulate", games=4000, seed=3), jobs=1)
    assert (exact.pairs == simulated.pairs).all() and exact.stderr is None
    assert ((0 < simulated.stderr) & (simulated.stderr < 0.02)).all()
    assert (abs(exact.rate - simulated.rate) <= 4 * simulated.stderr + 1e-12).all()


@pytest.mark.parametrize("settings", [LeagueSettings("exact"), LeagueSettings("simulate", games=500, seed=11)])
def test_results_do_not_depend_on_workers_or_chunks(settings, monkeypatch):
    monkeypatch.setattr(arena.league, "EXACT_IN_THREADS", False)  # worker processes for exact leagues too
    entries = random_tables("square_swine", 7)
    one = run_league(entries, settings, jobs=1, chunk_size=50)
    two = run_league(entries, settings, jobs=2, chunk_size=3)
    threads = run_league(entries, settings, jobs=2, backend="threading", chunk_size=1)
    for other in (two, threads):
        assert_same(one, other)


def test_dask_local_cluster_gives_identical_results():
    entries = random_tables("more_boar", 6)
    settings = LeagueSettings("simulate", games=300, seed=5)
    local = run_league(entries, settings, jobs=1)
    local_exact = run_league(entries, LeagueSettings("exact"), jobs=1)
    with local_cluster(2) as cluster:  # leaves this process's environment as it was
        on_dask = run_league(entries, settings, backend="dask", scheduler=cluster.scheduler_address, chunk_size=2)
        on_dask_exact = run_league(
            entries, LeagueSettings("exact"), backend="dask", scheduler=cluster.scheduler_address
        )
    assert_same(on_dask, local)
    assert_same(on_dask_exact, local_exact)


def assert_same(one: PairScores, other: PairScores) -> None:
    """Bit for bit the same scores of the same pairs."""
    assert (one.pairs == other.pairs).all()
    assert (one.first == other.first).all() and (one.second == other.second).all()
    assert (one.stderr is None) == (other.stderr is None)
    if one.stderr is not None:
        assert (one.stderr == other.stderr).all()


def test_done_pairs_are_not_played_and_the_matrix_is_consistent():
    entries = random_tables("hog_pile", 5)
    full = run_league(entries, LeagueSettings("exact"), jobs=1)
    done = np.zeros((5, 5), dtype=bool)
    done[0, 1:] = True  # the first entry's four matches
    done[2, 4] = True
    rest = PairScores.joined(list(play_league(entries, LeagueSettings("exact"), done=done, jobs=1, chunk_size=2)))
    assert [tuple(p) for p in rest.pairs] == [(1, 2), (1, 3), (1, 4), (2, 3), (3, 4)]
    played = [k for k, (i, j) in enumerate(full.pairs) if not done[i, j]]
    assert (rest.first == full.first[played]).all() and (rest.second == full.second[played]).all()
    matrix = win_rate_matrix(len(entries), full)
    off_diagonal = ~np.eye(len(entries), dtype=bool)
    assert np.allclose((matrix + matrix.T)[off_diagonal], 1.0)
    assert np.isnan(matrix.diagonal()).all()
    assert matrix[0, 1] == pytest.approx(play_match(entries[0], entries[1]).rate)
    assert matrix[3, 2] == pytest.approx(1 - play_match(entries[2], entries[3]).rate)


@pytest.mark.parametrize("size", [1, 3, 7, 100])
def test_pair_chunks_cover_the_missing_pairs_once_in_order(size):
    rng = np.random.default_rng(size)
    done = rng.random((9, 9)) < 0.4
    chunks = list(pair_chunks(9, size, done))
    assert all(1 <= len(c) <= size for c in chunks) and all(len(c) == size for c in chunks[:-1])
    got = [tuple(p) for c in chunks for p in c]
    assert got == [(i, j) for i in range(9) for j in range(i + 1, 9) if not done[i, j]]


def test_bad_leagues_are_refused_with_one_line():
    entries = random_tables("hog_pile", 2)
    with pytest.raises(LeagueError, match="at least two"):
        run_league(entries[:1], LeagueSettings("exact"))
    other_rules = StrategyTable(entries[1].table, "swine_swap", "elsewhere", "file")
    with pytest.raises(IncompatibleTables, match="one rule set and goal"):
        run_league([entries[0], other_rules], LeagueSettings("exact"))
    other_goal = random_tables("hog_pile", 1, goal=GOAL + 1)[0]
    with pytest.raises(IncompatibleTables):
        run_league([entries[0], other_goal], LeagueSettings("exact"))
    with pytest.raises(LeagueError, match="games"):
        LeagueSettings("simulate", games=0)
    with pytest.raises(LeagueError, match="method"):
        LeagueSettings("guess")
    with pytest.raises(BackendError, match="cannot reach"):
        run_league(entries, LeagueSettings("exact"), backend="dask", scheduler="tcp://127.0.0.1:9")


def test_league_settings_are_normalised_as_the_match_cache_keys_them():
    assert LeagueSettings("exact", 500, 9) == LeagueSettings("exact")
    assert LeagueSettings("exact", 500, 9).key("hog_pile", GOAL) == MatchKey("hog_pile", GOAL)
    assert LeagueSettings("simulate", 500, 9).key("hog_pile", GOAL) == MatchKey("hog_pile", GOAL, "simulate", 500, 9)
    with pytest.raises(LeagueError, match="seed"):
        LeagueSettings("simulate", 500, -1)


@pytest.mark.parametrize("method", ["exact", "simulate"])
def test_a_league_from_the_bids_start_plays_every_match_from_it(method):
    entries = random_tables("fa14", 4)
    start = Start.of_bids(get_rules("fa14"), 9, 2, GOAL)
    settings = LeagueSettings(method, 300, 4, start)
    assert (
        settings.key("fa14", GOAL)
        == MatchKey("fa14", GOAL, method, 300, 4, start)
        != MatchKey("fa14", GOAL, method, 300, 4)
    )
    scores = run_league(entries, settings, jobs=2, chunk_size=2)
    origin = run_league(entries, LeagueSettings(method, 300, 4), jobs=1)
    for k, (i, j) in enumerate(scores.pairs):
        a, b = entries[i], entries[j]
        if method == "exact":
            expected = exact.win_probabilities(a.table, b.table, "fa14", start=start)
        else:
            seed = arena.league.match_seed(4, a.sha256, b.sha256)
            expected = simulate.simulate(a.table, b.table, "fa14", games=300, seed=seed, start=start)
        assert (scores.first[k], scores.second[k]) == (expected.first, expected.second)
    assert not np.allclose(scores.first, origin.first)


def spy_on_checks(monkeypatch) -> list[tuple[int, ...]]:
    """The shapes of the stacks hog.exact checks value by value from now on."""
    shapes: list[tuple[int, ...]] = []
    real = exact_tables._checked_values

    def spy(array, name, choices):
        shapes.append(array.shape)
        return real(array, name, choices)

    monkeypatch.setattr(exact_tables, "_checked_values", spy)
    return shapes


def test_a_league_checks_its_tables_once_and_hands_every_chunk_the_checked_stack(monkeypatch):
    entries = random_tables("hog_pile", 6)
    checked = spy_on_checks(monkeypatch)
    given = []
    real = exact.win_probabilities_pairs

    def pairs_spy(tables, pairs, rules, sides=6, start=ORIGIN):
        given.append(type(tables))
        return real(tables, pairs, rules, sides, start)

    monkeypatch.setattr(exact, "win_probabilities_pairs", pairs_spy)
    results = run_league(entries, LeagueSettings("exact"), jobs=1, chunk_size=2)
    assert len(results) == 15
    assert given == [TableStack] * 8  # 15 pairs in chunks of 2
    assert checked == [(6, GOAL, GOAL)]


def test_a_stored_league_checks_compatibility_and_values_once(tmp_path, monkeypatch):
    import arena.match

    entries = random_tables("hog_pile", 5)
    checked = spy_on_checks(monkeypatch)
    compatible = []
    real = arena.match.check_compatible
    monkeypatch.setattr(arena.match, "check_compatible", lambda tables: compatible.append(1) or real(tables))
    with open_store(str(tmp_path / "league.db")) as store:
        league = run_stored_league(store, entries, LeagueSettings(), jobs=1)
        assert store.league_results(league.id).complete
    assert compatible == [1]
    assert checked == [(5, GOAL, GOAL)]


def test_a_table_stack_is_checked_once_and_read_only():
    tables = np.stack([t.table for t in random_tables("hog_pile", 3)]).astype(np.int64)
    stack = TableStack.of(tables)
    assert stack.tables.dtype == np.int8 and not stack.tables.flags.writeable
    assert TableStack.of(stack) is stack
    assert (stack.tables == tables).all() and tables.flags.writeable
    tables[1, 2, 3] = 11
    with pytest.raises(ValueError, match=r"tables\[1\]: 11 at score 2, opponent score 3"):
        TableStack.of(tables)
    with pytest.raises(TypeError, match="TableStack.of"):
        TableStack(np.zeros((1, 3, 3), dtype=np.int8))


# --- the command line ---------------------------------------------------------


def hog(*args, db, timeout=300):
    env = {**os.environ, "HOG_DB": str(db)}
    return subprocess.run(
        [sys.executable, "-m", "hog_arena.cli.main", *args], capture_output=True, text=True, env=env, timeout=timeout
    )


SPECS = [f"zero_dice(cutoff={c}, num_rolls={n})" for c in (5, 7, 9, 11) for n in (3, 5, 7)]


def match_rows(db):
    with sqlite3.connect(db) as connection:
        return connection.execute("select count(*) from matches").fetchone()[0]


def test_cli_league_stores_ranks_and_reruns_without_new_work(tmp_path):
    db = tmp_path / "arena.db"
    first = hog("league", *SPECS[:5], "--rules", "hog_pile", "--json", db=db)
    assert first.returncode == 0, first.stderr
    data = json.loads(first.stdout)
    assert data["entries"] == 5 and data["pairs"] == 10
    assert [row["rank"] for row in data["rows"]] == [1, 2, 3, 4, 5]
    wins = [row["wins"] for row in data["rows"]]
    assert wins == sorted(wins, reverse=True)
    assert match_rows(db) == 10
    again = hog("league", *SPECS[:5], "--rules", "hog_pile", "--json", db=db)
    assert json.loads(again.stdout)["league"]["id"] == data["league"]["id"]
    bigger = hog("league", *SPECS[:6], "--rules", "hog_pile", "--json", db=db)
    assert json.loads(bigger.stdout)["pairs"] == 15
    assert match_rows(db) == 15  # the ten known pairs came from the cache
    board = hog("leaderboard", "--rules", "hog_pile", "--json", db=db)
    assert json.loads(board.stdout)["league"]["id"] == json.loads(bigger.stdout)["league"]["id"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["league", "always_roll(6)", "no_such_strategy(3)"], "unknown strategy"),
        (["league", "always_roll(6)"], "at least two"),
        (["league", "--all"], "at least two"),
        (["league", "always_roll(4)", "always_roll(4)"], "at least two"),
        (
            ["league", "always_roll(4)", "always_roll(6)", "--backend", "dask", "--scheduler", "tcp://127.0.0.1:9"],
            "cannot reach",
        ),
        (["league", "always_roll(4)", "always_roll(6)", "--method", "guess"], "method"),
    ],
)
def test_cli_league_bad_input_is_one_line(tmp_path, args, words):
    result = hog(*args, db=tmp_path / "arena.db")
    assert result.returncode in (1, 2)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert words in lines[0] and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_cli_league_of_tables_for_another_goal_is_refused(tmp_path):
    small = tmp_path / "small.json"
    small.write_text(random_tables("square_swine", 1, goal=20)[0].to_json())
    result = hog("league", str(small), "always_roll(5)", db=tmp_path / "arena.db")
    assert result.returncode == 1
    assert "small.json" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_league_resumes_after_sigkill_with_the_same_results(tmp_path):
    args = [
        "league",
        *SPECS,
        "--rules",
        "swine_swap",
        "--method",
        "simulate",
        "--games",
        "3000",
        "--seed",
        "9",
        "--jobs",
        "1",
    ]
    killed_db = tmp_path / "killed.db"
    killed = subprocess.run(  # killed by its own SIGKILL once a chunk of matches is stored
        hog_command(*args, signal_after=(signal.SIGKILL, 1)),
        env={**os.environ, "HOG_DB": str(killed_db)},
        capture_output=True,
        timeout=600,
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    stored = match_rows(killed_db)
    pairs = len(SPECS) * (len(SPECS) - 1) // 2
    assert 0 < stored < pairs, "the league should have been killed part of the way through"
    with sqlite3.connect(killed_db) as connection:
        assert connection.execute("pragma integrity_check").fetchone()[0] == "ok"

    resumed = hog(*args, "--json", db=killed_db)
    fresh = hog(*args, "--json", db=tmp_path / "fresh.db")
    assert resumed.returncode == 0 and fresh.returncode == 0, resumed.stderr + fresh.stderr
    assert json.loads(resumed.stdout)["rows"] == json.loads(fresh.stdout)["rows"]
    assert match_rows(killed_db) == pairs
    with sqlite3.connect(killed_db) as connection:
        leagues = connection.execute("select count(*), min(status) from leagues").fetchone()
    assert leagues == (1, "done")


def test_cli_league_keeps_every_name_of_a_table_stored_under_another_name(tmp_path):
    db = tmp_path / "arena.db"
    from results.store import open_store
    from strategies.spec import resolve_spec

    six = resolve_spec("always_roll(6)", "square_swine", GOAL)
    student = StrategyTable(six.table, "square_swine", "RTX2080_skeleton", "file")
    with open_store(str(db)) as store:
        store.add_strategy(student, author="a student")
    args = [
        "league",
        "--all",
        "final_strategy",
        "perfect",
        "always_roll(6)",
        "--rules",
        "square_swine",
        "--goal",
        str(GOAL),
    ]
    as_json = hog(*args, "--json", db=db)
    assert as_json.returncode == 0, as_json.stderr
    data = json.loads(as_json.stdout)
    assert data["entries"] == 3
    assert data["aliases"] == {"RTX2080_skeleton": ["always_roll(6)"]}
    assert "RTX2080_skeleton = always_roll(6)" in as_json.stderr
    board = hog(*args, db=db)
    assert board.returncode == 0, board.stderr
    assert "RTX2080_skeleton = always_roll(6)" in board.stdout
