"""The web arena under abuse: a flood of uploads, cross-site writes, strange
hosts, a client that hoards games, mathtext names, loose JSON types and
absurd SPECs. Clients are told apart by address, as uvicorn reports it
behind a trusted proxy (``X-Forwarded-For``)."""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor

import httpx2 as httpx
import numpy as np
import pytest
from fastapi.testclient import TestClient
from server_process import running_server
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware
from waiting import wait_until

from arena.league import LeagueSettings
from arena.tournament import run_stored_league
from hog_arena.web import service
from hog_arena.web.admission import Admission, AdmissionPolicy, Refused
from hog_arena.web.app import create_app
from hog_arena.web.games import GameRoom
from hog_arena.web.security import SECURITY_HEADERS
from results.store import open_store
from strategies import library
from strategies.table import StrategyTable

RULES = "square_swine"
BASE = "http://localhost"
MATH_NAME = r"$\foo$"
VALID_SOURCE = b"def final_strategy(score, opponent_score):\n    return 4 if score < opponent_score else 2\n"
ELSEWHERE = {"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}
#: A new game against a strategy that takes no computing.
GAME = {"opponent": "always_roll(4)"}


def client_for(url: str, **options) -> TestClient:
    """A test client of a fresh app on URL whose clients are told apart by X-Forwarded-For."""
    return TestClient(ProxyHeadersMiddleware(create_app(url, RULES, **options), trusted_hosts="*"), base_url=BASE)


def from_address(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


def form_token(client: TestClient, page: str, headers: dict[str, str] | None = None) -> str:
    found = re.search(r'name="csrf_token" value="([0-9a-f]+)"', client.get(page, headers=headers).text)
    assert found, f"no form token on {page}"
    return found[1]


def stored_names(url: str) -> list[str]:
    with open_store(url) as store:
        return [record.name for record in store.list_strategies(RULES, 100)]


@pytest.fixture
def db(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'arena.db'}"


@pytest.fixture
def client(db):
    with client_for(db) as client:
        yield client


# --- headers and hosts ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url", ["/", "/strategies", "/submit", "/play", "/docs", "/api/rules", "/static/arena.css", "/nope"]
)
def test_every_response_carries_the_security_headers(client, url):
    reply = client.get(url)
    for name, value in SECURITY_HEADERS.items():
        assert reply.headers[name] == value, (url, name)
    policy = reply.headers["Content-Security-Policy"]
    for directive in ("frame-ancestors 'none'", "script-src 'self'", "object-src 'none'", "form-action 'self'"):
        assert directive in policy


def test_pages_have_no_inline_script_or_style(client):
    for url in ("/", "/strategies", "/submit", "/play", "/docs"):
        page = client.get(url).text
        assert "<script>" not in page and "style=" not in page and "<style" not in page, url


def test_an_unknown_host_name_is_refused(client, db):
    for reply in (
        client.get("/api/rules", headers={"Host": "evil.example"}),
        client.post("/api/games", json={"opponent": "perfect"}, headers={"Host": "evil.example:8000"}),
    ):
        assert reply.status_code == 400
        assert reply.json()["detail"] == "unknown host name: this server answers to 127.0.0.1, [::1], localhost"
    assert client.get("/api/rules", headers={"Host": "127.0.0.1:8000"}).status_code == 200
    with client_for(db, allowed_hosts=["arena.example.edu"]) as other:
        assert other.get("/api/rules", headers={"Host": "arena.example.edu"}).status_code == 200
        assert other.get("/api/rules", headers={"Host": "localhost"}).status_code == 400


# --- cross-site requests and form tokens ----------------------------------------------------------


def test_a_cross_site_upload_form_is_refused_and_stores_nothing(client, db):
    token = form_token(client, "/submit")
    form = {"rules": RULES, "goal": "100", "name": "planted", "csrf_token": token}
    page = client.post("/submit", files={"file": ("planted.py", VALID_SOURCE)}, data=form, headers=ELSEWHERE)
    assert page.status_code == 403
    assert "refused a request from another site (https://evil.example)" in page.text
    api = client.post("/api/strategies", files={"file": ("planted.py", VALID_SOURCE)}, headers=ELSEWHERE)
    assert api.status_code == 403
    assert api.json() == {"detail": "refused a request from another site (https://evil.example)"}
    assert stored_names(db) == []


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://localhost.evil.example"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_cross_site_writes_are_refused_before_they_run(client, headers):
    reply = client.post("/api/games", json={"opponent": "perfect"}, headers=headers)
    assert reply.status_code == 403
    assert reply.json()["detail"].startswith("refused a request from another site")
    assert len(client.app.app.state.arena.games) == 0


def test_same_site_and_non_browser_writes_pass(client):
    for headers in ({"Origin": BASE}, {"Sec-Fetch-Site": "same-origin"}, {}):
        assert client.post("/api/games", json={"opponent": "perfect"}, headers=headers).status_code == 201
    assert client.get("/api/rules", headers=ELSEWHERE).status_code == 200  # reading is no write


@pytest.mark.parametrize(
    ("base", "origin", "status"),
    [
        ("http://localhost:8000", "https://localhost:8000", 403),  # another scheme, the same host and port
        ("http://localhost:8000", "http://localhost:8001", 403),
        ("http://localhost:8000", "http://localhost", 403),
        ("http://localhost:8000", "http://localhost:8000/path", 403),
        ("http://localhost:8000", "http://user@localhost:8000", 403),
        ("http://localhost:8000", "http://LOCALHOST:8000", 201),
        ("http://localhost", "https://localhost", 403),
        ("http://localhost", "https://localhost:80", 403),
        ("http://localhost", "http://localhost:80", 201),  # the default port, written out
        ("https://localhost", "http://localhost", 403),
        ("https://localhost", "http://localhost:443", 403),
        ("https://localhost", "https://localhost:443", 201),
        ("https://localhost:8443", "https://localhost:8443", 201),
        ("https://[::1]:8443", "https://[::1]:8443", 201),
        ("https://[::1]:8443", "http://[::1]:8443", 403),
    ],
)
def test_an_origin_must_match_the_request_s_scheme_host_and_port(db, base, origin, status):
    app = ProxyHeadersMiddleware(create_app(db, RULES), trusted_hosts="*")
    with TestClient(app, base_url=base) as client:
        reply = client.post("/api/games", json=GAME, headers={"Origin": origin})
    assert reply.status_code == status, reply.text
    if status == 403:
        assert reply.json() == {"detail": f"refused a request from another site ({origin})"}


def test_behind_a_trusted_proxy_the_scheme_is_the_one_it_forwards(client):
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    assert client.post("/api/games", json=GAME, headers={**forwarded, "Origin": "https://localhost"}).status_code == 201
    assert client.post("/api/games", json=GAME, headers={**forwarded, "Origin": "http://localhost"}).status_code == 403
    assert client.post("/api/games", json=GAME, headers={"Origin": "https://localhost"}).status_code == 403


def test_a_real_server_refuses_an_https_origin_on_its_http_port(db):
    with running_server(db, "--forwarded-allow-ips", "127.0.0.1") as server:
        port = server.url.rsplit(":", 1)[1]
        for origin, extra, status in [
            (f"https://127.0.0.1:{port}", {}, 403),
            (f"https://localhost:{port}", {"Host": f"localhost:{port}"}, 403),
            (f"http://127.0.0.1:{port}", {}, 201),
            (f"https://127.0.0.1:{port}", {"X-Forwarded-Proto": "https"}, 201),  # from the trusted proxy
        ]:
            reply = httpx.post(f"{server.url}/api/games", json=GAME, headers={"Origin": origin, **extra}, timeout=30)
            assert reply.status_code == status, (origin, extra, reply.text)


def test_forms_need_the_token_of_the_visitors_own_cookie(client):
    form = {"rules": RULES, "goal": "100", "opponent": "always_roll(2)"}
    missing = client.post("/play", data=form, follow_redirects=False)
    assert missing.status_code == 403
    assert "this form did not come from this site&#39;s pages" in missing.text
    token = form_token(client, "/play")
    with TestClient(client.app, base_url=BASE) as stranger:
        assert stranger.post("/play", data={**form, "csrf_token": token}, follow_redirects=False).status_code == 403
        their_own = form_token(stranger, "/play")
    assert client.post("/play", data={**form, "csrf_token": their_own}, follow_redirects=False).status_code == 403
    start = client.post("/play", data={**form, "csrf_token": token}, follow_redirects=False)
    assert start.status_code == 303
    game = start.headers["location"]
    assert client.post(game, data={"num_rolls": "3"}).status_code == 403
    assert client.post(game, data={"num_rolls": "3", "csrf_token": token}).status_code == 200


def test_the_form_cookie_is_http_only_and_strict(client):
    cookie = client.get("/submit").headers["set-cookie"]
    assert cookie.startswith("hog_csrf=")
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
    assert "set-cookie" not in client.get("/submit").headers  # the browser keeps the one it has


# --- uploads: a bounded pool, a bounded queue, per-client limits ----------------------------------------


def test_the_api_answers_while_70_uploads_are_attempted(db, monkeypatch):
    """The checks run on the upload gate's own pool, never where the API is
    served: while the pool and its queue are full (three checks held until
    the test lets them go) the API answers, and the other 67 uploads are
    refused at once. Checks that blocked the server would hold up the
    refusals and the API's answers until the test's wait ran out."""
    released = threading.Event()
    check = service.check_file_in_fresh_process

    def held_check(*args, **kwargs):
        released.wait(timeout=600)
        return check(*args, **kwargs)

    monkeypatch.setattr(service, "check_file_in_fresh_process", held_check)
    policy = AdmissionPolicy(workers=1, queue=2, per_client=1, per_window=10)
    with client_for(db, uploads=policy) as client:
        gate = client.app.app.state.uploads

        def upload(number: int):
            source = f"def final_strategy(score, opponent_score):\n    return 4 if score < {number} else 2\n"
            return client.post(
                "/api/strategies",
                files={"file": (f"held{number}.py", source.encode())},  # a table of its own
                headers=from_address(f"10.0.{number // 200}.{number % 200 + 1}"),
            )

        with ThreadPoolExecutor(70) as pool:
            try:
                replies = [pool.submit(upload, number) for number in range(70)]
                wait_until(lambda: sum(reply.done() for reply in replies) == 67, what="67 uploads refused")
                assert gate.in_flight == 3, "the uploads did not fill the checker"
                answers = [client.get("/api/rules").status_code for _ in range(7)]
                held_while_answering = gate.in_flight == 3 and not released.is_set()
            finally:
                released.set()
            replies = [reply.result(timeout=300) for reply in replies]
    assert answers == [200] * 7 and held_while_answering
    statuses = [reply.status_code for reply in replies]
    assert sorted(statuses) == [201] * 3 + [503] * 67, statuses
    for reply in replies:
        if reply.status_code == 503:
            assert reply.headers["Retry-After"] == "10"
            assert reply.json()["detail"].startswith("the strategy checker is busy (3 uploads in progress)")
    assert sorted(stored_names(db)) == sorted(reply.json()["name"] for reply in replies if reply.status_code == 201)
    assert gate.in_flight == 0


def test_a_client_over_its_upload_window_gets_429(db):
    with client_for(db, uploads=AdmissionPolicy(per_window=2, window_seconds=600)) as client:
        notes = {"file": ("notes.txt", b"not a strategy")}
        for _ in range(2):
            assert client.post("/api/strategies", files=notes, headers=from_address("10.1.1.1")).status_code == 400
        third = client.post("/api/strategies", files=notes, headers=from_address("10.1.1.1"))
        assert third.status_code == 429
        assert third.json()["detail"].startswith("too many uploads: 2 from your address in 10 minutes; try again in ")
        assert 590 <= int(third.headers["Retry-After"]) <= 600
        page = client.get("/submit", headers=from_address("10.1.1.1"))
        token = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page.text)[1]
        form = client.post(
            "/submit",
            files=notes,
            data={"rules": RULES, "goal": "100", "csrf_token": token},
            headers=from_address("10.1.1.1"),
        )
        assert form.status_code == 429 and "Retry-After" in form.headers
        assert "too many uploads: 2 from your address" in form.text
        assert client.post("/api/strategies", files=notes, headers=from_address("10.1.1.2")).status_code == 400


def test_the_gate_bounds_each_client_and_the_queue():
    gate = Admission(AdmissionPolicy(workers=1, queue=2, per_client=2))
    try:
        gate.enter("a")
        gate.enter("a")
        with pytest.raises(Refused) as too_many:
            gate.enter("a")
        assert (too_many.value.status, too_many.value.headers) == (429, {"Retry-After": "10"})
        gate.enter("b")
        with pytest.raises(Refused) as busy:
            gate.enter("c")
        assert busy.value.status == 503
        assert str(busy.value) == "the strategy checker is busy (3 uploads in progress); try again in 10 s"
        gate.leave("a")
        gate.enter("c")
        assert gate.in_flight == 3
    finally:
        gate.close()


# --- games: per-client limits (more in test_web_abuse.py) ---------------------------------------------


def test_one_client_cannot_evict_anothers_games(db):
    with client_for(db, games=GameRoom(max_games=5, per_client=2)) as client:

        def start(address: str) -> str:
            reply = client.post("/api/games", json={"opponent": "always_roll(4)"}, headers=from_address(address))
            assert reply.status_code == 201, reply.text
            return reply.json()["id"]

        mine = [start("10.2.0.1"), start("10.2.0.1")]
        theirs = [start("10.2.0.2") for _ in range(50)]  # a hoarder replaces only its own games
        assert all(client.get(f"/api/games/{game}").status_code == 200 for game in mine)
        assert [client.get(f"/api/games/{game}").status_code for game in theirs] == [404] * 48 + [200] * 2
        start("10.2.0.3")  # the room is full now, and nobody's game went
        assert all(client.get(f"/api/games/{game}").status_code == 200 for game in mine)
        assert len(client.app.app.state.arena.games) == 5


# --- names are text in pictures -------------------------------------------------------------------


def test_a_mathtext_name_draws_in_the_heat_map_and_the_matrix(db):
    with open_store(db) as store:
        table = StrategyTable(np.full((100, 100), 4, dtype=np.int8), RULES, MATH_NAME, "file")
        record, _ = store.add_strategy(table, author="$x^2$")
        entries = [library.make("always_roll", RULES, 100, (n,)) for n in (3, 6)] + [table]
        run_stored_league(store, entries, LeagueSettings(), name=r"$\league$", jobs=1)
    with client_for(db) as client:
        for url in (f"/strategies/{record.id}/heatmap.png", "/leaderboard/matrix.png"):
            picture = client.get(url)
            assert picture.status_code == 200, (url, picture.text[:200])
            assert picture.content.startswith(b"\x89PNG\r\n\x1a\n")
        assert MATH_NAME in client.get("/api/leaderboard").text.replace("\\\\", "\\")


# --- strict types and absurd input ------------------------------------------------------------------


@pytest.mark.parametrize("num_rolls", [True, "5", 5.0, None, [5]])
def test_a_dice_count_must_be_a_json_integer(client, num_rolls):
    game = client.post("/api/games", json={"opponent": "always_roll(4)", "seed": 1}).json()
    reply = client.post(f"/api/games/{game['id']}/turns", json={"num_rolls": num_rolls})
    assert reply.status_code == 422
    assert reply.json()["detail"][0]["loc"] == ["body", "num_rolls"]
    assert client.post(f"/api/games/{game['id']}/turns", json={"num_rolls": 5}).status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        {"opponent": "perfect", "goal": "100"},
        {"opponent": "perfect", "goal": 100.0},
        {"opponent": "perfect", "seed": "7"},
        {"opponent": "perfect", "visitor_first": "yes"},
        {"opponent": "perfect", "visitor_first": 1},
        {"opponent": 6},
        {"opponent": "perfect", "cheat": True},
    ],
)
def test_new_games_take_strict_types(client, body):
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 422, reply.text


@pytest.mark.parametrize(
    "spec",
    ["a" * 5000, "always_roll(" + "1" * 5000 + ")", "always_roll(" + "+" * 5000 + "1)", "(" * 2500 + ")" * 2500],
)
def test_an_absurd_spec_is_a_clear_4xx(client, spec):
    reply = client.get(f"/api/strategies/{spec}")
    assert reply.status_code == 400
    assert reply.json()["detail"] == (
        f"refused spec of {len(spec):,} characters: a library expression or stored name has at most 200"
    )
    page = client.get(f"/strategies/{spec}")
    assert page.status_code == 400 and "refused spec of" in page.text
    game = client.post("/api/games", json={"opponent": spec})
    assert game.status_code == 422
    assert game.json()["detail"][0]["msg"] == "String should have at most 200 characters"
    assert client.get("/play", params={"opponent": spec}).status_code == 422
    assert client.get("/api/leaderboard", params={"league": spec}).status_code == 422


def test_an_overlong_name_or_author_is_refused_before_the_check(client, db):
    reply = client.post("/api/strategies", files={"file": ("ok.py", VALID_SOURCE)}, data={"author": "x" * 201})
    assert reply.status_code == 422
    assert reply.json()["detail"][0]["loc"] == ["body", "author"]
    assert stored_names(db) == []
