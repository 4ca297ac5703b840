"""The league on show: the one finished or updated last (a league grown by
``--add`` counts), or the pinned one; ``hog leagues`` lists them."""

from __future__ import annotations

import json

import pytest

from hog_arena.cli.main import main
from results.leaderboard import shown_league
from results.store import open_store

RULES, GOAL = "sus_fuss", "30"


def hog(capsys, *args: str) -> dict:
    code = main([*args, "--rules", RULES, "--goal", GOAL, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def shown(capsys, db: str) -> tuple[str, str, str]:
    """The league that the leaderboard, the ecosystem and the web's ``shown_league`` show."""
    board = hog(capsys, "leaderboard", "--db", db)["league"]["name"]
    eco = hog(capsys, "ecosystem", "--db", db, "--steps", "10", "--generations", "5")["league"]["name"]
    with open_store(db, create=False) as store:
        web = shown_league(store, RULES, int(GOAL))
    assert web is not None
    return board, eco, web.league.name


@pytest.fixture
def two_leagues(capsys, tmp_path) -> str:
    """A class league, a throwaway league finished after it, then the class league grown by --add."""
    db = str(tmp_path / "arena.db")
    hog(capsys, "league", "always_roll(3)", "always_roll(4)", "always_roll(5)", "--name", "class", "--db", db)
    hog(capsys, "league", "always_roll(1)", "always_roll(2)", "--name", "throwaway", "--db", db)
    assert shown(capsys, db) == ("throwaway",) * 3
    hog(capsys, "league", "--name", "class", "--add", "always_roll(6)", "--db", db)
    return db


def test_a_league_grown_by_add_is_the_one_on_show(capsys, two_leagues):
    assert shown(capsys, two_leagues) == ("class",) * 3


def test_hog_leagues_lists_the_leagues_most_recently_updated_first(capsys, two_leagues):
    leagues = hog(capsys, "leagues", "--db", two_leagues)["leagues"]
    assert [(x["name"], x["rules"], x["method"], x["entries"], x["shown"]) for x in leagues] == [
        ("class", RULES, "exact", 4, True),
        ("throwaway", RULES, "exact", 2, False),
    ]
    assert leagues[0]["updated"] > leagues[1]["updated"]
    code = main(["leagues", "--db", two_leagues])
    out = capsys.readouterr().out
    assert code == 0 and "class *" in out and "throwaway" in out
    assert main(["leagues", "--db", two_leagues, "--rules", "hog_pile", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"leagues": []}


def test_a_pinned_league_stays_on_show_until_unpinned(capsys, two_leagues):
    assert hog(capsys, "leagues", "pin", "throwaway", "--db", two_leagues)["pinned"]["name"] == "throwaway"
    assert shown(capsys, two_leagues) == ("throwaway",) * 3
    hog(capsys, "league", "--name", "class", "--add", "always_roll(7)", "--db", two_leagues)
    assert shown(capsys, two_leagues) == ("throwaway",) * 3
    assert hog(capsys, "leagues", "pin", "class", "--db", two_leagues)["pinned"]["name"] == "class"
    pinned = [x["name"] for x in hog(capsys, "leagues", "--db", two_leagues)["leagues"] if x["pinned"]]
    assert pinned == ["class"]
    assert hog(capsys, "leagues", "unpin", "--db", two_leagues)["unpinned"]["name"] == "class"
    assert hog(capsys, "leagues", "unpin", "--db", two_leagues)["unpinned"] is None
    assert shown(capsys, two_leagues) == ("class",) * 3


def test_pinning_a_league_that_does_not_exist_is_one_line(capsys, two_leagues):
    code = main(["leagues", "pin", "nope", "--rules", RULES, "--goal", GOAL, "--db", two_leagues])
    out, err = capsys.readouterr()
    assert (code, out) == (1, "")
    assert err == f"hog: error: no league 'nope' for {RULES}, goal {GOAL} in {two_leagues}\n"
