"""The child side of the strategy sandbox: evaluates a strategy file's function.

Run as ``python -I -S -B -u sandbox_child.py FILE FUNCTION GOAL MAX_ROLLS FD`` in
a confined process (see ``strategies.sandbox``). It uses the standard library
only: the project is not on the child's path, only this file's folder (which
holds the course's ``dice`` and ``ucb`` modules) and FILE's folder.

It imports FILE as the module ``submission`` (so ``__name__`` is not
``"__main__"`` and no ``@main`` or ``if __name__ == "__main__"`` code runs),
then calls FUNCTION on every score pair below GOAL twice: in row-major order,
then in a shuffled order. It writes JSON lines to file descriptor FD, never to
stdout (which the student's prints share):

* ``{"stage": "import"}``, then ``{"stage": "evaluate"}`` once FUNCTION is found;
* ``{"failure": "..."}`` if the file cannot be imported or has no usable FUNCTION;
* ``{"pass": 1 or 2, "values": [...]}``: GOAL * GOAL entries in row-major
  order, each an int 0..MAX_ROLLS, ``{"returned": repr, "type": name}`` for
  any other value, ``{"raised": "Type: message"}``, or null if not evaluated
  because an earlier call (in that pass's order) went wrong, or
  ``{"cpu_limit": true}`` for the call that was running when the CPU time
  limit ran out.

The CPU time limit (SIGXCPU at the soft limit) covers the import and the first
pass; before the second pass the child raises it to the hard limit less one
second, so that the purity check does not eat into the file's own time.

The parent trusts none of it: it validates every line it can parse.
"""

import builtins
import importlib.util
import inspect
import json
import os
import random
import resource
import signal
import sys

# The builtins are put back after the import and after each pass; what runs while the
# submission's code may have changed them uses these copies, bound beforehand.
_BUILTINS = dict(builtins.__dict__)
_type, _issubclass, _int, _bool, _str, _repr, _len = type, issubclass, int, bool, str, repr, len
_index = int.__index__
_dumps, _write, _exit, _kill = json.dumps, os.write, os._exit, os.kill  # module attributes it could replace

_TEXT_LIMIT = 200
_ALONE = "a strategy file runs on its own: it may import the standard library and the course's dice and ucb only"


class _CpuLimit(BaseException):
    """Raised in the running code when the CPU time limit runs out (SIGXCPU)."""


def _on_cpu_limit(signum, frame):
    raise _CpuLimit


def _die_of_cpu_limit():
    """End the process as the kernel would at the limit, so that the parent reports it."""
    signal.signal(signal.SIGXCPU, signal.SIG_DFL)
    _kill(os.getpid(), signal.SIGXCPU)
    _exit(152)


def _one_line(text, limit=_TEXT_LIMIT):
    text = " ".join(_str(text).split())
    return text if _len(text) <= limit else text[: limit - 3] + "..."


def _describe_value(value):
    try:
        return _one_line(_repr(value), 60)
    except BaseException:  # noqa: BLE001 - a hostile __repr__, or an int too long to show
        return f"<{_type(value).__name__} that cannot be shown>"


def _describe_exception(error):
    name = _type(error).__name__
    try:
        message = _one_line(error)
    except BaseException:  # noqa: BLE001 - a hostile __str__
        message = ""
    return f"{name}: {message}" if message else name


def _sender(descriptor):
    def send(message):
        data = (_dumps(message, separators=(",", ":")) + "\n").encode()
        while data:
            data = data[_write(descriptor, data) :]

    return send


def _restore_builtins():
    namespace = builtins.__dict__
    namespace.clear()
    namespace.update(_BUILTINS)


def _import(path):
    """Import the submission; returns the module or a failure message."""
    spec = importlib.util.spec_from_file_location("submission", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["submission"] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as error:
        return f"cannot be imported: SyntaxError: {error.msg} (line {error.lineno})"
    except SystemExit as error:
        return f"called sys.exit({error.code!r}) while being imported"
    except _CpuLimit:
        _die_of_cpu_limit()
    except ModuleNotFoundError as error:
        return f"raised {_describe_exception(error)} while being imported; {_ALONE}"
    except BaseException as error:  # noqa: BLE001 - anything the file raises
        return f"raised {_describe_exception(error)} while being imported"
    return module


def _function(module, name):
    """The strategy function, or a failure message."""
    function = getattr(module, name, None)
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


def _evaluate(function, pairs, goal, max_rolls):
    """Values in row-major order; stops at the first call that goes wrong."""
    values = [None] * (goal * goal)
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
        if number is None or not 0 <= number <= max_rolls:
            shown = _describe_value(value if number is None else number)
            values[index] = {"returned": shown, "type": _one_line(kind.__name__, 40)}
            break
        values[index] = number
    return values


def main(argv):
    path, name, goal, max_rolls, descriptor = argv[1], argv[2], _int(argv[3]), _int(argv[4]), _int(argv[5])
    send = _sender(descriptor)
    pairs = [(score, opponent_score) for score in range(goal) for opponent_score in range(goal)]
    shuffled = list(pairs)
    random.Random(goal).shuffle(shuffled)
    sys.path[:0] = [os.path.dirname(os.path.abspath(__file__)), os.path.dirname(os.path.abspath(path))]
    signal.signal(signal.SIGXCPU, _on_cpu_limit)
    send({"stage": "import"})
    module = _import(path)
    _restore_builtins()
    function = module if isinstance(module, str) else _function(module, name)
    if isinstance(function, str):
        send({"failure": function})
        _exit(0)
    send({"stage": "evaluate"})
    for number, order in ((1, pairs), (2, shuffled)):
        if number == 2:
            hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
            if hard != resource.RLIM_INFINITY:
                resource.setrlimit(resource.RLIMIT_CPU, (max(hard - 1, 1), hard))
        values = _evaluate(function, order, goal, max_rolls)
        _restore_builtins()
        send({"pass": number, "values": values})
        if any(type(v) is not int for v in values):
            break
    _exit(0)  # at once: no exit handlers or finalizers of the submission run


if __name__ == "__main__":
    try:
        main(sys.argv)
    except _CpuLimit:  # the limit ran out outside the submission's code
        _die_of_cpu_limit()
