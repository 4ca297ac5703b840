"""Who may start a strategy check now: a bounded pool with a bounded queue,
and per-client limits.

Checking an uploaded file runs it in the sandbox, seconds of CPU in a
process of its own. ``UploadGate`` runs the checks on a pool of ``workers``
threads (each waits for its checking process), admits at most ``queue``
more uploads to wait for a thread, and refuses the rest at once with 503
and ``Retry-After``. A client (an address) may have ``per_client`` uploads
in flight and send ``per_window`` uploads in ``window_seconds``; beyond
either, 429 and ``Retry-After``. The pool never borrows the threads that
serve the pages and the API, so they stay fast whatever the uploads do.

``AdmitUploads`` is the ASGI middleware that asks the gate before a byte of
an upload's body is read, and tells it when the request is over.
"""

from __future__ import annotations

import asyncio
import math
import threading
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["AdmitUploads", "Refused", "UploadGate", "UploadPolicy", "client_of"]

T = TypeVar("T")


class Refused(Exception):
    """A request refused for now: STATUS (429 or 503), a one-line MESSAGE and
    the seconds after which to try again."""

    def __init__(self, status: int, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = max(1, retry_after)

    @property
    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.retry_after)}


@dataclass(frozen=True)
class UploadPolicy:
    """The limits of strategy checks."""

    workers: int = 2  #: checks running at once
    queue: int = 8  #: uploads admitted to wait for a worker
    per_client: int = 2  #: uploads of one client in flight
    per_window: int = 30  #: uploads of one client per window
    window_seconds: float = 600.0
    retry_seconds: int = 10  #: Retry-After when the pool or a client's share is full

    def __post_init__(self) -> None:
        if min(self.workers, self.per_client, self.per_window) < 1 or self.queue < 0 or self.window_seconds <= 0:
            raise ValueError(f"invalid upload policy {self}")


def client_of(scope: Scope) -> str:
    """The client's address (the proxy's forwarded one when the server trusts it)."""
    client = scope.get("client")
    return client[0] if client else "unknown"


class UploadGate:
    """Admits uploads (see the module docstring) and runs their checks."""

    def __init__(self, policy: UploadPolicy | None = None) -> None:
        self.policy = policy or UploadPolicy()
        self._pool = ThreadPoolExecutor(self.policy.workers, thread_name_prefix="hog-check")
        self._lock = threading.Lock()
        self._in_flight: Counter[str] = Counter()
        self._sent: defaultdict[str, deque[float]] = defaultdict(deque)

    @property
    def in_flight(self) -> int:
        """Uploads admitted and not yet answered."""
        with self._lock:
            return sum(self._in_flight.values())

    def enter(self, client: str) -> None:
        """Admit an upload of CLIENT, or raise Refused."""
        policy, now = self.policy, time.monotonic()
        with self._lock:
            sent = self._sent[client]
            while sent and now - sent[0] >= policy.window_seconds:
                sent.popleft()
            if len(sent) >= policy.per_window:
                wait = math.ceil(policy.window_seconds - (now - sent[0]))
                raise Refused(
                    429,
                    f"too many uploads: {len(sent)} from your address in {policy.window_seconds / 60:g} minutes; "
                    f"try again in {wait} s",
                    wait,
                )
            if self._in_flight[client] >= policy.per_client:
                raise Refused(
                    429,
                    f"too many uploads at once: {self._in_flight[client]} of yours are being checked; "
                    "wait for them, then try again",
                    policy.retry_seconds,
                )
            total = sum(self._in_flight.values())
            if total >= policy.workers + policy.queue:
                raise Refused(
                    503,
                    f"the strategy checker is busy ({total} uploads in progress); "
                    f"try again in {policy.retry_seconds} s",
                    policy.retry_seconds,
                )
            self._in_flight[client] += 1
            sent.append(now)

    def leave(self, client: str) -> None:
        """An admitted upload of CLIENT is over."""
        with self._lock:
            self._in_flight[client] -= 1
            if self._in_flight[client] <= 0:
                del self._in_flight[client]

    async def run(self, check: Callable[..., T], *args: Any) -> T:
        """CHECK(*ARGS) on the pool's threads, awaited without holding any other thread."""
        return await asyncio.wrap_future(self._pool.submit(check, *args))

    def close(self) -> None:
        """Stop the pool (checks already running finish on their own)."""
        self._pool.shutdown(wait=False, cancel_futures=True)


class AdmitUploads:
    """ASGI middleware: requests to ROUTES (method, path) pass only when GATE
    admits them; a refusal is answered at once by RESPOND(request, error)."""

    def __init__(
        self,
        app: ASGIApp,
        gate: UploadGate,
        routes: frozenset[tuple[str, str]],
        respond: Callable[[Request, Refused], Any],
    ) -> None:
        self.app = app
        self.gate = gate
        self.routes = routes
        self.respond = respond

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or (scope["method"], scope["path"]) not in self.routes:
            await self.app(scope, receive, send)
            return
        client = client_of(scope)
        try:
            self.gate.enter(client)
        except Refused as refused:
            await self.respond(Request(scope), refused)(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.gate.leave(client)
