"""The child side of the strategy sandbox: evaluates a strategy file's function.

Run as ``python -I -S -B -u sandbox_child.py CONFIG`` inside bubblewrap (see
``strategies.sandbox``), CONFIG being a JSON object. It uses the standard
library only: the project is not on the child's path, only this file's folder
(which holds the course's ``dice`` and ``ucb`` modules) and the submission's.

Before any code of the submission runs, it confines itself: it drops to an
unprivileged user and group if asked, lowers its resource limits for good
(CPU seconds, address space, no file writes, open files, no processes, no
core files), arms a CPU timer that reports which call was running shortly
before the CPU limit (the parent kills it a little past the limit, the kernel
later still), and installs the seccomp allowlist.
Only then does it send ``{"ready": true}``: the parent treats any failure
before that line as its own (the sandbox cannot run here), anything after as
the file's.

It runs the file as the module ``submission`` (so ``__name__`` is not
``"__main__"`` and no ``@main`` or ``if __name__ == "__main__"`` code runs),
compiling its text as the parent read it (written as UTF-8; a coding line
has no effect here),
then calls FUNCTION on every score pair below GOAL once, in row-major order
for pass 1 and in a shuffled order for pass 2 (each pass is a fresh process).
It writes JSON lines to the result descriptor, never to stdout (which the
student's prints share):

* ``{"stage": "import"}``, then ``{"stage": "evaluate"}`` once FUNCTION is found;
* ``{"failure": "..."}`` if the file cannot be imported or has no usable FUNCTION;
* ``{"cpu_limit": true}`` if the CPU time ran out while importing;
* ``{"pass": 1 or 2, "values": [...]}``: GOAL * GOAL entries in row-major
  order, each an int MIN_ROLLS..MAX_ROLLS (-1..10 where Pork Chop is a
  choice, else 0..10), ``{"returned": repr, "type": name}`` for
  any other value, ``{"raised": "Type: message"}``, or null if not evaluated
  because an earlier call (in that pass's order) went wrong, or
  ``{"cpu_limit": true}`` for the call that was running when the CPU time
  ran out.

The parent trusts none of it after ``ready``: it validates every line it can parse.
"""

import builtins
import ctypes
import importlib.util
import inspect
import json
import os
import random
import resource
import signal
import sys

# typing.TYPE_CHECKING without importing typing (the child imports nothing it does not run;
# mypy takes any name TYPE_CHECKING as true). What only the type checker sees, so
# annotations naming it are strings:
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType
    from typing import Any, NoReturn, TypedDict

    # The JSON object the parent passes (strategies.sandbox.run_child); "pass" is a keyword.
    _Config = TypedDict(
        "_Config",
        {
            "module": str,
            "function": str,
            "goal": int,
            "min_rolls": int,
            "max_rolls": int,
            "pass": int,
            "fd": int,
            "uid": int | None,
            "cpu_seconds": float,
            "kernel_cpu_seconds": int,
            "memory_bytes": int,
            "open_files": int,
            "filter": str,
        },
    )
    _Send = Callable[[dict[str, object]], None]
    #: What the function returns is the submission's, anything: checked by its type before use.
    _Strategy = Callable[[int, int], Any]
    _Value = int | dict[str, object] | None

# The builtins are put back after the import and after the pass; what runs while the
# submission's code may have changed them uses these copies, bound beforehand.
_BUILTINS = dict(builtins.__dict__)
_type, _issubclass, _int, _bool, _str, _repr, _len = type, issubclass, int, bool, str, repr, len
_index = int.__index__
_dumps, _write, _exit = json.dumps, os.write, os._exit  # module attributes it could replace

_TEXT_LIMIT = 200
_ALONE = "a strategy file runs on its own: it may import the standard library and the course's dice and ucb only"
#: CPU seconds kept back from the limit for reporting the call that was running.
_REPORT_MARGIN = 0.15
_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2


class _CpuLimit(BaseException):
    """Raised in the running code when the CPU timer runs out (SIGPROF)."""


def _on_cpu_limit(signum: int, frame: object) -> "NoReturn":
    raise _CpuLimit


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _confine(config: "_Config") -> None:
    """Drop privileges and limits for good, arm the CPU timer, install the system-call filter."""
    uid = config["uid"]
    if uid is not None:
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
    cpu = config["cpu_seconds"]
    for limit, value in (
        (resource.RLIMIT_CPU, config["kernel_cpu_seconds"]),  # the kernel kills the process (SIGKILL) at the hard limit
        (resource.RLIMIT_AS, config["memory_bytes"]),
        (resource.RLIMIT_FSIZE, 0),
        (resource.RLIMIT_NOFILE, config["open_files"]),
        (resource.RLIMIT_NPROC, 0),
        (resource.RLIMIT_CORE, 0),
    ):
        resource.setrlimit(limit, (value, value))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    signal.signal(signal.SIGPROF, _on_cpu_limit)
    signal.setitimer(signal.ITIMER_PROF, max(cpu - usage.ru_utime - usage.ru_stime - _REPORT_MARGIN, 0.01))
    with open(config["filter"], "rb") as file:
        program = file.read()
    libc = ctypes.CDLL(None, use_errno=True)
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.addressof(buffer))
    for option, args in (
        (_PR_SET_NO_NEW_PRIVS, (1, 0, 0, 0)),
        (_PR_SET_SECCOMP, (_SECCOMP_MODE_FILTER, ctypes.addressof(fprog), 0, 0)),
    ):
        if libc.prctl(ctypes.c_int(option), *(ctypes.c_ulong(a) for a in args)) != 0:
            code = ctypes.get_errno()
            raise OSError(code, f"prctl({option}): {os.strerror(code)}")


def _one_line(text: object, limit: int = _TEXT_LIMIT) -> str:
    text = " ".join(_str(text).split())
    return text if _len(text) <= limit else text[: limit - 3] + "..."


def _describe_value(value: object) -> str:
    try:
        return _one_line(_repr(value), 60)
    except BaseException:  # noqa: BLE001 - a hostile __repr__, or an int too long to show
        return f"<{_type(value).__name__} that cannot be shown>"


def _describe_exception(error: BaseException) -> str:
    name = _type(error).__name__
    try:
        message = _one_line(error)
    except BaseException:  # noqa: BLE001 - a hostile __str__
        message = ""
    return f"{name}: {message}" if message else name


def _sender(descriptor: int) -> "_Send":
    def send(message: dict[str, object]) -> None:
        data = (_dumps(message, separators=(",", ":")) + "\n").encode()
        while data:
            data = data[_write(descriptor, data) :]

    return send


def _restore_builtins() -> None:
    namespace = builtins.__dict__
    namespace.clear()
    namespace.update(_BUILTINS)


def _import(path: str, send: "_Send") -> "ModuleType | str":
    """Import the submission; returns the module or a failure message."""
    spec = importlib.util.spec_from_file_location("submission", path)
    assert spec is not None  # None only for a name without a module suffix; the parent names it *.py
    module = importlib.util.module_from_spec(spec)
    sys.modules["submission"] = module
    with open(path, "rb") as file:
        text = file.read().decode("utf-8", "surrogatepass")
    try:
        exec(compile(text, path, "exec", dont_inherit=True), module.__dict__)
    except SyntaxError as error:
        return f"cannot be imported: SyntaxError: {error.msg} (line {error.lineno})"
    except SystemExit as error:
        return f"called sys.exit({error.code!r}) while being imported"
    except _CpuLimit:
        send({"cpu_limit": True})
        _exit(0)
    except ModuleNotFoundError as error:
        return f"raised {_describe_exception(error)} while being imported; {_ALONE}"
    except BaseException as error:  # noqa: BLE001 - anything the file raises
        return f"raised {_describe_exception(error)} while being imported"
    return module


def _function(module: "ModuleType", name: str) -> "_Strategy | str":
    """The strategy function, or a failure message."""
    function: object = getattr(module, name, None)
    if function is None:
        return f"defines no function {name}"
    if not callable(function):
        return f"defines {name} as a {_type(function).__name__}, not a function"
    try:
        inspect.signature(function).bind(0, 0)
    except TypeError as error:
        return f"{name} cannot be called as {name}(score, opponent_score): {_one_line(error)}"
    except ValueError:
        pass  # no signature to inspect (a builtin); calling it will tell
    return function


def _evaluate(
    function: "_Strategy", pairs: list[tuple[int, int]], goal: int, min_rolls: int, max_rolls: int
) -> "list[_Value]":
    """Values in row-major order; stops at the first call that goes wrong."""
    values: list[_Value] = [None] * (goal * goal)
    for score, opponent_score in pairs:
        index = score * goal + opponent_score
        try:
            value = function(score, opponent_score)
        except _CpuLimit:
            values[index] = {"cpu_limit": True}
            break
        except BaseException as error:  # noqa: BLE001 - includes SystemExit
            values[index] = {"raised": _describe_exception(error)}
            break
        kind = _type(value)
        number = _index(value) if kind is not _bool and _issubclass(kind, _int) else None
        if number is None or not min_rolls <= number <= max_rolls:
            shown = _describe_value(value if number is None else number)
            values[index] = {"returned": shown, "type": _one_line(kind.__name__, 40)}
            break
        values[index] = number
    return values


def main(argv: list[str]) -> None:
    config: _Config = json.loads(argv[1])
    send = _sender(config["fd"])
    try:
        _confine(config)
    except BaseException as error:  # noqa: BLE001 - never run the submission unconfined
        send({"setup_failed": f"{_type(error).__name__}: {error}"})
        _exit(1)
    send({"ready": True})
    goal, number = config["goal"], config["pass"]
    pairs = [(score, opponent_score) for score in range(goal) for opponent_score in range(goal)]
    if number == 2:
        random.Random(goal).shuffle(pairs)
    path = config["module"]
    sys.path[:0] = [os.path.dirname(os.path.abspath(__file__)), os.path.dirname(path)]
    send({"stage": "import"})
    module = _import(path, send)
    _restore_builtins()
    function = module if isinstance(module, str) else _function(module, config["function"])
    if isinstance(function, str):
        send({"failure": function})
        _exit(0)
    send({"stage": "evaluate"})
    values = _evaluate(function, pairs, goal, config["min_rolls"], config["max_rolls"])
    _restore_builtins()
    send({"pass": number, "values": values})
    _exit(0)  # at once: no exit handlers or finalizers of the submission run


if __name__ == "__main__":
    try:
        main(sys.argv)
    except _CpuLimit:  # the timer ran out outside the submission's code: the parent ends it
        while True:
            pass
