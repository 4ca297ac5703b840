"""``hog serve``'s sign-in options: the OpenID Connect client and the session
secret, read from files so that they never show in the process list."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated
from urllib.parse import urlsplit

import typer

if TYPE_CHECKING:
    from hog_arena.web.signin import OidcSettings

__all__ = [
    "ClientId",
    "ClientSecretFile",
    "Issuer",
    "MIN_SESSION_SECRET",
    "PublicUrl",
    "SessionSecretFile",
    "public_base",
    "public_names",
    "read_secret",
    "sign_in_banner",
    "sign_in_settings",
]

#: Fewest characters of a session secret file.
MIN_SESSION_SECRET = 32
_PANEL = "Sign-in (OpenID Connect)"
_LOOPBACK = ("localhost", "127.0.0.1", "::1")

Issuer = Annotated[
    str | None,
    typer.Option(
        "--oidc-issuer",
        metavar="URL",
        help="The OpenID Connect provider (its discovery document is URL/.well-known/openid-configuration).",
        rich_help_panel=_PANEL,
    ),
]
ClientId = Annotated[
    str | None,
    typer.Option(
        "--oidc-client-id", metavar="ID", help="This server's client id at the provider.", rich_help_panel=_PANEL
    ),
]
ClientSecretFile = Annotated[
    Path | None,
    typer.Option(
        "--oidc-client-secret-file", metavar="FILE", help="File holding the client secret.", rich_help_panel=_PANEL
    ),
]
SessionSecretFile = Annotated[
    Path | None,
    typer.Option(
        "--session-secret-file",
        metavar="FILE",
        help=f"File holding the key that signs session cookies (at least {MIN_SESSION_SECRET} characters; "
        "default: a new key at each start, which signs everybody out).",
        rich_help_panel=_PANEL,
    ),
]
PublicUrl = Annotated[
    str | None,
    typer.Option(
        "--public-url",
        metavar="URL",
        help="The address visitors use (behind a proxy: https://arena.example.edu/); "
        "the sign-in redirect URI is URL/auth/callback.",
        rich_help_panel=_PANEL,
    ),
]


def _web_url(url: str, option: str) -> str:
    """URL if it is an https:// address (http:// only for this machine).

    >>> _web_url("https://accounts.google.com", "--oidc-issuer")
    'https://accounts.google.com'
    >>> _web_url("http://example.org", "--oidc-issuer")
    Traceback (most recent call last):
    ...
    ValueError: --oidc-issuer must be an https:// URL (http:// only on this machine), not 'http://example.org'
    """
    parts = urlsplit(url)
    if parts.scheme == "https" and parts.hostname or parts.scheme == "http" and parts.hostname in _LOOPBACK:
        return url
    raise ValueError(f"{option} must be an https:// URL (http:// only on this machine), not {url!r}")


def public_base(url: str) -> str:
    """The public address URL, checked, ending with ``/``.

    >>> public_base("https://arena.example.edu/hog")
    'https://arena.example.edu/hog/'
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ValueError(f"--public-url must be an http:// or https:// address without a query, not {url!r}")
    return url.rstrip("/") + "/"


def read_secret(path: Path, option: str, min_length: int = 1) -> str:
    """The secret in the file PATH (given with OPTION), without surrounding blanks."""
    try:
        secret = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        raise ValueError(f"{option} {path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else "not readable as UTF-8 text"
        raise ValueError(f"{option} {path}: {reason}") from None
    if not secret:
        raise ValueError(f"{option} {path}: the file is empty")
    if len(secret) < min_length:
        raise ValueError(f"{option} {path}: the secret has {len(secret)} characters, fewer than {min_length}")
    return secret


def sign_in_settings(
    issuer: str | None,
    client_id: str | None,
    secret_file: Path | None,
    session_secret_file: Path | None,
    public_url: str | None,
) -> tuple[OidcSettings | None, bytes | None]:
    """(the sign-in settings the options give, the session secret), (None, None)
    with sign-in off. All three ``--oidc-*`` options or none; PUBLIC_URL
    (checked) fixes the redirect URI."""
    from hog_arena.web.signin import OidcSettings

    given = {"--oidc-issuer": issuer, "--oidc-client-id": client_id, "--oidc-client-secret-file": secret_file}
    missing = [option for option, value in given.items() if not value]
    if len(missing) == len(given):
        if session_secret_file is not None:
            raise typer.BadParameter("--session-secret-file is for sign-in: give the --oidc-* options too")
        return None, None
    if missing or not (issuer and client_id and secret_file):
        raise typer.BadParameter(f"sign-in needs all three --oidc-* options; missing {', '.join(missing)}")
    issuer = _web_url(issuer, "--oidc-issuer")
    secret = read_secret(secret_file, "--oidc-client-secret-file")
    session_secret = None
    if session_secret_file is not None:
        session_secret = read_secret(session_secret_file, "--session-secret-file", MIN_SESSION_SECRET).encode()
    redirect_uri = None if public_url is None else public_base(public_url) + "auth/callback"
    return OidcSettings(issuer, client_id, secret, redirect_uri=redirect_uri), session_secret


def public_names(public_url: str | None) -> list[str]:
    """The host name of the public address, which the server must answer to.

    >>> public_names("https://Arena.example.edu:8443/hog/"), public_names(None)
    (['arena.example.edu'], [])
    """
    from hog_arena.web.security import host_name

    return [host_name(urlsplit(public_url).netloc)] if public_url else []


def sign_in_banner(oidc: OidcSettings | None, url: str) -> tuple[dict[str, str] | None, str]:
    """(what ``hog serve --json`` says about sign-in, the line it prints) for a server at URL."""
    if oidc is None:
        return None, ""
    redirect_uri = f"{url}auth/callback"
    line = f"Sign-in with {oidc.issuer} is on: register the redirect URI {redirect_uri} with the provider"
    return {"issuer": oidc.issuer, "redirect_uri": redirect_uri}, line
