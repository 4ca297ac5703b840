"""Leaderboards (arena.ranking, results.leaderboard) and the ``hog leaderboard`` and ``hog strategies`` commands."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest

from arena.ranking import rank
from hog_arena.cli.main import main
from results.store import LeagueRecord, LeagueResults, MatchKey, MatchResult, StrategyRecord, open_store
from strategies.table import StrategyTable

RULES = "square_swine"
GOAL = 100

#: Win rates of the row's strategy against the column's, chosen by hand:
#: A-C is a tie (a loss for both), B-C is a win for B by the smallest margin
#: that counts, B-D a loss for both (0.500001 is not above 0.500001).
RATES = {
    ("A", "B"): 0.6,
    ("A", "C"): 0.5,
    ("A", "D"): 0.7,
    ("B", "C"): 0.5000011,
    ("B", "D"): 0.500001,
    ("C", "D"): 0.9,
}

#: The leaderboard worked out by hand from RATES:
#: (rank, name, wins, losses, mean win rate, worst opponent, worst rate).
EXPECTED = [
    (1, "A", 2, 1, (0.6 + 0.5 + 0.7) / 3, "C", 0.5),
    (2, "C", 1, 2, (0.5 + 0.4999989 + 0.9) / 3, "B", 0.4999989),
    (3, "B", 1, 2, (0.4 + 0.5000011 + 0.500001) / 3, "A", 0.4),
    (4, "D", 0, 3, (0.3 + 0.499999 + 0.1) / 3, "C", 0.1),
]


def table(name: str, rules: str = RULES) -> StrategyTable:
    """A table of its own for each name."""
    seed = int.from_bytes(name.encode(), "little")
    return StrategyTable(np.random.default_rng(seed).integers(0, 11, size=(GOAL, GOAL)), rules, name)


def make_league(store, rates, name="cup"):
    names = sorted({n for pair in rates for n in pair})
    records = {n: store.add_strategy(table(n), author=f"author of {n}")[0] for n in names}
    league = store.create_league(name, MatchKey(RULES, GOAL), [r.id for r in records.values()])
    store.store_matches(
        MatchKey(RULES, GOAL),
        [MatchResult(records[a].sha256, records[b].sha256, w, w, w) for (a, b), w in rates.items()],
    )
    return store.finish_league(league.id)


def as_tuples(rows):
    return [(r.rank, r.name, r.wins, r.losses, r.mean_win_rate, r.worst_opponent, r.worst_rate) for r in rows]


def test_rank_counts_wins_above_the_threshold_then_mean_rate(store):
    league = make_league(store, RATES)
    rows = rank(store.league_results(league.id))
    assert as_tuples(rows) == [pytest.approx(row) for row in EXPECTED]
    assert [r.author for r in rows] == ["author of A", "author of C", "author of B", "author of D"]


def test_equal_records_share_a_rank():
    records = [
        StrategyRecord(i, name, RULES, GOAL, sha * 64, "builtin", None, {}, None)
        for i, (name, sha) in enumerate([("F", "a"), ("E", "b"), ("G", "c")], start=1)
    ]
    f, e, g = records
    matches = {
        (f.sha256, e.sha256): MatchResult(f.sha256, e.sha256, 0.5, 0.5, 0.5),
        (f.sha256, g.sha256): MatchResult(f.sha256, g.sha256, 0.75, 0.75, 0.75),
        (e.sha256, g.sha256): MatchResult(e.sha256, g.sha256, 0.75, 0.75, 0.75),
    }
    league = LeagueRecord(1, "x", RULES, GOAL, "exact", 0, 0, "done", None, None)
    rows = rank(LeagueResults.of(league, tuple(records), matches.values()))
    assert [(r.rank, r.name, r.wins, r.mean_win_rate) for r in rows] == [
        (1, "E", 1, 0.625),
        (1, "F", 1, 0.625),
        (3, "G", 0, 0.25),
    ]


def test_a_running_league_ranks_the_matches_played_so_far(store):
    partial = {pair: rate for pair, rate in RATES.items() if "D" not in pair}
    names = ["A", "B", "C", "D"]
    records = {n: store.add_strategy(table(n))[0] for n in names}
    league = store.create_league("open", MatchKey(RULES, GOAL), [r.id for r in records.values()])
    store.store_matches(
        MatchKey(RULES, GOAL),
        [MatchResult(records[a].sha256, records[b].sha256, w, w, w) for (a, b), w in partial.items()],
    )
    rows = {r.name: r for r in rank(store.league_results(league.id))}
    assert (rows["A"].wins, rows["A"].losses) == (1, 1)
    assert (rows["D"].wins, rows["D"].losses, rows["D"].mean_win_rate, rows["D"].worst_opponent) == (0, 0, None, None)
    assert rows["D"].rank == 4


# --- the command line ----------------------------------------------------------------


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def league_db(tmp_path):
    path = tmp_path / "league.db"
    with open_store(str(path)) as store:
        old = make_league(store, {("P", "Q"): 0.1, ("P", "R"): 0.1, ("Q", "R"): 0.1}, name="old")
        newest = make_league(store, RATES, name="newest")
        store.create_league("unfinished", MatchKey(RULES, GOAL), [1, 2])
    return path, old, newest


def test_hog_leaderboard_json_shows_the_latest_finished_league(capsys, league_db):
    path, _, newest = league_db
    code, out, err = run(capsys, "leaderboard", "--db", str(path), "--rules", RULES, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["league"]["id"] == newest.id
    keys = ["rank", "name", "author", "wins", "losses", "mean_win_rate", "worst_opponent", "worst_rate"]
    assert all(list(row)[: len(keys)] == keys for row in data["rows"])
    got = [tuple(row[k] for k in keys if k != "author") for row in data["rows"]]
    assert got == [pytest.approx(row) for row in EXPECTED]


def test_hog_leaderboard_picks_a_league_by_name_or_id_and_cuts_at_top(capsys, league_db):
    path, old, _ = league_db
    for key in ("old", str(old.id)):
        code, out, _ = run(
            capsys, "leaderboard", "--db", str(path), "--rules", RULES, "--league", key, "--json", "--top", "1"
        )
        data = json.loads(out)
        assert code == 0 and data["league"]["name"] == "old"
        # P beat nobody (0.1 each); Q beat P and lost to R; R beat both
        assert [(r["name"], r["wins"]) for r in data["rows"]] == [("R", 2)]


def test_hog_leaderboard_csv(capsys, league_db):
    path, _, _ = league_db
    code, out, _ = run(capsys, "leaderboard", "--db", str(path), "--rules", RULES, "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["rank"], r["name"], r["wins"], r["worst_opponent"]) for r in rows] == [
        (str(rank_), name, str(wins), worst) for rank_, name, wins, _, _, worst, _ in EXPECTED
    ]
    assert float(rows[0]["mean_win_rate"]) == pytest.approx(EXPECTED[0][4])


def test_hog_leaderboard_table_for_people(capsys, league_db):
    path, _, _ = league_db
    code, out, _ = run(capsys, "leaderboard", "--db", str(path), "--rules", RULES)
    assert code == 0
    assert "newest" in out and "author of A" in out and "C (0.5000)" in out


def test_hog_leaderboard_refuses_json_with_csv(capsys, league_db):
    path, _, _ = league_db
    code, out, err = run(capsys, "leaderboard", "--db", str(path), "--rules", RULES, "--json", "--csv")
    assert code == 2 and out == "" and "--json and --csv" in err


def test_hog_leaderboard_without_a_finished_league(capsys, tmp_path):
    path = tmp_path / "empty.db"
    open_store(str(path)).close()
    code, out, err = run(capsys, "leaderboard", "--db", str(path), "--rules", "hog_pile")
    assert code == 1 and out == ""
    assert err.strip().splitlines() == [
        f"hog: error: no finished league for hog_pile, goal 100 in {path}; run `hog league` first"
    ]


@pytest.mark.parametrize("command", ["leaderboard", "strategies"])
def test_read_only_commands_leave_no_database_behind(capsys, tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HOG_DB", raising=False)
    code, out, err = run(capsys, command)
    assert code == 1 and out == ""
    assert err.strip().splitlines() == ["hog: error: no database at hog_arena.db (nothing stored yet)"]
    assert list(tmp_path.iterdir()) == []


def test_hog_strategies_lists_the_stored_strategies(capsys, tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    with open_store(str(path)) as store:
        store.add_strategy(table("four"), author="ada")
        store.add_strategy(table("five"))
        store.add_strategy(table("zero", rules="hog_pile"))
    monkeypatch.setenv("HOG_DB", str(path))
    code, out, err = run(capsys, "strategies", "--rules", RULES, "--json")
    assert (code, err) == (0, "")
    strategies = json.loads(out)["strategies"]
    assert [(s["name"], s["author"], s["rules"]) for s in strategies] == [("four", "ada", RULES), ("five", None, RULES)]
    assert strategies[0]["sha256"] == table("four").sha256
    code, out, _ = run(capsys, "strategies", "--rules", "hog_pile")
    assert code == 0 and "zero" in out and "four" not in out
