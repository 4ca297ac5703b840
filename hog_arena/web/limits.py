"""A cap on the size of request bodies, enforced while they arrive.

``UploadLimit`` is ASGI middleware: a request whose ``Content-Length`` is
over the limit is refused before a byte of its body is read, and one sent
without a length (chunked) is refused as soon as the bytes read pass the
limit. The refusal is an ``HTTPException`` with status 413 raised where the
application reads the body, so the application's own handler answers it
(a page or JSON, as it likes) and the rest of the body is never read.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["UploadLimit", "TooLarge"]


class TooLarge(HTTPException):
    """A request body over the limit (status 413)."""

    def __init__(self, detail: str) -> None:
        super().__init__(status_code=413, detail=detail)


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
