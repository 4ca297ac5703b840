"""Submitting a strategy file: check it in the sandbox, then store it.

The one code path of ``hog submit`` and of the web arena's upload form.
:func:`check_file` reads a file (size limit, UTF-8) and runs the loader
(:mod:`strategies.loader`, the sandbox); a refusal becomes the
submission's one-line ``error``. A file whose header names another rule set
(``# rules: hog_pile``, as the project's exported strategy files begin) is refused: it would
be stored under the wrong rules. A ``.py`` file whose functions are the course
API of another semester (``free_bacon`` under fa24) gets a warning naming
that semester (:mod:`strategies.semester_check`), or with ``strict`` is refused.
:func:`store_submissions` stores the valid ones, each with its source text,
in a store passed in (any object with ``add_strategy``, such as
``results.store.Store``).

Names follow :mod:`strategies.names`: a name given is cleaned (NFKC,
invisible characters removed) and refused if it would not work as a SPEC or
looks like a library strategy; the store refuses a taken name or a
look-alike of one. A default name (the file's, or its folder's) never
collides: ``hog``, then ``hog_2``, ``hog_3``, ... for the many students whose
file is ``hog.py``. A table stored before keeps its name and author: the
outcome says that the name and author given were not applied.

A server uses :func:`check_file_in_fresh_process`: the same
:func:`check_file`, run by a new interpreter (so that the server's own
process never holds a submission's output or a crashed checker), which
reads the request as JSON on standard input and writes the outcome as JSON
on standard output. That interpreter runs isolated (``python -I -m
strategies.submission``), so nothing in the current folder can stand in for
the project's modules.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from hog.rules import UnknownRuleSet, get_rules
from strategies.loader import Limits, SandboxError, load_source, table_from_source
from strategies.names import BadName, file_name, numbered, strategy_name
from strategies.semester_check import semester_warning
from strategies.table import StrategyTable

__all__ = [
    "Submission",
    "CheckRequest",
    "declared_rules",
    "SubmissionStore",
    "check_file",
    "check_file_in_fresh_process",
    "store_submissions",
    "add_under_free_name",
]

#: Seconds the fresh checking process may take beyond the sandbox's own wall-clock limits.
_CHECKER_GRACE_SECONDS = 30.0
#: A header line naming the rule set, in the first lines of a file.
_RULES_HEADER = re.compile(r"^#[ \t]*rules:[ \t]*(\w+)", re.MULTILINE)
_HEADER_LINES = 30
#: Keeps numerical libraries from starting worker threads in the checking process.
_ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "NUMBA_NUM_THREADS": "1"}


class SubmissionStore(Protocol):
    """What storing a submission needs from a results store."""

    def add_strategy(self, table: StrategyTable, author: str | None = None, source: str | None = None) -> Any: ...


@dataclass
class Submission:
    """One file's fate: a valid table (then a stored record), or a one-line error."""

    file: str  #: the path as given
    table: StrategyTable | None = None
    source: str | None = None
    error: str | None = None
    record: Any = None  #: the stored record, once stored
    duplicate: bool = False  #: the table was stored before, as ``record``
    named: bool = False  #: the name was given, not taken from the file name
    warnings: list[str] = field(default_factory=list)  #: one line each, naming the file
    not_applied: list[str] = field(default_factory=list)  #: what a duplicate did not take: "name", "author"
    source_key: str | None = None  #: the secret that shows the stored source to its uploader (web uploads)
    shown: str | None = None  #: the file as messages name it (default: its name)

    @property
    def filename(self) -> str:
        return self.shown or Path(self.file).name

    def shown_as(self, label: str) -> Submission:
        """This outcome naming its file LABEL (``cat/hog.py`` within a submitted folder) instead of its name."""
        named = Path(self.file).name

        def relabel(line: str) -> str:
            return label + line[len(named) :] if line.startswith(f"{named}: ") else f"{label}: {line}"

        self.error = None if self.error is None else relabel(self.error)
        self.warnings = [relabel(line) for line in self.warnings]
        self.shown = label
        return self

    def as_dict(self) -> dict[str, Any]:
        if self.error is not None:
            return {"file": self.file, "ok": False, "error": self.error, **self._notes()}
        return {
            "file": self.file,
            "ok": True,
            "id": self.record.id,
            "name": self.record.name,
            "sha256": self.record.sha256,
            "duplicate": self.duplicate,
            **self._notes(),
        }

    def _notes(self) -> dict[str, Any]:
        notes: dict[str, Any] = {"warnings": self.warnings} if self.warnings else {}
        return {**notes, "not_applied": self.not_applied} if self.not_applied else notes

    def line(self) -> str:
        """The outcome in one line for people."""
        if self.error is not None:
            return f"refused {self.error}"
        done = "already stored as" if self.duplicate else "stored as"
        line = f"{self.filename}: {done} {self.record.name!r} (#{self.record.id}, sha256 {self.record.sha256[:12]})"
        if self.not_applied:
            line += f"; the {' and '.join(self.not_applied)} given were not applied (the table keeps its entry)"
        return line


@dataclass(frozen=True)
class CheckRequest:
    """What to check: the file at PATH, for RULES and GOAL, its strategy the
    function FUNCTION. NAME is the name given (cleaned, or refused before
    anything runs); else DEFAULT_NAME (a folder's) or the file's. STRICT
    refuses a file written for another semester instead of warning. Plain
    data, so that a fresh checking process gets it as JSON."""

    path: str
    rules: str
    goal: int = 100
    function: str = "final_strategy"
    name: str | None = None
    default_name: str | None = None
    strict: bool = False


def check_file(request: CheckRequest, shown: str | None = None) -> Submission:
    """Load the REQUEST's file in the sandbox; a refusal (or an unreadable
    file) becomes the error. SHOWN is the file as messages name it (a
    folder's ``cat/hog.py``; default: its name).

    SandboxError (the sandbox cannot run on this machine) is raised: it is not
    the file's fault."""
    submission = _check_file(request)
    return submission if shown is None else submission.shown_as(shown)


def _check_file(request: CheckRequest) -> Submission:
    path, rules, name = request.path, request.rules, request.name
    file, filename, named = path, Path(path).name, name is not None
    try:
        if name is not None:
            name = strategy_name(name, rules)
        source = load_source(path)
        python = Path(path).suffix.lower() == ".py"
        declared = declared_rules(source) if python else None
        if declared is not None and get_rules(declared).name != rules:
            meant = get_rules(declared).name
            return Submission(
                file,
                error=f"{filename}: its header says '# rules: {declared}', not {rules}; "
                f"submit it for {meant} (--rules {meant})",
                named=named,
            )
        warning = semester_warning(source, rules) if python else None
        if warning is not None and request.strict:
            return Submission(file, error=f"{filename}: {warning} (refused: strict)", named=named)
        fallback = file_name(request.default_name) if request.default_name else None
        table = table_from_source(source, filename, rules, request.goal, request.function, name or fallback)
        warnings = [f"{filename}: {warning}"] if warning else []
        return Submission(file, table, source, named=named, warnings=warnings)
    except SandboxError:
        raise
    except BadName as error:
        return Submission(file, error=f"{filename}: {error}", named=named)
    except ValueError as error:
        return Submission(file, error=str(error), named=named)
    except OSError as error:
        return Submission(file, error=f"{filename}: cannot be read: {error.strerror or error}", named=named)


def declared_rules(source: str) -> str | None:
    """The rule set or semester code a ``# rules: NAME`` line in the first
    lines of SOURCE gives, as written, if it is one."""
    head = "\n".join(source.splitlines()[:_HEADER_LINES])
    for match in _RULES_HEADER.finditer(head):
        try:
            get_rules(match.group(1))
        except UnknownRuleSet:
            continue
        return match.group(1)
    return None


def store_submissions(
    store: SubmissionStore, submissions: list[Submission], author: str | None, rename_hint: str = ""
) -> None:
    """Store each valid submission with its source (one transaction each).

    A default name that the store refuses (taken, a look-alike, a library
    name) becomes ``NAME_2``, ``NAME_3``, ...; any other refusal by the store
    (a name given that is taken, a bad author) becomes the error, naming the
    file as given and ending with RENAME_HINT (such as ``" with --name"``)."""
    for submission in submissions:
        table = submission.table
        if table is None:
            continue
        try:
            if submission.named:
                stored, named = store.add_strategy(table, author=author, source=submission.source), table
            else:
                stored, named = add_under_free_name(store, table, author=author, source=submission.source)
        except ValueError as error:
            submission.error = f"{submission.file}: {error}{rename_hint}"
            continue
        submission.record, submission.duplicate = stored
        submission.table, submission.error = named, None
        submission.not_applied = _not_applied(submission, author) if submission.duplicate else []


def add_under_free_name(
    store: SubmissionStore, table: StrategyTable, *, author: str | None, source: str | None = None
) -> tuple[Any, StrategyTable]:
    """Store TABLE under its name or, while the store refuses the name (a
    ``BadName``: taken, a look-alike, a library name), under the next of
    ``NAME_2``, ``NAME_3``, ...; returns what ``add_strategy`` returned and
    the table as stored. With no name free, the first refusal is raised;
    any other error at once."""
    refusal: BadName | None = None
    for candidate in numbered(table.name):
        named = table if candidate == table.name else table.renamed(candidate)
        try:
            return store.add_strategy(named, author=author, source=source), named
        except BadName as error:
            refusal = refusal or error
    raise refusal or BadName(f"no free name for {table.name!r}")


def _not_applied(submission: Submission, author: str | None) -> list[str]:
    """What a duplicate's stored entry did not take of what was given."""
    record = submission.record
    name = ["name"] if submission.named and submission.table and record.name != submission.table.name else []
    return name + (["author"] if author is not None and record.author != author else [])


def check_file_in_fresh_process(request: CheckRequest) -> Submission:
    """:func:`check_file` run by a new interpreter; safe to call from any
    thread. Raises SandboxError if that process fails."""
    path, named = request.path, request.name is not None
    try:
        done = subprocess.run(
            [sys.executable, "-I", "-m", "strategies.submission"],
            input=json.dumps(asdict(request)),
            capture_output=True,
            text=True,
            timeout=2 * Limits().wall_seconds + _CHECKER_GRACE_SECONDS,  # two evaluations
            env={**os.environ, **_ONE_THREAD},
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise SandboxError("the strategy checker did not finish in time") from None
    try:
        reply = json.loads(done.stdout)
    except ValueError:
        reply = None
    if done.returncode != 0 or not isinstance(reply, dict):
        lines = done.stderr.strip().splitlines()
        raise SandboxError(f"the strategy checker failed: {lines[-1] if lines else f'exit status {done.returncode}'}")
    if "sandbox_error" in reply:
        raise SandboxError(reply["sandbox_error"])
    if "error" in reply:
        return Submission(path, error=reply["error"], named=named)
    table = StrategyTable(reply["table"], request.rules, reply["name"], reply["origin"], reply["params"])
    return Submission(path, table, reply["source"], named=named, warnings=reply["warnings"])


def _reply(request: dict[str, Any]) -> dict[str, Any]:
    """The JSON-ready outcome of one :func:`check_file` request."""
    try:
        submission = check_file(CheckRequest(**request))
    except SandboxError as error:
        return {"sandbox_error": str(error)}
    table = submission.table
    if table is None:
        return {"error": submission.error}
    return {
        "table": table.table.tolist(),
        "name": table.name,
        "origin": table.origin,
        "params": dict(table.params),
        "source": submission.source,
        "warnings": submission.warnings,
    }


if __name__ == "__main__":
    json.dump(_reply(json.load(sys.stdin)), sys.stdout)
