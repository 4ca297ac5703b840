"""A real ``hog serve`` in a child process on a free loopback port, for
tests that need a whole server (and may kill it with SIGKILL). Its log
(standard error) goes to a file, never a pipe nobody reads: a full pipe
would stop the server."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import httpx2 as httpx
from waiting import wait_until


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """A running ``hog serve`` at URL; KILL ends it with SIGKILL."""

    def __init__(self, db: str, port: int, *extra: str) -> None:
        self.url = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "hog_arena.cli.main", "serve", "--db", db, "--port", str(port), *extra]
        self.log = tempfile.TemporaryFile("w+", encoding="utf-8")
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=self.log)
        try:
            wait_until(lambda: self.process.poll() is not None or self.answers(), timeout=120, step=0.1)
            started = self.process.poll() is None
        except AssertionError:  # neither answering nor ended in time
            started = False
        if not started:
            problem = f"hog serve did not start: {self.log_text()}"
            self.kill()
            raise RuntimeError(problem)

    def answers(self) -> bool:
        """Whether the server answers a request now."""
        try:
            return httpx.get(f"{self.url}/api/contests", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(30)
        self._close()

    def log_text(self) -> str:
        """What the server wrote on standard error so far."""
        self.log.seek(0)
        return self.log.read()

    def _close(self) -> None:
        self.log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close()


@contextmanager
def running_server(db: str, *extra: str, port: int | None = None) -> Iterator[Server]:
    """``hog serve`` on DB with options EXTRA, on PORT (default: a free one), stopped on leaving."""
    server = Server(db, port or free_port(), *extra)
    try:
        yield server
    finally:
        server.stop()
