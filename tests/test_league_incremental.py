"""Stored leagues at scale: the leaderboard from arrays against a plain
ranking of the win-rate matrix, resuming after an interruption, and entries
added to a finished league (only their matches are played; the leaderboard
is that of a league of all the entries from scratch)."""

import json
import sqlite3
import subprocess
import sys

import numpy as np
import pytest

from arena.league import LeagueError, LeagueSettings, run_league, win_rate_matrix
from arena.ranking import WIN_THRESHOLD, rank
from arena.tournament import add_to_league, run_stored_league
from hog import exact
from hog.rules import ORIGIN
from results.store import NotStored, open_store
from strategies.table import StrategyTable

GOAL = 30
RULES = "hog_pile"


def random_tables(count, seed=11, goal=GOAL):
    rng = np.random.default_rng(seed)
    return [StrategyTable(rng.integers(0, 11, size=(goal, goal)), RULES, f"t{seed}-{k}", "file") for k in range(count)]


def plain_ranking(names, matrix):
    """(name, wins, losses, mean, worst opponent) best first, from the win-rate matrix, in plain Python."""
    lines = []
    for i, name in enumerate(names):
        played = [(matrix[i][j], names[j]) for j in range(len(names)) if j != i and not np.isnan(matrix[i][j])]
        wins = sum(1 for rate, _ in played if rate > WIN_THRESHOLD)
        mean = sum(rate for rate, _ in played) / len(played)
        lines.append((name, wins, len(played) - wins, mean, min(played)[1]))
    return sorted(lines, key=lambda line: (-line[1], -line[3], line[0]))


def board(rows):
    return [(r.name, r.wins, r.losses, r.mean_win_rate, r.worst_opponent) for r in rows]


def count_kernel_pairs(monkeypatch):
    """How many pairs hog.exact scores from now on (in this process: jobs=1)."""
    counted = []
    real = exact.win_probabilities_pairs

    def spy(tables, pairs, rules, sides=6, start=ORIGIN):
        counted.append(len(pairs))
        return real(tables, pairs, rules, sides, start)

    monkeypatch.setattr(exact, "win_probabilities_pairs", spy)
    return counted


def test_the_leaderboard_from_arrays_is_the_plain_ranking_of_the_win_rate_matrix(tmp_path):
    entries = random_tables(9)
    matrix = win_rate_matrix(len(entries), run_league(entries, LeagueSettings(), jobs=1))
    expected = plain_ranking([e.name for e in entries], matrix.tolist())
    with open_store(str(tmp_path / "league.db")) as store:
        league = run_stored_league(store, entries, LeagueSettings(), jobs=1, chunk_size=5)
        results = store.league_results(league.id)
    got = board(rank(results))
    assert [line[:3] + line[4:] for line in got] == [line[:3] + line[4:] for line in expected]
    assert [line[3] for line in got] == pytest.approx([line[3] for line in expected], abs=1e-12)
    by_name = {e.name: k for k, e in enumerate(entries)}
    order = [by_name[e.name] for e in results.entries]
    assert np.array_equal(results.rates, matrix[np.ix_(order, order)], equal_nan=True)


class Interrupt(Exception):
    pass


def test_an_interrupted_league_resumes_with_only_the_missing_pairs_and_the_same_leaderboard(tmp_path, monkeypatch):
    entries = random_tables(8)
    total = 8 * 7 // 2

    def stop_after_two_chunks(done, _total):
        if done >= 10:
            raise Interrupt

    counted = count_kernel_pairs(monkeypatch)
    with open_store(str(tmp_path / "cut.db")) as store:
        with pytest.raises(Interrupt):
            run_stored_league(
                store, entries, LeagueSettings(), name="cut", jobs=1, chunk_size=5, on_progress=stop_after_two_chunks
            )
        assert store.get_league("cut", RULES, GOAL).status == "running"
        assert store.league_results(store.get_league("cut", RULES, GOAL).id).stored == 10
        counted.clear()
        resumed = run_stored_league(store, entries, LeagueSettings(), name="cut", jobs=1, chunk_size=5)
        assert sum(counted) == total - 10
        after = rank(store.league_results(resumed.id))
    with open_store(str(tmp_path / "fresh.db")) as store:
        fresh = rank(store.league_results(run_stored_league(store, entries, LeagueSettings(), jobs=1).id))
    assert board(after) == board(fresh)


def test_an_interrupted_addition_resumes_when_the_same_entries_are_added_again(tmp_path, monkeypatch):
    old, new = random_tables(5), random_tables(3, seed=12)

    def stop_after_one_chunk(done, _total):
        if done >= 10 + 4:
            raise Interrupt

    with open_store(str(tmp_path / "grown.db")) as store:
        run_stored_league(store, old, LeagueSettings(), name="weekly", jobs=1)
        with pytest.raises(Interrupt):
            add_to_league(store, "weekly", RULES, GOAL, new, jobs=1, chunk_size=4, on_progress=stop_after_one_chunk)
        assert store.get_league("weekly", RULES, GOAL).status == "running"
        counted = count_kernel_pairs(monkeypatch)
        grown = add_to_league(store, "weekly", RULES, GOAL, new, jobs=1, chunk_size=4)
        assert grown.status == "done" and sum(counted) == 8 * 7 // 2 - 10 - 4
        after = board(rank(store.league_results(grown.id)))
        with pytest.raises(LeagueError, match="is in league .weekly. already"):
            add_to_league(store, "weekly", RULES, GOAL, new[:1], jobs=1)
    with open_store(str(tmp_path / "scratch.db")) as store:
        scratch = board(rank(store.league_results(run_stored_league(store, old + new, LeagueSettings(), jobs=1).id)))
    assert after == scratch


@pytest.mark.parametrize("settings", [LeagueSettings(), LeagueSettings("simulate", games=200, seed=5)])
def test_added_entries_play_only_their_matches_and_rank_as_a_league_from_scratch(tmp_path, monkeypatch, settings):
    old, new = random_tables(7), random_tables(3, seed=12)
    with open_store(str(tmp_path / "grown.db")) as store:
        run_stored_league(store, old, settings, name="weekly", jobs=1)
        counted = count_kernel_pairs(monkeypatch)
        grown = add_to_league(store, "weekly", RULES, GOAL, new, jobs=1, chunk_size=4)
        assert grown.status == "done"
        results = store.league_results(grown.id)
        assert results.stored == 10 * 9 // 2
        played = sum(counted)
        after = board(rank(results))
    with open_store(str(tmp_path / "scratch.db")) as store:
        scratch = board(rank(store.league_results(run_stored_league(store, old + new, settings, jobs=1).id)))
    if settings.method == "exact":
        assert played == 7 * 3 + 3 * 2 // 2
    assert after == scratch


def hog(*args, db):
    command = [
        sys.executable,
        "-m",
        "hog_arena.cli.main",
        *args,
        "--rules",
        RULES,
        "--goal",
        str(GOAL),
        "--db",
        str(db),
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def rows_of(db):
    with sqlite3.connect(db) as connection:
        return (
            tuple(
                connection.execute(f"select count(*) from {table}").fetchone()[0]
                for table in ("strategies", "league_entries", "matches")
            )
            + connection.execute("select group_concat(status) from leagues").fetchone()
        )


@pytest.fixture
def league_db(tmp_path):
    db = tmp_path / "arena.db"
    result = hog("league", *(f"always_roll({n})" for n in range(3, 8)), "--name", "weekly", "--jobs", "1", db=db)
    assert result.returncode == 0, result.stderr
    return db


def test_cli_add_plays_the_new_pairs_and_shows_the_grown_league(league_db, tmp_path):
    before = rows_of(league_db)
    added = hog("league", "--name", "weekly", "--add", "always_roll(2)", "always_roll(8)", "--json", db=league_db)
    assert added.returncode == 0, added.stderr
    data = json.loads(added.stdout)
    assert (data["entries"], data["pairs"], data["league"]["status"]) == (7, 21, "done")
    assert rows_of(league_db) == (before[0] + 2, before[1] + 2, before[2] + 5 * 2 + 1, "done")
    scratch = hog("league", *(f"always_roll({n})" for n in (3, 4, 5, 6, 7, 2, 8)), "--json", db=tmp_path / "new.db")
    assert json.loads(scratch.stdout)["rows"] == data["rows"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--name", "monthly", "--add", "always_roll(2)"], "no league 'monthly'"),
        (["--name", "weekly", "--add", "always_roll(2)", "always_roll(4)"], "in league 'weekly' already"),
        (["--name", "weekly", "--add", "always_roll(2)", "--method", "simulate"], "league's own settings"),
        (["--add", "always_roll(2)"], "--add needs --name"),
        (["--name", "weekly", "--add"], "nothing to add"),
    ],
)
def test_cli_add_refuses_bad_input_with_one_line_and_writes_nothing(league_db, args, words):
    before = rows_of(league_db)
    result = hog("league", *args, db=league_db)
    assert result.returncode in (1, 2)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.stderr
    assert rows_of(league_db) == before


def test_cli_add_of_a_table_for_another_goal_writes_nothing(league_db, tmp_path):
    other = tmp_path / "other.json"
    other.write_text(random_tables(1, goal=GOAL + 5)[0].to_json())
    before = rows_of(league_db)
    result = hog("league", "--name", "weekly", "--add", str(other), db=league_db)
    assert result.returncode == 1 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert f"expected {GOAL} x {GOAL}" in result.stderr
    assert rows_of(league_db) == before


def test_add_to_a_league_that_does_not_exist_is_not_stored(tmp_path):
    with open_store(str(tmp_path / "empty.db")) as store, pytest.raises(NotStored):
        add_to_league(store, "nope", RULES, GOAL, random_tables(1))
