"""An entry's page, ``/contests/NAME/entries/ID``: the data the JSON API gives
that viewer, as HTML; the contest page's links lead to it. The app runs no
ranking worker: the tests rank the queue themselves (``rank_until_current``)."""

from __future__ import annotations

import html
import json
import re
from datetime import datetime, timedelta, timezone

import pytest
from contest_support import GOAL, RULES, close_contest, settings, table_of
from fastapi.testclient import TestClient

from arena.contest.worker import rank_until_current
from hog_arena.web.app import create_app
from results.store import open_store

SOURCE = "TEAM_NAME = 'Pig <b>Latin</b>'\n\ndef final_strategy(score, opponent_score):\n    return 5\n"


@pytest.fixture
def contest(tmp_path):
    """(client, db URL, tokens by email) of a contest publishing sources once final."""
    url = f"sqlite:///{tmp_path / 'contest.db'}"
    people = [("ada@x.edu", "t1", "student"), ("cy@x.edu", "t2", "student"), ("staff@x.edu", "staff", "staff")]
    with open_store(url) as store:
        store.create_contest("fa26", settings(datetime.now(timezone.utc) + timedelta(days=1), publish="sources"))
        tokens = {p.email: token for p, token in store.add_roster("fa26", people)}
    with TestClient(create_app(url, RULES, contest_worker=False), base_url="http://localhost") as client:
        yield client, url, tokens


def post(client, token: str, name: str, content: str):
    headers = {"Authorization": f"Bearer {token}"}
    reply = client.post("/api/contests/fa26/entries", headers=headers, files={"file": (name, content.encode())})
    assert reply.status_code == 202, reply.text
    return reply.json()["entry_id"]


def ranked(client, url: str, entries: int) -> dict:
    """The leaderboard once the queue is ranked here and now; it shows ENTRIES and nothing waits."""
    with open_store(url) as store:
        rank_until_current(store, "fa26")
    board = client.get("/api/contests/fa26/leaderboard").json()
    assert (board["entries"], board["queued"]) == (entries, 0), board
    return board


def grid_rows(page: str) -> list[list[int]]:
    text = html.unescape(re.search(r'id="entry-table"><code>(.*?)</code>', page, re.S)[1])
    return [[int(v) for v in line.split()[1:]] for line in text.splitlines()[1:]]


def test_an_entry_s_page_shows_its_viewer_what_the_api_gives(contest):
    client, url, tokens = contest
    mine = post(client, tokens["ada@x.edu"], "hog.py", SOURCE)
    theirs = post(client, tokens["cy@x.edu"], "hog.json", json.dumps(table_of(1).tolist()))
    ranked(client, url, 2)
    ada = {"Authorization": f"Bearer {tokens['ada@x.edu']}"}
    page = client.get(f"/contests/fa26/entries/{mine}", headers=ada)
    data = client.get(f"/api/contests/fa26/entries/{mine}", headers=ada).json()
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert grid_rows(page.text) == data["table"] and len(data["table"]) == GOAL
    assert "Pig &lt;b&gt;Latin&lt;/b&gt;" in page.text and "<b>Latin" not in page.text  # the source is text
    assert "hog.py" in page.text and "ada@x.edu" in page.text and data["status"] in page.text
    hidden = client.get(f"/contests/fa26/entries/{theirs}", headers=ada)
    assert hidden.status_code == 404 and client.get("/contests/fa26/entries/999").status_code == 404
    assert f'href="/contests/fa26/entries/{mine}"' in client.get("/contests/fa26", headers=ada).text
    with open_store(url) as store:
        close_contest(store, "fa26", datetime.now(timezone.utc))
    board = ranked(client, url, 2)
    public = client.get(f"/contests/fa26/entries/{theirs}")
    assert public.status_code == 200 and grid_rows(public.text) == table_of(1).tolist()
    assert "cy@x.edu" not in public.text and "hog.json" not in public.text  # no e-mail, no file name
    links = re.findall(r'href="(/contests/fa26/entries/\d+)"', client.get("/contests/fa26").text)
    assert links == [f"/contests/fa26/entries/{row['entry_id']}" for row in board["rows"]]
