"""The site's guard at the door: known hosts only, no cross-site writes, and
the headers that keep pages from being framed, sniffed or injected into.

``SiteGuard`` is ASGI middleware, outermost but for the access log
(``hog_arena.web.access_log``):

* a request whose ``Host`` is not one of the server's names is refused (400):
  a page on another site cannot reach the arena by pointing its own name at
  the server's address (DNS rebinding);
* a request that changes something (any method but GET, HEAD and OPTIONS)
  sent by a browser from another site is refused (403) before the
  application sees it: its ``Origin`` must be the server itself, the same
  scheme, host and port as the request (``http://host`` is
  ``http://host:80``; behind a TLS proxy the scheme is the one uvicorn takes
  from a trusted proxy's ``X-Forwarded-Proto``), and without an ``Origin``
  its ``Sec-Fetch-Site`` must say ``same-origin`` (or ``none``, the
  visitor's own doing). Programs that send neither (curl, scripts) pass;
  the pages' forms carry a token besides (``hog_arena.web.csrf``);
* every response carries a Content-Security-Policy (scripts, styles, images
  and connections from the server only, no plugins, ``frame-ancestors
  'none'``), ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY``
  and ``Referrer-Policy: same-origin``: errors too, and an error no handler
  answered becomes a 500 here, with the same headers: the client gets one
  line, the log (``hog_arena.web.security``) the traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CONTENT_SECURITY_POLICY", "LOCAL_HOSTS", "SECURITY_HEADERS", "SiteGuard"]

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}
#: The names of this machine for a server that listens on it alone.
LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_SAME_SITE_FETCHES = frozenset({"same-origin", "none"})
_DEFAULT_PORTS = {"http": 80, "https": 443}
_log = logging.getLogger(__name__)


def host_name(host: str) -> str:
    """The name in a ``Host`` header, without the port, in lower case.

    >>> host_name("Example.org:8000"), host_name("[::1]:8000"), host_name("localhost")
    ('example.org', '[::1]', 'localhost')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1]
    return host.partition(":")[0]


def web_origin(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """The web origin SCHEME://NETLOC, (scheme, host, port) with the port
    made explicit; None unless it is an http or https origin and no more.

    >>> web_origin("http", "Example.org"), web_origin("https", "[::1]:8443")
    (('http', 'example.org', 80), ('https', '::1', 8443))
    >>> web_origin("http", "a.org/x"), web_origin("ftp", "a.org"), web_origin("", "")
    (None, None, None)
    """
    scheme = scheme.lower()
    try:
        parts = urlsplit(f"//{netloc}")
        port = parts.port
    except ValueError:
        return None
    extra = parts.path or parts.query or parts.fragment or "@" in parts.netloc
    if scheme not in _DEFAULT_PORTS or not parts.hostname or extra:
        return None
    return scheme, parts.hostname, _DEFAULT_PORTS[scheme] if port is None else port


def cross_site_reason(method: str, headers: Headers, scheme: str) -> str | None:
    """Why a request is a cross-site write to refuse, or None. An ``Origin``
    must be the request's own: SCHEME (``http`` or ``https``), and the host
    and port of its ``Host`` header."""
    if method in _SAFE_METHODS:
        return None
    origin = headers.get("origin")
    if origin is not None:
        their_scheme, _, their_netloc = origin.strip().partition("://")
        ours = web_origin(scheme, headers.get("host", ""))
        if ours is None or web_origin(their_scheme, their_netloc) != ours:
            return f"refused a request from another site ({origin[:100]})"
        return None
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in _SAME_SITE_FETCHES:
        return f"refused a request from another site (Sec-Fetch-Site: {fetch_site[:40]})"
    return None


class SiteGuard:
    """See the module docstring. ALLOWED_HOSTS are the server's names
    (``*`` allows any); RESPOND(request, status, message) answers a refusal."""

    def __init__(
        self,
        app: ASGIApp,
        allowed_hosts: Iterable[str],
        respond: Callable[[Request, int, str], Any],
    ) -> None:
        self.app = app
        self.allowed_hosts = frozenset(host_name(host) for host in allowed_hosts)
        self.respond = respond

    def _refusal(self, scope: Scope) -> tuple[int, str] | None:
        headers = Headers(scope=scope)
        if "*" not in self.allowed_hosts and host_name(headers.get("host", "")) not in self.allowed_hosts:
            return 400, "unknown host name: this server answers to " + ", ".join(sorted(self.allowed_hosts))
        reason = cross_site_reason(scope["method"], headers, scope.get("scheme", "http"))
        return None if reason is None else (403, reason)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        refusal = self._refusal(scope)
        if refusal is not None:
            await self.respond(Request(scope), *refusal)(scope, receive, send_with_headers)
            return
        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if started:
                raise
            _log.exception("internal error answering %s %s", scope["method"], scope["path"])
            error = self.respond(Request(scope), 500, "internal error: the server could not answer this request")
            await error(scope, receive, send_with_headers)
