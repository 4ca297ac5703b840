"""The contest API and pages through FastAPI's test client, on a real
SQLite file: tokens, replacement, the rate, the deadline, privacy, live
standings and the archive. The apps run no ranking worker: a test that
needs the standings ranks the queue itself (``rank_until_current``, the
worker's own step), so nothing waits on a thread; one test checks that the
app's worker, as ``hog serve`` runs it, ranks what the app accepts."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone

import pytest
from contest_support import RULES, close_contest, reference_standings, settings, table_of
from fastapi.testclient import TestClient
from waiting import wait_until

from arena.contest.worker import rank_until_current
from hog_arena.web.admission import AdmissionPolicy
from hog_arena.web.app import create_app
from results.store import open_store

ENTRY_SOURCE = """\
TEAM_NAME = "Ｐｉｇ\u200b Latin"  # the course template's line: NFKC, no zero-width space

def final_strategy(score, opponent_score):
    return 5 if score < 20 else 3
"""


def moves_of_entry_source(score: int, opponent_score: int) -> int:
    return 5 if score < 20 else 3


def new_contest(tmp_path) -> tuple[str, dict[str, str]]:
    """(db URL, tokens by email) of contest fa26, open for a day, publishing tables when final."""
    url = f"sqlite:///{tmp_path / 'contest.db'}"
    people = [("ada@x.edu", "t1", "student"), ("bob@x.edu", "t1", "student"), ("cy@x.edu", "t2", "student")]
    people += [("dee@x.edu", "t3", "student"), ("staff@x.edu", "staff", "staff")]
    deadline = datetime.now(timezone.utc) + timedelta(days=1)
    with open_store(url) as store:
        store.create_contest("fa26", settings(deadline, publish="tables", rate_count=1, rate_seconds=60))
        tokens = {p.email: token for p, token in store.add_roster("fa26", people)}
    return url, tokens


@pytest.fixture
def contest(tmp_path):
    """(client, db URL, tokens by email) of the contest of ``new_contest``, served by an app without a worker."""
    url, tokens = new_contest(tmp_path)
    with TestClient(create_app(url, RULES, contest_worker=False), base_url="http://localhost") as client:
        yield client, url, tokens


def post_entry(client, token, k=None, source=None, name="hog.json", team_name=None):
    content = source.encode() if source is not None else json.dumps(table_of(k).tolist()).encode()
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    data = {} if team_name is None else {"team_name": team_name}
    return client.post("/api/contests/fa26/entries", headers=headers, files={"file": (name, content)}, data=data)


def leaderboard(client) -> dict:
    return client.get("/api/contests/fa26/leaderboard").json()


def ranked(client, url: str, entries: int) -> dict:
    """The leaderboard once the queue is ranked here and now; it shows ENTRIES and nothing waits."""
    with open_store(url) as store:
        rank_until_current(store, "fa26")
    board = leaderboard(client)
    assert (board["entries"], board["queued"]) == (entries, 0), board
    return board


def test_the_apps_own_worker_ranks_what_the_app_accepts(tmp_path):
    """With its worker, as ``hog serve`` runs it, the app ranks accepted
    entries without anyone asking (a bounded wait for the worker's thread)."""
    url, tokens = new_contest(tmp_path)
    with TestClient(create_app(url, RULES), base_url="http://localhost") as client:
        assert post_entry(client, tokens["ada@x.edu"], 0).status_code == 202
        assert post_entry(client, tokens["cy@x.edu"], 1).status_code == 202
        board = wait_until(
            lambda: (b := leaderboard(client))["entries"] == 2 and b["queued"] == 0 and b, what="2 entries ranked"
        )
    expected = reference_standings(["Team 1", "Team 2"], [table_of(0), table_of(1)])
    assert {row["team_name"]: (row["rank"], row["wins"]) for row in board["rows"]} == {
        name: (rank, wins) for name, (rank, wins, _) in expected.items()
    }


def test_a_submission_is_queued_ranked_and_shown(contest):
    client, url, tokens = contest
    reply = post_entry(client, tokens["ada@x.edu"], source=ENTRY_SOURCE, name="hog.py")
    assert reply.status_code == 202, reply.text
    body = reply.json()
    assert body == {"entry_id": body["entry_id"], "team": "t1", "team_name": "Pig Latin", "status": "queued"}
    assert post_entry(client, tokens["cy@x.edu"], 1).status_code == 202
    assert post_entry(client, tokens["dee@x.edu"], 2).status_code == 202
    board = ranked(client, url, 3)
    assert set(board) >= {"contest", "rules", "deadline", "final", "updated", "queued", "rows"}
    assert board["final"] is False and board["rules"] == RULES
    entry = [[moves_of_entry_source(s, o) for o in range(30)] for s in range(30)]
    import numpy as np

    expected = reference_standings(
        ["Pig Latin", "t2", "t3"], [np.array(entry, dtype=np.int8), table_of(1), table_of(2)]
    )  # teams t2 and t3 gave no name: their labels are Team 2 and Team 3
    for row in board["rows"]:
        assert set(row) == {
            "rank",
            "team_name",
            "wins",
            "losses",
            "mean_win_rate",
            "entry_id",
            "baseline",
        }  # no team id
        rank, wins, mean = expected[row["team_name"].replace("Team 2", "t2").replace("Team 3", "t3")]
        assert (row["rank"], row["wins"], row["losses"]) == (rank, wins, 2 - wins)
        assert row["mean_win_rate"] == round(mean, 3)  # rounded until final
    page = client.get("/contests/fa26")
    assert page.status_code == 200 and "Pig Latin" in page.text and "3</span> entries ranked" in page.text
    assert client.get("/contests/fa26/matrix.png").headers["content-type"] == "image/png"
    matrix = client.get("/api/contests/fa26/matrix").json()
    assert matrix["teams"] == [row["team_name"] for row in board["rows"]] and matrix["winrate_mat"][0][0] is None


def test_tokens_are_checked(contest):
    client, url, _ = contest
    assert post_entry(client, None, 0).status_code == 401
    assert post_entry(client, "hog_not-a-token", 0).status_code == 401
    with open_store(url) as store:
        store.create_contest("other", settings())
        ((_, stranger),) = store.add_roster("other", [("zed@y.edu", "z", "student")])
    refused = post_entry(client, stranger, 0)
    unknown = post_entry(client, "hog_not-a-token", 0)
    # A token of another contest's roster answers as an unknown one: nothing tells where its owner is.
    assert (refused.status_code, refused.json()) == (unknown.status_code, unknown.json()) == (401, refused.json())


def test_a_team_s_new_entry_replaces_its_last_and_its_history_stays_readable(contest):
    client, url, tokens = contest
    first = post_entry(client, tokens["ada@x.edu"], 0).json()["entry_id"]
    second = post_entry(client, tokens["bob@x.edu"], 1).json()["entry_id"]  # same team, another person
    mine = client.get("/api/contests/fa26/entries/mine", headers={"Authorization": f"Bearer {tokens['ada@x.edu']}"})
    assert [(e["id"], e["status"]) for e in mine.json()["entries"]][1] == (first, "replaced")
    assert mine.json()["entries"][0]["id"] == second
    assert ranked(client, url, 1)["rows"][0]["entry_id"] == second


def test_the_rate_is_per_person_with_retry_after(contest):
    client, _, tokens = contest
    assert post_entry(client, tokens["ada@x.edu"], 0).status_code == 202
    refused = post_entry(client, tokens["ada@x.edu"], 1)
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    assert post_entry(client, tokens["cy@x.edu"], 1).status_code == 202


def test_an_identical_table_of_another_team_is_refused_naming_no_one(contest):
    client, _, tokens = contest
    assert post_entry(client, tokens["ada@x.edu"], 0, team_name="Ada Lovelace").status_code == 202
    refused = post_entry(client, tokens["cy@x.edu"], 0)
    assert refused.status_code == 409
    assert not any(word in refused.json()["detail"] for word in ("Ada", "t1", "ada@"))


def test_team_names_are_cleaned_and_bounded(contest):
    client, _, tokens = contest
    assert post_entry(client, tokens["ada@x.edu"], 0, team_name="x" * 41).status_code == 400
    assert post_entry(client, tokens["cy@x.edu"], 1, team_name="\u200b\u2060").status_code == 400
    assert post_entry(client, tokens["dee@x.edu"], 2, team_name="ｂｏａｒ\u200d").json()["team_name"] == "boar"


def test_a_refused_file_gets_its_one_line_reason(contest):
    client, _, tokens = contest
    refused = post_entry(
        client, tokens["ada@x.edu"], source="def final_strategy(s, o):\n    return 11\n", name="hog.py"
    )
    assert refused.status_code == 400 and "11" in refused.json()["detail"] and "\n" not in refused.json()["detail"]


def test_after_the_deadline_submissions_get_423_and_the_standings_turn_final(contest):
    client, url, tokens = contest
    assert post_entry(client, tokens["ada@x.edu"], 0).status_code == 202
    assert post_entry(client, tokens["cy@x.edu"], 1).status_code == 202
    ranked(client, url, 2)
    with open_store(url) as store:
        close_contest(store, "fa26", datetime.now(timezone.utc))
    assert post_entry(client, tokens["dee@x.edu"], 2).status_code == 423
    board = client.get("/api/contests/fa26/leaderboard").json()
    assert board["final"] is True
    assert "final standings" in client.get("/contests/fa26").text
    winners = client.get("/winners").text
    assert "fa26" in winners and board["rows"][0]["team_name"] in winners


def test_entries_stay_private_until_final_then_publish_tables(contest):
    client, url, tokens = contest
    source = ENTRY_SOURCE.replace("Latin", "Secret")
    entry = post_entry(client, tokens["ada@x.edu"], source=source, name="hog.py").json()["entry_id"]
    assert post_entry(client, tokens["cy@x.edu"], 1).status_code == 202
    ranked(client, url, 2)
    path = f"/api/contests/fa26/entries/{entry}"
    missing = client.get("/api/contests/fa26/entries/999")
    assert client.get(path).status_code == 404 and missing.status_code == 404  # whether it exists is not told
    other_team = client.get(path, headers={"Authorization": f"Bearer {tokens['cy@x.edu']}"})
    assert other_team.status_code == 404 and other_team.json()["detail"].replace(str(entry), "N") == missing.json()[
        "detail"
    ].replace("999", "N")
    mine = client.get(path, headers={"Authorization": f"Bearer {tokens['bob@x.edu']}"}).json()
    assert mine["source"] == source and len(mine["table"]) == 30
    assert client.get(path, headers={"Authorization": f"Bearer {tokens['staff@x.edu']}"}).json()["source"] == source
    for page in ("/api/strategies", "/strategies", "/api/strategies?rules=sus_fuss&goal=30", "/contests/fa26"):
        assert "return 5 if score" not in client.get(page).text
    with open_store(url) as store:
        close_contest(store, "fa26", datetime.now(timezone.utc))
    published = client.get(path).json()
    assert published["table"] == mine["table"] and published["source"] is None  # publish=tables
    assert set(published) == {"id", "team_name", "table", "source"}  # no e-mail, file name or reason


def test_only_staff_disqualify(contest):
    client, url, tokens = contest
    entry = post_entry(client, tokens["ada@x.edu"], 0).json()["entry_id"]
    post_entry(client, tokens["cy@x.edu"], 1)
    path = f"/api/contests/fa26/entries/{entry}/disqualify"
    student = client.post(path, json={"reason": "mine"}, headers={"Authorization": f"Bearer {tokens['cy@x.edu']}"})
    assert student.status_code == 403
    staff = client.post(path, json={"reason": "copied"}, headers={"Authorization": f"Bearer {tokens['staff@x.edu']}"})
    assert staff.status_code == 200 and staff.json()["entry"]["status"] == "disqualified"
    assert [row["team_name"] for row in ranked(client, url, 1)["rows"]] == ["Team 2"]


def test_contests_and_an_unknown_contest(contest):
    client, _, _ = contest
    listed = client.get("/api/contests").json()["contests"]
    assert [c["name"] for c in listed] == ["fa26"] and listed[0]["state"] == "open"
    assert client.get("/api/contests/nope/leaderboard").status_code == 404
    assert "fa26" in client.get("/contests").text


def test_only_staff_move_the_deadline_or_close(contest):
    client, _, tokens = contest
    staff = {"Authorization": f"Bearer {tokens['staff@x.edu']}"}
    student = {"Authorization": f"Bearer {tokens['ada@x.edu']}"}
    assert client.post("/api/contests/fa26/close", headers=student).status_code == 403
    assert client.post("/api/contests/fa26/close").status_code == 401
    bad = client.post("/api/contests/fa26/deadline", json={"deadline": "next friday"}, headers=staff)
    assert bad.status_code == 400 and "ISO 8601" in bad.json()["detail"]
    closed = client.post("/api/contests/fa26/close", headers=staff)
    assert closed.status_code == 200 and closed.json()["contest"]["closed"] is not None
    assert post_entry(client, tokens["ada@x.edu"], 0).status_code == 423
    later = (datetime.now(timezone.utc) + timedelta(hours=2)).isoformat()
    reopened = client.post("/api/contests/fa26/deadline", json={"deadline": later}, headers=staff)
    assert reopened.status_code == 200 and reopened.json()["contest"]["closed"] is None
    assert post_entry(client, tokens["ada@x.edu"], 0).status_code == 202


def test_viewers_behind_one_address_share_one_drawing_of_the_new_matrix(tmp_path):
    """A live page refreshes its matrix when the standings change: everyone
    asking while it is drawn waits for that drawing instead of being refused
    (here one drawing per address may run, and one per ten minutes)."""
    url = f"sqlite:///{tmp_path / 'contest.db'}"
    with open_store(url) as store:
        store.create_contest("fa26", settings(datetime.now(timezone.utc) + timedelta(days=1)))
        tokens = [
            token for _, token in store.add_roster("fa26", [("a@x.edu", "a", "student"), ("b@x.edu", "b", "student")])
        ]
    strict = AdmissionPolicy(workers=1, queue=0, per_client=1, per_window=1, jobs="drawings", service="the drawer")
    app = create_app(url, RULES, computed=strict, contest_worker=False)
    with TestClient(app, base_url="http://localhost") as client:
        for k, token in enumerate(tokens):
            assert post_entry(client, token, k).status_code == 202
        ranked(client, url, 2)
        with ThreadPoolExecutor(6) as viewers:
            replies = list(viewers.map(lambda _: client.get("/contests/fa26/matrix.png"), range(6)))
    assert [reply.status_code for reply in replies] == [200] * 6
    assert len({reply.content for reply in replies}) == 1
