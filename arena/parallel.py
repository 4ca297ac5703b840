"""Running chunks of work with joblib, locally or on a Dask cluster.

Leagues and evolution both hand arrays to workers in chunks and consume the
results in the parent as they finish; this module is the one place that
knows about backends.
"""

from __future__ import annotations

import atexit
import contextlib
import socket
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import Any
from urllib.parse import urlsplit

import numba
from joblib import Parallel, delayed, parallel_config

from arena.dask_cluster import register_sizes

__all__ = ["BACKENDS", "BackendError", "backend_config", "run_chunks"]

BACKENDS = ("loky", "threading", "dask")


class BackendError(ValueError):
    """An unknown backend, or a Dask scheduler that cannot be reached."""


@contextlib.contextmanager
def backend_config(backend: str = "loky", scheduler: str | None = None) -> Iterator[None]:
    """Make BACKEND joblib's backend inside the block (dask: connect to SCHEDULER)."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; valid backends: {', '.join(BACKENDS)}")
    if backend != "dask":
        with parallel_config(backend=backend):
            yield
        return
    if not scheduler:
        raise BackendError("--backend dask needs --scheduler ADDRESS (e.g. tcp://127.0.0.1:8786)")
    register_sizes()  # the table stack goes to the cluster once, not with every task
    with parallel_config(backend="dask", client=_dask_client(scheduler)):
        yield


_CLIENTS: dict[str, Any] = {}


def _dask_client(scheduler: str) -> Any:
    """One connection per scheduler for the whole process (a league or an
    evolution run calls run_chunks many times), closed at exit."""
    client = _CLIENTS.get(scheduler)
    if client is not None and client.status == "running":
        return client
    from distributed import Client

    _refuse_a_closed_port(scheduler)
    try:
        client = Client(scheduler, timeout="10s", set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as error:
        raise BackendError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    _CLIENTS[scheduler] = client
    atexit.register(_close_quietly, client)
    return client


def _refuse_a_closed_port(scheduler: str) -> None:
    """A BackendError at once where nothing listens at a tcp:// SCHEDULER's
    address (the connection refused), instead of after Dask's 10 s of
    retries; an address that does not answer at all still waits for those.

    >>> _refuse_a_closed_port("tcp://127.0.0.1:9")
    Traceback (most recent call last):
    ...
    arena.parallel.BackendError: cannot reach the Dask scheduler at tcp://127.0.0.1:9: connection refused
    """
    address = urlsplit(scheduler)
    try:
        host, port = address.hostname, address.port
    except ValueError:  # not a port: Dask words the error
        return
    if address.scheme != "tcp" or host is None or port is None:
        return
    try:
        socket.create_connection((host, port), timeout=2).close()
    except ConnectionRefusedError:
        raise BackendError(f"cannot reach the Dask scheduler at {scheduler}: connection refused") from None
    except OSError:
        return  # Dask's own retries decide


def _close_quietly(client: Any) -> None:
    if client.status == "running":
        with contextlib.suppress(Exception):
            client.close(timeout=2)


def _one_thread_each(function: Callable[..., Any], *args: Any) -> Any:
    """FUNCTION(*ARGS) with numba kernels on one thread: the parallelism is
    joblib's, and two layers of it would oversubscribe the cores."""
    numba.set_num_threads(1)
    return function(*args)


def run_chunks(
    function: Callable[..., Any],
    chunks: Iterable[tuple[Any, ...]],
    *,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
) -> Iterator[Any]:
    """FUNCTION(*args) for each args of CHUNKS, yielded as they finish (each
    worker runs the numba kernels on one thread)."""
    with backend_config(backend, scheduler), warnings.catch_warnings():
        # a consumer that stops early abandons the rest: no need to warn about it
        warnings.filterwarnings("ignore", message=".*tasks which were still being processed", category=UserWarning)
        yield from Parallel(n_jobs=jobs, return_as="generator_unordered")(
            delayed(_one_thread_each)(function, *args) for args in chunks
        )
