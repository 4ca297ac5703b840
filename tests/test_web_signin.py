"""Sign-in by OpenID Connect against a real provider on 127.0.0.1
(``tests/oidc_provider.py``, Authlib's server side): the arena runs in the
test client, and its callback exchanges the code with the provider over
HTTP. A refused sign-in leaves the visitor signed out, with one line saying why."""

from __future__ import annotations

import html
import json
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import httpx2
import pytest
from fastapi.testclient import TestClient
from oidc_provider import Provider, running_provider
from waiting import wait_until

from hog_arena.cli.main import main
from hog_arena.web.app import create_app
from hog_arena.web.signin import NOT_CONFIGURED, SESSION_COOKIE, OidcSettings, SignedInDep, safe_next

RULES = "square_swine"
BASE = "http://localhost"
USERS = {
    "ada@example.edu": {"email_verified": True},
    "Grace.Hopper@Example.EDU": {"email_verified": True},
    "eve@example.edu": {"email_verified": False},
    "nobody@example.edu": {"email": None},  # the provider tells no email at all
}


@pytest.fixture(scope="module")
def running() -> Iterator[Provider]:
    with running_provider(USERS) as provider:
        yield provider


@pytest.fixture
def provider(running: Provider) -> Provider:
    """The module's provider, behaving again."""
    running.user, running.sign_with_wrong_key, running.audience, running.email_in_id_token = None, False, None, True
    return running


def settings_of(provider: Provider) -> OidcSettings:
    return OidcSettings(provider.issuer, provider.client_id, provider.client_secret)


def arena(db: str, oidc: OidcSettings | None, base: str = BASE) -> TestClient:
    """A test client of the arena on DB with sign-in OIDC, and a route telling who is signed in."""
    app = create_app(db, RULES, oidc=oidc)

    @app.get("/whoami")
    def whoami(email: SignedInDep) -> dict[str, str | None]:
        return {"email": email}

    return TestClient(app, base_url=base)


@pytest.fixture
def db(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'arena.db'}"


@pytest.fixture
def client(db, provider) -> Iterator[TestClient]:
    with arena(db, settings_of(provider)) as client:
        yield client


def start(client: TestClient, next_path: str = "/strategies") -> str:
    """Where /login sends the browser: the provider's authorize endpoint."""
    reply = client.get("/login", params={"next": next_path}, follow_redirects=False)
    assert reply.status_code == 302, reply.text
    return reply.headers["location"]


def sign_in(client: TestClient, provider: Provider, email: str | None, next_path: str = "/strategies"):
    """The arena's answer to the provider's redirect back, EMAIL signed in at the provider."""
    provider.login_as(email)
    return client.get(provider.approve(start(client, next_path)), follow_redirects=False)


def who(client: TestClient) -> str | None:
    return client.get("/whoami").json()["email"]


def message(reply) -> str:
    found = re.search(r'id="error-message">([^<]*)<', reply.text)
    assert found, reply.text
    return html.unescape(found[1])


# --- signing in -------------------------------------------------------------------------------


def test_a_verified_email_signs_in_and_the_browser_goes_where_it_was(client, provider):
    reply = sign_in(client, provider, "ada@example.edu", "/strategies?goal=50")
    assert reply.status_code == 303, reply.text
    assert reply.headers["location"] == "/strategies?goal=50"
    assert who(client) == "ada@example.edu"
    assert "signed in as ada@example.edu" in client.get("/strategies").text


def test_the_session_cookie_is_httponly_and_same_site_lax_and_secure_only_over_https(db, provider):
    with arena(db, settings_of(provider), base="https://localhost") as client:
        cookie = client.get("/login", follow_redirects=False).headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert {"httponly", "samesite=lax", "secure"} <= {flag.strip().lower() for flag in cookie.split(";")}
    with arena(db, settings_of(provider)) as client:
        cookie = client.get("/login", follow_redirects=False).headers["set-cookie"]
    assert "secure" not in cookie.lower()


def test_the_email_is_kept_in_lower_case(client, provider):
    assert sign_in(client, provider, "Grace.Hopper@Example.EDU").status_code == 303
    assert who(client) == "grace.hopper@example.edu"


def test_an_email_told_only_by_the_userinfo_endpoint_signs_in(client, provider):
    provider.email_in_id_token = False
    assert sign_in(client, provider, "ada@example.edu").status_code == 303
    assert who(client) == "ada@example.edu"


def test_the_login_starts_an_authorization_code_flow_with_state_nonce_and_pkce(client, provider):
    url = urlsplit(start(client))
    query = parse_qs(url.query)
    assert f"{url.scheme}://{url.netloc}" == provider.issuer
    assert query["response_type"] == ["code"] and query["client_id"] == [provider.client_id]
    assert query["redirect_uri"] == [f"{BASE}/auth/callback"]
    assert query["code_challenge_method"] == ["S256"]
    assert all(len(query[name][0]) >= 16 for name in ("state", "nonce", "code_challenge"))


# --- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("email", "reason"),
    [
        ("eve@example.edu", "the sign-in provider has not verified the email address eve@example.edu"),
        ("nobody@example.edu", "the sign-in provider gave no email address: this site needs one"),
    ],
)
def test_an_unverified_or_missing_email_is_refused(client, provider, email, reason):
    reply = sign_in(client, provider, email)
    assert (reply.status_code, message(reply)) == (403, reason)
    assert who(client) is None


def test_a_tampered_state_is_refused(client, provider):
    provider.login_as("ada@example.edu")
    back = urlsplit(provider.approve(start(client)))
    query = {name: values[0] for name, values in parse_qs(back.query).items()}
    query["state"] = query["state"][::-1]
    reply = client.get(urlunsplit(back._replace(query=urlencode(query))), follow_redirects=False)
    assert reply.status_code == 400
    assert message(reply) == "this sign-in was not started in this browser, or it expired: sign in again"
    assert who(client) is None


def test_a_callback_started_in_another_browser_is_refused(db, client, provider):
    provider.login_as("ada@example.edu")
    back = provider.approve(start(client))
    with arena(db, settings_of(provider)) as victim:
        reply = victim.get(back, follow_redirects=False)
        assert reply.status_code == 400
        assert who(victim) is None


def test_a_callback_used_twice_is_refused_the_second_time(client, provider):
    provider.login_as("ada@example.edu")
    back = provider.approve(start(client))
    assert client.get(back, follow_redirects=False).status_code == 303
    client.post("/logout", data={"csrf_token": form_token(client)})
    assert client.get(back, follow_redirects=False).status_code == 400
    assert who(client) is None


@pytest.mark.parametrize(
    ("misbehaviour", "reason"),
    [
        ({"sign_with_wrong_key": True}, "bad_signature"),
        ({"audience": "another-client"}, "invalid_claim: Invalid claim: 'aud'"),
    ],
)
def test_an_id_token_with_a_bad_signature_or_audience_is_refused(client, provider, misbehaviour, reason):
    for name, value in misbehaviour.items():
        setattr(provider, name, value)
    reply = sign_in(client, provider, "ada@example.edu")
    assert reply.status_code == 502
    assert message(reply).startswith(f"the sign-in provider at {provider.issuer} sent an ID token that is not valid: ")
    assert reason in message(reply)
    assert who(client) is None


def test_an_error_from_the_provider_is_refused(client, provider):
    reply = sign_in(client, provider, None)  # the user declines at the provider
    assert reply.status_code == 403
    assert message(reply).startswith("the sign-in provider refused the sign-in: ")
    assert who(client) is None


@pytest.mark.parametrize("elsewhere", ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:x"])
def test_next_never_leaves_the_site(client, provider, elsewhere):
    reply = sign_in(client, provider, "ada@example.edu", elsewhere)
    assert (reply.status_code, reply.headers["location"]) == (303, "/")
    assert who(client) == "ada@example.edu"


@pytest.mark.parametrize(
    ("path", "kept"),
    [
        ("/contests/fa26?tab=mine", "/contests/fa26?tab=mine"),
        ("/", "/"),
        ("https://evil.example", "/"),
        ("//evil.example", "/"),
        ("/\\evil.example", "/"),
        ("/ok\nLocation: x", "/"),
        ("/auth/callback?code=x", "/"),
        ("/login?next=/x", "/"),
        ("", "/"),
        (None, "/"),
    ],
)
def test_safe_next(path, kept):
    assert safe_next(path) == kept


# --- signing out and the navigation -----------------------------------------------------------


def form_token(client: TestClient, page: str = "/strategies") -> str:
    found = re.search(r'name="csrf_token" value="([0-9a-f]+)"', client.get(page).text)
    assert found, f"no form token on {page}"
    return found[1]


def test_sign_out_clears_the_session_and_needs_the_form_token(client, provider):
    sign_in(client, provider, "ada@example.edu")
    token = form_token(client)
    refused = client.post("/logout", data={"csrf_token": "0" * 64}, follow_redirects=False)
    assert refused.status_code == 403 and who(client) == "ada@example.edu"
    reply = client.post("/logout", data={"csrf_token": token, "next": "/play"}, follow_redirects=False)
    assert (reply.status_code, reply.headers["location"]) == (303, "/play")
    assert who(client) is None
    page = client.get("/strategies").text
    assert "signed in as" not in page and 'href="/login?next=%2Fstrategies"' in page


def test_the_navigation_offers_sign_in_then_names_the_visitor_and_sign_out(client, provider):
    page = client.get("/play?goal=50").text
    assert '<a id="sign-in" href="/login?next=%2Fplay%3Fgoal%3D50">Sign in</a>' in page
    sign_in(client, provider, "ada@example.edu")
    page = client.get("/play").text
    assert "signed in as ada@example.edu" in page and "Sign in<" not in page
    assert re.search(r'<form class="sign-out" method="post" action="/logout">', page)
    assert "<script>" not in page  # the content security policy allows no inline script


def test_without_sign_in_the_login_answers_404_and_the_navigation_has_none(db):
    with arena(db, None) as client:
        reply = client.get("/login?next=/strategies")
        assert (reply.status_code, message(reply)) == (404, NOT_CONFIGURED)
        assert client.get("/auth/callback?code=x&state=y").status_code == 404
        page = client.get("/strategies").text
        assert "Sign in" not in page and "signed in as" not in page
        assert who(client) is None


# --- the provider down or wrong ---------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_arena_starts_while_the_provider_is_down_and_signs_in_once_it_is_up(db):
    port = free_port()
    settings = OidcSettings(f"http://127.0.0.1:{port}", "arena", "s3cret")
    with arena(db, settings) as client:
        reply = client.get("/login")
        assert reply.status_code == 503
        assert message(reply).startswith(f"the sign-in provider at {settings.issuer} cannot be reached (ConnectError)")
        with running_provider(USERS, port=port) as provider:
            provider.client_id, provider.client_secret = settings.client_id, settings.client_secret
            assert sign_in(client, provider, "ada@example.edu").status_code == 303
        assert who(client) == "ada@example.edu"


def test_a_wrong_issuer_gives_502(db, provider):
    wrong = OidcSettings(provider.issuer + "/elsewhere", provider.client_id, provider.client_secret)
    with arena(db, wrong) as client:
        reply = client.get("/login")
        assert reply.status_code == 502
        assert message(reply) == f"the sign-in provider at {wrong.issuer} answered HTTP 404 at {wrong.discovery_url}"


def test_a_wrong_client_secret_gives_502(db, provider):
    wrong = OidcSettings(provider.issuer, provider.client_id, "not-the-secret")
    with arena(db, wrong) as client:
        reply = sign_in(client, provider, "ada@example.edu")
        assert reply.status_code == 502
        assert message(reply) == "the sign-in provider did not accept the code: invalid_client"
        assert who(client) is None


# --- hog serve ----------------------------------------------------------------------------------


def secret_file(tmp_path, text: str, name: str = "secret") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    ("options", "code", "error"),
    [
        (["--oidc-issuer", "https://id.example.edu"], 2, "missing --oidc-client-id, --oidc-client-secret-file"),
        (["--oidc-client-id", "arena", "--oidc-client-secret-file", "{secret}"], 2, "missing --oidc-issuer"),
        (["--session-secret-file", "{long}"], 2, "--session-secret-file is for sign-in"),
        (["{oidc}", "--oidc-client-secret-file", "{tmp}/no"], 1, "--oidc-client-secret-file {tmp}/no: no such file"),
        (["{oidc}", "--oidc-client-secret-file", "{empty}"], 1, "--oidc-client-secret-file {empty}: the file is empty"),
        (["{oidc}", "--oidc-client-secret-file", "{secret}", "--session-secret-file", "{secret}"], 1, "fewer than 32"),
        (["--oidc-issuer", "http://id.example.edu", "--oidc-client-id", "a", "--oidc-client-secret-file", "{secret}"],
         1, "--oidc-issuer must be an https:// URL (http:// only on this machine), not 'http://id.example.edu'"),
        (["--public-url", "ftp://arena.example.edu"], 1, "--public-url must be an http:// or https:// address"),
    ],
)  # fmt: skip
def test_hog_serve_checks_its_sign_in_options_in_one_line(capsys, tmp_path, options, code, error):
    files = {
        "secret": secret_file(tmp_path, "s3cret\n"),
        "long": secret_file(tmp_path, "k" * 40, "long"),
        "empty": secret_file(tmp_path, " \n", "empty"),
        "tmp": str(tmp_path),
    }
    oidc = ["--oidc-issuer", "https://id.example.edu", "--oidc-client-id", "arena"]
    args = [arg.format(**files) for option in options for arg in (oidc if option == "{oidc}" else [option])]
    database = tmp_path / "arena.db"
    assert main(["serve", "--rules", RULES, "--db", f"sqlite:///{database}", *args]) == code
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("hog: ")
    assert error.format(**files) in err
    assert not database.exists()  # nothing started, nothing written


def test_hog_serve_signs_in_end_to_end(tmp_path):
    """A real ``hog serve`` process with a fixed session secret behind its public address."""
    port = free_port()
    public = f"http://127.0.0.1:{port}/"
    with running_provider(USERS, redirect_uris=(f"{public}auth/callback",)) as provider:
        secret = secret_file(tmp_path, provider.client_secret)
        session_secret = secret_file(tmp_path, "s" * 48, "session")
        command = [sys.executable, "-m", "hog_arena.cli.main", "serve", "--rules", RULES, "--json"]
        command += ["--port", str(port), "--db", f"sqlite:///{tmp_path / 'arena.db'}", "--public-url", public]
        command += ["--oidc-issuer", provider.issuer, "--oidc-client-id", provider.client_id]
        command += ["--oidc-client-secret-file", secret, "--session-secret-file", session_secret]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        try:
            banner = json.loads(server.stdout.readline())
            assert banner["sign_in"] == {"issuer": provider.issuer, "redirect_uri": f"{public}auth/callback"}
            with httpx2.Client(base_url=public.rstrip("/"), timeout=60) as browser:
                wait_until_up(browser, server)
                provider.login_as("ada@example.edu")
                to_provider = browser.get("/login", params={"next": "/play"}).headers["location"]
                back = browser.get(provider.approve(to_provider))
                assert (back.status_code, back.headers["location"]) == (303, "/play")
                assert "signed in as ada@example.edu" in browser.get("/play").text
        finally:
            server.terminate()
            server.communicate(timeout=60)


def wait_until_up(browser: httpx2.Client, server: subprocess.Popen) -> None:
    """Once hog serve answers (AssertionError with its log if it ends first)."""

    def answers() -> bool:
        assert server.poll() is None, server.stderr.read().decode()
        try:
            browser.get("/docs")
            return True
        except httpx2.TransportError:
            return False

    wait_until(answers, what="hog serve answering")
