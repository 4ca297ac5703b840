"""The web arena end to end in a real headless browser.

``hog serve`` runs in a subprocess on 127.0.0.1 (a free port) against a
temporary SQLite database seeded with a small league; Debian's chromium,
driven by Playwright, opens the leaderboard, uploads a valid and an invalid
strategy file and plays a game to the end. Without chromium (or Playwright)
these tests fail under CI (``CI=true``; ``.ci/browser.sh`` installs
chromium) and are skipped elsewhere, with the reason.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from browser_support import chromium_path, launched_chromium, new_page
from server_process import running_server

from arena.league import LeagueSettings
from arena.tournament import run_stored_league
from hog_arena.cli.main import main
from results.store import open_store
from strategies import library
from strategies.table import StrategyTable

RULES = "square_swine"
MINE_SOURCE = """\
def final_strategy(score, opponent_score):
    return 0 if opponent_score >= score + 20 else 5
"""
BAD_SOURCE = """\
def final_strategy(score, opponent_score):
    return 11 if (score, opponent_score) == (3, 4) else 4
"""


def mine(score: int, opponent_score: int) -> int:
    """MINE_SOURCE's strategy, written again here."""
    return 0 if opponent_score >= score + 20 else 5


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """(base URL, database URL) of ``hog serve`` on a database with a league of four built-ins."""
    folder = tmp_path_factory.mktemp("browser")
    db = f"sqlite:///{folder / 'arena.db'}"
    with open_store(db) as store:
        entries = [library.make("always_roll", RULES, 100, (n,)) for n in (2, 4, 6)]
        entries.append(library.make("catch_up", RULES))
        run_stored_league(store, entries, LeagueSettings(), name="browser league", jobs=1)
    with running_server(db, "--rules", RULES) as running:
        yield running.url, db


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_path()


@pytest.fixture(scope="module")
def page(chromium, server):
    with launched_chromium(chromium) as browser:
        yield new_page(browser)


def test_leaderboard(page, server, capsys):
    base, db = server
    assert main(["leaderboard", "--db", db, "--rules", RULES, "--json"]) == 0
    expected = json.loads(capsys.readouterr().out)["rows"]
    page.goto(f"{base}/")
    assert page.title() == "Leaderboard · Hog Arena"
    assert "League #1 browser league" in page.inner_text(".league-info")
    rows = page.locator("#leaderboard tbody tr")
    shown = [row.locator("td").all_inner_texts() for row in rows.all()]
    assert [(int(r[0]), r[1], int(r[3]), r[5]) for r in shown] == [
        (row["rank"], row["name"], row["wins"], f"{row['mean_win_rate']:.4f}") for row in expected
    ]
    matrix = page.locator("figure.matrix img")
    matrix.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=matrix.element_handle())
    with page.expect_navigation():
        page.click("header nav >> text=Strategies")
    assert page.locator("#stored tbody tr").count() == 4


def _upload(page, base: str, name: str, source: bytes) -> str:
    page.goto(f"{base}/submit")
    page.set_input_files("input[name=file]", files=[{"name": name, "mimeType": "text/x-python", "buffer": source}])
    page.fill("input[name=author]", "ada")
    with page.expect_navigation():
        page.click("#upload button[type=submit]")
    return page.inner_text("#outcome")


def test_upload_a_valid_and_an_invalid_file(page, server):
    base, _ = server
    outcome = _upload(page, base, "mine.py", MINE_SOURCE.encode())
    sha = StrategyTable.from_function(mine, RULES).sha256
    assert re.fullmatch(rf"mine\.py: stored as 'mine' \(#\d+, sha256 {sha[:12]}\) · see it", outcome), outcome
    assert page.get_attribute("#outcome", "class") == "message ok"
    page.click("#outcome a")
    assert page.inner_text("#strategy-name") == "mine"
    assert page.inner_text("#author") == "ada"

    outcome = _upload(page, base, "bad.py", BAD_SOURCE.encode())
    assert outcome == "refused bad.py: final_strategy(3, 4) returned 11, not an integer 0..10"
    assert page.get_attribute("#outcome", "class") == "message error"


def test_the_browser_refuses_an_oversized_file_before_sending_it(page, server):
    base, _ = server
    page.goto(f"{base}/submit")
    page.set_input_files(
        "input[name=file]", files=[{"name": "big.py", "mimeType": "text/x-python", "buffer": b"#" * (2 << 20)}]
    )
    page.click("#upload button[type=submit]")
    assert page.inner_text("#outcome") == "refused big.py: the file is over the 1 MB limit for strategy files"
    assert page.url == f"{base}/submit"


def test_play_a_game_to_the_end(page, server):
    base, _ = server
    page.goto(f"{base}/play")
    page.select_option("#opponent", "always_roll(4)")
    with page.expect_navigation():
        page.click("#new-game button[type=submit]")
    assert page.inner_text("h1") == "You vs always_roll(4)"
    with page.expect_navigation():
        page.click("#roll button[value='0']")
    first = page.locator(".turn.visitor").last
    assert "rolled no dice" in first.inner_text()
    assert first.locator(".events li").first.inner_text() == "Pig Tail: 1 point for rolling 0"  # 2*|0-0|+1
    for _ in range(200):
        if page.locator("#result").count():
            break
        with page.expect_navigation():
            page.keyboard.press("6")  # the page's script turns a digit key into that button
    result = page.inner_text("#result")
    you, strategy = int(page.inner_text("#score-visitor")), int(page.inner_text("#score-strategy"))
    assert max(you, strategy) >= 100
    if you > strategy:
        assert result.startswith(f"You win, {you} to {strategy}!")
    else:
        assert result.startswith(f"always_roll(4) wins, {strategy} to {you}.")
    strategy_turns = page.locator(".turn.strategy .turn-head").all_inner_texts()
    assert strategy_turns and all("rolled 4 dice" in turn for turn in strategy_turns)
    visitor_turns = page.locator(".turn.visitor .turn-head").all_inner_texts()
    assert all("rolled 6 dice" in turn for turn in visitor_turns[:-1])  # newest first; the first turn rolled 0
    assert page.locator("#roll").count() == 0


def test_the_api_documentation_renders_offline_within_the_content_security_policy(page, server):
    base, _ = server
    errors: list[str] = []
    elsewhere: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on(
        "request", lambda request: None if request.url.startswith((base, "data:")) else elsewhere.append(request.url)
    )
    page.on("response", lambda response: errors.append(response.url) if response.status >= 400 else None)
    page.goto(f"{base}/docs")
    page.wait_for_selector(".opblock-summary-path")
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert {"/api/rules", "/api/games/{game_id}/turns"} <= {path.strip().replace("\u200b", "") for path in paths}
    page.goto(f"{base}/")
    width = page.eval_on_selector("#leaderboard .bar", "bar => bar.getBoundingClientRect().width")
    assert width > 0  # the script, not an inline style, draws the bars
    assert elsewhere == [] and errors == []
