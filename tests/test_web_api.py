"""The web arena through FastAPI's test client, on a real SQLite file seeded
with a small league: the JSON API, the pages' escaping of what visitors
send, upload limits, and the strategy checker's separate process."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from arena.league import LeagueSettings
from arena.match import play_match
from arena.tournament import run_stored_league
from hog_arena.cli.main import main
from hog_arena.web.app import UPLOAD_OVERHEAD_BYTES, create_app
from hog_arena.web.limits import TooLarge, UploadLimit
from results.store import open_store
from strategies import library, loader
from strategies.loader import Limits, load_file
from strategies.submission import CheckRequest, check_file, check_file_in_fresh_process
from strategies.table import StrategyTable

RULES = "square_swine"
FIXTURES = Path(__file__).parent / "fixtures" / "submissions"
HOSTILE = FIXTURES / "hostile"
HOSTILE_NAME = '<script>alert("name")</script>'
HOSTILE_AUTHOR = "<img src=x onerror=alert('author')>"
UPLOADED_SOURCE = """\
def final_strategy(score, opponent_score):
    if opponent_score - score > 30:
        return 0
    return 6 if score < 60 else 3
"""


def uploaded_moves(score: int, opponent_score: int) -> int:
    """The uploaded strategy, written again here."""
    if opponent_score - score > 30:
        return 0
    return 6 if score < 60 else 3


LEAGUE = ("always_roll(3)", "always_roll(5)", "always_roll(7)")


@pytest.fixture(scope="module")
def arena(tmp_path_factory):
    """(client, db URL, id of the hostile-named strategy) for a database with
    a league of three built-ins and an uploaded strategy with a hostile name and author."""
    url = f"sqlite:///{tmp_path_factory.mktemp('web') / 'arena.db'}"
    with TestClient(create_app(url, RULES), base_url="http://localhost") as client:
        reply = client.post(
            "/api/strategies",
            files={"file": ("hostile.py", UPLOADED_SOURCE.encode())},
            data={"name": HOSTILE_NAME, "author": HOSTILE_AUTHOR},
        )
        assert reply.status_code == 201, reply.text
        hostile_id = reply.json()["id"]
        with open_store(url) as store:
            entries = [library.make("always_roll", RULES, 100, (n,)) for n in (3, 5, 7)]
            entries.append(store.get_strategy(hostile_id, RULES, 100))
            run_stored_league(store, entries, LeagueSettings(), name="small", jobs=1)
        yield client, url, hostile_id


def form_token(client: TestClient, page: str) -> str:
    """The token of the forms of PAGE (the client keeps the cookie it goes with)."""
    found = re.search(r'name="csrf_token" value="([0-9a-f]+)"', client.get(page).text)
    assert found, f"no form token on {page}"
    return found[1]


def stored_names(url: str) -> list[str]:
    with open_store(url) as store:
        return [record.name for record in store.list_strategies(RULES, 100)]


# --- leaderboard -----------------------------------------------------------------------------


def test_api_leaderboard_is_the_cli_ranking(arena, capsys):
    client, url, _ = arena
    assert main(["leaderboard", "--db", url, "--rules", RULES, "--json"]) == 0
    expected = json.loads(capsys.readouterr().out)["rows"]
    data = client.get("/api/leaderboard", params={"rules": RULES}).json()
    assert data["league"]["name"] == "small"
    assert (data["entries"], data["pairs"], data["matches"]) == (4, 6, 6)
    keys = ("rank", "name", "author", "wins", "losses", "mean_win_rate", "worst_opponent", "worst_rate")
    assert [{k: row[k] for k in keys} for row in data["rows"]] == [{k: row[k] for k in keys} for row in expected]


def test_leaderboard_page_lists_the_ranking_and_draws_the_matrix(arena):
    client, _, _ = arena
    rows = client.get("/api/leaderboard").json()["rows"]
    page = client.get("/")
    assert page.status_code == 200
    positions = [page.text.index(f">{escape(row['name'])}</a>") for row in rows]
    assert positions == sorted(positions)
    league_id = client.get("/api/leaderboard").json()["league"]["id"]
    assert f"/leaderboard/matrix.png?rules={RULES}&amp;goal=100&amp;league={league_id}" in page.text
    picture = client.get("/leaderboard/matrix.png", params={"league": league_id})
    assert picture.headers["content-type"] == "image/png"
    assert picture.content.startswith(b"\x89PNG\r\n\x1a\n")


def test_a_rule_set_without_league_says_how_to_make_one(arena):
    client, _, _ = arena
    page = client.get("/leaderboard", params={"rules": "hog_pile"})
    assert page.status_code == 200
    assert "No finished league for <strong>hog_pile</strong>" in page.text
    assert "hog league --rules hog_pile" in page.text
    reply = client.get("/api/leaderboard", params={"rules": "hog_pile"})
    assert reply.status_code == 404
    assert reply.json()["detail"] == "no finished league for hog_pile, goal 100"


def test_unknown_rule_set_and_league_are_404_with_the_reason(arena):
    client, _, _ = arena
    reply = client.get("/api/leaderboard", params={"rules": "no_such_rules"})
    assert reply.status_code == 404
    assert reply.json()["detail"].startswith("unknown rule set 'no_such_rules'; valid names: more_boar")
    page = client.get("/leaderboard", params={"league": "nope"})
    assert page.status_code == 404
    assert "no league &#39;nope&#39; for square_swine, goal 100" in page.text


# --- strategies --------------------------------------------------------------------------------


def test_strategy_api_gives_table_origin_and_exact_matches(arena):
    client, _, hostile_id = arena
    data = client.get("/api/strategies/always_roll(5)").json()
    assert (data["name"], data["origin"], data["params"]) == ("always_roll(5)", "builtin", {"n": 5})
    assert data["table"] == [[5] * 100] * 100
    assert data["stored"]["author"] == "hog-arena"
    me = library.make("always_roll", RULES, 100, (5,))
    opponents = {
        "always_roll(3)": library.make("always_roll", RULES, 100, (3,)),
        "always_roll(7)": library.make("always_roll", RULES, 100, (7,)),
        HOSTILE_NAME: StrategyTable.from_function(uploaded_moves, RULES),
    }
    assert {m["opponent"] for m in data["matches"]} == set(opponents)
    for match in data["matches"]:
        expected = play_match(me, opponents[match["opponent"]])
        assert match["win_rate"] == pytest.approx(expected.rate, abs=1e-12)
        assert match["a_first"] == pytest.approx(expected.first, abs=1e-12)
        assert match["a_second"] == pytest.approx(expected.second, abs=1e-12)
    rates = [m["win_rate"] for m in data["matches"]]
    assert rates == sorted(rates)  # hardest opponents first


def test_strategy_by_id_is_the_uploaded_table(arena):
    client, _, hostile_id = arena
    data = client.get(f"/api/strategies/{hostile_id}").json()
    assert data["name"] == HOSTILE_NAME
    assert data["stored"]["author"] == HOSTILE_AUTHOR
    assert data["origin"] == "file"
    assert data["table"] == StrategyTable.from_function(uploaded_moves, RULES).table.tolist()


def test_strategy_page_shows_facts_heat_map_and_matches(arena):
    client, _, _ = arena
    page = client.get("/strategies/always_roll(3)")
    assert page.status_code == 200
    for text in (
        "<dd>builtin</dd>",
        "<code>n=3</code>",
        ">hog-arena</dd>",
        'id="matches"',
        "/strategies/always_roll%283%29/heatmap.png",
    ):
        assert text in page.text
    picture = client.get("/strategies/always_roll(3)/heatmap.png")
    assert picture.content.startswith(b"\x89PNG\r\n\x1a\n")


def test_strategies_list_has_stored_and_builtin(arena):
    client, _, hostile_id = arena
    data = client.get("/api/strategies").json()
    assert [s["name"] for s in data["stored"]][:1] == [HOSTILE_NAME]
    specs = [b["spec"] for b in data["builtins"]]
    assert specs[:11] == [f"always_roll({n})" for n in range(11)]
    assert {"perfect", "final_strategy"} <= set(specs)
    page = client.get("/strategies")
    assert f'href="/strategies/{hostile_id}?rules={RULES}&amp;goal=100"' in page.text


def test_a_visitor_cannot_name_a_file_on_the_server(arena, student_file):
    client, _, _ = arena
    path = str(student_file("square_swine.py"))
    reply = client.post("/api/games", json={"opponent": path})
    assert reply.status_code == 404
    assert reply.json()["detail"].endswith(
        "' is not a valid expression (invalid syntax) nor a stored strategy for square_swine, goal 100"
    )
    assert "file" not in reply.json()["detail"]
    reply = client.get("/api/strategies/square_swine.py")
    assert reply.status_code == 400
    assert reply.json()["detail"].startswith("refused spec 'square_swine.py': a spec is a name or a call")


def test_bad_library_arguments_are_400(arena):
    client, _, _ = arena
    reply = client.get("/api/strategies/always_roll(11)")
    assert reply.status_code == 400
    assert "always_roll" in reply.json()["detail"]


# --- escaping -----------------------------------------------------------------------------------


def test_hostile_names_and_authors_are_escaped_on_every_page(arena):
    client, _, hostile_id = arena
    game = client.post("/api/games", json={"opponent": str(hostile_id), "seed": 1}).json()
    pages = ("/leaderboard", "/strategies", f"/strategies/{hostile_id}", "/play", f"/play/{game['id']}")
    for url in pages:
        page = client.get(url)
        assert page.status_code == 200, url
        assert HOSTILE_NAME not in page.text, url
        assert str(escape(HOSTILE_NAME)) in page.text, url
    for url in ("/leaderboard", f"/strategies/{hostile_id}"):
        page = client.get(url).text
        assert HOSTILE_AUTHOR not in page
        assert str(escape(HOSTILE_AUTHOR)) in page


def test_the_game_form_offers_an_unlisted_opponent_as_an_expression(arena):
    client, _, hostile_id = arena
    page = client.get("/play", params={"opponent": "tail_strategy(threshold=9, num_rolls=5)"}).text
    assert '<input name="expression" value="tail_strategy(threshold=9, num_rolls=5)"' in page
    page = client.get("/play", params={"opponent": str(hostile_id)}).text
    assert '<input name="expression" value=""' in page
    assert f'<option value="{hostile_id}" selected>' in page
    page = client.get("/play", params={"opponent": HOSTILE_NAME}).text
    assert f'<input name="expression" value="{escape(HOSTILE_NAME)}"' in page


def test_error_pages_escape_what_the_visitor_asked_for(arena):
    client, _, _ = arena
    ref = "<img src=x onerror=alert(1)>"
    page = client.get("/strategies/" + quote(ref, safe=""))
    assert page.status_code == 404
    assert ref not in page.text
    assert "&#39;&lt;img src=x onerror=alert(1)&gt;&#39; is not a valid expression" in page.text


# --- uploads ------------------------------------------------------------------------------------


def test_upload_stores_the_table_and_reports_a_duplicate(arena, student_file):
    client, _, _ = arena
    path = student_file("swine_align.py")
    first = client.post(
        "/api/strategies",
        files={"file": (path.name, path.read_bytes())},
        data={"rules": "swine_align", "author": "ann"},
    )
    assert first.status_code == 201, first.text
    data = first.json()
    assert (data["file"], data["name"], data["duplicate"]) == ("swine_align.py", "swine_align", False)
    assert data["sha256"] == load_file(path, "swine_align").sha256
    again = client.post(
        "/api/strategies", files={"file": ("copy.py", path.read_bytes())}, data={"rules": "swine_align"}
    )
    assert again.status_code == 200
    assert again.json() == {
        **{k: v for k, v in data.items() if k != "source_url"},
        "file": "copy.py",
        "duplicate": True,
    }


def test_a_refused_upload_is_the_loaders_one_line_and_stores_nothing(arena):
    client, url, _ = arena
    before = stored_names(url)
    reply = client.post(
        "/api/strategies", files={"file": ("returns_bool.py", (HOSTILE / "returns_bool.py").read_bytes())}
    )
    assert reply.status_code == 400
    assert reply.json() == {
        "detail": "returns_bool.py: final_strategy(0, 0) returned False (a bool), not an integer 0..10"
    }
    assert stored_names(url) == before


def test_upload_form_shows_the_message_escaped(arena):
    client, _, _ = arena
    page = client.post(
        "/submit",
        files={"file": ("<b>bad.py", (HOSTILE / "returns_11.py").read_bytes())},
        data={"rules": RULES, "goal": "100", "csrf_token": form_token(client, "/submit")},
    )
    assert page.status_code == 400
    assert (
        '<p class="message error" id="outcome">refused &lt;b&gt;bad.py: '
        "final_strategy(0, 51) returned 11, not an integer 0..10</p>"
    ) in page.text


def test_upload_of_another_file_type_is_refused_without_running_it(arena):
    client, _, _ = arena
    reply = client.post("/api/strategies", files={"file": ("notes.txt", b"final_strategy = 4")})
    assert reply.status_code == 400
    assert reply.json()["detail"] == "notes.txt: not a strategy file; upload a .py or .json file"


def test_oversized_uploads_are_refused_with_413_and_store_nothing(arena):
    client, url, _ = arena
    before = stored_names(url)
    big = b"# padding\n" * (Limits().source_bytes // 10 + UPLOAD_OVERHEAD_BYTES // 10 + 1)
    reply = client.post("/api/strategies", files={"file": ("big.py", big)})
    assert reply.status_code == 413
    assert reply.json() == {"detail": "the upload is over the 1 MB limit for strategy files"}
    token = form_token(client, "/submit")
    page = client.post(
        "/submit", files={"file": ("big.py", big)}, data={"rules": RULES, "goal": "100", "csrf_token": token}
    )
    assert page.status_code == 413
    assert "the upload is over the 1 MB limit for strategy files" in page.text
    assert stored_names(url) == before


def test_a_file_just_over_the_limit_gets_the_loaders_size_message(arena):
    client, _, _ = arena
    data = b"#" * (Limits().source_bytes + 1)
    reply = client.post("/api/strategies", files={"file": ("big.py", data)})
    assert reply.status_code == 400
    assert reply.json()["detail"] == "big.py: file is 1 MB, over the 1 MB limit for strategy files"


def _limited(headers: list[tuple[bytes, bytes]], chunks: list[bytes], limit: int) -> tuple[list[bytes], bool]:
    """Run UploadLimit over an app that reads the whole body; (chunks read, refused)."""
    pending, read = list(chunks), []

    async def receive() -> dict:
        chunk = pending.pop(0)
        read.append(chunk)
        return {"type": "http.request", "body": chunk, "more_body": bool(pending)}

    async def app(scope, receive, send) -> None:
        while (await receive())["more_body"]:
            pass

    async def send(message) -> None:
        raise AssertionError("the app sends nothing here")

    try:
        asyncio.run(UploadLimit(app, limit, "too big")({"type": "http", "headers": headers}, receive, send))
    except TooLarge as error:
        assert (error.status_code, error.detail) == (413, "too big")
        return read, True
    return read, False


def test_upload_limit_reads_nothing_of_a_body_declared_too_long():
    assert _limited([(b"content-length", b"101")], [b"x" * 101], limit=100) == ([], True)


def test_upload_limit_stops_reading_a_chunked_body_once_over():
    chunks = [b"x" * 40] * 10
    assert _limited([(b"transfer-encoding", b"chunked")], chunks, limit=100) == (chunks[:3], True)


def test_upload_limit_passes_a_body_within_the_limit():
    chunks = [b"x" * 50, b"x" * 50]
    assert _limited([(b"content-length", b"100")], chunks, limit=100) == (chunks, False)


# --- the strategy checker's own process ------------------------------------------------------------


def test_uploads_are_checked_in_another_process(arena, monkeypatch, student_file):
    """The server process never starts the sandbox itself (its threads make fork unsafe)."""
    client, _, _ = arena

    def refuse(*args, **kwargs):
        raise AssertionError("the sandbox was started by the server process")

    monkeypatch.setattr(loader, "run_child", refuse)
    path = student_file("more_boar.py")
    reply = client.post("/api/strategies", files={"file": (path.name, path.read_bytes())}, data={"rules": "more_boar"})
    assert reply.status_code == 201, reply.text


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("hog_pile.py", "hog_pile"),  # a student's file
        ("raises.py", RULES),
        ("table_wrong_shape.json", RULES),
    ],
)
def test_fresh_process_checker_agrees_with_the_in_process_one(name, rules, student_file):
    path = student_file(name) if name == "hog_pile.py" else HOSTILE / name
    fresh = check_file_in_fresh_process(CheckRequest(str(path), rules, name="mine"))
    here = check_file(CheckRequest(str(path), rules, name="mine"))
    assert (fresh.file, fresh.error, fresh.source) == (here.file, here.error, here.source)
    assert fresh.table == here.table
    if here.table is not None:
        assert (fresh.table.name, fresh.table.origin, fresh.table.params) == ("mine", "file", here.table.params)


def test_fresh_process_checker_ignores_modules_in_the_current_folder(tmp_path, monkeypatch, student_file):
    fake = tmp_path / "strategies"
    fake.mkdir()
    (fake / "__init__.py").write_text('raise SystemExit("a stand-in for the project was imported")\n')
    monkeypatch.chdir(tmp_path)
    path = student_file("square_swine.py")
    submission = check_file_in_fresh_process(CheckRequest(str(path), RULES))
    assert submission.error is None
    assert submission.table == load_file(path, RULES)


# --- games ------------------------------------------------------------------------------------------


def _check_chain(history: list[dict]) -> None:
    """Each turn starts from the scores the previous one left."""
    for before, after in zip(history, history[1:], strict=False):
        assert after["scores_before"] == before["scores_after"]
    for turn in history:
        assert len(turn["outcomes"]) == turn["num_rolls"]
        assert all(1 <= value <= 6 for value in turn["outcomes"])


def test_a_game_against_a_stored_strategy_to_the_end(arena):
    client, _, hostile_id = arena
    game = client.post("/api/games", json={"opponent": str(hostile_id), "seed": 7}).json()
    assert (game["opponent"], game["visitor"], game["who"], game["history"]) == (HOSTILE_NAME, 0, 0, [])
    first = client.post(f"/api/games/{game['id']}/turns", json={"num_rolls": 0}).json()
    turn = first["turns"][0]
    assert (turn["who"], turn["num_rolls"], turn["outcomes"], turn["points"]) == (
        0,
        0,
        [],
        1,
    )  # Pig Tail at 0: 2*|0-0|+1
    assert turn["events"][0].startswith("Pig Tail")
    state = first["game"]
    for _ in range(200):
        if state["over"]:
            break
        state = client.post(f"/api/games/{game['id']}/turns", json={"num_rolls": 5}).json()["game"]
    assert state["over"]
    history = state["history"]
    _check_chain(history)
    visitor_turns = [t for t in history if t["who"] == 0]
    assert [t["num_rolls"] for t in visitor_turns] == [0] + [5] * (len(visitor_turns) - 1)
    for t in history:
        if t["who"] == 1:
            score, opponent = t["scores_before"][1], t["scores_before"][0]
            assert t["num_rolls"] == uploaded_moves(score, opponent)
    final = history[-1]["scores_after"]
    assert state["scores"] == final and max(final) >= 100
    assert state["winner"] == (0 if final[0] > final[1] else 1)
    assert client.get(f"/api/games/{game['id']}").json() == state
    over = client.post(f"/api/games/{game['id']}/turns", json={"num_rolls": 1})
    assert over.status_code == 409


def test_turns_carry_the_rule_sets_commentary(arena):
    client, _, _ = arena
    game = client.post("/api/games", json={"opponent": "always_roll(5)", "rules": "hog_pile", "seed": 5}).json()
    turn = client.post(f"/api/games/{game['id']}/turns", json={"num_rolls": 4}).json()["turns"][0]
    gain = turn["scores_after"][0]
    assert turn["scores_before"] == [0, 0] and gain > 0
    assert turn["commentary"] == [
        f"Player 0 takes the lead by {gain}",
        f"{gain} point(s)! That's a record gain for Player 0!",
    ]
    page = client.get(f"/play/{game['id']}").text
    assert f"<li>{gain} point(s)! That&#39;s a record gain for Player 0!</li>" in page
    assert "you are Player 0" in page


def test_the_strategy_moves_at_once_when_it_goes_first(arena):
    client, _, _ = arena
    game = client.post("/api/games", json={"opponent": "always_roll(4)", "visitor_first": False, "seed": 3}).json()
    assert game["visitor"] == 1
    assert game["history"] and all(t["who"] == 0 and t["num_rolls"] == 4 for t in game["history"])
    assert game["who"] == 1 or game["over"]


def test_same_seed_same_game(arena):
    client, _, _ = arena

    def play(seed: int) -> list[dict]:
        game = client.post("/api/games", json={"opponent": "always_roll(6)", "seed": seed}).json()
        for num_rolls in (3, 8, 2):
            client.post(f"/api/games/{game['id']}/turns", json={"num_rolls": num_rolls})
        return client.get(f"/api/games/{game['id']}").json()["history"]

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_bad_turns_and_unknown_games(arena):
    client, _, _ = arena
    game = client.post("/api/games", json={"opponent": "perfect"}).json()
    assert client.post(f"/api/games/{game['id']}/turns", json={"num_rolls": 11}).status_code == 422
    missing = client.post("/api/games/nope/turns", json={"num_rolls": 1})
    assert missing.status_code == 404
    assert missing.json()["detail"] == "no game 'nope': it was never started, or it was idle too long"
    assert client.get("/play/nope").status_code == 404


def test_game_pages_play_by_form(arena):
    client, _, _ = arena
    token = form_token(client, "/play")
    form = {"rules": RULES, "goal": "100", "opponent": "always_roll(2)", "csrf_token": token}
    start = client.post("/play", data=form, follow_redirects=False)
    assert start.status_code == 303
    page = client.post(start.headers["location"], data={"num_rolls": "3", "csrf_token": token})
    assert page.status_code == 200
    assert "<strong>You</strong>\n      rolled 3 dice" in page.text
    assert "<strong>always_roll(2)</strong>\n      rolled 2 dice" in page.text


# --- the API's documentation and the command ------------------------------------------------------


def test_openapi_documents_the_api_only(arena):
    client, _, _ = arena
    paths = set(client.get("/openapi.json").json()["paths"])
    assert paths == {
        "/api/rules",
        "/api/leaderboard",
        "/api/strategies",
        "/api/strategies/{ref}",
        "/api/strategies/{strategy_id}/source",
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/turns",
        "/api/contests",
        "/api/contests/{name}/leaderboard",
        "/api/contests/{name}/matrix",
        "/api/contests/{name}/entries",
        "/api/contests/{name}/entries/mine",
        "/api/contests/{name}/entries/{entry_id}",
        "/api/contests/{name}/entries/{entry_id}/disqualify",
        "/api/contests/{name}/teams/{team}/bar",
        "/api/contests/{name}/deadline",
        "/api/contests/{name}/close",
    }


def test_the_api_documentation_works_offline(arena):
    """/docs loads Swagger UI from the server itself, never from another host."""
    client, _, _ = arena
    page = client.get("/docs")
    assert page.status_code == 200
    assert "http://" not in page.text and "https://" not in page.text and "//" not in page.text.replace("<!doctype", "")
    assets = re.findall(r'(?:src|href)="(/[^"]+)"', page.text)
    assert {"/static/api-docs/swagger-ui-bundle.js", "/static/api-docs/swagger-ui.css", "/static/api-docs.js"} <= set(
        assets
    )
    for asset in assets:
        reply = client.get(asset)
        assert reply.status_code == 200, asset
        assert len(reply.content) > 100, asset
    assert 'data-openapi-url="/openapi.json"' in page.text


def test_serve_refuses_an_unknown_rule_set(capsys):
    assert main(["serve", "--rules", "nope"]) == 2
    assert "unknown rule set 'nope'" in capsys.readouterr().err
