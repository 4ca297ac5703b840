"""A whole contest through the command line and a real server process:
``hog contest`` from create to the archive, students submitting with
``hog contest submit``, and the queue surviving ``kill -9`` mid-ranking."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import httpx2 as httpx
import numpy as np
import pytest
from contest_support import close_contest, queue_entry, reference_rate, settings, table_of
from server_process import running_server
from sqlalchemy import create_engine, func, select
from waiting import wait_until

from arena.league import LeagueSettings, run_league, win_rate_matrix
from hog_arena.cli.main import main
from results.models import ContestStandings, Match
from results.store import open_store, resolve_url
from strategies.table import StrategyTable

ENTRY = "TEAM_NAME = 'Boar Brawlers'\n\ndef final_strategy(score, opponent_score):\n    return 4 if score < 20 else 2\n"


def hog_json(capsys, *args: str) -> dict:
    assert main(list(args)) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def leaderboard(server, name: str) -> dict:
    return httpx.get(f"{server.url}/api/contests/{name}/leaderboard", timeout=60).json()


def test_a_contest_from_create_to_the_archive(tmp_path, capsys, monkeypatch):
    db = str(tmp_path / "class.db")
    deadline = (datetime.now(timezone.utc) + timedelta(days=1)).isoformat()
    hog_json(
        capsys,
        "contest",
        "create",
        "fa26",
        "--rules",
        "fa25",
        "--goal",
        "30",
        "--deadline",
        deadline,
        "--team-size",
        "2",
        "--publish",
        "sources",
        "--db",
        db,
        "--json",
    )
    roster = tmp_path / "roster.csv"
    roster.write_text("email,team,role\nAda@X.edu,pigs\nbob@x.edu,pigs\ncy@x.edu,\nprof@x.edu,,staff\n")
    people = hog_json(capsys, "contest", "roster", "fa26", str(roster), "--db", db, "--json")["participants"]
    tokens = {p["email"]: p["token"] for p in people}
    assert [p["team"] for p in people] == ["pigs", "pigs", "cy", None] and all(tokens.values())
    entry = tmp_path / "hog.py"
    entry.write_text(ENTRY)
    table = tmp_path / "table.json"
    table.write_text(json.dumps(table_of(3).tolist()))
    with running_server(db) as server:
        accepted = hog_json(
            capsys,
            "contest",
            "submit",
            "fa26",
            str(entry),
            "--server",
            server.url,
            "--token",
            tokens["ada@x.edu"],
            "--json",
        )
        assert accepted["status"] == "queued" and accepted["team_name"] == "Boar Brawlers"
        monkeypatch.setenv("HOG_TOKEN", tokens["cy@x.edu"])
        hog_json(capsys, "contest", "submit", "fa26", str(table), "--server", server.url, "--json")
        assert main(["contest", "submit", "fa26", str(table), "--server", server.url]) == 1
        assert "(429)" in capsys.readouterr().err  # Cy again within the minute
        wait_until(lambda: (b := leaderboard(server, "fa26"))["entries"] == 2 and not b["queued"], what="ranked")
        hog_json(capsys, "contest", "close", "fa26", "--db", db, "--json")
        assert (
            main(["contest", "submit", "fa26", str(entry), "--server", server.url, "--token", tokens["bob@x.edu"]]) == 1
        )
        assert "(423)" in capsys.readouterr().err
        board = leaderboard(server, "fa26")
        assert board["final"] is True
    shown = hog_json(capsys, "contest", "show", "fa26", "--db", db, "--json")
    assert shown["final"] and [w["team_name"] for w in shown["winners"]] == [r["team_name"] for r in board["rows"]]
    rate = reference_rate(
        np.array([[4 if s < 20 else 2 for _ in range(30)] for s in range(30)]), table_of(3), "sus_fuss"
    )
    ours = {row["team_name"]: row["mean_win_rate"] for row in shown["rows"]}
    assert ours["Boar Brawlers"] == pytest.approx(rate, abs=1e-12)
    archive = tmp_path / "fa26.json"
    hog_json(capsys, "contest", "export", "fa26", "--out", str(archive), "--db", db, "--json")
    exported = json.loads(archive.read_text())
    assert exported["teams"] == [r["team_name"] for r in board["rows"]] and exported["winrate_mat"][0][0] == 0.5
    hog_json(capsys, "contest", "import", str(archive), "--name", "fa26-copy", "--rules", "fa25", "--db", db, "--json")
    copy = hog_json(capsys, "contest", "show", "fa26-copy", "--db", db, "--json")
    assert [(r["rank"], r["team_name"], r["wins"]) for r in copy["rows"]] == [
        (r["rank"], r["team_name"], r["wins"]) for r in board["rows"]
    ]
    listed = hog_json(capsys, "contest", "list", "--db", db, "--json")["contests"]
    assert {c["name"]: c["state"] for c in listed} == {"fa26": "final", "fa26-copy": "final"}


def test_an_archive_file_that_is_not_one_is_refused_in_one_line(tmp_path, capsys):
    db = str(tmp_path / "a.db")
    bad = tmp_path / "bad.json"
    for content, problem in [
        ("{", "not JSON"),
        ('{"teams": ["a", "b"], "winrate_mat": [[0.5, 1.5], [0.5, 0.5]]}', "winrate_mat[0][1]"),
        ('{"teams": ["a"], "winrate_mat": []}', "1 teams but 0 rows"),
    ]:
        bad.write_text(content)
        assert main(["contest", "import", str(bad), "--name", "x", "--db", db]) == 1
        err = capsys.readouterr().err
        assert problem in err and err.count("\n") == 1
    assert main(["contest", "list", "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["contests"] == []  # nothing half written


def _entries_in_queue(db: str, count: int) -> list[np.ndarray]:
    """A closed contest with COUNT teams' entries queued, as the API leaves them; their tables."""
    now = datetime.now(timezone.utc)
    score = np.add.outer(np.arange(100), np.zeros(100, int))
    tables = [np.where(score < 20 + k % 60, 4 + k // 60, 2).astype(np.int8) for k in range(count)]  # all different
    with open_store(db) as store:
        contest = store.create_contest("rush", settings(now + timedelta(days=1), goal=100, team_size=1, rate_count=0))
        people = store.add_roster("rush", [(f"p{k}@x.edu", f"t{k}", "student") for k in range(count)])
        for k, ((person, _), table) in enumerate(zip(people, tables, strict=True)):
            queue_entry(store, contest, person, table, f"squad {k}", now)
        close_contest(store, "rush", datetime.now(timezone.utc))
    return tables


def test_the_queue_survives_kill_9_mid_ranking(tmp_path):
    db = f"sqlite:///{tmp_path / 'rush.db'}"
    tables = _entries_in_queue(db, 120)
    engine = create_engine(resolve_url(db))

    def progress() -> tuple[int, bool]:
        with engine.connect() as connection:
            matches = connection.execute(select(func.count()).select_from(Match)).scalar_one()
            published = connection.execute(select(func.count()).select_from(ContestStandings)).scalar_one() > 0
        return matches, published

    with running_server(db) as server:
        matches, published = wait_until(lambda: (p := progress())[0] > 0 and p, timeout=300, what="the first matches")
        server.kill()  # some pairs are cached, nothing is published: mid-ranking
    matches_at_kill, published = progress()
    assert not published and 0 < matches_at_kill < 120 * 119 // 2
    with running_server(db) as server:
        board = wait_until(lambda: (b := leaderboard(server, "rush"))["final"] and b, timeout=900, what="final")
    engine.dispose()
    assert board["entries"] == 120 and board["queued"] == 0
    assert sorted(row["team_name"] for row in board["rows"]) == sorted(f"squad {k}" for k in range(120))
    with open_store(db) as store:
        contest = store.get_contest("rush")
        assert {e.status for e in store.entries(contest)} == {"ranked"}
        standings = store.standings(contest)
    order = [int(team["team"][1:]) for team in standings.teams]
    lineup = [StrategyTable(tables[k], "sus_fuss", f"t{k}", "file") for k in order]
    expected = win_rate_matrix(len(lineup), run_league(lineup, LeagueSettings(), jobs=1))
    np.testing.assert_array_equal(standings.matrix, expected)  # every pair once, none lost
    sums = standings.matrix + standings.matrix.T
    np.testing.assert_allclose(sums[~np.eye(120, dtype=bool)], 1.0, atol=1e-12)


def test_hog_contest_worker_drains_the_queue_from_another_process(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'w.db'}"
    now = datetime.now(timezone.utc)
    with open_store(db) as store:
        contest = store.create_contest("c", settings(now + timedelta(days=1)))
        people = store.add_roster("c", [(f"p{k}@x.edu", f"t{k}", "student") for k in range(3)])
        for k, (person, _) in enumerate(people):
            queue_entry(store, contest, person, table_of(k), f"squad {k}", now)
    done = hog_json(capsys, "contest", "worker", "c", "--drain", "--db", db, "--json")
    assert done == {"contest": "c", "published": 1}
    shown = hog_json(capsys, "contest", "show", "c", "--db", db, "--json")
    assert shown["queued"] == 0 and len(shown["rows"]) == 3 and shown["state"] == "open"
    assert main(["contest", "worker", "nope", "--drain", "--db", db]) == 1
    assert "no contest 'nope'" in capsys.readouterr().err
