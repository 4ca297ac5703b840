"""The web arena under cheap abuse: expensive GETs, slow bodies and headers,
a client that holds the checker, forged X-Forwarded-For, a full games room,
endless games, odd file names and long lists. Raw-socket attacks run
against a real server on 127.0.0.1 with short limits."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from fastapi.testclient import TestClient
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware
from waiting import wait_until

from hog.interactive import Game
from hog_arena.cli.main import main
from hog_arena.web.admission import Admission, AdmissionPolicy
from hog_arena.web.app import BodyTimes, create_app
from hog_arena.web.games import HISTORY_TURNS, GameRoom, VisitorGame
from hog_arena.web.security import SECURITY_HEADERS
from hog_arena.web.server import ServerLimits, listen, make_server
from results.store import open_store
from strategies import library
from strategies.table import StrategyTable

RULES = "square_swine"


@pytest.fixture
def db(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'arena.db'}"


def from_address(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


def proxied_client(app) -> TestClient:
    """A test client whose clients are told apart by X-Forwarded-For (a trusted proxy)."""
    return TestClient(ProxyHeadersMiddleware(app, trusted_hosts="*"), base_url="http://localhost")


@contextmanager
def real_server(app, limits: ServerLimits | None = None, forwarded: tuple[str, ...] = ()) -> Iterator[int]:
    """APP served by a real server on 127.0.0.1 (a free port, yielded) in a thread."""
    sock = listen("127.0.0.1", 0)
    server = make_server(app, limits, forwarded)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        wait_until(lambda: server.started or not thread.is_alive(), step=0.01, what="the server starting")
        assert server.started, "the server did not start"
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def raw(port: int, data: bytes) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    connection.sendall(data)
    return connection


def answer(connection: socket.socket) -> bytes:
    """Everything the server sends on CONNECTION until it closes it (then closed here too)."""
    received = b""
    with connection:
        try:
            while chunk := connection.recv(65536):
                received += chunk
        except ConnectionResetError:
            pass
    return received


def post_notes(port: int, headers: dict[str, str] | None = None) -> tuple[int, str]:
    """Upload a text file (refused at once) to the real server on PORT: (status, body)."""
    body = (
        b'--x\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n\r\nnot a strategy\r\n--x--\r\n'
    )
    extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    head = upload_head(port, len(body), extra).removesuffix(b"--x\r\n")
    reply = answer(raw(port, head + body))
    status = int(reply.split(b" ", 2)[1])
    return status, reply.partition(b"\r\n\r\n")[2].decode()


def upload_head(port: int, length: int, extra: str = "") -> bytes:
    return (
        f"POST /api/strategies HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\n{extra}"
        f"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: {length}\r\n\r\n--x\r\n"
    ).encode()


# --- 6: expensive GETs ----------------------------------------------------------------------------


def test_library_strategies_over_the_goal_ceiling_are_refused_at_once(db):
    with TestClient(create_app(db, RULES), base_url="http://localhost") as client:
        reply = client.get("/api/strategies/perfect", params={"rules": "fa19", "goal": 500})
        assert reply.status_code == 400
        assert reply.json()["detail"].startswith("the web arena computes library strategies up to goal 200, not 500")
        assert client.get("/strategies/perfect?rules=fa19&goal=201").status_code == 400


def test_lists_of_built_ins_compute_nothing(db):
    solved = library._perfect.cache_info().currsize
    with TestClient(create_app(db, RULES), base_url="http://localhost") as client:
        for url in ("/strategies", "/api/strategies", "/play"):
            reply = client.get(url, params={"rules": "fa19", "goal": 500})
            assert reply.status_code == 200, url
            assert "perfect" in reply.text and "always_roll(10)" in reply.text
    assert library._perfect.cache_info().currsize == solved


def test_computations_are_admitted_per_client_and_cached(db):
    policy = AdmissionPolicy(workers=1, queue=0, per_client=1, per_window=1, jobs="computations", service="the solver")
    with proxied_client(create_app(db, RULES, computed=policy)) as client:
        first = client.get("/api/strategies/always_roll(3)", headers=from_address("10.6.0.1"))
        assert first.status_code == 200 and first.json()["table"][0][0] == 3
        again = client.get("/api/strategies/always_roll(4)", headers=from_address("10.6.0.1"))
        assert again.status_code == 429
        assert again.json()["detail"].startswith("too many computations: 1 from your address in 10 minutes")
        assert "Retry-After" in again.headers
        assert client.get("/api/strategies/always_roll(3)", headers=from_address("10.6.0.1")).status_code == 200
        assert client.get("/", headers=from_address("10.6.0.1")).status_code == 200  # pages are not computations
        assert client.get("/api/strategies/always_roll(4)", headers=from_address("10.6.0.2")).status_code == 200


# --- 7: slow bodies --------------------------------------------------------------------------------


def test_slow_bodies_time_out_and_hold_no_upload_slot(db):
    uploads = AdmissionPolicy(workers=1, queue=0, per_client=1, per_client_running=1)
    app = create_app(db, RULES, uploads=uploads, bodies=BodyTimes(seconds=1.5, gap_seconds=1.0))
    with real_server(app) as port:
        slow = [raw(port, upload_head(port, 5000)) for _ in range(4)]
        status, body = post_notes(port)
        assert status == 400, body  # checked (and refused), not 503
        assert "notes.txt: not a strategy file" in body
        for connection in slow:
            reply = answer(connection)
            assert reply.startswith(b"HTTP/1.1 408 "), reply[:100]
            assert b"the request body did not arrive in time" in reply


# --- 8: one client cannot hold every checker -------------------------------------------------------


def test_one_client_cannot_hold_every_worker():
    gate = Admission(AdmissionPolicy(workers=2, queue=8, per_client=3, per_client_running=1))
    release = threading.Event()

    async def scenario() -> bool:
        hogs = [asyncio.ensure_future(gate.run("10.8.0.1", release.wait, 30)) for _ in range(3)]
        await asyncio.sleep(0.05)
        honest = await asyncio.wait_for(gate.run("10.8.0.2", lambda: "checked"), 10)
        stuck = not any(hog.done() for hog in hogs)
        release.set()
        await asyncio.gather(*hogs)
        return honest == "checked" and stuck

    try:
        assert asyncio.run(scenario())
        assert gate.in_flight == 0
    finally:
        release.set()
        gate.close()


def test_a_policy_that_lets_one_client_hold_every_worker_is_refused():
    with pytest.raises(ValueError, match="one client could hold every worker"):
        AdmissionPolicy(workers=2, per_client_running=2)


# --- 9: slowloris headers, a connection cap -------------------------------------------------------


def test_slow_headers_are_cut_off(db):
    with real_server(create_app(db, RULES), ServerLimits(header_seconds=0.5)) as port:
        trickle = raw(port, f"GET / HTTP/1.1\r\nHost: localhost:{port}\r\nX-Slow: a".encode())
        assert answer(trickle) == b""  # closed without a response
        bad = answer(raw(port, b"NOT HTTP AT ALL\r\n\r\n"))
        assert bad.startswith(b"HTTP/1.1 400 ")
        for name, value in SECURITY_HEADERS.items():
            assert f"{name}: {value}".lower().encode() in bad.lower()


def test_connections_over_the_cap_are_closed(db):
    with real_server(create_app(db, RULES), ServerLimits(header_seconds=30, max_connections=4)) as port:
        held = [raw(port, b"GET / HTTP/1.1\r\n") for _ in range(4)]
        request = f"GET /api/rules HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\n\r\n".encode()
        assert answer(raw(port, request)) == b""
        for connection in held:
            connection.close()
        reply = wait_until(lambda: answer(raw(port, request)), what="the server noticing the closed connections")
        assert reply.startswith(b"HTTP/1.1 200 ")


# --- 10: X-Forwarded-For only from named proxies --------------------------------------------------


@pytest.mark.parametrize(("proxies", "second"), [((), 429), (("127.0.0.1",), 400)])
def test_forwarded_addresses_count_only_from_named_proxies(db, proxies, second):
    app = create_app(db, RULES, uploads=AdmissionPolicy(per_window=1))
    with real_server(app, forwarded=proxies) as port:
        statuses = [post_notes(port, from_address(f"10.10.0.{n}"))[0] for n in (1, 2)]
    assert statuses == [400, second]


def test_serve_on_a_busy_port_is_one_line_before_any_banner(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--rules", RULES, "--port", str(port)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"hog: error: cannot listen on 127.0.0.1:{port}: Address already in use\n"


# --- 11: the games room ---------------------------------------------------------------------------


def test_a_new_visitor_can_always_start_a_game(db):
    with proxied_client(create_app(db, RULES, games=GameRoom(max_games=4, per_client=3))) as client:

        def start(address: str) -> str:
            reply = client.post("/api/games", json={"opponent": "always_roll(4)"}, headers=from_address(address))
            assert reply.status_code == 201, reply.text
            return reply.json()["id"]

        def kept(*games: str) -> list[bool]:
            return [client.get(f"/api/games/{game}").status_code == 200 for game in games]

        a1, a2, a3 = (start("10.11.0.1") for _ in range(3))
        b1 = start("10.11.0.2")
        c1 = start("10.11.0.3")  # the heaviest client's oldest game goes
        assert kept(a1, a2, a3, b1, c1) == [False, True, True, True, True]
        d1 = start("10.11.0.4")
        assert kept(a2, a3, b1, c1, d1) == [False, True, True, True, True]
        e1 = start("10.11.0.5")  # all even: the oldest goes
        assert kept(a3, b1, c1, d1, e1) == [False, True, True, True, True]
        for n in range(200):  # fifty addresses flood the room
            start(f"10.11.1.{n % 50}")
        assert kept(start("10.11.2.1")) == [True]


def test_reading_a_game_does_not_keep_it(db):
    now = [0.0]
    room = GameRoom(idle_seconds=100, clock=lambda: now[0])
    with TestClient(create_app(db, RULES, games=room), base_url="http://localhost") as client:
        read, played = (client.post("/api/games", json={"opponent": "always_roll(4)"}).json()["id"] for _ in range(2))
        for now[0] in (40.0, 80.0):
            assert client.get(f"/api/games/{read}").status_code == 200
            assert client.get(f"/play/{read}").status_code == 200
            assert client.post(f"/api/games/{played}/turns", json={"num_rolls": 1}).status_code == 200
        now[0] = 150.0
        assert client.get(f"/api/games/{read}").status_code == 404
        assert client.get(f"/api/games/{played}").status_code == 200


# --- 12: endless games --------------------------------------------------------------------------------


def test_an_endless_game_stops_unfinished_with_a_bounded_history():
    goal = 300
    opponent = library.make("always_roll", "hefty_hogs", goal, (0,))
    game = VisitorGame("g", Game("hefty_hogs", goal, seed=1), opponent, 0, max_turns=250)
    while not game.over:
        game.visitor_turn(0)
    state = game.to_dict()
    assert max(state["scores"]) < goal
    assert (state["over"], state["unfinished"], state["winner"], state["turns_taken"]) == (True, True, None, 250)
    assert len(state["history"]) == HISTORY_TURNS and state["history_start"] == 250 - HISTORY_TURNS
    with pytest.raises(ValueError, match="stopped unfinished after 250 turns"):
        game.visitor_turn(0)


# --- 13: file names and error headers -------------------------------------------------------------


@pytest.mark.parametrize("name", ["é" * 100 + ".py", "\u200b" * 300 + ".py", "😀" * 80 + ".json", "." * 200])
def test_no_file_name_gives_a_server_error(db, name):
    with TestClient(create_app(db, RULES), base_url="http://localhost") as client:
        reply = client.post("/api/strategies", files={"file": (name, b"[[1]]")})
        assert reply.status_code == 400, reply.text
        assert reply.headers["Content-Security-Policy"] == SECURITY_HEADERS["Content-Security-Policy"]


def test_an_unexpected_error_is_a_500_with_the_security_headers(db):
    app = create_app(db, RULES)

    def broken() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/api/broken", broken)
    with TestClient(app, base_url="http://localhost", raise_server_exceptions=False) as client:
        reply = client.get("/api/broken")
    assert reply.status_code == 500
    assert reply.json() == {"detail": "internal error: the server could not answer this request"}
    for name, value in SECURITY_HEADERS.items():
        assert reply.headers[name] == value


# --- 14: paginated lists ------------------------------------------------------------------------------


def test_lists_come_a_page_at_a_time(db):
    goal = 20
    with open_store(db) as store:
        for n in range(250):
            table = np.full((goal, goal), n % 11, dtype=np.int8)
            table.flat[n // 11] = (n + 1) % 11
            store.add_strategy(StrategyTable(table, RULES, f"entry_{n}", "file"))
    with TestClient(create_app(db, RULES), base_url="http://localhost") as client:
        pages = [client.get("/api/strategies", params={"goal": goal, "page": n}).json() for n in (1, 2, 3, 4)]
        assert [len(page["stored"]) for page in pages] == [100, 100, 50, 0]
        assert {(page["pages"], page["total"]) for page in pages} == {(3, 250)}
        names = [record["name"] for page in pages for record in page["stored"]]
        assert sorted(names) == sorted(f"entry_{n}" for n in range(250))
        html = client.get("/strategies", params={"goal": goal, "page": 2}).text
        assert "page 2 of 3" in html and 'rel="prev"' in html and 'rel="next"' in html
        assert html.count("/strategies/") - html.count("/strategies/%") >= 100
        assert client.get("/api/strategies", params={"page": 0}).status_code == 422
