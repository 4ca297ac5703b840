"""Small things a TA meets: a refused submission's wait said once, a warning
when exporting standings that are not final, and ``/api/contests`` showing
when a contest closed."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import httpx2
import pytest
from contest_support import RULES, close_contest, settings
from fastapi.testclient import TestClient

from hog_arena.cli.main import main
from hog_arena.web.app import create_app
from results.store import open_store


def refusing(status: int, detail: str, retry: str | None):
    """A stand-in for httpx2.post answering STATUS with DETAIL and Retry-After RETRY."""

    def post(url: str, **_: object) -> httpx2.Response:
        headers = {} if retry is None else {"Retry-After": retry}
        return httpx2.Response(status, json={"detail": detail}, headers=headers, request=httpx2.Request("POST", url))

    return post


RATE = "one submission per 1 min per person; try again in 48 s"


@pytest.mark.parametrize(
    ("status", "detail", "line"),
    [(429, RATE, RATE), (503, "the checker is busy", "the checker is busy; try again in 48 s")],
)
def test_a_refusal_says_when_to_try_again_once(tmp_path, capsys, monkeypatch, status, detail, line):
    entry = tmp_path / "hog.json"
    entry.write_text("[[1]]")
    monkeypatch.setattr(httpx2, "post", refusing(status, detail, "48"))
    args = ["contest", "submit", "fa26", str(entry), "--server", "https://hog.example.edu", "--token", "hog_x"]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err == f"hog: error: https://hog.example.edu refused hog.json ({status}): {line}\n"
    assert err.count("48") == 1


def test_exporting_standings_that_are_not_final_warns(tmp_path, capsys):
    db = str(tmp_path / "class.db")
    deadline = (datetime.now(timezone.utc) + timedelta(days=1)).isoformat()
    assert main(["contest", "create", "fa26", "--rules", RULES, "--deadline", deadline, "--db", db]) == 0
    archive = tmp_path / "past.json"
    archive.write_text(json.dumps({"teams": ["a", "b"], "winrate_mat": [[0.5, 0.6], [0.4, 0.5]]}))
    assert main(["contest", "import", str(archive), "--name", "fa19", "--rules", "fa19", "--db", db]) == 0
    capsys.readouterr()
    live = tmp_path / "fa26.json"
    assert main(["contest", "export", "fa26", "--out", str(live), "--db", db]) == 0
    out, err = capsys.readouterr()
    assert out == f"wrote {live} (0 teams)\n" and live.exists()
    assert err == "hog: warning: the standings of fa26 are not final (it is still open); export again then\n"
    assert main(["contest", "export", "fa19", "--out", str(tmp_path / "fa19.json"), "--db", db, "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["final"] is True and err == ""


def test_the_contests_list_shows_when_a_closed_contest_closed(tmp_path):
    url = f"sqlite:///{tmp_path / 'contest.db'}"
    deadline = (datetime.now(timezone.utc) + timedelta(days=1)).replace(microsecond=0)
    closed = deadline - timedelta(days=1, hours=1)
    with open_store(url) as store:
        store.create_contest("fa26", settings(deadline))
        close_contest(store, "fa26", closed)
    with TestClient(create_app(url, RULES, contest_worker=False), base_url="http://localhost") as client:
        (listed,) = client.get("/api/contests").json()["contests"]
        described = client.get("/openapi.json").json()["paths"]["/api/contests"]["get"]["description"]
    assert datetime.fromisoformat(listed["closes"]) == closed
    assert datetime.fromisoformat(listed["deadline"]) == deadline and listed["state"] != "open"
    assert "closes" in described
