"""The access log: ASGI middleware, outermost, logging one line per request
on ``hog_arena.web.access``: method, path, status, duration and client
address (the proxy's ``X-Forwarded-For`` only where uvicorn believes it).

The query string is left out: it can hold secrets (a source link's key,
sign-in's code and state). A request whose application failed before
answering is logged with status 500 (the error itself, with its traceback,
is logged by ``hog_arena.web.security``).
"""

from __future__ import annotations

import logging
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hog_arena.web.logs import LOGGER, event

__all__ = ["AccessLog"]

_log = logging.getLogger(f"{LOGGER}.access")


def client_address(scope: Scope) -> str | None:
    """The client's address of an ASGI SCOPE, without its port.

    >>> client_address({"client": ("10.0.0.7", 5123)}), client_address({"client": None})
    ('10.0.0.7', None)
    """
    client = scope.get("client")
    return None if not client else str(client[0])


class AccessLog:
    """See the module docstring."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _log.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status: int | None = None

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            event(
                _log,
                "request",
                method=scope["method"],
                path=scope["path"],
                status=500 if status is None else status,
                ms=round((time.perf_counter() - started) * 1000, 1),
                client=client_address(scope),
            )
