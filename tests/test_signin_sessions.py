"""Sign-in sessions live in the database: signing out, a new sign-in, a
rotated token, 12 idle hours or 14 days end them wherever their cookie is.
Through the real test provider, and the store's aggregate on both backends."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest
from fastapi.testclient import TestClient
from oidc_provider import Provider, running_provider
from signin_support import BASE, Clock, arena, browser_with, sessions_of, sign_in, sign_out, who
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from hog_arena.web.signin import SESSION_COOKIE, SESSION_IDLE, SESSION_LIFETIME
from results.errors import StoreError

USERS = {"ada@example.edu": {"email_verified": True}, "grace@example.edu": {"email_verified": True}}
T0 = datetime(2026, 9, 1, 9, tzinfo=timezone.utc)
IDLE, LIFETIME = timedelta(hours=12), timedelta(days=14)


@pytest.fixture(scope="module")
def provider() -> Iterator[Provider]:
    with running_provider(USERS) as provider:
        yield provider


@pytest.fixture
def db(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'arena.db'}"


@pytest.fixture
def client(db, provider):
    with arena(db, provider) as client:
        yield client


def signed_in_cookie(client, provider, email: str = "ada@example.edu") -> str:
    assert sign_in(client, provider, email).status_code == 303
    cookie = client.cookies.get(SESSION_COOKIE)
    assert cookie and who(client, cookie) == email
    return cookie


# --- through the web ----------------------------------------------------------------------------


def test_the_limits_are_twelve_idle_hours_and_fourteen_days():
    assert (SESSION_IDLE, SESSION_LIFETIME) == (IDLE, LIFETIME)


def test_the_cookie_holds_a_session_id_and_no_email(client, provider):
    cookie = signed_in_cookie(client, provider)
    payload = cookie.split(".")[0]
    data = json.loads(base64.b64decode(payload + "=" * (-len(payload) % 4)))
    assert list(data) == ["sid"] and "ada" not in json.dumps(data)


def test_an_old_cookie_replayed_after_signing_out_is_anonymous(client, provider):
    cookie = signed_in_cookie(client, provider)
    sign_out(client)
    assert who(client) is None
    assert who(client, cookie) is None
    page = browser_with(client, cookie).get("/strategies").text
    assert "signed in as" not in page and 'id="sign-in"' in page


def test_signing_in_again_ends_the_browsers_previous_session(client, provider):
    first = signed_in_cookie(client, provider)
    second = signed_in_cookie(client, provider, "grace@example.edu")
    assert (who(client, first), who(client, second)) == (None, "grace@example.edu")


def test_a_session_idle_past_twelve_hours_is_over(client, provider):
    clock = Clock(T0)
    sessions_of(client).now = clock
    cookie = signed_in_cookie(client, provider)
    clock.advance(IDLE - timedelta(minutes=1))
    assert who(client) == "ada@example.edu"  # a request: the idle time starts again
    clock.advance(IDLE - timedelta(minutes=1))
    assert who(client) == "ada@example.edu"
    clock.advance(IDLE + timedelta(seconds=1))
    assert who(client, cookie) is None
    assert who(client) is None
    assert "signed in as" not in client.get("/strategies").text


def test_a_busy_session_is_over_after_fourteen_days(client, provider):
    clock = Clock(T0)
    sessions_of(client).now = clock
    signed_in_cookie(client, provider)
    for _ in range(LIFETIME // timedelta(hours=11)):
        clock.advance(timedelta(hours=11))
        assert who(client) == "ada@example.edu"
    clock.time = T0 + LIFETIME + timedelta(seconds=1)
    assert who(client) is None


def test_ending_a_persons_sessions_ends_every_browser_of_theirs(client, provider):
    laptop, phone, graces = client, TestClient(client.app, base_url=BASE), TestClient(client.app, base_url=BASE)
    ada = [signed_in_cookie(laptop, provider), signed_in_cookie(phone, provider)]
    grace = signed_in_cookie(graces, provider, "grace@example.edu")
    assert sessions_of(client).store.end_sessions_of("ada@example.edu") == 2
    assert (who(laptop), who(phone), who(graces)) == (None, None, "grace@example.edu")
    assert [who(client, cookie) for cookie in [*ada, grace]] == [None, None, "grace@example.edu"]


# --- the store's aggregate, on both backends ----------------------------------------------------


def stored_rows(db_url: str) -> list[tuple[str, str]]:
    engine = create_engine(make_url(db_url))
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text("SELECT id_sha256, email FROM signin_sessions"))]
    finally:
        engine.dispose()


def test_a_session_is_stored_only_as_the_sha256_of_its_id(store, db_url):
    session_id = store.open_session("ada@x.edu", T0)
    assert len(session_id) >= 43
    assert stored_rows(db_url) == [(hashlib.sha256(session_id.encode()).hexdigest(), "ada@x.edu")]
    assert store.session_email(session_id, T0, IDLE, LIFETIME) == "ada@x.edu"
    assert store.session_email(session_id + "x", T0, IDLE, LIFETIME) is None
    assert store.session_email("", T0, IDLE, LIFETIME) is None


def test_each_session_has_its_own_id(store):
    ids = {store.open_session("ada@x.edu", T0) for _ in range(5)}
    assert len(ids) == 5
    assert {store.session_email(session_id, T0, IDLE, LIFETIME) for session_id in ids} == {"ada@x.edu"}


def test_an_idle_session_is_over_and_deleted(store, db_url):
    session_id = store.open_session("ada@x.edu", T0)
    assert store.session_email(session_id, T0 + IDLE, IDLE, LIFETIME) == "ada@x.edu"
    assert store.session_email(session_id, T0 + 2 * IDLE + timedelta(seconds=1), IDLE, LIFETIME) is None
    assert stored_rows(db_url) == []


def test_seen_is_written_at_most_once_a_minute(store):
    quiet = store.open_session("ada@x.edu", T0)
    busy = store.open_session("ada@x.edu", T0)
    # 30 s later: not written; 90 s later: written. Then each is held to when it was last seen.
    assert store.session_email(quiet, T0 + timedelta(seconds=30), IDLE, LIFETIME) == "ada@x.edu"
    assert store.session_email(busy, T0 + timedelta(seconds=90), IDLE, LIFETIME) == "ada@x.edu"
    later = T0 + IDLE + timedelta(seconds=45)
    assert store.session_email(quiet, later, IDLE, LIFETIME) is None
    assert store.session_email(busy, later, IDLE, LIFETIME) == "ada@x.edu"


def test_a_session_is_over_after_its_lifetime_however_busy(store):
    session_id = store.open_session("ada@x.edu", T0)
    when = T0
    while when + IDLE / 2 <= T0 + LIFETIME:
        when += IDLE / 2
        assert store.session_email(session_id, when, IDLE, LIFETIME) == "ada@x.edu"
    assert store.session_email(session_id, T0 + LIFETIME + timedelta(seconds=1), IDLE, LIFETIME) is None


def test_ending_sessions(store, db_url):
    first, second = store.open_session("ada@x.edu", T0), store.open_session("ada@x.edu", T0)
    grace = store.open_session("grace@x.edu", T0)
    assert store.end_session(first) is True
    assert store.end_session(first) is False
    assert store.session_email(first, T0, IDLE, LIFETIME) is None
    assert store.end_sessions_of("ADA@x.edu") == 0  # emails are compared as stored (folded)
    assert store.end_sessions_of("ada@x.edu") == 1
    assert store.session_email(second, T0, IDLE, LIFETIME) is None
    assert store.session_email(grace, T0, IDLE, LIFETIME) == "grace@x.edu"
    assert store.end_sessions_of("ada@x.edu") == 0


def test_stale_sessions_are_deleted_in_one_sweep(store, db_url):
    old = store.open_session("ada@x.edu", T0)
    new = store.open_session("grace@x.edu", T0 + IDLE)
    assert store.end_stale_sessions(T0 + IDLE + timedelta(seconds=1), IDLE, LIFETIME) == 1
    assert [email for _, email in stored_rows(db_url)] == ["grace@x.edu"]
    assert store.session_email(old, T0 + IDLE, IDLE, LIFETIME) is None
    assert store.session_email(new, T0 + IDLE, IDLE, LIFETIME) == "grace@x.edu"


def test_a_time_without_a_time_zone_or_an_email_that_is_no_name_is_refused(store):
    with pytest.raises(StoreError, match=r"^the time 2026-09-01T09:00:00 has no time zone$"):
        store.open_session("ada@x.edu", T0.replace(tzinfo=None))
    with pytest.raises(StoreError, match=r"^a session's email must be a non-empty string"):
        store.open_session(" ", T0)
