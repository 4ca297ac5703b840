"""Caps on request bodies, enforced while they arrive: their size and their time.

``UploadLimit`` is ASGI middleware: a request whose ``Content-Length`` is
over the limit is refused before a byte of its body is read, and one sent
without a length (chunked) is refused as soon as the bytes read pass the
limit. The refusal is an ``HTTPException`` with status 413 raised where the
application reads the body, so the application's own handler answers it
(a page or JSON, as it likes) and the rest of the body is never read.

``BodyDeadline`` is ASGI middleware too: a body must arrive whole within
``seconds`` of the request's start, with no pause longer than
``gap_seconds``; else 408 (``TooSlow``), raised where the application reads
the body, as above. With the size cap this is a floor on the rate: a 1 MB
body in 30 s is 35 KB/s. Slots for the work a body asks for are taken only
once it is complete (``hog_arena.web.admission``).
"""

from __future__ import annotations

import asyncio
import time

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["BodyDeadline", "TooLarge", "TooSlow", "UploadLimit"]


class TooLarge(HTTPException):
    """A request body over the limit (status 413)."""

    def __init__(self, detail: str) -> None:
        super().__init__(status_code=413, detail=detail)


class TooSlow(HTTPException):
    """A request body that did not arrive in time (status 408)."""

    def __init__(self, detail: str) -> None:
        super().__init__(status_code=408, detail=detail, headers={"Connection": "close"})


class UploadLimit:
    """Refuse request bodies over MAX_BYTES, with the one-line MESSAGE."""

    def __init__(self, app: ASGIApp, max_bytes: int, message: str) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.message = message

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        too_long = declared.isdigit() and int(declared) > self.max_bytes
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            if too_long:
                raise TooLarge(self.message)
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise TooLarge(self.message)
            return message

        await self.app(scope, limited_receive, send)


class BodyDeadline:
    """Refuse request bodies that take over SECONDS in all, or pause for over GAP_SECONDS."""

    def __init__(self, app: ASGIApp, seconds: float, gap_seconds: float) -> None:
        self.app = app
        self.seconds = seconds
        self.gap_seconds = gap_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline = time.monotonic() + self.seconds
        complete = False

        async def timed_receive() -> Message:
            nonlocal complete
            if complete:  # what follows the body (a disconnect) is not timed
                return await receive()
            left = deadline - time.monotonic()
            wait = min(left, self.gap_seconds)
            try:
                if wait <= 0:
                    raise asyncio.TimeoutError
                message = await asyncio.wait_for(receive(), wait)
            except asyncio.TimeoutError:
                limit = f"{self.seconds:g} s" if wait == left else f"{self.gap_seconds:g} s without a byte"
                raise TooSlow(f"the request body did not arrive in time (limit: {limit})") from None
            complete = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        await self.app(scope, timed_receive, send)
