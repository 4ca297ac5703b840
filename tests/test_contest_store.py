"""Contests in the store, decided by the contest's policy
(``arena.contest.service``): rosters and tokens, attempts and the rate,
the deadline, one entry per team, the ranking worker and its standings
(SQLite and PostgreSQL)."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import numpy as np
import pytest
from contest_support import NOW, close_contest, queue_entry, reference_standings, settings, table_of
from sqlalchemy import create_engine, text

from arena.contest.board import rows_of
from arena.contest.errors import ContestClosed, DuplicateTable, InvalidToken, NameTaken, NoSuchEntry, RateLimited
from arena.contest.service import Contests
from arena.contest.worker import rank_step, rank_until_current
from results.errors import StoreError
from results.store import resolve_url


def contest_with_roster(store, name="c", people=None, **changes):
    contest = store.create_contest(name, settings(**changes))
    people = people or [("ada@x.edu", "t1", "student"), ("bob@x.edu", "t1", "student"), ("cy@x.edu", "t2", "student")]
    added = store.add_roster(name, people)
    return contest, {p.email: (p, token) for p, token in added}


def submit(store, contest, person, k, when=NOW, team_name=None):
    return queue_entry(store, contest, person, table_of(k), team_name or f"Team {person.team}", when)


def test_tokens_are_issued_once_and_kept_only_as_digests(store, db_url):
    contest, people = contest_with_roster(store)
    person, token = people["ada@x.edu"]
    assert token.startswith("hog_") and len(token) > 30
    assert Contests(store).by_token(contest, token) == person
    engine = create_engine(resolve_url(db_url))
    with engine.connect() as connection:
        kept = connection.execute(text("SELECT token_sha256 FROM contest_participants WHERE email = 'ada@x.edu'"))
        assert kept.scalar_one() == hashlib.sha256(token.encode()).hexdigest()
        everything = " ".join(str(row) for row in connection.execute(text("SELECT * FROM contest_participants")))
    engine.dispose()
    assert token not in everything
    again = store.add_roster("c", [("ada@x.edu", "t1", "student"), ("dee@x.edu", "t3", "staff")])
    assert [t is None for _, t in again] == [True, False]  # Ada keeps her token; Dee gets one
    assert Contests(store).by_token(contest, token).email == "ada@x.edu"


def test_a_rotated_token_replaces_the_old_one(store):
    contest, people = contest_with_roster(store)
    old = people["cy@x.edu"][1]
    new = Contests(store).rotate_token("c", "Cy@x.edu")
    with pytest.raises(InvalidToken):
        Contests(store).by_token(contest, old)
    assert Contests(store).by_token(contest, new).email == "cy@x.edu"


def test_a_token_of_another_contest_is_refused_as_an_unknown_one_is(store):
    contest, _ = contest_with_roster(store)
    store.create_contest("other", settings())
    ((_, token),) = store.add_roster("other", [("zed@y.edu", "z", "student")])
    with pytest.raises(InvalidToken) as another:
        Contests(store).by_token(contest, token)
    with pytest.raises(InvalidToken) as unknown:
        Contests(store).by_token(contest, "hog_never-issued")
    assert str(another.value) == str(unknown.value)  # nothing tells whether its owner is on another roster


def test_a_team_over_the_team_size_writes_nobody(store):
    store.create_contest("c", settings(team_size=2))
    with pytest.raises(StoreError, match="team 't1' would have 3 members"):
        store.add_roster("c", [(f"{n}@x.edu", "t1", "student") for n in "abc"])
    assert store.roster("c") == []


def test_the_rate_counts_attempts_per_person(store):
    contest, people = contest_with_roster(store, rate_count=1, rate_seconds=60)
    ada, bob = people["ada@x.edu"][0], people["bob@x.edu"][0]
    policy = Contests(store)
    unfinished = policy.take_attempt(contest, ada, NOW)  # the server died before the checker's verdict
    checked = policy.take_attempt(contest, ada, NOW + timedelta(seconds=5))  # so this one is taken
    policy.attempt_checked(contest, checked, "refused: hog.py: no final_strategy")
    with pytest.raises(RateLimited) as refused:
        policy.take_attempt(contest, ada, NOW + timedelta(seconds=20))
    assert refused.value.retry_after == 45
    assert unfinished != checked
    policy.take_attempt(contest, bob, NOW + timedelta(seconds=20))  # the rate is per person
    policy.take_attempt(contest, ada, NOW + timedelta(seconds=66))


def test_nothing_is_taken_after_the_deadline_or_once_closed(store):
    contest, people = contest_with_roster(store, deadline=NOW + timedelta(hours=1))
    ada = people["ada@x.edu"][0]
    policy = Contests(store)
    with pytest.raises(ContestClosed):
        policy.take_attempt(contest, ada, NOW + timedelta(hours=1))
    with pytest.raises(ContestClosed):
        submit(store, contest, ada, 0, when=NOW + timedelta(hours=2))
    close_contest(store, "c", NOW - timedelta(minutes=1))
    with pytest.raises(ContestClosed):
        policy.take_attempt(contest, ada, NOW)
    policy.set_deadline("c", NOW + timedelta(hours=3))  # extending reopens
    policy.take_attempt(contest, ada, NOW + timedelta(hours=2))


def test_a_new_entry_replaces_the_team_s_last_one_and_history_stays(store):
    contest, people = contest_with_roster(store)
    first = submit(store, contest, people["ada@x.edu"][0], 0)
    second = submit(store, contest, people["bob@x.edu"][0], 1)  # Bob is in Ada's team
    history = store.team_entries(contest, "t1")
    assert [(e.id, e.status) for e in history] == [(second.id, "queued"), (first.id, "replaced")]
    assert [e.id for e in store.entries(contest, current_only=True)] == [second.id]


def test_another_team_s_table_or_name_is_refused(store):
    contest, people = contest_with_roster(store)
    submit(store, contest, people["ada@x.edu"][0], 0, team_name="Pig Latin")
    with pytest.raises(DuplicateTable) as refused:
        submit(store, contest, people["cy@x.edu"][0], 0)
    assert "ada" not in str(refused.value) and "t1" not in str(refused.value)
    with pytest.raises(NameTaken, match="taken"):
        submit(store, contest, people["cy@x.edu"][0], 1, team_name="PIG LATIN")
    with pytest.raises(NameTaken, match="looks like"):
        submit(store, contest, people["cy@x.edu"][0], 1, team_name="Pig L\u0430tin")  # a Cyrillic a
    submit(store, contest, people["bob@x.edu"][0], 0, team_name="Pig Latin")  # the same team may resubmit


def test_the_worker_ranks_as_the_reference_game_and_the_course_rule_say(store):
    people = [(f"p{k}@x.edu", f"t{k}", "student") for k in range(4)]
    contest, roster = contest_with_roster(store, people=people)
    for k in range(4):
        submit(store, contest, roster[f"p{k}@x.edu"][0], k)
    assert store.board_states("c")[0].queued == 4
    assert rank_until_current(store, "c") == 1
    standings = store.standings(store.get_contest("c"))
    rows = rows_of(standings.teams, standings.ranking)
    expected = reference_standings([f"Team t{k}" for k in range(4)], [table_of(k) for k in range(4)])
    for row in rows:
        rank, wins, mean = expected[row.team_name]
        assert (row.rank, row.wins) == (rank, wins)
        assert row.mean_win_rate == pytest.approx(mean, abs=1e-12)
    assert store.board_states("c")[0].queued == 0
    assert {e.status for e in store.entries(contest)} == {"ranked"}


def test_a_new_entry_reuses_the_published_pairs_and_replaces_its_team(store):
    people = [(f"p{k}@x.edu", f"t{k}", "student") for k in range(3)]
    contest, roster = contest_with_roster(store, people=people)
    for k in range(3):
        submit(store, contest, roster[f"p{k}@x.edu"][0], k)
    rank_until_current(store, "c")
    before = store.standings(store.get_contest("c"))
    submit(store, contest, roster["p0@x.edu"][0], 7)  # team t0 replaces its entry
    rank_until_current(store, "c")
    after = store.standings(store.get_contest("c"))
    assert [t["team"] for t in after.teams] == ["t1", "t2", "t0"]
    assert after.matrix[0, 1] == before.matrix[1, 2]  # t1 vs t2 kept as published
    expected = reference_standings(["t1", "t2", "t0"], [table_of(1), table_of(2), table_of(7)])
    for row in rows_of(after.teams, after.ranking):
        assert row.wins == expected[row.team_name.removeprefix("Team ")][1]


def test_standings_are_published_once_even_by_two_workers(store):
    contest, roster = contest_with_roster(store)
    submit(store, contest, roster["ada@x.edu"][0], 0)
    submit(store, contest, roster["cy@x.edu"][0], 1)
    stale = store.ranking_input("c")
    assert rank_step(store, "c")
    assert not store.publish_standings(stale, [], [], np.zeros((0, 0)), NOW)  # another worker published since
    assert len(store.standings(store.get_contest("c")).teams) == 2
    assert not rank_step(store, "c")  # current: nothing to do


def test_a_disqualified_entry_leaves_the_standings(store):
    contest, roster = contest_with_roster(store)
    submit(store, contest, roster["ada@x.edu"][0], 0)
    cy = submit(store, contest, roster["cy@x.edu"][0], 1)
    rank_until_current(store, "c")
    Contests(store).disqualify("c", cy.id, "copied")
    rank_until_current(store, "c")
    standings = store.standings(store.get_contest("c"))
    assert [t["team"] for t in standings.teams] == ["t1"]
    assert store.team_entries(contest, "t2")[0].reason == "copied"
    with pytest.raises(NoSuchEntry):
        Contests(store).disqualify("c", 999, "no such entry")


def test_an_imported_contest_is_final_with_its_matrix(store):
    from arena.contest.board import ranked_rows

    matrix = np.array([[np.nan, 0.7, 0.4], [0.3, np.nan, 0.6], [0.6, 0.4, np.nan]])
    ranking = ranked_rows([{"team": t, "team_name": t} for t in "ABC"], matrix)
    store.import_contest("fa19", settings(), ["A", "B", "C"], ranking, matrix, NOW)
    board = Contests(store, clock=lambda: NOW).board("fa19")
    assert board.final and board.state == "final"
    # One win each: one shared rank, shown by mean win rate (0.55, 0.5, 0.45).
    assert [(r.rank, r.team_name, r.wins) for r in board.rows] == [(1, "A", 1), (1, "C", 1), (1, "B", 1)]
