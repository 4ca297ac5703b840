"""Run a strategy file in a confined child process and collect what it sends.

The child is a fresh, isolated interpreter (``python -I -S -B -u``: no
environment variables, no site-packages, no script folder on the path,
unbuffered output) started by bubblewrap (see :mod:`strategies.confine`) in
an empty, read-only file system that holds, besides the Python installation
(its third-party packages hidden), only the child program, the course's
``dice`` and ``ucb`` modules, the system-call filter and the submission's
text as UTF-8, all copied in from memory: nothing of a submission is ever
written to disk, so nothing is left to clean up. Its standard input is at
end of file and its output is drained as it comes and never kept beyond a
short tail; the table comes back over a pipe of its own.

The parent enforces the limits from outside: it reads the child's CPU time
from ``/proc`` while it runs and kills the whole process group half a second
past the CPU limit (the kernel kills the child at half as much again, in case
the parent is too slow), when the wall-clock limit passes, or when the child
prints or sends too much.

Each run evaluates the function once; :mod:`strategies.loader` runs it twice
(two fresh processes, the second in a shuffled order) and validates everything.
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
import selectors
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from importlib import resources
from typing import IO, Any, cast

from strategies.confine import NOBODY, SandboxError, bwrap_command, syscall_filter

__all__ = ["Limits", "ChildRun", "SandboxError", "run_child"]

_MB = 1 << 20
_TAIL_BYTES = 1024
#: CPU seconds past the limit after which the parent kills the child itself.
_CPU_GRACE = 0.5
#: The kernel kills the child at this multiple of the CPU limit (rounded up), well
#: past the parent's own kill: the kernel counts CPU time in clock ticks, which
#: under load may run ahead of the time the parent measures, so a child the
#: kernel stops has been measured at the limit too.
_KERNEL_CPU_FACTOR = 1.5
_POLL_SECONDS = 0.05
_LIB, _WORK = "/sandbox/lib", "/sandbox/work"
_FILTER = "/sandbox/filter.bpf"


@dataclass(frozen=True)
class Limits:
    """Limits for one strategy file.

    ``cpu_seconds`` is the CPU time for importing the file and evaluating its
    function once on every score pair (10 s, as in the course contest); the
    second evaluation, in a fresh process, which checks that the function is
    pure, gets as much again. So does ``wall_seconds``: each evaluation has
    its own.
    """

    cpu_seconds: int = 10
    wall_seconds: float = 30.0  #: for each evaluation
    memory_bytes: int = 512 * _MB
    source_bytes: int = 1 * _MB  #: largest strategy file accepted, checked before running
    output_bytes: int = 1 * _MB  #: most the child may print (stdout and stderr together)
    open_files: int = 64

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if value <= 0:
                raise ValueError(f"limit {name} must be positive, not {value}")


@dataclass
class ChildRun:
    """What came back from one child process.

    ``setup_error`` comes from the sandbox itself (bubblewrap, or the child
    before it ran any of the submission's code); ``messages`` came after that
    point and are parsed but untrusted.
    """

    ready: bool = False  #: the child said it was confined, before running the submission
    setup_error: str | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)
    malformed: bool = False  #: a line on the result pipe was not a JSON object
    returncode: int = 0
    cpu_seconds: float = 0.0
    timed_out: bool = False
    cpu_exceeded: bool = False  #: the parent killed it for CPU time (the kernel had not)
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


def _interpreter() -> str:
    """The base interpreter (a virtual environment's site-packages are not wanted)."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


@functools.lru_cache(maxsize=1)
def _filter_program() -> bytes:
    return syscall_filter()


def _contents(source: str, module: str) -> dict[str, bytes]:
    """What the child's file system holds besides Python, by path."""
    package = resources.files("strategies")
    return {
        f"{_LIB}/sandbox_child.py": (package / "sandbox_child.py").read_bytes(),
        f"{_LIB}/ucb.py": (package / "sandbox_modules" / "ucb.py").read_bytes(),
        # The course's dice module is the project's own: it uses the standard library only.
        f"{_LIB}/dice.py": (resources.files("hog") / "dice.py").read_bytes(),
        _FILTER: _filter_program(),
        module: source.encode("utf-8", errors="surrogatepass"),  # the text the child compiles, whatever its coding line
    }


def _memory_file(name: str, data: bytes) -> int:
    """A file descriptor of an anonymous in-memory file holding DATA, at offset 0."""
    descriptor = os.memfd_create(name)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view) :]
        os.lseek(descriptor, 0, os.SEEK_SET)
    except OSError:
        os.close(descriptor)
        raise
    return descriptor


def run_child(
    source: str,
    filename: str,
    function: str,
    goal: int,
    max_rolls: int,
    limits: Limits,
    pass_number: int,
    deadline: float,
    min_rolls: int = 0,
) -> ChildRun:
    """Evaluate FUNCTION of SOURCE (named FILENAME) once, in a fresh confined
    child process; pass 1 calls it in row-major order, pass 2 in a shuffled one.
    DEADLINE is the ``time.monotonic()`` by which the child is killed. The
    child takes integers MIN_ROLLS..MAX_ROLLS (-1..10 where Pork Chop is a
    choice) as values and describes any other.

    Raises SandboxError if the sandbox cannot be started here.
    """
    if sys.platform != "linux":
        raise SandboxError(f"strategy files run in a Linux sandbox; this system is {sys.platform}")
    as_root = os.geteuid() == 0
    module = f"{_WORK}/{_module_file_name(filename)}"
    descriptors: dict[str, int] = {}
    result_read, result_write = os.pipe()
    status_read, status_write = os.pipe()
    try:
        for path, data in _contents(source, module).items():
            descriptors[path] = _memory_file(os.path.basename(path), data)
        config = {
            "module": module,
            "function": function,
            "goal": goal,
            "min_rolls": min_rolls,
            "max_rolls": max_rolls,
            "pass": pass_number,
            "fd": result_write,
            "uid": NOBODY if as_root else None,
            "cpu_seconds": limits.cpu_seconds,
            "kernel_cpu_seconds": math.ceil(limits.cpu_seconds * _KERNEL_CPU_FACTOR),
            "memory_bytes": limits.memory_bytes,
            "open_files": limits.open_files,
            "filter": _FILTER,
        }
        interpreter = _interpreter()
        program = [interpreter, "-I", "-S", "-B", "-u", "-X", "utf8", f"{_LIB}/sandbox_child.py", json.dumps(config)]
        command = bwrap_command(interpreter, descriptors, program, status_write, _WORK, as_root)
        try:
            process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                cwd="/",
                env={},
                pass_fds=(*descriptors.values(), result_write, status_write),
                start_new_session=True,
            )
        except OSError as error:
            raise SandboxError(f"cannot start the sandbox: {error}") from None
    finally:
        for descriptor in (*descriptors.values(), result_write, status_write):
            os.close(descriptor)
    with process, os.fdopen(result_read, "rb") as results, os.fdopen(status_read, "rb") as status:
        return _collect(process, results.fileno(), status.fileno(), limits, goal, deadline)


def _collect(
    process: subprocess.Popen[bytes], results: int, status: int, limits: Limits, goal: int, deadline: float
) -> ChildRun:
    """Read output and results until both close or a limit is hit; then end the process group."""
    run = ChildRun()
    result_cap = 6 * goal * goal + 65536  # one pass of small integers, with room for messages
    output = cast(IO[bytes], process.stdout).fileno()
    data, tail, status_data, printed = bytearray(), bytearray(), bytearray(), 0
    watch = _CpuWatch(process.pid)

    def stopped() -> bool:
        run.cpu_exceeded = watch.seconds() >= limits.cpu_seconds + _CPU_GRACE
        run.timed_out = time.monotonic() >= deadline
        return run.timed_out or run.cpu_exceeded or run.printed_too_much or run.sent_too_much

    with selectors.DefaultSelector() as selector:
        for descriptor in (output, results, status):
            selector.register(descriptor, selectors.EVENT_READ)
        while selector.get_map() and not stopped():
            for key, _ in selector.select(max(min(deadline - time.monotonic(), _POLL_SECONDS), 0)):
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fd)
                elif key.fd == output:
                    printed += len(chunk)
                    tail = (tail + chunk)[-_TAIL_BYTES:]
                    run.printed_too_much = printed > limits.output_bytes
                elif key.fd == results:
                    data += chunk
                    run.sent_too_much = len(data) > result_cap
                elif len(status_data) < 4096:
                    status_data += chunk
                    watch.learn(status_data)
    while not stopped() and not _exited(process.pid):
        time.sleep(_POLL_SECONDS / 5)
    try:
        os.killpg(process.pid, signal.SIGKILL)  # the leader is not reaped yet, so its group is still its own
    except (ProcessLookupError, PermissionError):
        pass
    _, wait_status, usage = os.wait4(process.pid, 0)
    process.returncode = run.returncode = os.waitstatus_to_exitcode(wait_status)
    run.cpu_seconds = max(usage.ru_utime + usage.ru_stime, watch.seconds())
    run.output_tail = tail.decode("utf-8", errors="replace")
    _parse(bytes(data), run)
    return run


def _parse(data: bytes, run: ChildRun) -> None:
    """The result lines: the first is the sandbox's own (ready, or why setup
    failed); the rest are the child's, untrusted."""
    for line in data.split(b"\n")[:-1]:  # a final line without newline is incomplete
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            message = None
        if not run.ready and run.setup_error is None and isinstance(message, dict):
            if message.get("ready") is True:
                run.ready = True
            else:
                run.setup_error = str(message.get("setup_failed", "the sandbox sent an unexpected first line"))
        elif run.ready and isinstance(message, dict):
            run.messages.append(message)
        elif run.ready:
            run.malformed = True


class _CpuWatch:
    """The CPU time of the confined process, read from ``/proc`` while it runs."""

    _TICKS = os.sysconf("SC_CLK_TCK")

    def __init__(self, group: int) -> None:
        self._group = group
        self._pid: int | None = None
        self._seen = 0.0
        self._next = 0.0

    def learn(self, status: bytes | bytearray) -> None:
        """Take the child's process id from bubblewrap's first status line."""
        if self._pid is None and b"\n" in status:
            try:
                pid = json.loads(status.split(b"\n", 1)[0]).get("child-pid")
            except (ValueError, AttributeError):
                return
            self._pid = pid if isinstance(pid, int) and pid > 0 else None

    def seconds(self) -> float:
        """The most CPU seconds seen (read at most every poll interval)."""
        now = time.monotonic()
        if self._pid is not None and now >= self._next:
            self._next = now + _POLL_SECONDS
            try:
                with open(f"/proc/{self._pid}/stat", "rb") as file:
                    fields = file.read().rsplit(b")", 1)[1].split()
            except (OSError, IndexError):
                return self._seen
            if len(fields) > 12 and int(fields[2]) == self._group:  # still ours: in our process group
                self._seen = max(self._seen, (int(fields[11]) + int(fields[12])) / self._TICKS)
        return self._seen


def _exited(pid: int) -> bool:
    """Whether PID has exited, without reaping it."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
