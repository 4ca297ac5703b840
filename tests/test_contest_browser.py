"""The contest pages for people, in a real headless browser: a real
``hog serve`` with sign-in against a real OpenID Connect provider
(``tests/oidc_provider.py``) on 127.0.0.1, contests made through the store,
and Debian's chromium driven by Playwright. A student signs in and submits
on the page, the leaderboard follows new standings without a reload, staff
disqualify an entry, and a closed contest's page, list and winners say the
standings are final.

The page polls its leaderboard every few seconds; the tests drive the
page's clock (Playwright's ``page.clock``) instead of waiting for it.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from urllib.parse import quote

import httpx2
import numpy as np
import pytest
from browser_support import chromium_path, launched_chromium, new_page
from contest_support import RULES, close_contest, settings, table_of
from oidc_provider import Provider, running_provider
from server_process import free_port, running_server
from waiting import wait_until

from results.store import open_store

ADA, BOB, CY, DEE, STAFF = "ada@x.edu", "bob@x.edu", "cy@x.edu", "dee@x.edu", "prof@x.edu"
ROSTER = [(ADA, "t1", "student"), (BOB, "t1", "student"), (CY, "t2", "student"), (DEE, "t3", "student")]
ROSTER += [(STAFF, "staff", "staff")]
ENTRY = (
    b"TEAM_NAME = 'Boar Brawlers'\n\ndef final_strategy(score, opponent_score):\n    return 4 if score < 20 else 2\n"
)
#: The page's polling period (hog_arena/web/static/arena.js), in ms of the page's clock.
POLL_MS = 5000
_names = (f"c{k}" for k in itertools.count())


@dataclass(frozen=True)
class Arena:
    url: str
    db: str
    provider: Provider


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_path()


@pytest.fixture(scope="module")
def arena(chromium, tmp_path_factory) -> Iterator[Arena]:
    """``hog serve`` signing people in at a provider that knows everyone on ROSTER."""
    folder = tmp_path_factory.mktemp("contest-browser")
    db = f"sqlite:///{folder / 'contest.db'}"
    port = free_port()
    public = f"http://127.0.0.1:{port}/"
    users = {email: {"email_verified": True} for email, _, _ in ROSTER}
    with running_provider(users, redirect_uris=(f"{public}auth/callback",)) as provider:
        secret = folder / "client-secret"
        secret.write_text(provider.client_secret)
        oidc = ["--oidc-issuer", provider.issuer, "--oidc-client-id", provider.client_id]
        oidc += ["--oidc-client-secret-file", str(secret), "--public-url", public]
        with running_server(db, "--rules", RULES, *oidc, port=port) as server:
            yield Arena(server.url, db, provider)


@pytest.fixture(scope="module")
def browser(chromium, arena):
    with launched_chromium(chromium) as browser:
        yield browser


def new_contest(arena: Arena, publish: str = "none") -> tuple[str, dict[str, str]]:
    """A new contest open for a day with ROSTER on it: its name and the roster's tokens by email."""
    name = next(_names)
    with open_store(arena.db) as store:
        store.create_contest(name, settings(datetime.now(timezone.utc) + timedelta(days=1), publish=publish))
        return name, {person.email: token for person, token in store.add_roster(name, ROSTER)}


def submit(arena: Arena, name: str, token: str, table: np.ndarray) -> int:
    """Submit TABLE through the API with a roster token; the entry's id."""
    reply = httpx2.post(
        f"{arena.url}/api/contests/{name}/entries",
        headers={"Authorization": f"Bearer {token}"},
        files={"file": ("hog.json", json.dumps(table.tolist()).encode())},
        timeout=30,
    )
    assert reply.status_code == 202, reply.text
    return int(reply.json()["entry_id"])


def ranked(arena: Arena, name: str, entries: int) -> dict:
    """The leaderboard from the API once the server's worker has ranked ENTRIES and nothing waits."""

    def board() -> dict | None:
        shown = httpx2.get(f"{arena.url}/api/contests/{name}/leaderboard", timeout=60).json()
        return shown if shown["entries"] == entries and shown["queued"] == 0 else None

    return wait_until(board, what=f"{entries} entries of {name} ranked")


def signed_in(browser, arena: Arena, email: str, path: str, pictures: bool = False):
    """A new page (its own cookies) at PATH, EMAIL signed in with the page's
    Sign in link; it draws no matrix unless PICTURES (the server draws one
    picture per address at a time: the tests' pages would wait for each other)."""
    page = new_page(browser)
    page.clock.install()  # the page's timers run only when a test advances its clock
    if not pictures:
        page.route("**/matrix.png*", lambda route: route.abort())
    arena.provider.login_as(email)
    page.goto(arena.url + path)
    with page.expect_navigation(url=arena.url + path):
        page.click("#sign-in")
    assert page.inner_text("#signed-in") == f"signed in as {email}"
    return page


def cells(page, table: str = "#contest-board") -> list[list[str]]:
    """The texts of the cells of TABLE's rows."""
    return [row.locator("td").all_inner_texts() for row in page.locator(f"{table} tbody tr").all()]


def expected(board: dict) -> list[list[str]]:
    """The API's rows as the page shows them (rates to 3 decimals until final, as the API rounds them)."""
    digits = 4 if board["exact"] else 3
    rate = lambda r: "-" if r["mean_win_rate"] is None else f"{r['mean_win_rate']:.{digits}f}"  # noqa: E731
    return [[str(r["rank"]), r["team_name"], str(r["wins"]), str(r["losses"]), rate(r)] for r in board["rows"]]


def status(page) -> tuple[str, str, str, str]:
    return tuple(page.inner_text(f"#contest-{field}") for field in ("state", "entries", "queued", "updated"))


def shown_time(board: dict) -> str:
    return datetime.fromisoformat(board["updated"]).strftime("%Y-%m-%d %H:%M:%S UTC")


def unreachable_twin(table: np.ndarray) -> np.ndarray:
    """TABLE with other moves where the player to move has 4 points: under
    sus_fuss a turn never ends on 4 (three factors: it becomes 5), so both
    play alike, their match is exactly even (a loss for both) and they share
    a rank; yet their tables differ."""
    twin = table.copy()
    twin[4, :] = (twin[4, :] + 1) % 11
    return twin


def test_a_student_signs_in_submits_on_the_page_and_sees_the_entry(browser, arena):
    name, _ = new_contest(arena)
    page = signed_in(browser, arena, ADA, f"/contests/{name}")
    assert page.inner_text("#your-team p") == f"Signed in as {ADA}, team t1."
    assert page.locator("#my-entries").count() == 0
    page.set_input_files("#contest-file", files=[{"name": "hog.py", "mimeType": "text/x-python", "buffer": ENTRY}])
    with page.expect_navigation():
        page.click("#contest-submit button[type=submit]")
    outcome = page.inner_text("#contest-outcome")
    found = re.fullmatch(r"accepted: entry #(\d+) of team Boar Brawlers, queued for ranking", outcome)
    assert found, outcome
    assert page.get_attribute("#contest-outcome", "class") == "message ok"
    (mine,) = cells(page, "#my-entries")
    assert mine[:3] == [f"#{found[1]}", "hog.py", ADA] and mine[4] in ("queued", "ranked")
    board = ranked(arena, name, 1)
    page.goto(f"{arena.url}/contests/{name}")
    assert cells(page) == expected(board) == [["1", "Boar Brawlers", "0", "0", "-"]]
    assert page.get_attribute("#contest-board tbody tr", "class") == "mine"  # the team's own row stands out
    assert cells(page, "#my-entries")[0][4] == "ranked"


def test_the_leaderboard_follows_new_standings_without_a_reload(browser, arena):
    name, tokens = new_contest(arena)
    page = signed_in(browser, arena, ADA, f"/contests/{name}", pictures=True)
    page.evaluate("() => { window.stillThisPage = true; }")
    errors: list[str] = []  # the content security policy's refusals are console errors
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("response", lambda response: errors.append(response.url) if response.status >= 400 else None)
    assert status(page)[:3] == ("live", "0", "0") and cells(page) == []
    assert page.locator("#contest-empty").is_visible() and not page.locator("#contest-matrix").is_visible()

    submit(arena, name, tokens[CY], table_of(1))
    first = ranked(arena, name, 1)
    assert status(page)[1] == "0"  # nothing changes until the page polls
    page.clock.run_for(POLL_MS)
    page.wait_for_function("() => document.querySelectorAll('#contest-board tbody tr').length === 1")
    assert cells(page) == expected(first) and status(page) == ("live", "1", "0", shown_time(first))
    assert not page.locator("#contest-empty").is_visible()
    matrix = page.locator("#contest-matrix img")
    matrix.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=matrix.element_handle())

    submit(arena, name, tokens[DEE], table_of(3))
    twin = submit(arena, name, tokens[ADA], unreachable_twin(table_of(3)))
    board = ranked(arena, name, 3)
    assert [row["rank"] for row in board["rows"]] == [1, 1, 3]  # t3 and t1 tie, both beating t2
    page.clock.run_for(POLL_MS)
    page.wait_for_function("() => document.querySelectorAll('#contest-board tbody tr').length === 3")
    assert cells(page) == expected(board)
    assert status(page) == ("live", "3", "0", shown_time(board)) and board["updated"] != first["updated"]
    assert page.evaluate("() => window.stillThisPage") is True  # the same page: not reloaded
    assert [row.get_attribute("class") for row in page.locator("#contest-board tbody tr").all()] == [
        "mine" if row["entry_id"] == twin else None for row in board["rows"]
    ]
    assert page.locator("#contest-board th").count() == 5  # no entry column while the contest runs
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=matrix.element_handle())
    assert matrix.get_attribute("src") == f"/contests/{name}/matrix.png?updated={quote(board['updated'])}"
    assert errors == []


def test_staff_see_every_entry_and_disqualify_one_with_a_reason(browser, arena):
    name, tokens = new_contest(arena)
    submit(arena, name, tokens[CY], table_of(1))
    cheat = submit(arena, name, tokens[DEE], table_of(2))
    ranked(arena, name, 2)
    student = signed_in(browser, arena, CY, f"/contests/{name}")
    assert student.locator("text=All entries (staff)").count() == 0
    page = signed_in(browser, arena, STAFF, f"/contests/{name}")
    assert "All entries (staff)" in page.locator("h2").all_inner_texts()
    listed = sorted([row[1], row[2], row[5]] for row in cells(page, "#all-entries"))
    assert listed == [["t2", "Team 2", "ranked"], ["t3", "Team 3", "ranked"]]
    row = page.locator("#all-entries tbody tr", has_text="t3")
    row.locator("input[name=reason]").fill("copied from the internet")
    with page.expect_navigation(url=f"{arena.url}/contests/{name}"):
        row.locator("button[type=submit]").click()
    statuses = {entry[0]: entry[5] for entry in cells(page, "#all-entries")}
    assert statuses[f"#{cheat}"] == "disqualified: copied from the internet"
    assert page.locator("#all-entries tbody tr", has_text="t3").locator("form").count() == 0
    board = ranked(arena, name, 1)
    page.clock.run_for(POLL_MS)
    page.wait_for_function("() => document.querySelectorAll('#contest-board tbody tr').length === 1")
    assert cells(page) == expected(board) == [["1", "Team 2", "0", "0", "-"]]


def test_a_closed_contest_turns_final_on_its_open_page_and_in_the_archive(browser, arena):
    name, tokens = new_contest(arena, publish="tables")
    ids = [submit(arena, name, tokens[email], table_of(k)) for k, email in enumerate((ADA, CY, DEE))]
    board = ranked(arena, name, 3)
    page = signed_in(browser, arena, ADA, f"/contests/{name}")
    assert page.locator("#contest-submit").is_visible() and not page.locator("#contest-closed").is_visible()
    assert page.inner_text("#contest-closes").startswith("closes ")
    polls: list[str] = []
    page.on("request", lambda request: polls.append(request.url) if "/leaderboard" in request.url else None)
    closed = datetime.now(timezone.utc)
    with open_store(arena.db) as store:
        close_contest(store, name, closed)
    page.clock.run_for(POLL_MS)
    page.wait_for_function("() => document.getElementById('contest-state').textContent === 'final standings'")
    assert page.locator("#contest-board th").all_inner_texts()[-1] == "ENTRY"  # shown upper case by the style
    board = httpx2.get(f"{arena.url}/api/contests/{name}/leaderboard", timeout=60).json()
    assert board["final"] and board["exact"]  # final: the exact rates, on the page too
    order = [row["entry_id"] for row in board["rows"]]
    assert sorted(order) == sorted(ids)
    assert cells(page) == [[*row, f"#{entry}"] for row, entry in zip(expected(board), order, strict=True)]
    links = page.locator("#contest-board tbody a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert links == [f"/contests/{name}/entries/{entry}" for entry in order]
    assert not page.locator("#contest-submit").is_visible() and page.locator("#contest-closed").is_visible()
    assert page.inner_text("#contest-closes") == f"closed {closed:%Y-%m-%d %H:%M} UTC"
    page.clock.run_for(3 * POLL_MS)
    assert len(polls) == 1  # final: the page stopped polling

    assert "entry-table" in httpx2.get(f"{arena.url}{links[0]}", timeout=60).text  # its page, for anyone now
    published = httpx2.get(f"{arena.url}/api/contests/{name}/entries/{order[0]}", timeout=60).json()
    assert published["table"] == table_of(ids.index(order[0])).tolist()
    page.goto(f"{arena.url}/contests/{name}")
    assert page.inner_text("#contest-state") == "final standings"
    assert page.inner_text("#contest-closes") == f"closed {closed:%Y-%m-%d %H:%M} UTC"
    assert cells(page)[0][5] == f"#{order[0]}"
    page.clock.run_for(3 * POLL_MS)
    assert len(polls) == 1  # a page shown final does not poll at all
    page.goto(f"{arena.url}/contests")
    listed = {row[0]: row for row in cells(page, "#contests")}
    assert listed[name][3:] == ["final", "3", "0"]
    page.goto(f"{arena.url}/winners")
    card = page.locator("section.winners", has=page.locator(f"h2 a[href='/contests/{name}']"))
    assert card.locator("ol.podium li").all_inner_texts() == [
        f"{r['team_name']} ({r['wins']} wins, {r['mean_win_rate']:.4f})" for r in board["rows"]
    ]
    assert card.locator("p").inner_text() == f"{RULES} · 3 entries · closed {closed:%Y-%m-%d}"
