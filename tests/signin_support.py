"""Driving the arena's sign-in against the test provider (``tests/oidc_provider.py``):
an arena with a ``/whoami`` route, signing in, signing out, and a clock a test moves."""

from __future__ import annotations

import html
import re
from datetime import datetime, timedelta, timezone
from typing import Any

from fastapi.testclient import TestClient
from oidc_provider import Provider

from hog_arena.web.app import create_app
from hog_arena.web.signin import SESSION_COOKIE, OidcSettings, SignedInDep

RULES = "square_swine"
BASE = "http://localhost"


class Clock:
    """A time that moves only when a test says so."""

    def __init__(self, start: datetime = datetime(2026, 9, 1, 9, tzinfo=timezone.utc)) -> None:
        self.time = start

    def __call__(self) -> datetime:
        return self.time

    def advance(self, by: timedelta) -> None:
        self.time += by


def settings_of(provider: Provider) -> OidcSettings:
    return OidcSettings(provider.issuer, provider.client_id, provider.client_secret)


def arena(db: str, provider: Provider) -> TestClient:
    """A test client of the arena on DB signing in at PROVIDER, with a route telling who is signed in."""
    app = create_app(db, RULES, oidc=settings_of(provider), contest_worker=False)

    @app.get("/whoami")
    def whoami(email: SignedInDep) -> dict[str, str | None]:
        return {"email": email}

    return TestClient(app, base_url=BASE)


def sessions_of(client: TestClient) -> Any:
    """The arena's sign-in sessions (``hog_arena.web.signin.SignInSessions``: its store, its clock)."""
    return client.app.state.sign_in_sessions  # type: ignore[attr-defined]


def sign_in(client: TestClient, provider: Provider, email: str):
    """The arena's answer to the provider's redirect back, EMAIL signed in at the provider."""
    provider.login_as(email)
    reply = client.get("/login", params={"next": "/strategies"}, follow_redirects=False)
    assert reply.status_code == 302, reply.text
    return client.get(provider.approve(reply.headers["location"]), follow_redirects=False)


def browser_with(client: TestClient, cookie: str) -> TestClient:
    """Another browser of CLIENT's arena, whose only cookie is the session cookie COOKIE."""
    return TestClient(client.app, base_url=BASE, headers={"cookie": f"{SESSION_COOKIE}={cookie}"})


def who(client: TestClient, cookie: str | None = None) -> str | None:
    """Who CLIENT is signed in as; with COOKIE, who a browser with only that session cookie is."""
    return (client if cookie is None else browser_with(client, cookie)).get("/whoami").json()["email"]


def form_token(client: TestClient) -> str:
    found = re.search(r'name="csrf_token" value="([0-9a-f]+)"', client.get("/strategies").text)
    assert found, "no form token on /strategies"
    return found[1]


def sign_out(client: TestClient) -> None:
    reply = client.post("/logout", data={"csrf_token": form_token(client)}, follow_redirects=False)
    assert reply.status_code == 303, reply.text


def message(reply) -> str:
    found = re.search(r'id="error-message">([^<]*)<', reply.text)
    assert found, reply.text
    return html.unescape(found[1])
