"""The web arena's HTTP server: uvicorn, guarded against slow and numerous connections.

``GuardedProtocol`` is uvicorn's h11 protocol with two more limits: a
connection's request line and headers must arrive within ``header_seconds``
(uvicorn 0.54 times out idle keep-alive connections, not slow headers), and
beyond ``max_connections`` open connections a new one is closed at once, so
trickling connections cannot use up the server's file descriptors. Its own
400 answers carry the security headers like every other response.

``X-Forwarded-For`` is believed only from the proxies named in
``forwarded_allow_ips`` (none by default): uvicorn's own default, which
trusts 127.0.0.1, would give any local client (or a proxy that passes the
header on) as many identities as it likes.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Sequence
from dataclasses import dataclass

import h11
import uvicorn
from starlette.types import ASGIApp
from uvicorn.protocols.http.h11_impl import H11Protocol

from hog_arena.web.security import SECURITY_HEADERS

__all__ = ["ServerLimits", "GuardedProtocol", "listen", "make_server"]


@dataclass(frozen=True)
class ServerLimits:
    """Limits of connections (the request bodies' own are the app's: ``hog_arena.web.limits``)."""

    header_seconds: float = 10.0  #: to send the request line and headers
    keep_alive_seconds: int = 5  #: an idle connection between requests
    max_connections: int = 512  #: open at once
    max_header_bytes: int = 16 * 1024  #: request line and headers

    def __post_init__(self) -> None:
        if min(self.header_seconds, self.keep_alive_seconds, self.max_connections, self.max_header_bytes) <= 0:
            raise ValueError(f"invalid server limits {self}")


class GuardedProtocol(H11Protocol):
    """See the module docstring; ``limits`` is set on the subclass ``make_server`` makes."""

    limits = ServerLimits()
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.limits.max_connections:
            self.transport.close()
            return
        self._start_header_timer()

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:  # the headers are in
            self._stop_header_timer()

    def on_response_complete(self) -> None:
        self._start_header_timer()  # for the next request on this connection
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"connection", b"close"),
            *((name.encode(), value.encode()) for name, value in SECURITY_HEADERS.items()),
        ]
        for event in (h11.Response(status_code=400, headers=headers), h11.Data(data=msg.encode()), h11.EndOfMessage()):
            self.transport.write(self.conn.send(event))
        self.transport.close()

    def _start_header_timer(self) -> None:
        self._stop_header_timer()
        self._header_timer = self.loop.call_later(self.limits.header_seconds, self._headers_too_slow)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to HOST and PORT (OSError, one line, if it cannot be)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    return sock


def make_server(
    app: ASGIApp,
    limits: ServerLimits | None = None,
    forwarded_allow_ips: Sequence[str] = (),
    log_level: str = "warning",
) -> uvicorn.Server:
    """A uvicorn server of APP with LIMITS, believing ``X-Forwarded-For``
    only from FORWARDED_ALLOW_IPS; run it with ``serve(sockets=[listen(...)])``."""
    limits = limits or ServerLimits()
    protocol = type("GuardedProtocol", (GuardedProtocol,), {"limits": limits})
    config = uvicorn.Config(
        app,
        http=protocol,
        proxy_headers=bool(forwarded_allow_ips),
        forwarded_allow_ips=list(forwarded_allow_ips) or None,
        timeout_keep_alive=limits.keep_alive_seconds,
        h11_max_incomplete_event_size=limits.max_header_bytes,
        timeout_graceful_shutdown=5,
        log_level=log_level,
        lifespan="on",
    )
    return uvicorn.Server(config)
