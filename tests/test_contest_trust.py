"""The contest a course can trust: each of the red team's findings, as an
attack that must now fail (SQLite and PostgreSQL where the store decides,
the real API and command line where the answer matters)."""

from __future__ import annotations

import json
import threading
from datetime import datetime, timedelta, timezone

import pytest
from contest_support import GOAL, NOW, RULES, close_contest, queue_entry, settings, table_of, wait_until
from fastapi.testclient import TestClient

from arena.contest.errors import DisqualifiedTable, NameTaken, NotOnRoster, TeamBarred
from arena.contest.service import Contests
from arena.contest.worker import rank_until_current
from hog_arena.cli.main import main
from hog_arena.web.app import create_app
from results.instants import UTCDateTime
from results.models import Base
from results.store import open_store

PACIFIC = timezone(timedelta(hours=-8))


def hog(*args: str) -> int:
    """The exit code of ``hog ARGS``, run in this process."""
    return main(list(args))


TOKYO = timezone(timedelta(hours=9))


@pytest.fixture
def store(db_url):
    with open_store(db_url) as opened:
        yield opened


def roster(store, name="c", people=None, **changes):
    contest = store.create_contest(name, settings(**changes))
    people = people or [(f"p{k}@x.edu", f"t{k}", "student") for k in range(1, 4)] + [("ta@x.edu", "staff", "staff")]
    added = store.add_roster(name, people)
    return contest, {p.email: p for p, _ in added}, {p.email: token for p, token in added}


# --- 1. instants keep their offset on every backend ---


def test_deadlines_in_any_offset_are_the_same_instant_after_a_restart(db_url):
    pacific = datetime(2026, 12, 1, 23, 59, tzinfo=PACIFIC)
    with open_store(db_url) as store:
        store.create_contest("c", settings(pacific))
    with open_store(db_url) as store:  # a restart: read back from the database
        contest = store.get_contest("c")
        assert contest.deadline == pacific and contest.deadline.utcoffset() == timedelta(0)
        assert contest.deadline.isoformat() == "2026-12-02T07:59:00+00:00"
        tokyo = datetime(2026, 12, 3, 9, 30, tzinfo=TOKYO)
        Contests(store).set_deadline("c", tokyo)
    with open_store(db_url) as store:
        assert store.get_contest("c").deadline == tokyo == datetime(2026, 12, 3, 0, 30, tzinfo=timezone.utc)
        Contests(store, clock=lambda: datetime(2026, 12, 2, 10, 0, tzinfo=TOKYO)).close("c")
    with open_store(db_url) as store:
        assert store.get_contest("c").closed == datetime(2026, 12, 2, 1, 0, tzinfo=timezone.utc)


def test_a_student_submits_until_the_deadline_in_its_own_offset(store):
    deadline = datetime(2026, 12, 1, 23, 59, tzinfo=PACIFIC)
    contest, people, _ = roster(store, deadline=deadline)
    policy = Contests(store)
    policy.take_attempt(contest, people["p1@x.edu"], datetime(2026, 12, 2, 7, 58, tzinfo=timezone.utc))
    with pytest.raises(ValueError, match="closed"):
        policy.take_attempt(contest, people["p2@x.edu"], datetime(2026, 12, 2, 7, 59, tzinfo=timezone.utc))


def test_every_time_column_stores_utc_and_refuses_a_time_without_a_zone(store):
    times = [c for table in Base.metadata.tables.values() for c in table.columns if "time" in str(c.type).lower()]
    assert times and all(isinstance(c.type, UTCDateTime) for c in times), [c for c in times]
    with pytest.raises(ValueError, match="time zone"):
        store.create_contest("naive", settings(datetime(2026, 12, 1, 23, 59)))


def test_the_readme_s_deadline_through_the_command_line(tmp_path, capsys):
    db = str(tmp_path / "c.db")
    create = ["contest", "create", "fa26", "--rules", RULES, "--db", db, "--json"]
    assert hog(*create, "--deadline", "2026-12-01T23:59:00-08:00") == 0
    assert hog("contest", "extend", "fa26", "--deadline", "2026-12-02T23:59:00+09:00", "--db", db, "--json") == 0
    capsys.readouterr()
    assert hog("contest", "show", "fa26", "--db", db, "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["contest"]["deadline"] == "2026-12-02T14:59:00+00:00"


# --- 2. e-mails compare exactly after ASCII folding ---


def test_a_look_alike_email_is_not_the_staff_member(store):
    contest, _, _ = roster(store, people=[("kim@x.edu", "staff", "staff")])
    policy = Contests(store)
    assert policy.by_email(contest, "KIM@X.edu").staff
    with pytest.raises(NotOnRoster):
        policy.by_email(contest, "\u212aim@x.edu")  # KELVIN SIGN


# --- 4. disqualification sticks ---


def test_a_disqualified_table_never_comes_back_and_staff_may_bar_a_team(store):
    contest, people, _ = roster(store)
    p1, p2 = people["p1@x.edu"], people["p2@x.edu"]
    entry = queue_entry(store, contest, p1, table_of(1), None, NOW)
    policy = Contests(store)
    policy.disqualify("c", entry.id, "copied")
    with pytest.raises(DisqualifiedTable):
        queue_entry(store, contest, p1, table_of(1), None, NOW)
    queue_entry(store, contest, p1, table_of(5), None, NOW)  # another table is welcome
    second = queue_entry(store, contest, p2, table_of(2), None, NOW)
    policy.disqualify("c", second.id, "copied again", bar=True)
    with pytest.raises(TeamBarred, match="copied again"):
        policy.take_attempt(contest, p2, NOW)
    with pytest.raises(TeamBarred):
        queue_entry(store, contest, p2, table_of(7), None, NOW)
    assert policy.lift_bar("c", "t2")
    queue_entry(store, contest, p2, table_of(7), None, NOW)


# --- 7. near-copies are flagged ---


def test_a_one_cell_near_copy_is_flagged_to_staff(store):
    contest, people, _ = roster(store)
    original = queue_entry(store, contest, people["p1@x.edu"], table_of(1), None, NOW)
    copy = table_of(1)
    copy[GOAL - 1, GOAL - 1] = (copy[GOAL - 1, GOAL - 1] + 1) % 11
    flagged = queue_entry(store, contest, people["p2@x.edu"], copy, None, NOW)
    other = queue_entry(store, contest, people["p3@x.edu"], table_of(3), None, NOW)
    assert (flagged.near_duplicate_of, flagged.near_cells) == (original.id, 1)
    assert other.near_duplicate_of is None


# --- 8. team names ---


def test_names_cannot_take_another_team_s_roster_id_label_or_the_staff_s(store):
    contest, people, _ = roster(store)
    p1, p2 = people["p1@x.edu"], people["p2@x.edu"]
    for name in ("t2", "T2", "Team 2", "team #3", "Course Staff", "Pig Latin (official)", "ѕtaff"):
        with pytest.raises(NameTaken):
            queue_entry(store, contest, p1, table_of(1), name, NOW)
    assert queue_entry(store, contest, p1, table_of(1), "t1", NOW).team_name == "t1"  # its own id is its own
    assert queue_entry(store, contest, p1, table_of(1), "Team 1", NOW).team_name == "Team 1"  # so is its label
    assert queue_entry(store, contest, p2, table_of(2), None, NOW).team_name == "Team 2"  # the victim's default


def test_an_abandoned_name_is_free_again(store):
    contest, people, _ = roster(store)
    queue_entry(store, contest, people["p1@x.edu"], table_of(1), "Pig Latin", NOW)
    with pytest.raises(NameTaken):
        queue_entry(store, contest, people["p2@x.edu"], table_of(2), "Pig Latin", NOW)
    queue_entry(store, contest, people["p1@x.edu"], table_of(1), "Hog Wild", NOW)
    assert queue_entry(store, contest, people["p2@x.edu"], table_of(2), "Pig Latin", NOW).team_name == "Pig Latin"


# --- 13. a read is a lookup ---


def test_reading_a_board_ranks_nothing(store, monkeypatch):
    contest, people, _ = roster(store)
    for k, email in enumerate(people):
        if email != "ta@x.edu":
            queue_entry(store, contest, people[email], table_of(k), None, NOW)
    rank_until_current(store, "c")
    import arena.contest.board as board_module
    import arena.ranking as ranking_module

    def no_ranking(*_args, **_kwargs):
        raise AssertionError("a read ranked the standings again")

    monkeypatch.setattr(board_module, "rank_matrix", no_ranking)
    monkeypatch.setattr(ranking_module, "rank_matrix", no_ranking)
    board = Contests(store, clock=lambda: NOW).board("c")
    assert [row.rank for row in board.rows] == sorted(row.rank for row in board.rows) and len(board.rows) == 3


# --- through the web: publishing, rounding, labels, check slots ---


@pytest.fixture
def web(tmp_path):
    url = f"sqlite:///{tmp_path / 'contest.db'}"
    people = [("ada.lovelace@x.edu", "", "student"), ("bob@x.edu", "t2", "student"), ("cy@x.edu", "t2", "student")]
    people += [("dee@x.edu", "t3", "student"), ("ta@x.edu", "staff", "staff")]
    deadline = datetime.now(timezone.utc) + timedelta(days=1)
    with open_store(url) as store:
        store.create_contest("fa26", settings(deadline, publish="sources", rate_count=0))
        tokens = {
            p.email: token
            for p, token in store.add_roster("fa26", [(e, t or e.split("@")[0], r) for e, t, r in people])
        }
    with TestClient(create_app(url, RULES), base_url="http://localhost") as client:
        yield client, url, tokens


def post(client, token, table=None, source=None, name="hog.json", team_name=None):
    content = source.encode() if source is not None else json.dumps(table.tolist()).encode()
    data = {} if team_name is None else {"team_name": team_name}
    headers = {"Authorization": f"Bearer {token}"}
    return client.post("/api/contests/fa26/entries", headers=headers, files={"file": (name, content)}, data=data)


def ranked(client, entries):
    return wait_until(
        lambda: (
            (b := client.get("/api/contests/fa26/leaderboard").json())["entries"] == entries and not b["queued"] and b
        )
    )


def test_nothing_public_carries_an_email_a_file_name_or_a_reason(web):
    client, url, tokens = web
    first = post(client, tokens["ada.lovelace@x.edu"], table_of(1), name="ada_secret_file.json").json()
    assert first["team_name"] == "Team 1"  # never "ada.lovelace"
    replaced = post(client, tokens["bob@x.edu"], table_of(2)).json()["entry_id"]
    final = post(client, tokens["cy@x.edu"], table_of(4)).json()["entry_id"]
    thrown = post(client, tokens["dee@x.edu"], table_of(3)).json()["entry_id"]
    staff = {"Authorization": f"Bearer {tokens['ta@x.edu']}"}
    reason = "a staff reason nobody else may read"
    assert (
        client.post(
            f"/api/contests/fa26/entries/{thrown}/disqualify", json={"reason": reason}, headers=staff
        ).status_code
        == 200
    )
    ranked(client, 2)
    with open_store(url) as store:
        close_contest(store, "fa26", datetime.now(timezone.utc))
    public = [
        client.get(p).text for p in ("/api/contests/fa26/leaderboard", "/contests/fa26", "/winners", "/api/contests")
    ]
    public += [
        client.get(f"/api/contests/fa26/entries/{first['entry_id']}").text,
        client.get(f"/api/contests/fa26/entries/{final}").text,
    ]
    for text in public:
        for secret in ("ada.lovelace", "@x.edu", "ada_secret_file", reason, "submitted_by", "filename"):
            assert secret not in text
    for hidden in (replaced, thrown):  # only each team's final entry is published
        assert client.get(f"/api/contests/fa26/entries/{hidden}").status_code == 404
    assert set(client.get(f"/api/contests/fa26/entries/{final}").json()) == {"id", "team_name", "table", "source"}


def test_public_rates_are_rounded_until_final_and_staff_see_them_exact(web):
    client, url, tokens = web
    post(client, tokens["ada.lovelace@x.edu"], table_of(1))
    post(client, tokens["bob@x.edu"], table_of(2))
    post(client, tokens["dee@x.edu"], table_of(3))
    board = ranked(client, 3)
    staff = client.get(
        "/api/contests/fa26/leaderboard", headers={"Authorization": f"Bearer {tokens['ta@x.edu']}"}
    ).json()
    assert not board["exact"] and staff["exact"]
    exact = {row["team_name"]: row["mean_win_rate"] for row in staff["rows"]}
    assert any(round(v, 3) != v for v in exact.values())  # the exact means have more than 3 decimals
    for row in board["rows"]:
        assert row["mean_win_rate"] == round(exact[row["team_name"]], 3)
    matrix = client.get("/api/contests/fa26/matrix").json()["winrate_mat"]
    assert all(v is None or round(v, 3) == v for line in matrix for v in line)
    with open_store(url) as store:
        close_contest(store, "fa26", datetime.now(timezone.utc))
    final = client.get("/api/contests/fa26/leaderboard").json()
    assert final["exact"] and {row["team_name"]: row["mean_win_rate"] for row in final["rows"]} == exact


SLEEPER = "import time\ntime.sleep(8)\n\ndef final_strategy(score, opponent_score):\n    return 4\n"


def test_a_team_holds_one_check_slot_and_a_json_entry_never_waits(web):
    client, _, tokens = web
    held = []
    first = threading.Thread(
        target=lambda: held.append(post(client, tokens["bob@x.edu"], source=SLEEPER, name="hog.py"))
    )
    first.start()
    checks = client.app.state.contests.checks
    wait_until(lambda: checks.in_flight == 1)
    teammate = post(client, tokens["cy@x.edu"], source=SLEEPER.replace("4", "5"), name="hog.py")
    assert teammate.status_code == 429  # the team's one slot is taken
    quick = post(client, tokens["dee@x.edu"], table_of(3))
    assert quick.status_code == 202 and first.is_alive()  # answered while the sleeper still holds its slot
    first.join(60)
    assert held[0].status_code == 202


def test_a_contest_is_deleted_with_everything_it_holds(tmp_path, capsys):
    db = str(tmp_path / "c.db")
    with open_store(db) as store:
        contest, people, _ = roster(store)
        queue_entry(store, contest, people["p1@x.edu"], table_of(1), None, NOW)
    assert hog("contest", "delete", "c", "--db", db) != 0  # not without --yes
    assert hog("contest", "delete", "c", "--yes", "--db", db) == 0
    with open_store(db) as store:
        assert store.list_contests() == []
        from sqlalchemy import text

        with store._engine.connect() as connection:
            for table in ("contest_participants", "contest_entries", "contest_attempts"):
                assert connection.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar() == 0


def test_staff_see_near_copies_and_bar_teams_from_the_command_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    db = str(tmp_path / "c.db")
    with open_store(db) as store:
        contest, people, _ = roster(store)
        original = queue_entry(store, contest, people["p1@x.edu"], table_of(1), None, NOW)
        copy = table_of(1)
        copy[0, 0] = (copy[0, 0] + 1) % 11
        flagged = queue_entry(store, contest, people["p2@x.edu"], copy, None, NOW)
    assert hog("contest", "bar", "c", "t3", "--reason", "asked to stop", "--db", db) == 0
    capsys.readouterr()
    assert hog("contest", "show", "c", "--db", db, "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    near = {e["id"]: e["near_duplicate_of"] for e in shown["all_entries"]}
    assert near == {original.id: None, flagged.id: original.id}
    assert shown["barred"] == [{"team": "t3", "reason": "asked to stop"}]
    assert hog("contest", "show", "c", "--db", db) == 0
    assert f"#{original.id} (1 cells differ)" in capsys.readouterr().out
    with open_store(db) as store, pytest.raises(TeamBarred):
        Contests(store).take_attempt(store.get_contest("c"), people["p3@x.edu"], NOW)


# --- 3. a token rotation ends the person's sign-in sessions ---


def test_rotating_a_token_ends_every_sign_in_session_of_its_person(store):
    roster(store)
    hour, day = timedelta(hours=12), timedelta(days=14)
    mine, other = store.open_session("p1@x.edu", NOW), store.open_session("p2@x.edu", NOW)
    Contests(store).rotate_token("c", "P1@x.edu")
    assert store.session_email(mine, NOW, hour, day) is None
    assert store.session_email(other, NOW, hour, day) == "p2@x.edu"


# --- issue 37: staff and baselines, refused attempts, past contests, time zones ---


def test_staff_are_no_team_and_baselines_count_in_no_team_s_wins(store, tmp_path):
    from arena.contest.errors import NoTeam
    from arena.contest.teams import read_roster
    from strategies.submission import Submission
    from strategies.table import StrategyTable

    people = read_roster("email,team,role\nta@x.edu,,staff\na@x.edu,t1,\nb@x.edu,t2,\n", "roster.csv")
    assert [p.team for p in people] == [None, "t1", "t2"]
    store.create_contest("c", settings())
    added = {p.email: p for p, _ in store.add_roster("c", [(p.email, p.team, p.role) for p in people])}
    contest = store.get_contest("c")
    policy = Contests(store)
    with pytest.raises(NoTeam):
        policy.take_attempt(contest, added["ta@x.edu"], NOW)
    queue_entry(store, contest, added["a@x.edu"], table_of(1), None, NOW)
    queue_entry(store, contest, added["b@x.edu"], table_of(2), None, NOW)
    rank_until_current(store, "c")
    before = {row.team_name: (row.rank, row.wins) for row in policy.board("c").rows}
    strong = Submission("x.json", StrategyTable(table_of(4), RULES, "x", "file"), None)
    baseline = policy.add_baseline(contest, strong, "always four", filename="x.json")
    rank_until_current(store, "c")
    board = Contests(store, clock=lambda: NOW).board("c")
    teams = {row.team_name: (row.rank, row.wins) for row in board.teams}
    assert teams == before and len(board.teams) == 2  # the baseline changes no team's wins or rank
    (shown,) = [row for row in board.rows if row.baseline]
    assert shown.rank is None and shown.entry_id == baseline.id and shown.team_name == "always four"
    assert board.as_dict()["entries"] == 2 and any(r["baseline"] for r in board.as_dict()["rows"])


def test_refused_attempts_are_kept_with_their_reason(store):
    contest, people, _ = roster(store)
    queue_entry(store, contest, people["p1@x.edu"], table_of(1), None, NOW)
    policy = Contests(store)
    attempt = policy.take_attempt(contest, people["p2@x.edu"], NOW)
    from strategies.submission import Submission

    with pytest.raises(ValueError):
        policy.accept(
            contest,
            people["p2@x.edu"],
            Submission("bad.py", error="bad.py: no final_strategy"),
            filename="bad.py",
            team_name=None,
            received=NOW,
            attempt=attempt,
        )
    policy.attempt_checked(contest, attempt, "refused: bad.py: no final_strategy")
    verdicts = [(a.email, a.verdict) for a in store.attempts(contest)]
    assert verdicts == [("p2@x.edu", "refused: bad.py: no final_strategy")]


def test_a_past_contest_keeps_when_it_ran_and_a_contest_shows_its_time_zone(tmp_path, capsys):
    db = str(tmp_path / "c.db")
    archive = tmp_path / "fa19.json"
    archive.write_text(json.dumps({"teams": ["A", "B"], "winrate_mat": [[0.5, 0.7], [0.3, 0.5]]}))
    past = ["--name", "fa19", "--rules", "fa19", "--closed", "2019-12-06T23:59:00-08:00", "--db", db]
    assert hog("contest", "import", str(archive), *past) == 0
    create = ["contest", "create", "fa26", "--rules", RULES, "--deadline", "2026-12-01T23:59:00-08:00", "--db", db]
    assert hog(*create, "--timezone", "America/Los_Angeles") == 0
    assert "2026-12-01 23:59 PST (2026-12-02 07:59 UTC)" in capsys.readouterr().out
    assert hog(*create[:2], "x", *create[3:], "--timezone", "Mars/Olympus") != 0
    with open_store(db) as store:
        closes = {c.name: c.closes for c in store.list_contests()}
    assert closes["fa19"] == datetime(2019, 12, 7, 7, 59, tzinfo=timezone.utc)
    with TestClient(create_app(f"sqlite:///{db}", RULES), base_url="http://localhost") as client:
        assert "2026-12-01 23:59 PST (2026-12-02 07:59 UTC)" in client.get("/contests/fa26").text
        winners = client.get("/winners").text
        assert "2019-12-07" in winners
