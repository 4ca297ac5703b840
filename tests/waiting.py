"""One bounded wait for the tests: ask a condition again and again until it holds.

A test that waits for another thread or process (a server starting, a worker
ranking, a child storing its first match) waits with :func:`wait_until`. The
timeout only bounds the wait: a condition that holds returns at once, so a
generous timeout costs nothing on an idle machine and keeps a loaded one
from failing a test that would have passed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

__all__ = ["wait_until"]

T = TypeVar("T")


def wait_until(condition: Callable[[], T], timeout: float = 120.0, step: float = 0.05, what: str = "") -> T:
    """CONDITION()'s first true value, asked every STEP seconds; AssertionError
    (saying WHAT is awaited) if it is still false after TIMEOUT seconds. An
    exception CONDITION raises ends the wait at once."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < deadline, f"{what or condition}: not true within {timeout:g} s"
        time.sleep(step)
    return value
