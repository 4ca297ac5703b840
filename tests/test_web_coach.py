"""The web arena's "Where it loses": on a strategy's page against perfect
play, on a contest entry's page against the other teams' entries for whom
the contest lets see the entry; each coaching computed once, under the
arena's admission control, then served from its cache."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from datetime import datetime, timedelta, timezone

import pytest
from coach_reference import coach_reference
from contest_support import RULES, close_contest, reference_rate, settings, table_of
from fastapi.testclient import TestClient

from hog_arena.web.admission import AdmissionPolicy
from hog_arena.web.app import create_app
from results.store import open_store
from strategies.spec import resolve_spec

GOAL = 20


def counted(app) -> Counter[str]:
    """The computations the app's arena admits from now on, by function name."""
    admission = app.state.arena.compute
    calls: Counter[str] = Counter()
    call = admission.call

    def counting(client, function, *args):
        calls[function.__name__] += 1
        return call(client, function, *args)

    admission.call = counting
    return calls


def section(page: str) -> str:
    found = re.search(r'<section class="card" id="coach">(.*?)</section>', page, re.S)
    assert found, page
    return found[1]


def cells(page: str) -> list[tuple[int, int, str]]:
    """(score, opponent score, cost in points as shown) of the section's costliest cells."""
    rows = re.findall(r'<tr title="[^"]*"><td class="num">\d+</td><td>(\d+)–(\d+)</td>(.*?)</tr>', page, re.S)
    return [(int(s), int(o), re.findall(r'<td class="num">([^<]*)</td>', rest)[-1]) for s, o, rest in rows]


def test_a_strategy_s_page_shows_where_it_loses_against_perfect_once_computed(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", RULES)
    with TestClient(app, base_url="http://localhost") as client:
        calls = counted(app)
        path = f"/strategies/always_roll(5)?rules={RULES}&goal={GOAL}"
        first = client.get(path)
        assert first.status_code == 200, first.text
        again = client.get(path)
    assert calls["coach_against"] == 1  # the second page came from the cache
    shown = section(first.text)
    assert shown == section(again.text)
    assert "Where it loses" in shown and 'src="data:image/png;base64,' in shown
    student = resolve_spec("always_roll(5)", RULES, GOAL).table
    reference = coach_reference(RULES, student, resolve_spec("perfect", RULES, GOAL).table)
    gap = reference["rates"]["best"] - reference["rates"]["own"]
    assert f"a gap of {gap * 100:.2f} points" in " ".join(html.unescape(shown).split())
    listed = cells(shown)
    assert len(listed) == 10
    costliest = sorted(reference["cost"].items(), key=lambda item: (-item[1], item[0]))[:10]
    assert [(s, o) for s, o, _ in listed] == [cell for cell, _ in costliest]
    assert [cost for _, _, cost in listed] == [f"{cost * 100:.3f}" for _, cost in costliest]
    assert len(re.findall(r"<li>At \d+–\d+ you roll 5\.", shown)) == 10


def test_a_refused_coaching_leaves_the_page_with_the_reason(tmp_path):
    """One computation per address in ten minutes: the strategy's table takes it, the coach is refused."""
    strict = AdmissionPolicy(workers=1, queue=0, per_client=1, per_window=1, jobs="computations", service="the solver")
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", RULES, computed=strict)
    with TestClient(app, base_url="http://localhost") as client:
        page = client.get(f"/strategies/always_roll(5)?rules={RULES}&goal={GOAL}")
    assert page.status_code == 200
    reason = re.search(r'id="coach-unavailable">([^<]*)<', page.text)
    assert reason and "too many computations" in reason[1] and 'id="coach-cells"' not in page.text


@pytest.fixture
def contest(tmp_path):
    """(app, client, db URL, tokens by email, entry ids by team) of a live
    contest fa26 publishing tables once final, with three teams' entries."""
    url = f"sqlite:///{tmp_path / 'contest.db'}"
    people = [("ada@x.edu", "t1", "student"), ("cy@x.edu", "t2", "student"), ("dee@x.edu", "t3", "student")]
    people.append(("staff@x.edu", "staff", "staff"))
    with open_store(url) as store:
        store.create_contest("fa26", settings(datetime.now(timezone.utc) + timedelta(days=1), publish="tables"))
        tokens = {p.email: token for p, token in store.add_roster("fa26", people)}
    app = create_app(url, RULES, contest_worker=False)
    with TestClient(app, base_url="http://localhost") as client:
        entries = {}
        for k, (email, team, _) in enumerate(people[:3]):
            reply = client.post(
                "/api/contests/fa26/entries",
                headers={"Authorization": f"Bearer {tokens[email]}"},
                files={"file": ("hog.json", json.dumps(table_of(k).tolist()).encode())},
            )
            assert reply.status_code == 202, reply.text
            entries[team] = reply.json()["entry_id"]
        yield app, client, url, tokens, entries


def as_(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def matchups(page: str) -> dict[str, list[str]]:
    """{opponent: [win rate, best response's, gap]} as the section's matchups table shows them."""
    table = re.search(r'id="coach-matchups">(.*?)</table>', page, re.S)
    assert table, page
    rows = re.findall(r"<tr><td>([^<]*)</td>(.*?)</tr>", table[1], re.S)
    return {name: re.findall(r'<td class="num">([^<]*)</td>', rest) for name, rest in rows}


def test_an_entry_s_page_coaches_it_against_the_field_for_its_team_and_staff(contest):
    app, client, _, tokens, entries = contest
    calls = counted(app)
    path = f"/contests/fa26/entries/{entries['t1']}"
    for refused in (tokens["cy@x.edu"], None):  # another team, anyone: the entry and its coaching stay private
        reply = client.get(path, headers=as_(refused))
        assert reply.status_code == 404 and 'id="coach"' not in reply.text
    assert calls["coach_against_field"] == 0
    team = client.get(path, headers=as_(tokens["ada@x.edu"]))
    staff = client.get(path, headers=as_(tokens["staff@x.edu"]))
    assert team.status_code == staff.status_code == 200
    assert calls["coach_against_field"] == 1  # staff's page came from the team's computation, cached
    rates = {name: reference_rate(table_of(0), table_of(k)) for k, name in ((1, "Team 2"), (2, "Team 3"))}
    exact, rounded = matchups(staff.text), matchups(team.text)
    assert set(exact) == set(rounded) == set(rates)
    for name, rate in rates.items():
        assert exact[name][0] == f"{rate:.4f}"
        assert rounded[name][0] == f"{round(rate, 3):.4f}"  # the live leaderboard's rule for teams: 3 decimals
    assert "the field (2 other entries, each counted equally)" in section(team.text)
    mean = sum(rates.values()) / 2
    for page, shown in ((staff.text, mean), (team.text, round(mean, 3))):
        found = re.search(r"exact win rate ([\d.]+) on average", page)
        assert found and found[1] == f"{shown:.4f}"


def test_once_final_the_published_entry_s_coaching_is_public(contest):
    app, client, url, tokens, entries = contest
    path = f"/contests/fa26/entries/{entries['t2']}"
    assert client.get(path).status_code == 404
    with open_store(url) as store:
        from arena.contest.worker import rank_until_current

        close_contest(store, "fa26", datetime.now(timezone.utc))
        rank_until_current(store, "fa26")
    public = client.get(path)
    assert public.status_code == 200 and "Where it loses" in section(public.text)
    rates = matchups(public.text)
    assert rates["Team 1"][0] == f"{reference_rate(table_of(1), table_of(0)):.4f}"  # final: exact for everyone
