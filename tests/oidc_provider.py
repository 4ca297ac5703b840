"""A real OpenID Connect provider for tests, built from Authlib's server side
(Flask integration) and served over HTTP on 127.0.0.1 by werkzeug in a thread.

It publishes a discovery document, its signing keys (JWKS), an authorize
endpoint that signs in, without asking, the user the test chose with
``login_as``, a token endpoint (authorization code grant with PKCE and the
OpenID Connect extension: an RS256 ID token) and a userinfo endpoint::

    with running_provider({"ada@example.edu": {"email_verified": True}}) as provider:
        provider.login_as("ada@example.edu")
        callback = provider.approve(authorize_url)  # the redirect back to the client

A test can make it misbehave: ``sign_with_wrong_key`` (a key it does not
publish, under the published key id), ``audience`` (an ID token for another
client) and ``email_in_id_token`` (False: the email only at userinfo).

Run as a script, it is a development provider for trying sign-in on this
machine, NOT FOR PRODUCTION (anyone who reaches it signs in as anyone): its
authorize page lets the visitor pick one of a few test people, and it prints
the ``hog serve`` options that use it, until Ctrl+C::

    python tests/oidc_provider.py --port 9000
"""

from __future__ import annotations

import argparse
import hmac
import html
import os
import secrets
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx2
from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector
from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin, grants
from authlib.oauth2.rfc6750 import BearerTokenValidator
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import UserInfo, UserInfoEndpoint
from authlib.oidc.core.grants import OpenIDCode
from authlib.oidc.core.models import AuthorizationCodeMixin
from flask import Flask, current_app, jsonify, request
from joserfc.jwk import RSAKey
from werkzeug.serving import WSGIRequestHandler, make_server

__all__ = ["CALLBACK", "Provider", "running_provider"]

#: The client's redirect URI the provider accepts by default (a test client at http://localhost).
CALLBACK = "http://localhost/auth/callback"
_KEY_ID = "test-signing-key"
_SCOPES = ("openid", "email", "profile")
_CODE_SECONDS = 600
_TOKEN_SECONDS = 3600


@dataclass
class Provider:
    """A running provider: its issuer, the one client registered with it, and
    what the test controls. USERS maps emails to their extra claims."""

    issuer: str
    client_id: str
    client_secret: str = field(repr=False)
    redirect_uris: tuple[str, ...]
    users: Mapping[str, Mapping[str, Any]]
    user: str | None = None
    sign_with_wrong_key: bool = False
    audience: str | None = None
    email_in_id_token: bool = True
    choose: bool = False  #: the authorize endpoint lets the visitor pick the user (development use)
    key: RSAKey = field(default_factory=lambda: _new_key(), repr=False)
    wrong_key: RSAKey = field(default_factory=lambda: _new_key(), repr=False)
    codes: dict[str, _Code] = field(default_factory=dict, repr=False)
    tokens: dict[str, _Token] = field(default_factory=dict, repr=False)

    def login_as(self, email: str | None) -> None:
        """The user the authorize endpoint signs in (None: the user declines)."""
        if email is not None and email not in self.users:
            raise KeyError(f"no user {email} at this provider")
        self.user = email

    def approve(self, authorize_url: str) -> str:
        """Follow AUTHORIZE_URL (the client's redirect to this provider) over
        HTTP; returns where the provider sends the browser back."""
        reply = httpx2.get(authorize_url, follow_redirects=False)
        assert reply.status_code == 302, f"{reply.status_code}: {reply.text}"
        return reply.headers["location"]

    def claims(self, email: str) -> dict[str, Any]:
        """Everything the provider says about the user EMAIL."""
        claims = {"sub": f"user-{sorted(self.users).index(email)}", "email": email, **self.users[email]}
        return {name: value for name, value in claims.items() if value is not None}


def _new_key() -> RSAKey:
    return RSAKey.generate_key(2048, parameters={"kid": _KEY_ID, "use": "sig", "alg": "RS256"})


def _provider() -> Provider:
    return current_app.extensions["oidc_provider"]


@dataclass
class _Client(ClientMixin):
    client_id: str
    client_secret: str
    redirect_uris: tuple[str, ...]
    client_metadata: dict[str, Any] = field(default_factory=dict)

    def get_client_id(self) -> str:
        return self.client_id

    def get_default_redirect_uri(self) -> str:
        return self.redirect_uris[0]

    def get_allowed_scope(self, scope: str | None) -> str:
        return " ".join(name for name in (scope or "").split() if name in _SCOPES)

    def check_redirect_uri(self, redirect_uri: str) -> bool:
        return redirect_uri in self.redirect_uris

    def check_client_secret(self, client_secret: str) -> bool:
        return hmac.compare_digest(client_secret, self.client_secret)

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        return method in ("client_secret_basic", "client_secret_post")

    def check_response_type(self, response_type: str) -> bool:
        return response_type == "code"

    def check_grant_type(self, grant_type: str) -> bool:
        return grant_type == "authorization_code"


@dataclass
class _Code(AuthorizationCodeMixin):
    code: str
    client_id: str
    redirect_uri: str
    scope: str
    user: str
    nonce: str | None
    code_challenge: str | None
    code_challenge_method: str | None
    auth_time: int
    expires_at: float

    def get_redirect_uri(self) -> str:
        return self.redirect_uri

    def get_scope(self) -> str:
        return self.scope

    def get_nonce(self) -> str | None:
        return self.nonce

    def get_auth_time(self) -> int:
        return self.auth_time


@dataclass
class _Token(TokenMixin):
    access_token: str
    client: _Client
    user: str
    scope: str
    expires_at: float

    def check_client(self, client: ClientMixin) -> bool:
        return client.get_client_id() == self.client.client_id

    def get_scope(self) -> str:
        return self.scope

    def get_expires_in(self) -> int:
        return _TOKEN_SECONDS

    def is_expired(self) -> bool:
        return time.time() > self.expires_at

    def is_revoked(self) -> bool:
        return False

    def get_user(self) -> str:
        return self.user

    def get_client(self) -> _Client:
        return self.client


class _CodeGrant(grants.AuthorizationCodeGrant):
    def save_authorization_code(self, code: str, request: Any) -> None:
        data = request.payload.data
        _provider().codes[code] = _Code(
            code=code,
            client_id=request.client.client_id,
            redirect_uri=request.payload.redirect_uri,
            scope=request.scope,
            user=request.user,
            nonce=data.get("nonce"),
            code_challenge=data.get("code_challenge"),
            code_challenge_method=data.get("code_challenge_method"),
            auth_time=int(time.time()),
            expires_at=time.time() + _CODE_SECONDS,
        )

    def query_authorization_code(self, code: str, client: ClientMixin) -> _Code | None:
        found = _provider().codes.get(code)
        if found is None or found.client_id != client.get_client_id() or time.time() > found.expires_at:
            return None
        return found

    def delete_authorization_code(self, authorization_code: _Code) -> None:
        _provider().codes.pop(authorization_code.code, None)

    def authenticate_user(self, authorization_code: _Code) -> str:
        return authorization_code.user


class _OpenIDCode(OpenIDCode):
    def resolve_client_private_key(self, client: _Client) -> RSAKey:
        provider = _provider()
        return provider.wrong_key if provider.sign_with_wrong_key else provider.key

    def get_client_claims(self, client: _Client) -> dict[str, Any]:
        provider = _provider()
        return {"iss": provider.issuer, "aud": [provider.audience or client.client_id]}

    def get_encode_header(self, client: _Client) -> dict[str, str]:
        return {"alg": "RS256", "kid": _KEY_ID}

    def exists_nonce(self, nonce: str, request: Any) -> bool:
        return any(code.nonce == nonce for code in _provider().codes.values())

    def generate_user_info(self, user: str, scope: str) -> UserInfo:
        provider = _provider()
        claims = provider.claims(user)
        if not provider.email_in_id_token:
            claims = {"sub": claims["sub"]}
        return UserInfo(claims).filter(scope)


class _UserInfo(UserInfoEndpoint):
    def generate_user_info(self, user: str, scope: str) -> UserInfo:
        return UserInfo(_provider().claims(user)).filter(scope)

    def get_issuer(self) -> str:
        return _provider().issuer


class _Bearer(BearerTokenValidator):
    def authenticate_token(self, token_string: str) -> _Token | None:
        return _provider().tokens.get(token_string)


def _flask_app(provider: Provider) -> Flask:
    app = Flask(__name__)
    app.extensions["oidc_provider"] = provider

    def save_token(token: dict[str, Any], oauth_request: Any) -> None:
        expires_at = time.time() + token.get("expires_in", _TOKEN_SECONDS)
        provider.tokens[token["access_token"]] = _Token(
            token["access_token"], oauth_request.client, oauth_request.user, token.get("scope", ""), expires_at
        )

    def query_client(client_id: str) -> _Client | None:
        if client_id != provider.client_id:
            return None
        return _Client(provider.client_id, provider.client_secret, provider.redirect_uris)

    server = AuthorizationServer(app, query_client=query_client, save_token=save_token)
    server.register_grant(_CodeGrant, [_OpenIDCode(require_nonce=True), CodeChallenge(required=True)])
    protector = ResourceProtector()
    protector.register_token_validator(_Bearer())
    server.register_endpoint(_UserInfo(resource_protector=protector))
    base = provider.issuer

    @app.get("/.well-known/openid-configuration")
    def discovery() -> Any:
        return jsonify(
            issuer=base,
            authorization_endpoint=f"{base}/authorize",
            token_endpoint=f"{base}/token",
            userinfo_endpoint=f"{base}/userinfo",
            jwks_uri=f"{base}/jwks",
            response_types_supported=["code"],
            subject_types_supported=["public"],
            id_token_signing_alg_values_supported=["RS256"],
            scopes_supported=list(_SCOPES),
            token_endpoint_auth_methods_supported=["client_secret_basic", "client_secret_post"],
            code_challenge_methods_supported=["S256"],
            claims_supported=["sub", "iss", "aud", "exp", "iat", "nonce", "email", "email_verified", "name"],
        )

    @app.get("/jwks")
    def jwks() -> Any:
        return jsonify(keys=[provider.key.as_dict(private=False)])

    @app.get("/authorize")
    def authorize() -> Any:
        user = provider.user
        if provider.choose:
            if "login_as" not in request.args:
                return _chooser(provider)
            user = request.args["login_as"] or None
            if user is not None and user not in provider.users:
                return f"no user {html.escape(user)} at this provider", 400
        grant = server.get_consent_grant(end_user=user)
        return server.create_authorization_response(grant=grant, grant_user=user)

    @app.post("/token")
    def token() -> Any:
        return server.create_token_response()

    @app.get("/userinfo")
    def userinfo() -> Any:
        return server.create_endpoint_response("userinfo")

    return app


def _chooser(provider: Provider) -> str:
    """The development provider's sign-in page: one link per test person, and one to decline."""
    from urllib.parse import urlencode

    def link(email: str) -> str:
        query = urlencode([*request.args.items(multi=True), ("login_as", email)])
        return html.escape(f"/authorize?{query}")

    people = "".join(
        f'<li><a href="{link(email)}">{html.escape(email)}</a>'
        f"{'' if provider.users[email].get('email_verified') else ' (email not verified: refused)'}</li>"
        for email in provider.users
    )
    return (
        "<!doctype html><title>Development sign-in</title>"
        "<h1>Development sign-in: NOT FOR PRODUCTION</h1>"
        f'<p>Sign in as:</p><ul>{people}</ul><p><a href="{link("")}">Decline</a></p>'
    )


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Requests are not logged."""


@contextmanager
def running_provider(
    users: Mapping[str, Mapping[str, Any]],
    redirect_uris: tuple[str, ...] = (CALLBACK,),
    port: int = 0,
    client_id: str | None = None,
) -> Iterator[Provider]:
    """A provider on PORT (default: a free one) of 127.0.0.1 with USERS (email:
    extra claims, e.g. ``{"email_verified": True}``; None drops a claim) and
    one client that may come back to REDIRECT_URIS; stopped on leaving."""
    server = make_server("127.0.0.1", port, Flask(__name__), threaded=True, request_handler=_QuietHandler)
    issuer = f"http://127.0.0.1:{server.server_port}"
    client_id = client_id or "arena-" + secrets.token_hex(4)
    provider = Provider(issuer, client_id, secrets.token_urlsafe(24), redirect_uris, users)
    server.app = _flask_app(provider)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield provider
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


#: The development provider's people: three who sign in, one whose email is not verified.
DEV_USERS: dict[str, dict[str, Any]] = {
    "ada@example.edu": {"email_verified": True, "name": "Ada Lovelace"},
    "grace@example.edu": {"email_verified": True, "name": "Grace Hopper"},
    "alan@example.edu": {"email_verified": True, "name": "Alan Turing"},
    "eve@example.edu": {"email_verified": False, "name": "Eve (unverified)"},
}
DEV_CLIENT_ID = "hog-arena-dev"


def _arena_callbacks(arena: str) -> tuple[str, ...]:
    """The redirect URIs of an arena at ARENA, by 127.0.0.1 and by localhost."""
    from urllib.parse import urlsplit

    parts = urlsplit(arena)
    port = f":{parts.port}" if parts.port else ""
    path = parts.path.rstrip("/") + "/auth/callback"
    hosts = dict.fromkeys([parts.hostname or "127.0.0.1", "127.0.0.1", "localhost"])
    return tuple(f"{parts.scheme}://{host}{port}{path}" for host in hosts)


def main(argv: Sequence[str] | None = None) -> int:
    """Serve a development provider until Ctrl+C, printing the ``hog serve`` options that use it."""
    parser = argparse.ArgumentParser(
        prog="python tests/oidc_provider.py",
        description="A development OpenID Connect provider with test people. NOT FOR PRODUCTION.",
    )
    parser.add_argument("--port", type=int, default=9000, help="port on 127.0.0.1 (0: a free one; default 9000)")
    parser.add_argument(
        "--arena", default="http://127.0.0.1:8000/", help="where hog serve answers (default http://127.0.0.1:8000/)"
    )
    args = parser.parse_args(argv)
    secret_file = os.path.join(tempfile.mkdtemp(prefix="hog-dev-oidc-"), "client_secret.txt")
    try:
        with running_provider(DEV_USERS, _arena_callbacks(args.arena), args.port, DEV_CLIENT_ID) as provider:
            provider.choose = True
            descriptor = os.open(secret_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as out:
                out.write(provider.client_secret + "\n")
            from urllib.parse import urlsplit

            arena_port = urlsplit(args.arena).port or 8000
            port = "" if arena_port == 8000 else f" --port {arena_port}"
            print(
                f"Development OpenID Connect provider at {provider.issuer}: NOT FOR PRODUCTION "
                "(anyone who reaches it signs in as anyone)\n"
                f"People: {', '.join(DEV_USERS)} (eve's email is not verified: the arena refuses her)\n"
                "In another terminal:\n"
                f"  hog serve{port} --oidc-issuer {provider.issuer} --oidc-client-id {provider.client_id} "
                f"--oidc-client-secret-file {secret_file}\n"
                f"then open {args.arena} and sign in; stop with Ctrl+C",
                flush=True,
            )
            while True:
                time.sleep(3600)
    except KeyboardInterrupt:
        print("stopped", flush=True)
    except OSError as error:
        print(f"oidc_provider: cannot listen on 127.0.0.1:{args.port}: {error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        if os.path.exists(secret_file):
            os.unlink(secret_file)
        os.rmdir(os.path.dirname(secret_file))
    return 0


if __name__ == "__main__":
    sys.exit(main())
