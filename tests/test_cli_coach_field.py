"""``hog coach --league`` and ``--contest``: each matchup against the plain
reference, the field's costs adding up to the mean gap, who may coach a
contest entry, and one line for each bad request."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest
from coach_reference import coach_reference
from contest_support import GOAL, RULES, queue_entry, reference_rate, settings, table_of

from hog_arena.cli.main import main
from results.store import open_store
from strategies.spec import resolve_spec

LEAGUE_GOAL = 20
LEAGUE = ("always_roll(3)", "always_roll(6)", "final_strategy", "perfect")


def coach(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["coach", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def league_db(capsys, tmp_path) -> str:
    """A league "class" of LEAGUE at goal LEAGUE_GOAL."""
    db = str(tmp_path / "arena.db")
    args = ["league", *LEAGUE, "--name", "class", "--db", db, "--rules", RULES, "--goal", str(LEAGUE_GOAL), "--json"]
    assert main(args) == 0, capsys.readouterr().err
    capsys.readouterr()
    return db


def test_a_league_s_matchups_agree_with_the_plain_reference(capsys, league_db):
    scope = ["--rules", RULES, "--goal", str(LEAGUE_GOAL)]
    code, out, err = coach(capsys, "final_strategy", "--league", "class", "--db", league_db, *scope, "--json")
    assert code == 0, err
    data = json.loads(out)
    opponents = ["always_roll(3)", "always_roll(6)", "perfect"]  # the strategy's own entry is not its opponent
    assert data["field"] == "league class" and data["opponents"] == 3
    assert [m["opponent"] for m in data["matchups"]] == opponents
    student = resolve_spec("final_strategy", RULES, LEAGUE_GOAL).table
    references = [coach_reference(RULES, student, resolve_spec(o, RULES, LEAGUE_GOAL).table) for o in opponents]
    for matchup, reference in zip(data["matchups"], references, strict=True):
        assert matchup["win_rate"] == pytest.approx(reference["rates"]["own"], abs=1e-12)
        assert matchup["best_win_rate"] == pytest.approx(reference["rates"]["best"], abs=1e-12)
    assert data["gap"] == pytest.approx(sum(m["gap"] for m in data["matchups"]) / 3, abs=1e-15)
    assert abs(sum(cell["cost"] for cell in data["cells"]) - data["gap"]) < 1e-12
    for cell in data["cells"]:
        where = (cell["score"], cell["opponent_score"])
        expected = sum(reference["cost"].get(where, 0.0) for reference in references) / 3
        assert cell["cost"] == pytest.approx(expected, abs=1e-12), where
    worst = [m["gap"] for m in data["worst"]]
    assert worst == sorted(worst, reverse=True) and len(worst) == 3
    assert [c["cost"] for c in data["top"]] == sorted((c["cost"] for c in data["top"]), reverse=True)


def test_the_league_report_for_people(capsys, league_db):
    scope = ["--rules", RULES, "--goal", str(LEAGUE_GOAL), "--top", "2"]
    code, out, err = coach(capsys, "always_roll(5)", "--league", "class", "--db", league_db, *scope)
    assert code == 0, err
    assert "always_roll(5) against the league class (sus_fuss, goal 20): 4 opponents" in out
    assert "the 2 matchups that lose most" in out and "the 2 cells that cost most over the field" in out
    sentences = [line for line in out.splitlines() if line.startswith("At ")]
    assert len(sentences) == 2 and all("costs you" in line and "over the field" in line for line in sentences)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--league", "nope"], "no league 'nope'"),
        (["--league", "class", "--rules", "hog_pile"], "no league 'class' for hog_pile"),
        (["--league", "class", "--goal", "30"], "no league 'class' for sus_fuss, goal 30"),
        (["--league", "class", "--fix", "3", "--out", "x.py"], "--fix and --out coach against one opponent"),
        (["--league", "class", "--opponent", "perfect"], "--opponent and a field do not mix"),
        (["--league", "class", "--token", "abc"], "--token is for --contest"),
    ],
)
def test_bad_league_requests_are_one_line(capsys, league_db, args, message):
    scope = {"--rules": RULES, "--goal": str(LEAGUE_GOAL)}
    for flag, value in scope.items():
        if flag not in args:
            args = [*args, flag, value]
    code, out, err = coach(capsys, "always_roll(5)", *args, "--db", league_db)
    assert code == 1 and out == ""
    assert err.startswith("hog: error: ") and message in err and len(err.strip().splitlines()) == 1


# --- a contest entry ---------------------------------------------------------


@pytest.fixture
def contest_db(tmp_path) -> tuple[str, dict[str, str], dict[str, int]]:
    """(db, tokens by email, entry id by team) of a live contest fa26 with three teams' entries."""
    db = f"sqlite:///{tmp_path / 'contest.db'}"
    now = datetime.now(timezone.utc)
    people = [("ada@x.edu", "t1", "student"), ("cy@x.edu", "t2", "student"), ("dee@x.edu", "t3", "student")]
    people.append(("staff@x.edu", "staff", "staff"))
    with open_store(db) as store:
        contest = store.create_contest("fa26", settings(now + timedelta(days=1), publish="tables"))
        tokens = {p.email: token for p, token in store.add_roster("fa26", people)}
        entries = {}
        for k, (email, team, _) in enumerate(people[:3]):
            person = store.participant(contest, email)
            entries[team] = queue_entry(store, contest, person, table_of(k), "Pig " + "abc"[k], now).id
    return db, tokens, entries


def test_a_team_coaches_its_entry_against_the_other_teams(capsys, contest_db):
    db, tokens, entries = contest_db
    code, out, err = coach(capsys, f"#{entries['t1']}", "--contest", "fa26", "--token", tokens["ada@x.edu"], "--db", db)
    assert code == 0, err
    assert f"entry #{entries['t1']} (Pig a) against the contest fa26 (sus_fuss, goal {GOAL}): 2 opponents" in out
    code, out, err = coach(
        capsys, str(entries["t1"]), "--contest", "fa26", "--token", tokens["ada@x.edu"], "--db", db, "--json"
    )
    assert code == 0, err
    team = json.loads(out)  # as the live leaderboard shows a team's rates, its mean too: 3 decimals
    rates = [reference_rate(table_of(0), table_of(k)) for k in (1, 2)]
    assert [m["win_rate"] for m in team["matchups"]] == [round(rate, 3) for rate in rates]
    assert team["win_rate"] == round(sum(rates) / 2, 3)
    code, out, err = coach(
        capsys, str(entries["t1"]), "--contest", "fa26", "--token", tokens["staff@x.edu"], "--db", db, "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    assert [m["opponent"] for m in data["matchups"]] == ["Pig b", "Pig c"]
    for k, matchup in enumerate(data["matchups"], start=1):
        assert matchup["win_rate"] == pytest.approx(reference_rate(table_of(0), table_of(k)), abs=1e-12)
    assert abs(sum(cell["cost"] for cell in data["cells"]) - data["gap"]) < 1e-12
    assert data["gap"] == pytest.approx(np.mean([m["gap"] for m in data["matchups"]]), abs=1e-15)


@pytest.mark.parametrize("who", ["cy@x.edu", None])
def test_another_team_and_anyone_without_a_token_are_refused_while_live(capsys, contest_db, monkeypatch, who):
    db, tokens, entries = contest_db
    monkeypatch.delenv("HOG_TOKEN", raising=False)
    token = [] if who is None else ["--token", tokens[who]]
    code, out, err = coach(capsys, str(entries["t1"]), "--contest", "fa26", *token, "--db", db)
    assert code == 1 and out == ""
    assert err.startswith(f"hog: error: no entry #{entries['t1']} that you may see in contest 'fa26'")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1", "--contest", "nope"], "nope"),
        (["final_strategy", "--contest", "fa26"], "SPEC is the entry's id"),
        (["1", "--contest", "fa26", "--rules", "hog_pile"], "was made with the sus_fuss rules, not hog_pile"),
        (["1", "--contest", "fa26", "--goal", "100"], f"was made with goal {GOAL}, not 100"),
        (["1", "--contest", "fa26", "--token", "hog_wrong"], "that token is not valid for contest 'fa26'"),
        (["1", "--contest", "fa26", "--league", "x"], "give --league or --contest, not both"),
    ],
)
def test_bad_contest_requests_are_one_line(capsys, contest_db, args, message):
    db, _, _ = contest_db
    code, out, err = coach(capsys, *args, "--db", db)
    assert code in (1, 2) and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_an_entry_without_another_team_s_entry_has_no_field(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'contest.db'}"
    now = datetime.now(timezone.utc)
    with open_store(db) as store:
        contest = store.create_contest("fa26", settings(now + timedelta(days=1)))
        tokens = {p.email: token for p, token in store.add_roster("fa26", [("ada@x.edu", "t1", "student")])}
        entry = queue_entry(store, contest, store.participant(contest, "ada@x.edu"), table_of(0), None, now).id
    code, _, err = coach(capsys, str(entry), "--contest", "fa26", "--token", tokens["ada@x.edu"], "--db", db)
    assert code == 1 and "has no other team's entry yet" in err
