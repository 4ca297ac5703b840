"""Sign-in by OpenID Connect: who a visitor is, as an email address that the
course's provider (or any standard one) has verified.

``add_sign_in(app, settings, session_secret, sessions=store)`` installs a
signed-cookie session and three routes. ``GET /login?next=/path`` sends the
browser to the provider (authorization code flow with state, nonce and
PKCE, through Authlib); ``GET /auth/callback`` exchanges the code over the
back channel, checks the ID token (the signature against the provider's
published keys, ``iss``, ``aud``, ``exp``, the nonce), requires an
``email`` with ``email_verified`` JSON ``true``, folds the email's ASCII
letters to lower case (``arena.contest.emails.fold_email``: nothing else,
so a look-alike such as the Kelvin sign stays itself), opens a session in
the store (``results.signin_store``) and sends the browser to ``next``;
``POST /logout`` (a form of the site's pages) ends the session. Routes read
the visitor with :data:`SignedInDep`.

The cookie holds only the sign-in's state while one is under way and the
session's id; who is signed in lives in the database, so a session ended
(signed out, or the person's token rotated: ``end_sessions_of``) is over
wherever its cookie is. A session ends after :data:`SESSION_IDLE` (12
hours) without a request, and :data:`SESSION_LIFETIME` (14 days) after
signing in at most. Each request looks its session up once
(``request.state``); the clock is ``app.state.sign_in_sessions.now``.

The provider's discovery document is fetched at the first sign-in, so the
server starts while the provider is down. A provider that cannot be reached
gives 503, one that answers wrongly 502, a sign-in refused (no verified
email, a state that is not this browser's, an error from the provider) 400
or 403: each a page with one line.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Annotated, Any
from urllib.parse import urlencode, urlsplit

from fastapi import APIRouter, Depends, FastAPI, Form, HTTPException, Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.middleware.sessions import SessionMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from arena.contest.emails import fold_email
from hog_arena.web.csrf import check_form
from results.models import NAME_LENGTH, utc_now
from results.signin_store import SigninStore

__all__ = [
    "NOT_CONFIGURED",
    "SESSION_COOKIE",
    "SESSION_IDLE",
    "SESSION_LIFETIME",
    "Account",
    "OidcSettings",
    "SignInSessions",
    "SignedInDep",
    "account",
    "add_sign_in",
    "safe_next",
    "signed_in_email",
]

NOT_CONFIGURED = "sign-in is not configured on this server"
#: The session cookie: signed (not encrypted), HttpOnly, SameSite=Lax, Secure over HTTPS.
SESSION_COOKIE = "hog_session"
#: A session ends after this long without a request.
SESSION_IDLE = timedelta(hours=12)
#: A session ends this long after signing in, however busy.
SESSION_LIFETIME = timedelta(days=14)
#: The cookie's own lifetime, in seconds: the session's.
SESSION_MAX_AGE = int(SESSION_LIFETIME.total_seconds())
#: Longest ``next`` path kept.
MAX_NEXT = 2000
#: The cookie's key for the session id.
_SID = "sid"
_NEXT = "sign_in_next"
_PROVIDER = "oidc"
#: Paths that never make sense to come back to after signing in or out.
_SIGN_IN_PATHS = ("/login", "/logout", "/auth/")
#: Seconds to wait for the provider's answer.
_PROVIDER_TIMEOUT = 10.0


@dataclass(frozen=True)
class OidcSettings:
    """An OpenID Connect client registered with the provider ISSUER.
    REDIRECT_URI is the callback's public address (``https://host/auth/callback``),
    needed behind a proxy; by default each request's own address is used."""

    issuer: str
    client_id: str
    client_secret: str = field(repr=False)
    scope: str = "openid email profile"
    redirect_uri: str | None = None

    @property
    def discovery_url(self) -> str:
        """Where the provider publishes its endpoints and keys."""
        return self.issuer.rstrip("/") + "/.well-known/openid-configuration"


@dataclass
class SignInSessions:
    """The signed-in browsers' sessions in STORE, held to the clock NOW, the
    idle limit IDLE and the lifetime LIFETIME (a test may set any of them)."""

    store: SigninStore
    now: Callable[[], datetime] = utc_now
    idle: timedelta = SESSION_IDLE
    lifetime: timedelta = SESSION_LIFETIME

    def email(self, session_id: str) -> str | None:
        """Who session SESSION_ID is signed in as, or None if it is over or unknown."""
        return self.store.session_email(session_id, self.now(), self.idle, self.lifetime)

    def open(self, email: str, replacing: object = None) -> str:
        """A new session of EMAIL (ending REPLACING, the browser's previous one); its id."""
        now = self.now()
        self.end(replacing)
        self.store.end_stale_sessions(now, self.idle, self.lifetime)
        return self.store.open_session(email, now)

    def end(self, session_id: object) -> None:
        """End session SESSION_ID (nothing if it is not a session id)."""
        if isinstance(session_id, str):
            self.store.end_session(session_id)


@dataclass(frozen=True)
class Account:
    """What the pages' navigation shows about the visitor."""

    configured: bool
    email: str | None
    login_url: str
    here: str


def safe_next(path: str | None) -> str:
    """PATH if it is a path of this site (``/...``, not ``//host``), else ``/``.

    >>> safe_next("/contests/fa26?tab=mine"), safe_next("https://evil.example/"), safe_next("//evil.example")
    ('/contests/fa26?tab=mine', '/', '/')
    >>> safe_next("/\\\\evil.example"), safe_next("/auth/callback?code=x"), safe_next(None)
    ('/', '/', '/')
    """
    if not path or len(path) > MAX_NEXT or not path.startswith("/") or path.startswith("//"):
        return "/"
    if "\\" in path or any(ord(char) < 0x20 or ord(char) == 0x7F for char in path):
        return "/"
    parts = urlsplit(path)
    if parts.scheme or parts.netloc or parts.path.startswith(_SIGN_IN_PATHS):
        return "/"
    return path


def signed_in_email(request: Request) -> str | None:
    """The signed-in visitor's email address (ASCII letters in lower case), or
    None: no session, or one that is over. Looked up once per request."""
    if "session" not in request.scope:
        return None
    try:
        cached: str | None = request.state.signed_in_email
        return cached
    except AttributeError:
        pass
    request.state.signed_in_email = None  # the page of a failed lookup shows the visitor signed out
    session_id = request.session.get(_SID)
    if not isinstance(session_id, str):
        return None
    email = _sessions(request).email(session_id)
    if email is None:
        request.session.pop(_SID, None)  # over: the cookie forgets it
    request.state.signed_in_email = email
    return email


def _sessions(request: Request) -> SignInSessions:
    sessions: SignInSessions = request.app.state.sign_in_sessions
    return sessions


#: A route's parameter: the signed-in visitor's email, or None.
SignedInDep = Annotated[str | None, Depends(signed_in_email)]


def account(request: Request) -> Account:
    """The visitor as the navigation shows it: whether sign-in is on, who is
    signed in, and the sign-in link that comes back to this page."""
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    here = safe_next(here)
    configured = bool(getattr(request.app.state, "sign_in", None))
    return Account(configured, signed_in_email(request), "/login?" + urlencode({"next": here}), here)


def add_sign_in(
    app: FastAPI, settings: OidcSettings | None, session_secret: bytes | None = None, *, sessions: SigninStore
) -> None:
    """Sign-in on APP with SETTINGS (None: ``/login`` answers 404), its
    sessions kept in SESSIONS (``app.state.sign_in_sessions``), its cookie
    signed with SESSION_SECRET (default: a new one at each start, which
    signs everybody out when the server restarts)."""
    app.state.sign_in = settings
    if settings is None:
        app.include_router(_not_configured_router())
        return
    app.state.sign_in_sessions = SignInSessions(sessions)
    secret = (session_secret or secrets.token_bytes(32)).hex()
    always_secure = (settings.redirect_uri or "").startswith("https:")
    app.add_middleware(_SessionCookies, secret=secret, always_secure=always_secure)
    app.include_router(_router(settings))


def _not_configured_router() -> APIRouter:
    router = APIRouter(include_in_schema=False)

    @router.get("/login")
    @router.get("/auth/callback")
    def not_configured() -> Response:
        raise HTTPException(404, NOT_CONFIGURED)

    return router


def _router(settings: OidcSettings) -> APIRouter:
    from authlib.integrations.starlette_client import OAuth

    oauth = OAuth()
    oauth.register(
        _PROVIDER,
        client_id=settings.client_id,
        client_secret=settings.client_secret,
        server_metadata_url=settings.discovery_url,
        client_kwargs={"scope": settings.scope, "code_challenge_method": "S256", "timeout": _PROVIDER_TIMEOUT},
    )
    provider = oauth.create_client(_PROVIDER)
    router = APIRouter(include_in_schema=False)

    @router.get("/login")
    async def login(
        request: Request, next_path: Annotated[str, Query(alias="next", max_length=MAX_NEXT)] = "/"
    ) -> Response:
        async with _provider_errors(settings):
            await _metadata(provider, settings)
            redirect_uri = settings.redirect_uri or str(request.url_for("auth_callback"))
            response: Response = await provider.authorize_redirect(request, redirect_uri)
        request.session[_NEXT] = safe_next(next_path)
        return response

    @router.get("/auth/callback", name="auth_callback")
    async def callback(request: Request) -> Response:
        error = request.query_params.get("error")
        if error:
            reason = " ".join((request.query_params.get("error_description") or error).split())
            raise HTTPException(403, f"the sign-in provider refused the sign-in: {reason[:200]}")
        async with _provider_errors(settings):
            email = await _verified_sign_in(provider, settings, request)
        next_path = safe_next(request.session.get(_NEXT))
        session_id = await run_in_threadpool(_sessions(request).open, email, request.session.get(_SID))
        request.session.clear()  # a new session for the signed-in visitor
        request.session[_SID] = session_id
        request.state.signed_in_email = email
        return RedirectResponse(next_path, status_code=303)

    @router.post("/logout", dependencies=[Depends(check_form)])
    def logout(request: Request, next_path: Annotated[str, Form(alias="next", max_length=MAX_NEXT)] = "/") -> Response:
        _sessions(request).end(request.session.get(_SID))
        request.session.clear()
        request.state.signed_in_email = None
        return RedirectResponse(safe_next(next_path), status_code=303)

    return router


async def _metadata(provider: Any, settings: OidcSettings) -> dict[str, Any]:
    """The provider's discovery document (fetched once), checked to name
    SETTINGS' issuer and the endpoints sign-in uses."""
    metadata: dict[str, Any] = await provider.load_server_metadata()
    issuer = metadata.get("issuer")
    if not isinstance(issuer, str) or issuer.rstrip("/") != settings.issuer.rstrip("/"):
        raise HTTPException(502, f"the sign-in provider's discovery document names the issuer {issuer!r}")
    missing = [key for key in ("authorization_endpoint", "token_endpoint", "jwks_uri") if not metadata.get(key)]
    if missing:
        raise HTTPException(502, f"the sign-in provider's discovery document has no {', '.join(missing)}")
    return metadata


async def _verified_sign_in(provider: Any, settings: OidcSettings, request: Request) -> str:
    """The email address the provider vouches for in the callback REQUEST:
    the code exchanged, the ID token checked, the email verified."""
    from authlib.integrations.base_client import MismatchingStateError, OAuthError

    metadata = await _metadata(provider, settings)
    try:
        token = await provider.authorize_access_token(request, claims_options=_claims_options(metadata, settings))
    except MismatchingStateError:
        reason = "this sign-in was not started in this browser, or it expired: sign in again"
        raise HTTPException(400, reason) from None
    except OAuthError as refused:
        raise HTTPException(502, f"the sign-in provider did not accept the code: {refused.error or refused}") from None
    claims = token.get("userinfo")
    if claims is None:
        raise HTTPException(502, "the sign-in provider sent no ID token")
    if "email" in claims:
        return _verified_email(claims)
    return await _email_from_userinfo(provider, token, claims)


def _claims_options(metadata: dict[str, Any], settings: OidcSettings) -> dict[str, Any]:
    """What the ID token must say: issued by the provider, for this client, not expired."""
    return {
        "iss": {"essential": True, "value": metadata["issuer"]},
        "aud": {"essential": True, "value": settings.client_id},
        "exp": {"essential": True},
    }


def _verified_email(claims: dict[str, Any]) -> str:
    """The claims' email address, folded (``fold_email``: ASCII letters only);
    403 unless ``email_verified`` is JSON ``true`` (not 1, not ``"true"``)."""
    email = claims.get("email")
    if not isinstance(email, str) or "@" not in email:
        raise HTTPException(403, "the sign-in provider gave no email address: this site needs one")
    if claims.get("email_verified") is not True:
        raise HTTPException(403, f"the sign-in provider has not verified the email address {email[:200]}")
    folded = fold_email(email)
    if len(folded) > NAME_LENGTH:
        raise HTTPException(403, f"the email address {folded[:40]}... is longer than {NAME_LENGTH} characters")
    return folded


async def _email_from_userinfo(provider: Any, token: dict[str, Any], claims: dict[str, Any]) -> str:
    """The verified email of the provider's userinfo endpoint, for providers
    whose ID tokens carry only the subject."""
    metadata = await provider.load_server_metadata()
    if not metadata.get("userinfo_endpoint"):
        raise HTTPException(403, "the sign-in provider gave no email address: this site needs one")
    info = await provider.userinfo(token=token)
    if info.get("sub") != claims.get("sub"):
        raise HTTPException(502, "the sign-in provider's userinfo is about another subject than its ID token")
    return _verified_email(info)


@asynccontextmanager
async def _provider_errors(settings: OidcSettings) -> AsyncIterator[None]:
    """Turns failures to talk with the provider into 503 (unreachable) and 502 (a wrong answer)."""
    import httpx2
    from joserfc.errors import JoseError

    where = f"the sign-in provider at {settings.issuer}"
    try:
        yield
    except httpx2.TransportError as error:
        raise HTTPException(503, f"{where} cannot be reached ({type(error).__name__}): try again later") from None
    except httpx2.HTTPStatusError as error:
        status, url = error.response.status_code, error.request.url
        raise HTTPException(502, f"{where} answered HTTP {status} at {url}") from None
    except JoseError as error:
        raise HTTPException(502, f"{where} sent an ID token that is not valid: {error}") from None
    except ValueError as error:
        raise HTTPException(502, f"{where} sent an answer that is not valid: {error}") from None


class _SessionCookies:
    """Starlette's signed-cookie sessions; the cookie is Secure when the
    request came over HTTPS (or ALWAYS_SECURE: the public address is)."""

    def __init__(self, app: ASGIApp, secret: str, always_secure: bool) -> None:
        options: dict[str, Any] = {
            "secret_key": secret,
            "session_cookie": SESSION_COOKIE,
            "max_age": SESSION_MAX_AGE,
            "same_site": "lax",
        }
        self.plain = SessionMiddleware(app, https_only=False, **options)
        self.secure = SessionMiddleware(app, https_only=True, **options)
        self.always_secure = always_secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        secure = self.always_secure or scope.get("scheme") in ("https", "wss")
        await (self.secure if secure else self.plain)(scope, receive, send)
