"""Admission control: who may start an expensive job now, and in what order.

An :class:`Admission` runs jobs (checking an uploaded file, solving a
strategy, drawing a picture) on an executor of its own, never on the
threads that serve the pages and the API. Its :class:`AdmissionPolicy`
bounds them:

* globally: ``workers`` jobs run at once and ``queue`` more may wait; beyond
  that a job is refused at once with 503 and ``Retry-After``;
* per client (an address): ``per_client`` jobs in flight and ``per_window``
  jobs in ``window_seconds``; beyond either, 429 and ``Retry-After``;
* fairly: a client runs at most ``per_client_running`` jobs at once (fewer
  than ``workers``), and waiting jobs start in turn, one client after
  another, so one client cannot hold every worker.

A job is admitted only when it is complete: routes that take a body call
:meth:`Admission.run` after reading it (``hog_arena.web.limits.BodyDeadline``
bounds how long that may take), so a slow body holds no slot.
"""

from __future__ import annotations

import asyncio
import math
import threading
import time
from collections import Counter, OrderedDict, defaultdict, deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from starlette.types import Scope

__all__ = ["Admission", "AdmissionPolicy", "Refused", "client_of"]

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
class AdmissionPolicy:
    """The limits of one kind of job; JOBS and SERVICE name them in refusals."""

    workers: int = 2  #: jobs running at once
    queue: int = 8  #: jobs admitted to wait for a worker
    per_client: int = 2  #: jobs of one client in flight (running or waiting)
    per_client_running: int = 1  #: jobs of one client running at once
    per_window: int = 30  #: jobs of one client per window
    window_seconds: float = 600.0
    retry_seconds: int = 10  #: Retry-After when the pool or a client's share is full
    jobs: str = "uploads"
    service: str = "the strategy checker"

    def __post_init__(self) -> None:
        if min(self.workers, self.per_client, self.per_client_running, self.per_window) < 1:
            raise ValueError(f"invalid admission policy {self}")
        if self.queue < 0 or self.window_seconds <= 0:
            raise ValueError(f"invalid admission policy {self}")
        if self.workers > 1 and self.per_client_running >= self.workers:
            raise ValueError(f"invalid admission policy {self}: one client could hold every worker")


def client_of(scope: Scope) -> str:
    """The client's address (the proxy's forwarded one only when the server
    trusts that proxy: ``hog serve --forwarded-allow-ips``)."""
    client = scope.get("client")
    return client[0] if client else "unknown"


@dataclass
class _Job(Generic[T]):
    future: Future[T]
    call: Callable[..., T]
    args: tuple[Any, ...]


class Admission:
    """Admits and runs jobs (see the module docstring) on the executor
    NEW_EXECUTOR() makes (default: ``workers`` threads); a broken executor
    (a worker process killed) is replaced by a new one."""

    def __init__(
        self, policy: AdmissionPolicy | None = None, new_executor: Callable[[], Executor] | None = None
    ) -> None:
        self.policy = policy or AdmissionPolicy()
        self._new_executor = new_executor or (
            lambda: ThreadPoolExecutor(self.policy.workers, thread_name_prefix="hog-job")
        )
        self._executor: Executor | None = None  #: made when first needed
        self._lock = threading.RLock()  # a job that fails to start finishes inside _dispatch
        self._in_flight: Counter[str] = Counter()
        self._running: Counter[str] = Counter()
        self._waiting: OrderedDict[str, deque[_Job[Any]]] = OrderedDict()  #: clients in turn order
        self._sent: defaultdict[str, deque[float]] = defaultdict(deque)

    @property
    def in_flight(self) -> int:
        """Jobs admitted and not yet over."""
        with self._lock:
            return sum(self._in_flight.values())

    def enter(self, client: str) -> None:
        """Admit a job of CLIENT, or raise Refused."""
        policy, now = self.policy, time.monotonic()
        with self._lock:
            sent = self._sent[client]
            while sent and now - sent[0] >= policy.window_seconds:
                sent.popleft()
            if not sent:
                del self._sent[client]
            elif len(sent) >= policy.per_window:
                wait = math.ceil(policy.window_seconds - (now - sent[0]))
                raise Refused(
                    429,
                    f"too many {policy.jobs}: {len(sent)} from your address in {policy.window_seconds / 60:g} "
                    f"minutes; try again in {wait} s",
                    wait,
                )
            if self._in_flight[client] >= policy.per_client:
                raise Refused(
                    429,
                    f"too many {policy.jobs} at once: {self._in_flight[client]} of yours are in progress; "
                    "wait for them, then try again",
                    policy.retry_seconds,
                )
            total = sum(self._in_flight.values())
            if total >= policy.workers + policy.queue:
                raise Refused(
                    503,
                    f"{policy.service} is busy ({total} {policy.jobs} in progress); "
                    f"try again in {policy.retry_seconds} s",
                    policy.retry_seconds,
                )
            self._in_flight[client] += 1
            self._sent[client].append(now)

    def leave(self, client: str) -> None:
        """An admitted job of CLIENT is over."""
        with self._lock:
            self._in_flight[client] -= 1
            if self._in_flight[client] <= 0:
                del self._in_flight[client]

    async def run(self, client: str, call: Callable[..., T], *args: Any) -> T:
        """CALL(*ARGS) for CLIENT once admitted (else Refused) and its turn
        comes; awaited without holding any thread of the server."""
        self.enter(client)
        try:
            return await asyncio.wrap_future(self._queue(client, call, args))
        finally:
            self.leave(client)

    def call(self, client: str, call: Callable[..., T], *args: Any) -> T:
        """As :meth:`run`, from a thread that may wait (a route defined with ``def``)."""
        self.enter(client)
        try:
            return self._queue(client, call, args).result()
        finally:
            self.leave(client)

    def _queue(self, client: str, call: Callable[..., T], args: tuple[Any, ...]) -> Future[T]:
        job: _Job[T] = _Job(Future(), call, args)
        with self._lock:
            self._waiting.setdefault(client, deque()).append(job)
            self._dispatch()
        return job.future

    def _dispatch(self) -> None:
        """Start waiting jobs while workers are free, clients in turn (under the lock)."""
        while sum(self._running.values()) < self.policy.workers:
            client = next(
                (c for c in self._waiting if self._running[c] < self.policy.per_client_running),
                None,
            )
            if client is None:
                return
            jobs = self._waiting.pop(client)
            job = jobs.popleft()
            if jobs:
                self._waiting[client] = jobs  # back of the line
            if not job.future.set_running_or_notify_cancel():
                continue  # its request went away while it waited
            self._running[client] += 1
            if self._executor is None:
                self._executor = self._new_executor()
            try:
                started: Future[Any] = self._executor.submit(job.call, *job.args)
            except (BrokenExecutor, RuntimeError) as error:
                started = Future()
                started.set_exception(error)
            started.add_done_callback(partial(self._finished, client, job))

    def _finished(self, client: str, job: _Job[Any], done: Future[Any]) -> None:
        error = RuntimeError(f"{self.policy.service} stopped") if done.cancelled() else done.exception()
        if error is None:
            job.future.set_result(done.result())
        else:
            job.future.set_exception(error)
        with self._lock:
            self._running[client] -= 1
            if self._running[client] <= 0:
                del self._running[client]
            if isinstance(error, BrokenExecutor):
                self.close()
            self._dispatch()

    def close(self) -> None:
        """Stop the executor (jobs already running finish on their own); a
        later job gets a new one."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
