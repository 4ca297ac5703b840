"""Run a strategy file in a confined child process and collect what it sends.

The child is a fresh, isolated interpreter (``python -I -S -B -u``: no
environment variables, no site-packages, no script folder on the path,
unbuffered output) with
an empty environment, standard input at end of file, its own session, a
temporary folder holding only the file and the course's ``dice`` and ``ucb``
modules, and the confinement of :mod:`strategies.confine`. Its output is
drained as it comes and never kept beyond a short tail; the table comes back
over a pipe of its own. The parent kills the whole process group when the
wall-clock limit passes or the child prints too much.

Nothing here judges the result: :mod:`strategies.loader` validates it.
"""

from __future__ import annotations

import io
import json
import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tokenize
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from strategies.confine import Confinement

__all__ = ["Limits", "ChildRun", "SandboxError", "run_child"]

_MB = 1 << 20
_TAIL_BYTES = 1024


class SandboxError(OSError):
    """The sandbox cannot be set up on this machine (not the strategy file's fault)."""


@dataclass(frozen=True)
class Limits:
    """Limits for one strategy file.

    ``cpu_seconds`` is the CPU time for importing the file and evaluating its
    function once on every score pair (10 s, as in the course contest); the
    second evaluation, which checks that the function is pure, gets as much
    again.
    """

    cpu_seconds: int = 10
    wall_seconds: float = 45.0  #: for the whole run, both evaluations included
    memory_bytes: int = 512 * _MB
    source_bytes: int = 1 * _MB  #: largest strategy file accepted, checked before running
    output_bytes: int = 1 * _MB  #: most the child may print (stdout and stderr together)
    file_bytes: int = 1 * _MB  #: largest file the child may write in its folder
    open_files: int = 64

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if value <= 0:
                raise ValueError(f"limit {name} must be positive, not {value}")


@dataclass
class ChildRun:
    """What came back from the child; ``messages`` are parsed but untrusted."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    malformed: bool = False  #: a line on the result pipe was not a JSON object
    returncode: int = 0  #: negative: killed by that signal
    cpu_seconds: float = 0.0
    timed_out: bool = False
    printed_too_much: bool = False
    sent_too_much: bool = False
    output_tail: str = ""  #: the last bytes of stdout and stderr, decoded leniently

    def last_output_line(self) -> str:
        lines = [line.strip() for line in self.output_tail.splitlines() if line.strip()]
        return lines[-1][-200:] if lines else ""


def _module_file_name(filename: str) -> str:
    """A safe ``.py`` name for the copy of the submission in the child's folder."""
    stem = os.path.splitext(os.path.basename(filename))[0]
    return f"{stem}.py" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", stem) else "submission.py"


def _write_sandbox_folder(root: str, source: str, filename: str) -> tuple[str, str, str]:
    """Lay out ROOT/lib (the child program, ``dice``, ``ucb``) and ROOT/work (the file)."""
    lib, work = os.path.join(root, "lib"), os.path.join(root, "work")
    os.mkdir(lib)
    os.mkdir(work)
    package = resources.files("strategies")
    copies = {
        "sandbox_child.py": package / "sandbox_child.py",
        "ucb.py": package / "sandbox_modules" / "ucb.py",
        # The course's dice module is the project's own: it uses the standard library only.
        "dice.py": resources.files("hog") / "dice.py",
    }
    for name, origin in copies.items():
        with open(os.path.join(lib, name), "w", encoding="utf-8") as copy:
            copy.write(origin.read_text(encoding="utf-8"))
    module = os.path.join(work, _module_file_name(filename))
    with open(module, "w", encoding=_declared_encoding(source), newline="") as copy:
        copy.write(source)
    return lib, work, module


def _declared_encoding(source: str) -> str:
    """The encoding SOURCE's coding line declares (PEP 263), so that its copy
    reads back as the same text; UTF-8 without one."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(source.encode("utf-8")).readline)
    except SyntaxError:
        return "utf-8"  # an unknown encoding: importing the copy reports it
    return "utf-8" if encoding == "utf-8-sig" else encoding  # a leading U+FEFF is written back as the BOM


def _interpreter() -> str:
    """The base interpreter (a virtual environment's site-packages are not wanted)."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


def _parse(data: bytes, run: ChildRun) -> None:
    for line in data.split(b"\n")[:-1]:  # a final line without newline is incomplete
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            message = None
        if isinstance(message, dict):
            run.messages.append(message)
        else:
            run.malformed = True


def run_child(source: str, filename: str, function: str, goal: int, max_rolls: int, limits: Limits) -> ChildRun:
    """Evaluate FUNCTION of SOURCE (named FILENAME) in a confined child process.

    Not thread-safe: the confinement runs between fork and exec (``preexec_fn``).
    """
    if sys.platform != "linux":
        raise SandboxError(f"strategy files run in a Linux sandbox; this system is {sys.platform}")
    root = tempfile.mkdtemp(prefix="hog-sandbox-")
    try:
        lib, work, module = _write_sandbox_folder(root, source, filename)
        interpreter = _interpreter()
        try:
            confinement = Confinement(
                program=interpreter,
                cpu_seconds=limits.cpu_seconds,  # the child raises it to twice that for the second evaluation
                cpu_hard_seconds=2 * limits.cpu_seconds + 1,
                memory_bytes=limits.memory_bytes,
                file_bytes=limits.file_bytes,
                open_files=limits.open_files,
                write_dirs=(work,),
                read_paths=(lib,),
            )
        except OSError as error:
            raise SandboxError(f"cannot set up the sandbox: {error}") from None
        argv = [interpreter, "-I", "-S", "-B", "-u", "-X", "utf8", os.path.join(lib, "sandbox_child.py")]
        result_read, result_write = os.pipe()
        with os.fdopen(result_read, "rb") as results:
            try:
                process = subprocess.Popen(
                    [*argv, module, function, str(goal), str(max_rolls), str(result_write)],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    cwd=work,
                    env={},
                    pass_fds=(result_write,),
                    start_new_session=True,
                    preexec_fn=confinement.preexec,
                )
            finally:
                os.close(result_write)
                confinement.close()
            with process:
                return _collect(process, results.fileno(), limits, goal)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _collect(process: subprocess.Popen, results: int, limits: Limits, goal: int) -> ChildRun:
    """Read output and results until both close or a limit is hit; then end the process group."""
    run = ChildRun()
    deadline = time.monotonic() + limits.wall_seconds
    result_cap = 12 * goal * goal + 65536  # two passes of small integers, with room for messages
    output = process.stdout.fileno()
    data, tail, printed = bytearray(), bytearray(), 0
    with selectors.DefaultSelector() as selector:
        selector.register(output, selectors.EVENT_READ)
        selector.register(results, selectors.EVENT_READ)
        while selector.get_map() and not (run.timed_out or run.printed_too_much or run.sent_too_much):
            remaining = deadline - time.monotonic()
            run.timed_out = remaining <= 0
            for key, _ in selector.select(max(remaining, 0)):
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fd)
                elif key.fd == output:
                    printed += len(chunk)
                    tail = (tail + chunk)[-_TAIL_BYTES:]
                    run.printed_too_much = printed > limits.output_bytes
                else:
                    data += chunk
                    run.sent_too_much = len(data) > result_cap
    while not (run.timed_out or run.printed_too_much or run.sent_too_much) and not _exited(process.pid):
        run.timed_out = time.monotonic() >= deadline
        time.sleep(0.005)
    try:
        os.killpg(process.pid, signal.SIGKILL)  # the leader is not reaped yet, so its group is still its own
    except (ProcessLookupError, PermissionError):
        pass
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = run.returncode = os.waitstatus_to_exitcode(status)
    run.cpu_seconds = usage.ru_utime + usage.ru_stime
    run.output_tail = tail.decode("utf-8", errors="replace")
    _parse(bytes(data), run)
    return run


def _exited(pid: int) -> bool:
    """Whether PID has exited, without reaping it."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
