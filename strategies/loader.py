"""Strategy files -> StrategyTable.

A ``.py`` file is a stranger's code: it runs only in the sandbox
(:mod:`strategies.sandbox`), which sends back the chosen function's value on
every score pair, evaluated twice, in two fresh processes and in different
orders (a draw at import differs between them). A ``.json`` file is a
contest table and is parsed here without running anything. Either way every
value is checked here: an integer 0..10, or -1 where the rule set offers
Pork Chop (fa16) (not a bool, float, string or None),
and the same on the second evaluation (a strategy must be a pure function of
the two scores). Any problem raises :class:`SubmissionError` with one line
naming the file, the function, and the first offending score pair with what
the function returned or raised there.

The parent decides from its own measurements: a child it stopped at a limit
(CPU time, wall clock, output), or that did not exit by itself with status 0,
yields nothing, whatever it sent before.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import stat
import time
import tokenize
from pathlib import Path
from typing import Any

import numpy as np

from hog.dice_counts import DICE_COUNTS, choice_span, pork_chop_note
from hog.rules import get_rules
from strategies.names import file_name
from strategies.sandbox import ChildRun, Limits, SandboxError, run_child
from strategies.table import InvalidTable, StrategyTable

__all__ = ["SubmissionError", "SandboxError", "Limits", "load_file", "load_source", "table_from_source"]

_PURE = "a strategy must be a pure function of the two scores (no random numbers, no state kept between calls)"
_NOT_A_TABLE = "wrote something that is not a strategy table on the result channel"
_OUT_OF_TIME = "was still running when the CPU time limit ran out"
_NOT_TEXT = "not a text encoding Python reads source in; save the file as UTF-8"


class SubmissionError(ValueError):
    """A strategy file that cannot be accepted; the message is one line naming the file."""


def _size(count: int) -> str:
    """A byte count for people: 52428800 -> '50 MB', 1536 -> '1.5 KB'."""
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if count >= scale:
            return f"{count / scale:.3g} {unit}"
    return f"{count} bytes"


def load_source(path: str | os.PathLike[str], limits: Limits | None = None) -> str:
    """The text of a strategy file as Python reads it, refusing a link, a file
    over the size limit, or one not in its encoding.

    The encoding is Python's: UTF-8 (with or without a byte order mark) unless
    a coding line in the first two lines declares another text encoding (PEP 263)."""
    limits = limits or Limits()
    path = Path(path)
    data = _read(path, limits)
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        if not str(error).startswith("invalid or missing encoding declaration"):
            raise SubmissionError(f"{path.name}: cannot be read as Python source: {_clean(error)}") from None
        encoding = "utf-8"  # the first lines are not UTF-8 and declare nothing: said below, with the byte
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        bad = f"byte 0x{data[error.start]:02x} on line {line}"
        if encoding in ("utf-8", "utf-8-sig"):
            raise SubmissionError(f"{path.name}: not UTF-8 text ({bad}); save the file as UTF-8") from None
        raise SubmissionError(f"{path.name}: not {encoding} text as its coding line declares ({bad})") from None
    except (LookupError, UnicodeError):  # a codec of bytes (rot13, zlib, ...), or one that decodes nothing
        raise SubmissionError(f"{path.name}: its coding line declares {encoding!r}, {_NOT_TEXT}") from None


def _read(path: Path, limits: Limits) -> bytes:
    """The bytes of the file PATH itself, never of what a link at PATH points to."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise SubmissionError(f"{path.name}: is a symbolic link; submit the file itself") from None
        raise
    with open(descriptor, "rb") as file:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise SubmissionError(f"{path.name}: is not a regular file")
        if status.st_nlink > 1:
            raise SubmissionError(
                f"{path.name}: has {status.st_nlink} hard links (the same file elsewhere); submit a copy of it"
            )
        if status.st_size > limits.source_bytes:
            raise SubmissionError(
                f"{path.name}: file is {_size(status.st_size)}, over the {_size(limits.source_bytes)} limit "
                "for strategy files"
            )
        data = file.read(limits.source_bytes + 1)
    if len(data) > limits.source_bytes:
        raise SubmissionError(f"{path.name}: file grew over the {_size(limits.source_bytes)} limit while being read")
    return data


def load_file(
    path: str | os.PathLike[str],
    rules: str,
    goal: int = 100,
    function: str = "final_strategy",
    name: str | None = None,
    limits: Limits | None = None,
) -> StrategyTable:
    """The table of FUNCTION in a ``.py`` file (run in the sandbox), or a ``.json`` contest table."""
    return table_from_source(load_source(path, limits), Path(path).name, rules, goal, function, name, limits)


def table_from_source(
    source: str,
    filename: str,
    rules: str,
    goal: int = 100,
    function: str = "final_strategy",
    name: str | None = None,
    limits: Limits | None = None,
) -> StrategyTable:
    """The table of SOURCE, the text of the file FILENAME (see :func:`load_file`)."""
    choices = get_rules(rules).choices
    if goal < 1:
        raise ValueError(f"goal must be a positive integer, not {goal}")
    name = name or file_name(filename)
    if Path(filename).suffix.lower() == ".json":
        try:
            return StrategyTable.from_json(source, rules, name, goal, origin="file", params={"file": filename})
        except InvalidTable as error:
            raise SubmissionError(f"{filename}: {error}") from None
    if not function.isidentifier():
        raise ValueError(f"function name {function!r} is not a Python identifier")
    limits = limits or Limits()

    def evaluate(number: int, first: list[int] | None) -> list[int]:
        """Pass NUMBER, checked (against the FIRST pass's values, for the second)."""
        deadline = time.monotonic() + limits.wall_seconds  # each evaluation has its own
        run = run_child(source, filename, function, goal, choices.stop - 1, limits, number, deadline, choices.start)
        values = _pass_values(run, number, filename, function, goal, limits)
        return _check_pass(values, filename, function, goal, limits, first, choices)

    first = evaluate(1, None)
    evaluate(2, first)  # a fresh process: a draw at import differs between the two
    table = np.array(first, dtype=np.int8).reshape(goal, goal)
    return StrategyTable(table, rules, name, origin="file", params={"function": function, "file": filename})


def _pass_values(run: ChildRun, number: int, filename: str, function: str, goal: int, limits: Limits) -> Any:
    """The values of pass NUMBER that the child sent (not yet checked), or
    SubmissionError naming what went wrong; SandboxError if the sandbox itself failed."""
    if not run.ready:
        reason = (
            run.setup_error
            or run.last_output_line()
            or (
                f"the sandbox did not start within {limits.wall_seconds:g} s"
                if run.timed_out
                else f"the sandbox exited with status {run.returncode}"
            )
        )
        raise SandboxError(f"cannot run strategy files here: {_clean(reason)}")
    again = " a second time" if number == 2 else ""
    stage = f"while being imported{again}"
    values = None
    for message in run.messages:
        if message.get("stage") == "evaluate":
            stage = f"while evaluating {function}{again}"
        elif message.get("pass") == number and values is None:
            values = message.get("values")
    if run.printed_too_much:
        limit = _size(limits.output_bytes)
        raise SubmissionError(f"{filename}: printed more than {limit} of output (the limit) {stage}")
    if run.sent_too_much or run.malformed:
        raise SubmissionError(f"{filename}: {_NOT_A_TABLE}")
    if run.returncode == 0 and not run.timed_out and not run.cpu_exceeded:  # it ended by itself
        failures = [m["failure"] for m in run.messages if "failure" in m]
        if failures:
            raise SubmissionError(f"{filename}: {_clean(failures[0])}")
        if values is not None and (run.cpu_seconds < limits.cpu_seconds or _ran_out(values)):
            return values
    raise SubmissionError(f"{filename}: {_process_problem(run, stage, limits)}")


def _ran_out(values: Any) -> bool:
    """Whether the child's own CPU timer stopped a call of the pass VALUES (its entry names the score pair)."""
    return isinstance(values, list) and any(_outcome(value) == _OUT_OF_TIME for value in values)


def _process_problem(run: ChildRun, stage: str, limits: Limits) -> str:
    """Why the child's pass is not taken: the parent's own measurements first."""
    if run.cpu_exceeded or run.cpu_seconds >= limits.cpu_seconds:
        return f"used up the {limits.cpu_seconds} s CPU time limit {stage}"
    if run.timed_out:
        return f"did not finish within the {limits.wall_seconds:g} s wall-clock limit {stage}"
    if any(m.get("cpu_limit") is True for m in run.messages):  # the child's own timer, while importing
        return f"used up the {limits.cpu_seconds} s CPU time limit {stage}"
    last = run.last_output_line()
    said = f"; its last output: '{_clean(last)}'" if last else ""
    if run.returncode > 128:  # bubblewrap's status for a child killed by a signal
        return f"was killed by signal {_signal_name(run.returncode - 128)} {stage}{said}"
    return f"exited with status {run.returncode} {stage} without sending a table{said}"


def _check_pass(
    values: Any, filename: str, function: str, goal: int, limits: Limits, second: list[int] | None, choices: range
) -> list[int]:
    """The pass's values if all are integers in CHOICES (0..10, or -1..10 where
    Pork Chop is a choice; and, for the second pass, equal to the first); else
    SubmissionError at the first offending score pair."""
    if not isinstance(values, list) or len(values) != goal * goal:
        raise SubmissionError(f"{filename}: {_NOT_A_TABLE}")
    again = " when called a second time (in a fresh process, in another order)" if second is not None else ""
    wrong = [i for i, v in enumerate(values) if v is not None and not _valid(v, choices)]
    missing = [i for i, v in enumerate(values) if v is None]
    if wrong or missing:
        index = (wrong or missing)[0]  # the first value that went wrong, else the first one missing
        score, opponent = divmod(index, goal)
        outcome = _outcome(values[index], choices)
        if outcome == "raised MemoryError" or outcome.startswith("raised MemoryError:"):
            outcome += f" (over the {_size(limits.memory_bytes)} memory limit)"
        elif outcome == _OUT_OF_TIME:
            outcome = (
                f"was still running when the {limits.cpu_seconds} s CPU time limit ran out "
                f"(the time to import the file and call {function} on all {goal * goal} score pairs)"
            )
        raise SubmissionError(f"{filename}: {function}({score}, {opponent}) {outcome}{again}")
    if second is not None:
        for index, (first, value) in enumerate(zip(second, values, strict=True)):
            if first != value:
                score, opponent = divmod(index, goal)
                raise SubmissionError(
                    f"{filename}: {function}({score}, {opponent}) returned {first}, then {value}{again}; {_PURE}"
                )
    return values


def _valid(value: Any, choices: range) -> bool:
    return type(value) is int and value in choices


def _outcome(entry: Any, choices: range = DICE_COUNTS) -> str:
    """What a call did, from an entry of a pass (a value the child described)."""
    if isinstance(entry, dict) and entry.get("cpu_limit") is True:
        return _OUT_OF_TIME
    if isinstance(entry, dict) and isinstance(entry.get("raised"), str):
        return f"raised {_clean(entry['raised'])}"
    if isinstance(entry, dict) and isinstance(entry.get("returned"), str) and isinstance(entry.get("type"), str):
        kind = _clean(entry["type"], 40)
        shown = _clean(entry["returned"], 60)
        described = shown if kind == "int" or shown == "None" else f"{shown} (a {kind})"
        note = pork_chop_note(-1, choices) if kind == "int" and shown == "-1" else ""
        return f"returned {described}, not an integer {choice_span(choices)}{note}"
    if entry is None:
        return "was not evaluated"
    return f"returned {_clean(repr(entry), 60)}, not an integer {choice_span(choices)}{pork_chop_note(entry, choices)}"


def _clean(text: Any, limit: int = 300) -> str:
    """Untrusted text as one printable line of at most LIMIT characters:
    white space becomes one space, other control characters their escapes (ESC -> \\x1b)."""
    escaped = "".join(c if c.isprintable() else " " if c.isspace() else ascii(c)[1:-1] for c in str(text))
    line = " ".join(escaped.split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)
