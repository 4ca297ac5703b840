"""``--bids B0,B1`` (fa14's bidding for the start) for ``hog match`` and ``hog league``:
the chances from the start the bids give, leagues whose matches are cached apart from the
0-0 ones, and bids the rules refuse, in one line, with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from sqlalchemy import create_engine, func, inspect, select

from arena.league import match_seed
from hog import simulate
from hog.exact import win_probabilities, win_probabilities_pairs
from hog.rules import ORIGIN, Start, get_rules
from hog_arena.cli.main import main
from results.models import League, Match
from results.store import open_store, resolve_url
from strategies.spec import resolve_spec

RULES, GOAL = "fa14", 40
SPECS = ("always_roll(3)", "always_roll(5)", "always_roll(7)")


def hog(capsys, *args) -> tuple[int, str, str]:
    """Run the command line in this process: (exit code, stdout, stderr)."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def hog_json(capsys, *args) -> dict:
    code, out, err = hog(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def table(spec: str):
    return resolve_spec(spec, RULES, GOAL)


def bids_start(bid0: int, bid1: int) -> Start:
    return Start.of_bids(get_rules(RULES), bid0, bid1, GOAL)


def stored_starts(url: str) -> dict[tuple[int, int, int], int]:
    """How many matches the database at URL holds from each start."""
    engine = create_engine(resolve_url(url))
    try:
        with engine.connect() as connection:
            start = (Match.start_score0, Match.start_score1, Match.start_player)
            rows = connection.execute(select(*start, func.count()).group_by(*start)).all()
            return {(a, b, c): n for a, b, c, n in rows}
    finally:
        engine.dispose()


def table_names(url: str) -> list[str]:
    engine = create_engine(resolve_url(url))
    try:
        with engine.connect() as connection:
            return inspect(connection).get_table_names()
    finally:
        engine.dispose()


# --- hog match -----------------------------------------------------------------------


def test_match_from_the_bids_gives_the_start_s_exact_chances(capsys):
    match = ("match", "always_roll(4)", "always_roll(6)", "--rules", RULES, "--goal", GOAL)
    data = hog_json(capsys, *match, "--bids", "9,2")
    expected = win_probabilities(
        table("always_roll(4)").table, table("always_roll(6)").table, RULES, start=Start(2, 9, 0)
    )
    assert (data["a_first"], data["a_second"], data["win_rate"]) == (expected.first, expected.second, expected.rate)
    assert data["bids"] == [9, 2] and data["start"] == {"score0": 2, "score1": 9, "first": 0}
    plain = hog_json(capsys, *match)
    assert "bids" not in plain and "start" not in plain
    assert plain["a_first"] != pytest.approx(data["a_first"], abs=1e-6)
    # a bid 5 above the other's: player 1 starts at 10 and moves first
    other = hog_json(capsys, *match, "--bids", "3,8")
    assert other["start"] == {"score0": 0, "score1": 10, "first": 1}
    moved = win_probabilities(
        table("always_roll(4)").table, table("always_roll(6)").table, RULES, start=bids_start(3, 8)
    )
    assert (other["a_first"], other["a_second"]) == (moved.first, moved.second)


def test_match_from_the_bids_simulated_plays_from_the_start(capsys):
    match = ("match", "always_roll(4)", "always_roll(6)", "--rules", RULES, "--goal", GOAL, "--method", "simulate")
    data = hog_json(capsys, *match, "--games", 3000, "--seed", 5, "--bids", "2,9")
    a, b = table("always_roll(4)").table, table("always_roll(6)").table
    expected = simulate.simulate(a, b, RULES, games=3000, seed=5, start=Start(9, 2, 1))
    assert (data["a_first"], data["a_second"], data["stderr"]) == (expected.first, expected.second, expected.stderr)
    assert data["start"] == {"score0": 9, "score1": 2, "first": 1} and data["games"] == 3000
    assert hog_json(capsys, *match, "--games", 3000, "--seed", 5)["a_first"] != data["a_first"]


def test_match_text_says_the_start_and_the_players(capsys):
    code, out, err = hog(capsys, "match", "always_roll(4)", "always_roll(6)", "--rules", RULES, "--bids", "9,2")
    assert code == 0, err
    p = win_probabilities(
        resolve_spec("always_roll(4)", RULES).table,
        resolve_spec("always_roll(6)", RULES).table,
        RULES,
        start=Start(2, 9, 0),
    )
    assert out.splitlines() == [
        "always_roll(4) vs always_roll(6) (fa14, goal 100, exact)",
        "start 2-9 from bids 9,2, player 0 moves first",
        f"win rate of always_roll(4): {p.rate:.6f}",
        f"  as player 0: {p.first:.6f}   as player 1: {p.second:.6f}",
    ]


def test_match_text_without_bids_is_as_before(capsys):
    code, out, _ = hog(capsys, "match", "always_roll(4)", "always_roll(6)", "--rules", RULES)
    p = win_probabilities(
        resolve_spec("always_roll(4)", RULES).table, resolve_spec("always_roll(6)", RULES).table, RULES
    )
    assert code == 0 and out == (
        "always_roll(4) vs always_roll(6) (fa14, goal 100, exact)\n"
        f"win rate of always_roll(4): {p.rate:.6f}\n"
        f"  moving first: {p.first:.6f}   moving second: {p.second:.6f}\n"
    )


BAD_BIDS = [
    (RULES, "3,3", "equal bids (3, 3)"),
    (RULES, "-1,3", "a bid must be a non-negative integer"),
    (RULES, "60,3", "start a player at 60"),
    ("fa13", "9,2", "rule set fa13 has no bidding"),
]


def assert_one_line(code: int, out: str, err: str, expected: int, *words: str) -> None:
    assert (code, out) == (expected, "")
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hog: ") and "Traceback" not in err, err
    for word in words:
        assert word in lines[0]


@pytest.mark.parametrize("rules, bids, words", BAD_BIDS)
def test_bids_the_rules_refuse_are_one_line_for_a_match(capsys, tmp_path, rules, bids, words):
    db = tmp_path / "none.db"
    code, out, err = hog(
        capsys,
        "match",
        "always_roll(4)",
        "always_roll(6)",
        "--rules",
        rules,
        "--goal",
        GOAL,
        "--bids",
        bids,
        "--db",
        db,
    )
    assert_one_line(code, out, err, 1, f"--bids {bids}", words)
    assert not db.exists()


@pytest.mark.parametrize("bids", ["9", "9,2,1", "a,b", ""])
def test_bids_that_are_not_two_integers_are_a_usage_error(capsys, bids):
    code, out, err = hog(capsys, "match", "always_roll(4)", "always_roll(6)", "--rules", RULES, "--bids", bids)
    assert_one_line(code, out, err, 2, "--bids", "two integers")


# --- hog league ----------------------------------------------------------------------


def league(capsys, url: str, *args) -> dict:
    return hog_json(capsys, "league", *SPECS, "--rules", RULES, "--goal", GOAL, "--db", url, "--jobs", 1, *args)


def test_a_league_with_bids_keeps_its_matches_apart_from_the_0_0_ones(capsys, db_url):
    moved = league(capsys, db_url, "--bids", "9,2")
    start = bids_start(9, 2)
    assert moved["start"] == {"score0": 2, "score1": 9, "first": 0} and moved["bids"] == [9, 2]
    assert moved["league"]["start"] == {"score0": 2, "score1": 9, "first": 0}
    assert stored_starts(db_url) == {(2, 9, 0): 3}
    plain = league(capsys, db_url)
    assert "start" not in plain and plain["league"]["start"] == {"score0": 0, "score1": 0, "first": 0}
    assert plain["league"]["name"] != moved["league"]["name"]
    assert stored_starts(db_url) == {(2, 9, 0): 3, (0, 0, 0): 3}
    rates = {row["name"]: row["mean_win_rate"] for row in moved["rows"]}
    assert rates != pytest.approx({row["name"]: row["mean_win_rate"] for row in plain["rows"]}, abs=1e-6)

    with open_store(db_url, create=False) as store:
        results = store.league_results(store.get_league(moved["league"]["name"], RULES, GOAL).id)
        assert results.league.start == start and results.complete
        tables = np.stack([store.get_strategy(e.id, RULES, GOAL).table for e in results.entries])
        origin = store.league_results(store.get_league(plain["league"]["name"], RULES, GOAL).id)
        assert origin.league.start == ORIGIN
    pairs = np.array([[0, 1], [0, 2], [1, 2]])
    chances = win_probabilities_pairs(tables, pairs, RULES, start=start)
    assert np.array_equal(results.first[pairs[:, 0], pairs[:, 1]], chances[:, 0])
    assert np.array_equal(results.second[pairs[:, 0], pairs[:, 1]], chances[:, 1])
    assert np.array_equal(origin.first[pairs[:, 0], pairs[:, 1]], win_probabilities_pairs(tables, pairs, RULES)[:, 0])

    # the same command again resumes (finds) the league with bids: nothing new is stored
    assert league(capsys, db_url, "--bids", "9,2")["league"]["id"] == moved["league"]["id"]
    assert stored_starts(db_url) == {(2, 9, 0): 3, (0, 0, 0): 3}
    code, out, err = hog(
        capsys, "leaderboard", "--rules", RULES, "--goal", GOAL, "--db", db_url, "--league", moved["league"]["name"]
    )
    assert code == 0, err
    assert "start 2-9, player 0 moves first" in " ".join(out.split())
    code, out, err = hog(
        capsys, "leaderboard", "--rules", RULES, "--goal", GOAL, "--db", db_url, "--league", plain["league"]["name"]
    )
    assert code == 0 and "start" not in out


def test_a_simulated_league_with_bids_plays_every_match_from_the_start(capsys, db_url):
    data = league(capsys, db_url, "--bids", "2,9", "--method", "simulate", "--games", 400, "--seed", 3)
    start = Start(9, 2, 1)
    with open_store(db_url, create=False) as store:
        results = store.league_results(data["league"]["id"])
        tables = [store.get_strategy(e.id, RULES, GOAL) for e in results.entries]
    assert results.league.start == start and results.league.method == "simulate"
    for i, j in [(0, 1), (0, 2), (1, 2)]:
        a, b = tables[i], tables[j]
        expected = simulate.simulate(
            a.table, b.table, RULES, games=400, seed=match_seed(3, a.sha256, b.sha256), start=start
        )
        assert (results.first[i, j], results.second[i, j]) == (expected.first, expected.second)
    assert stored_starts(db_url) == {(9, 2, 1): 3}


def test_add_to_a_league_with_bids_plays_from_its_start(capsys, db_url):
    name = league(capsys, db_url, "--bids", "8,3", "--league", "bidders")["league"]["name"]
    assert stored_starts(db_url) == {(10, 0, 0): 3}
    common = ("league", "--rules", RULES, "--goal", GOAL, "--db", db_url, "--league", name, "--add")
    grown = hog_json(capsys, *common, "always_roll(6)")
    assert grown["entries"] == 4 and grown["league"]["start"] == {"score0": 10, "score1": 0, "first": 0}
    assert stored_starts(db_url) == {(10, 0, 0): 6}
    code, out, err = hog(capsys, *common, "always_roll(2)", "--bids", "9,2")
    assert_one_line(code, out, err, 1, "start 10-0", "league's own settings")
    # bids giving the same start are the same league
    assert hog_json(capsys, *common, "always_roll(2)", "--bids", "9,4")["entries"] == 5
    assert stored_starts(db_url) == {(10, 0, 0): 10}


@pytest.mark.parametrize("rules, bids, words", BAD_BIDS)
def test_bids_the_rules_refuse_are_one_line_for_a_league_that_writes_nothing(capsys, db_url, rules, bids, words):
    code, out, err = hog(capsys, "league", *SPECS, "--rules", rules, "--goal", GOAL, "--db", db_url, "--bids", bids)
    assert_one_line(code, out, err, 1, f"--bids {bids}", words)
    if db_url.startswith("sqlite"):
        assert not Path(db_url.removeprefix("sqlite:///")).exists()
    else:
        assert table_names(db_url) == []


def test_a_league_s_start_is_stored_in_its_row(capsys, tmp_path):
    url = f"sqlite:///{tmp_path / 'rows.db'}"
    league(capsys, url, "--bids", "0,1")
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            row = connection.execute(select(League.start_score0, League.start_score1, League.start_player)).one()
    finally:
        engine.dispose()
    assert tuple(row) == (1, 0, 1) and bids_start(0, 1) == Start(1, 0, 1)
