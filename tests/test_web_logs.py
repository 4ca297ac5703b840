"""The server's logs (``hog_arena.web.logs``): an access line per request,
a line per contest submission and per staff action, errors with their
traceback in the log and never in the answer; ``hog serve --log-file FILE
--log-format text|json``."""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta, timezone

import httpx2 as httpx
import pytest
from contest_support import RULES, settings, table_of
from fastapi.testclient import TestClient
from server_process import free_port, running_server
from waiting import wait_until

from hog_arena.cli.main import main
from hog_arena.web.app import create_app
from hog_arena.web.logs import LOGGER, LogFormatter, start_logging, stop_logging
from results.store import open_store


@pytest.fixture
def log(tmp_path):
    """The file the server's JSON log goes to; read() gives its events so far."""
    path = tmp_path / "server.log"
    handler = start_logging(path, "json")

    class Log:
        def read(self) -> list[dict]:
            handler.flush()
            return [json.loads(line) for line in path.read_text().splitlines() if line.startswith("{")]

        def of(self, logger: str) -> list[dict]:
            return [e for e in self.read() if e["logger"] == f"{LOGGER}.{logger}"]

    yield Log()
    stop_logging(handler)


@pytest.fixture
def contest(tmp_path):
    """(client, tokens by email) of a contest open for a day, one submission a minute per person."""
    url = f"sqlite:///{tmp_path / 'contest.db'}"
    people = [("ada@x.edu", "t1", "student"), ("cy@x.edu", "t2", "student"), ("staff@x.edu", "staff", "staff")]
    with open_store(url) as store:
        store.create_contest("fa26", settings(datetime.now(timezone.utc) + timedelta(days=1), rate_count=1))
        tokens = {p.email: token for p, token in store.add_roster("fa26", people)}
    with TestClient(create_app(url, RULES), base_url="http://localhost") as client:
        yield client, tokens


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def post_entry(client, token, k):
    content = json.dumps(table_of(k).tolist()).encode()
    return client.post("/api/contests/fa26/entries", headers=bearer(token), files={"file": ("hog.json", content)})


def test_every_request_has_an_access_line_without_its_query(tmp_path, log):
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", RULES, contest_worker=False)
    with TestClient(app, base_url="http://localhost") as client:
        assert client.get("/contests").status_code == 200
        assert client.get("/strategies/1/source", params={"key": "s3cret"}).status_code == 404
        assert client.get("/", headers={"host": "evil.example"}).status_code == 400  # refused at the door
    lines = log.of("access")
    assert [(e["method"], e["path"], e["status"]) for e in lines] == [
        ("GET", "/contests", 200),
        ("GET", "/strategies/1/source", 404),
        ("GET", "/", 400),
    ]
    assert all(e["client"] == "testclient" and 0 <= e["ms"] < 60_000 and e["level"] == "INFO" for e in lines)
    assert "s3cret" not in (tmp_path / "server.log").read_text()


def test_submissions_and_staff_actions_are_logged(contest, log):
    client, tokens = contest
    entry = post_entry(client, tokens["ada@x.edu"], 0).json()["entry_id"]
    assert post_entry(client, tokens["ada@x.edu"], 1).status_code == 429
    assert post_entry(client, None, 2).status_code == 401
    staff = bearer(tokens["staff@x.edu"])
    assert client.post(
        f"/api/contests/fa26/entries/{entry}/disqualify", json={"reason": "copied"}, headers=staff
    ).is_success
    assert client.post("/api/contests/fa26/teams/t2/bar", json={"reason": "shared a table"}, headers=staff).is_success
    assert client.post("/api/contests/fa26/close", headers=staff).is_success
    later = (datetime.now(timezone.utc) + timedelta(hours=2)).replace(microsecond=0)
    assert client.post("/api/contests/fa26/deadline", json={"deadline": later.isoformat()}, headers=staff).is_success
    assert client.post("/api/contests/fa26/close", headers=bearer(tokens["cy@x.edu"])).status_code == 403
    events = log.of("contest")
    submissions = [e for e in events if e["message"] == "submission"]
    assert [(e["contest"], e["team"], e.get("entry"), e["verdict"], e.get("status")) for e in submissions] == [
        ("fa26", "t1", entry, "queued", None),
        ("fa26", "t1", None, "refused", 429),
        ("fa26", None, None, "refused", 401),
    ]
    assert "try again in" in submissions[1]["reason"] and all(e["seconds"] >= 0 for e in submissions)
    actions = [e for e in events if e["message"] == "staff action"]
    assert [(e["action"], e["by"]) for e in actions] == [
        ("disqualify", "staff@x.edu"),
        ("bar", "staff@x.edu"),
        ("close", "staff@x.edu"),
        ("deadline", "staff@x.edu"),
    ]  # the student's refused close is in the access log only
    assert (actions[0]["entry"], actions[0]["team"], actions[0]["reason"], actions[0]["bar"]) == (
        entry,
        "t1",
        "copied",
        False,
    )
    assert actions[1]["team"] == "t2" and datetime.fromisoformat(actions[3]["deadline"]) == later


def test_an_error_is_logged_with_its_traceback_and_never_sent(tmp_path, log):
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", RULES, contest_worker=False)

    def broken() -> None:
        raise RuntimeError("a bug near the secret sauce")

    app.add_api_route("/api/broken", broken)
    with TestClient(app, base_url="http://localhost", raise_server_exceptions=False) as client:
        reply = client.get("/api/broken")
    assert reply.status_code == 500 and "sauce" not in reply.text and "Traceback" not in reply.text
    (error,) = log.of("security")
    assert error["level"] == "ERROR" and "GET /api/broken" in error["message"]
    assert "Traceback" in error["exception"] and "RuntimeError: a bug near the secret sauce" in error["exception"]
    assert [(e["path"], e["status"]) for e in log.of("access")] == [("/api/broken", 500)]


def test_a_text_line_is_one_line_whatever_a_visitor_sent():
    record = logging.LogRecord(f"{LOGGER}.access", logging.INFO, __file__, 1, "request", None, None)
    record.created = datetime(2026, 12, 1, 7, 59, tzinfo=timezone.utc).timestamp()
    record.fields = {"method": "GET", "path": '/x\n2026 INFO forged "line"', "status": 404, "client": None}
    line = LogFormatter("text").format(record)
    assert line == (
        "2026-12-01T07:59:00.000Z INFO hog_arena.web.access request method=GET "
        'path="/x\\n2026 INFO forged \\"line\\"" status=404 client=-'
    )


def test_hog_serve_writes_its_log_to_a_file_as_json(tmp_path):
    db, path = str(tmp_path / "arena.db"), tmp_path / "logs" / "hog.log"
    path.parent.mkdir()
    with running_server(db, "--log-file", str(path), "--log-format", "json") as server:
        assert httpx.get(f"{server.url}/contests", timeout=10).status_code == 200
        assert server.log_text() == ""  # nothing on standard error
    events = [json.loads(line) for line in path.read_text().splitlines()]
    assert {(e["method"], e["path"], e["status"], e["client"]) for e in events} >= {
        ("GET", "/contests", 200, "127.0.0.1")
    }


def test_hog_serve_logs_to_standard_error_as_text_by_default(tmp_path):
    with running_server(str(tmp_path / "arena.db")) as server:
        assert httpx.get(f"{server.url}/contests", timeout=10).status_code == 200

        def access_lines() -> list[str]:  # the line is written once the answer has gone out
            return [line for line in server.log_text().splitlines() if "path=/contests " in line]

        lines = wait_until(access_lines, what="the access line of GET /contests")
    assert len(lines) == 1 and " INFO hog_arena.web.access request method=GET path=/contests status=200 " in lines[0]
    assert lines[0].endswith(" client=127.0.0.1")


def test_bad_log_options_are_one_line_before_anything_starts(tmp_path, capsys):
    port = str(free_port())
    missing = tmp_path / "no-such-folder" / "hog.log"
    assert (
        main(["serve", "--rules", RULES, "--port", port, "--db", str(tmp_path / "a.db"), "--log-file", str(missing)])
        == 1
    )
    out, err = capsys.readouterr()
    assert out == "" and err == f"hog: error: --log-file {missing}: No such file or directory\n"
    assert main(["serve", "--rules", RULES, "--port", port, "--log-format", "xml"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a log format is text or json, not 'xml'" in err
