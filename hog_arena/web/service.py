"""The web arena's service: what the pages and the JSON API show and do,
computed in one place for both, through the same functions as the CLI.

An :class:`ArenaService` holds a results store (anything with the methods of
:class:`ArenaStore`), the default rule set and goal, the games in progress
and a small cache of pictures. A league is found as ``hog leaderboard``
finds it (``results.leaderboard.shown_league``); strategies are named by
SPECs as on the command line (``strategies.spec.resolve_spec``), except that
a visitor can never name a file on the server: a reference is a library
expression (``always_roll(6)``, ``perfect``), or the name or id of a stored
strategy.

What costs seconds of CPU (building or solving a library strategy, drawing a
picture) runs in a worker process under admission control
(``hog_arena.web.admission``: ``computations``), for goals up to
``MAX_COMPUTED_GOAL``, and is cached; pages and the API keep the server's
own threads and cores.
"""

from __future__ import annotations

import io
import multiprocessing
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, BinaryIO, Protocol, TypeVar

from matplotlib.figure import Figure

from arena.plots import win_rate_matrix_figure
from arena.ranking import Row, rank
from hog.rules import get_rules
from hog_arena.web.admission import Admission, AdmissionPolicy
from hog_arena.web.games import GameRoom, VisitorGame
from results.errors import NotStored
from results.leaderboard import LeagueReader, shown_league
from results.match_key import MatchKey
from results.records import LeagueResults, MatchResult, StrategyRecord
from strategies import library
from strategies.expression import parse_expression
from strategies.heatmap import heatmap_figure
from strategies.spec import MAX_SPEC_CHARS, resolve_spec
from strategies.submission import (
    CheckRequest,
    Submission,
    SubmissionStore,
    check_file_in_fresh_process,
    store_submissions,
)
from strategies.table import StrategyTable

__all__ = [
    "ArenaService",
    "ArenaStore",
    "COMPUTATIONS",
    "SharedCache",
    "Leaderboard",
    "MAX_COMPUTED_GOAL",
    "MatchRow",
    "StrategyView",
    "UPLOAD_SUFFIXES",
    "builtin_specs",
    "computations",
    "saved_upload",
]

T = TypeVar("T")

#: File types the upload form takes.
UPLOAD_SUFFIXES = (".py", ".json")
#: Longest uploaded file name kept, in UTF-8 bytes (the end of it, so the suffix stays).
_NAME_BYTES = 100
#: Largest goal for which the web arena builds or solves a library strategy
#: (perfect play at goal 200 takes seconds and about 0.6 GB; stored tables may have larger goals).
MAX_COMPUTED_GOAL = 200
#: The default limits of computations: one at a time in one worker process.
COMPUTATIONS = AdmissionPolicy(
    workers=1, queue=4, per_client=1, per_window=60, retry_seconds=5, jobs="computations", service="the solver"
)


class ArenaStore(LeagueReader, SubmissionStore, Protocol):
    """What the web arena needs of a results store."""

    def get_strategy(self, name_or_id: str | int, rules: str, goal: int) -> StrategyTable: ...

    def list_strategies(self, rules: str, goal: int) -> list[StrategyRecord]: ...

    def issue_source_key(self, strategy_id: int) -> str: ...

    def source_by_key(self, strategy_id: int, key: str) -> str | None: ...

    def cached_matches(self, key: MatchKey, pairs: list[tuple[str, str]]) -> dict[tuple[str, str], MatchResult]: ...


@dataclass(frozen=True)
class Leaderboard:
    """A league and its ranking (``arena.ranking.rank``)."""

    results: LeagueResults
    rows: list[Row]

    @property
    def pairs(self) -> int:
        n = len(self.results.entries)
        return n * (n - 1) // 2

    def as_dict(self, rows: Sequence[Row] | None = None) -> dict[str, Any]:
        """The league and ROWS of its ranking (default: all)."""
        return {
            "league": self.results.league.as_dict(),
            "entries": len(self.results.entries),
            "pairs": self.pairs,
            "matches": self.results.stored,
            "rows": [row.as_dict() for row in (self.rows if rows is None else rows)],
        }


@dataclass(frozen=True)
class MatchRow:
    """A stored exact match of the shown strategy against OPPONENT."""

    opponent: StrategyRecord
    win_rate: float
    first: float  #: win rate moving first
    second: float  #: win rate moving second

    def as_dict(self) -> dict[str, Any]:
        return {
            "opponent": self.opponent.name,
            "opponent_id": self.opponent.id,
            "win_rate": self.win_rate,
            "a_first": self.first,
            "a_second": self.second,
        }


@dataclass(frozen=True)
class StrategyView:
    """A strategy, its stored entry (if its table is stored) and its stored exact matches."""

    table: StrategyTable
    record: StrategyRecord | None
    matches: list[MatchRow]

    def as_dict(self) -> dict[str, Any]:
        table = self.table
        return {
            "name": table.name,
            "rules": table.rules,
            "goal": table.goal,
            "origin": table.origin,
            "params": dict(table.params),
            "sha256": table.sha256,
            "stored": None if self.record is None else self.record.as_dict(),
            "matches": [match.as_dict() for match in self.matches],
            "table": table.table.tolist(),
        }


@lru_cache(maxsize=32)
def builtin_specs(rules: str) -> tuple[tuple[str, str], ...]:
    """(expression, summary) of each strategy of the built-in league (the
    same for every goal; nothing is computed)."""
    always = library.builtins(rules)["always_roll"]
    specs = [(always.expression({"n": n}), always.summary) for n in range(11)]
    specs += [
        (b.expression(b.bind()), b.summary) for name, b in library.builtins(rules).items() if name != "always_roll"
    ]
    return tuple(specs)


def computed(ref: str, rules: str) -> bool:
    """Whether REF is a library expression of RULES (computed, not read from the store)."""
    text = ref.strip()
    if not text or len(text) > MAX_SPEC_CHARS or text.isdigit():
        return False
    parsed = parse_expression(text)
    return parsed is not None and parsed[0] in library.names(rules)


def computations(policy: AdmissionPolicy = COMPUTATIONS) -> Admission:
    """Admission for computations, run in worker processes of their own."""
    context = multiprocessing.get_context("forkserver")
    return Admission(policy, lambda: ProcessPoolExecutor(policy.workers, mp_context=context))


def _library_table(ref: str, rules: str, goal: int) -> StrategyTable:
    return resolve_spec(ref, rules, goal, files=False)


def _png(draw: Callable[..., Figure], *args: Any) -> bytes:
    buffer = io.BytesIO()
    draw(*args).savefig(buffer, format="png")
    return buffer.getvalue()


def _matrix_figure(results: LeagueResults, rows: list[Row]) -> Figure:
    return win_rate_matrix_figure(results, rows)[0]


def _upload_name(filename: str | None) -> str:
    """A file name safe to write in a fresh folder: the last part of FILENAME,
    printable characters only, at most a hundred bytes of them."""
    name = Path((filename or "").replace("\\", "/")).name
    name = "".join(c for c in name if c.isprintable())
    while len(name.encode()) > _NAME_BYTES:
        name = name[1:]
    return name if name.strip(".") else "upload"


@contextmanager
def saved_upload(upload: BinaryIO, filename: str | None) -> Iterator[Path]:
    """UPLOAD written to a fresh folder under a safe version of FILENAME,
    removed afterwards; a ValueError if it is not a strategy file by name."""
    safe = _upload_name(filename)
    if Path(safe).suffix.lower() not in UPLOAD_SUFFIXES:
        raise ValueError(f"{safe}: not a strategy file; upload a {' or '.join(UPLOAD_SUFFIXES)} file")
    with tempfile.TemporaryDirectory(prefix="hog-upload-") as folder:
        path = Path(folder) / safe
        with open(path, "wb") as copy:
            shutil.copyfileobj(upload, copy)
        yield path


class SharedCache:
    """Results of computations by key, the most recently used kept. Callers
    asking for a key being computed wait for that computation (many viewers
    of a page whose picture just changed cost one drawing); if it fails,
    each tries on its own."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._found: OrderedDict[Hashable, Any] = OrderedDict()
        self._computing: dict[Hashable, threading.Event] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        while True:
            with self._lock:
                if key in self._found:
                    self._found.move_to_end(key)
                    found: T = self._found[key]  # what COMPUTE made for KEY, whichever caller asked
                    return found
                running = self._computing.get(key)
                if running is None:
                    self._computing[key] = threading.Event()
                    break
            running.wait()
        try:
            value = compute()
            with self._lock:
                self._found[key] = value
                while len(self._found) > self.size:
                    self._found.popitem(last=False)
            return value
        finally:
            with self._lock:
                self._computing.pop(key).set()


class ArenaService:
    """The web arena over a results store (see the module docstring); COMPUTE
    admits and runs its computations (default: ``computations()``)."""

    def __init__(
        self, store: ArenaStore, rules: str, goal: int, games: GameRoom | None = None, compute: Admission | None = None
    ) -> None:
        self.store = store
        self.rules = get_rules(rules).name
        self.goal = goal
        self.games = games if games is not None else GameRoom()
        self.compute = compute if compute is not None else computations()
        self._cache = SharedCache()

    def close(self) -> None:
        """Stop the computations' workers."""
        self.compute.close()

    def computed(self, key: tuple[Hashable, ...], client: str, call: Callable[..., T], *args: Any) -> T:
        """CALL(*ARGS), cached under KEY, else computed for CLIENT under admission control."""
        return self._cache.get(key, lambda: self.compute.call(client, call, *args))

    def picture(self, key: tuple[Hashable, ...], client: str, draw: Callable[..., Figure], *args: Any) -> bytes:
        """The PNG of the figure DRAW(*ARGS) makes, cached under KEY, drawn for CLIENT under admission control."""
        return self.computed(key, client, _png, draw, *args)

    # --- leaderboards ---

    def leaderboard(self, rules: str, goal: int, league: str | None = None) -> Leaderboard | None:
        """League LEAGUE (name or id) of RULES and GOAL, or the latest finished
        one; None if there is none. NotStored if LEAGUE names none."""
        results = shown_league(self.store, rules, goal, league)
        return None if results is None else Leaderboard(results, rank(results))

    def matrix_png(self, board: Leaderboard, client: str = "") -> bytes:
        """The win-rate matrix of a league as PNG."""
        key = ("matrix", board.results.league.id, board.results.stored)
        return self.computed(key, client, _png, _matrix_figure, board.results, board.rows)

    # --- strategies ---

    def stored(self, rules: str, goal: int) -> list[StrategyRecord]:
        return self.store.list_strategies(rules, goal)

    def find(self, ref: str, rules: str, goal: int, client: str = "") -> StrategyTable:
        """The strategy REF names: a library expression (computed for CLIENT,
        up to goal MAX_COMPUTED_GOAL), else a stored name or id; never a file.
        SpecError (UnknownStrategy if it names nothing)."""
        if not computed(ref, rules):
            return resolve_spec(ref, rules, goal, self.store, files=False)
        if goal > MAX_COMPUTED_GOAL:
            raise ValueError(
                f"the web arena computes library strategies up to goal {MAX_COMPUTED_GOAL}, not {goal}; "
                "use hog on your own machine for larger goals"
            )
        return self.computed(("table", ref.strip(), rules, goal), client, _library_table, ref, rules, goal)

    def strategy(self, ref: str, rules: str, goal: int, client: str = "") -> StrategyView:
        """The strategy REF names, with its stored entry and matches."""
        table = self.find(ref, rules, goal, client)
        stored = self.stored(rules, goal)
        record = next((r for r in stored if r.sha256 == table.sha256), None)
        return StrategyView(table, record, self._matches(table, record, stored))

    def _matches(
        self, table: StrategyTable, record: StrategyRecord | None, stored: list[StrategyRecord]
    ) -> list[MatchRow]:
        """The stored exact matches of TABLE against other stored strategies, hardest first."""
        if record is None:
            return []
        others = {r.sha256: r for r in stored if r.sha256 != table.sha256}
        pairs = [(table.sha256, sha) for sha in others]
        found = self.store.cached_matches(MatchKey(table.rules, table.goal), pairs)
        rows = [MatchRow(others[b], m.win_rate, m.a_first, m.a_second) for (_, b), m in found.items()]
        return sorted(rows, key=lambda row: (row.win_rate, row.opponent.name))

    def heatmap_png(self, table: StrategyTable, client: str = "") -> bytes:
        """The heat map of a strategy as PNG."""
        key = ("heatmap", table.name, table.rules, table.sha256)
        return self.computed(key, client, _png, heatmap_figure, table)

    # --- uploads ---

    def submit(
        self,
        upload: BinaryIO,
        filename: str | None,
        rules: str,
        goal: int,
        function: str = "final_strategy",
        name: str | None = None,
        author: str | None = None,
    ) -> Submission:
        """Check an uploaded file as ``hog submit`` does (in a fresh process)
        and store it if valid; the submission carries the outcome. Blocks for
        the whole check: run it on the upload gate's pool."""
        safe = _upload_name(filename)
        try:
            with saved_upload(upload, filename) as path:
                submission = check_file_in_fresh_process(CheckRequest(str(path), rules, goal, function, name or None))
        except ValueError as error:
            return Submission(safe, error=str(error))
        submission.file = safe  # the visitor's file name, not the temporary path
        store_submissions(self.store, [submission], author or None)
        if submission.record is not None and not submission.duplicate:
            submission.source_key = self.store.issue_source_key(submission.record.id)
        return submission

    def source(self, strategy_id: int, key: str) -> str:
        """The source of a stored strategy, for the holder of its source key
        (NotStored, as for a strategy that does not exist, otherwise)."""
        source = self.store.source_by_key(strategy_id, key)
        if source is None:
            raise NotStored(f"no source of strategy #{strategy_id} for that key")
        return source

    # --- games ---

    def start_game(
        self, ref: str, rules: str, goal: int, visitor_first: bool = True, seed: int | None = None, owner: str = ""
    ) -> VisitorGame:
        """A new game of the visitor OWNER against the strategy REF names."""
        return self.games.start(self.find(ref, rules, goal, owner), visitor_first, seed, owner)
