"""Strategy SPECs: the one way users name a strategy.

A SPEC is one of

* a library expression, parsed with ``ast`` and never evaluated: a name
  (``perfect``, ``final_strategy``, ``swine_strategy``) or a call of a name
  with integer arguments (``always_roll(6)``,
  ``swine_strategy(threshold=9, num_rolls=5)``, ``lead(8, 6)``);
* a path to a Python file, ``file.py`` (function ``final_strategy``) or
  ``file.py:function``, run in a sandbox, or to a JSON table in the course
  contest's format, ``table.json`` (both read by ``strategies.loader``);
* the name of a stored strategy, or its id (``12`` or ``#12``; no name is a
  number), looked up in a store when one is given. Any text that is not a
  library expression is looked up as a name, so every stored name works
  (``ada-v3``, ``hog (1)``): ``strategies.names`` keeps new names from
  looking like a library expression, a file or an id.

A SPEC that is not a file path has at most ``MAX_SPEC_CHARS`` characters (a
stored name has no more). Servers pass ``files=False``: a visitor never names
a file on the server. A SPEC that names nothing gets one short line: the
nearest library or stored name ("did you mean always_roll(6)?"), or "not a
valid expression" for text Python cannot read, such as ``always_roll(6``.
"""

from __future__ import annotations

import ast
import difflib
import re
from pathlib import Path
from typing import Protocol

from strategies import library
from strategies.expression import SpecError, UnknownStrategy, cut, parse_expression, shown
from strategies.loader import load_file
from strategies.names import parse_id
from strategies.table import StrategyTable

__all__ = ["MAX_SPEC_CHARS", "StrategyLookup", "resolve_spec"]

_PYTHON_PATH = re.compile(r"^(?P<path>.+\.py)(?::(?P<function>[A-Za-z_]\w*))?$")
#: Longest SPEC that is not a file path (stored names have at most as many characters).
MAX_SPEC_CHARS = 200


class StrategyLookup(Protocol):
    """What resolve_spec needs from a results store (a ``strategy_names(rules,
    goal)`` method, if it has one, gives the names suggested for a typo)."""

    def get_strategy(self, name: str, rules: str, goal: int) -> StrategyTable | None: ...


def resolve_spec(
    text: str, rules: str, goal: int = 100, store: StrategyLookup | None = None, *, files: bool = True
) -> StrategyTable:
    """The strategy table TEXT names for RULES and GOAL (see the module doc);
    FILES=False never reads a file.

    Raises SpecError (a ValueError; UnknownStrategy if it names nothing) with
    one line saying what exists."""
    text = text.strip()
    if not text:
        raise SpecError("empty strategy spec")
    python = _PYTHON_PATH.match(text)
    if files and (python or text.endswith(".json")):
        path, function = (python["path"], python["function"]) if python else (text, None)
        if not Path(path).is_file():
            raise SpecError(f"strategy file {path!r} does not exist (or is not a file)")
        return load_file(path, rules, goal=goal, function=function or "final_strategy")
    if len(text) > MAX_SPEC_CHARS:
        raise SpecError(
            f"refused spec of {len(text):,} characters: a library expression or stored name "
            f"has at most {MAX_SPEC_CHARS}"
        )
    strategy_id = parse_id(text)
    refusal: SpecError | None = None
    try:
        parsed = None if strategy_id is not None else parse_expression(text)
    except SpecError as error:
        parsed, refusal = None, error
    if parsed is not None and parsed[0] in library.names(rules):
        name, args, kwargs = parsed
        return library.make(name, rules, goal, args, kwargs)
    problem = ""
    if store is not None:
        try:
            found = store.get_strategy(text, rules, goal)
        except LookupError:
            found = None
        except ValueError as error:  # the store itself could not be read
            found, problem = None, f" ({error})"
        if found is not None:
            return found
    message = _unknown(text, rules, goal, store, strategy_id, parsed, refusal) + problem
    raise SpecError(message) if refusal is not None else UnknownStrategy(message)


def _unknown(
    text: str,
    rules: str,
    goal: int,
    store: StrategyLookup | None,
    strategy_id: int | None,
    parsed: tuple[str, tuple[int, ...], dict[str, int]] | None,
    refusal: SpecError | None,
) -> str:
    """The one short line for a SPEC that names nothing."""
    stored = f" nor a stored strategy for {rules}, goal {goal}" if store is not None else ""
    if strategy_id is not None:
        return f"no stored strategy #{strategy_id} for {rules}, goal {goal}" + ("" if store else " (no store given)")
    if parsed is None and refusal is None:
        guess = _nearest(text, text, rules, goal, store, library_names=False)
        return f"{shown(text)} is not a valid expression ({_syntax_error(text)}){stored}{_hint(guess)}"
    guess = _nearest(text, parsed[0] if parsed else text, rules, goal, store)
    if refusal is not None:
        return f"{refusal}{_hint(guess)}"
    some = f"; library names: {', '.join(library.names(rules)[:5])}, ..."
    return f"unknown strategy {shown(text)} for {rules}: not a library name{stored}{_hint(guess) or some}"


def _hint(guess: str | None) -> str:
    return f"; did you mean {cut(guess)}?" if guess else ""


def _syntax_error(text: str) -> str:
    """What Python says is wrong with the expression TEXT."""
    try:
        ast.parse(text, mode="eval")
    except SyntaxError as error:
        return cut(error.msg)
    return "not an expression"


def _nearest(
    text: str, head: str, rules: str, goal: int, store: StrategyLookup | None, *, library_names: bool = True
) -> str | None:
    """The library expression or stored name closest to TEXT (whose name part is HEAD), if any is close."""
    names: list[str] = []
    listing = getattr(store, "strategy_names", None)
    if listing is not None:
        try:
            names = list(listing(rules, goal))
        except ValueError:  # no database to suggest from
            names = []

    def expression(name: str) -> str:  # a library name with TEXT's arguments
        return name + text[len(head) :] if text.startswith(head) else name

    best: tuple[float, str] | None = None
    for query, candidates, render in (
        (head, library.names(rules) if library_names else [], expression),
        (text, names, str),
    ):
        for match in difflib.get_close_matches(query, candidates, n=1, cutoff=0.6):
            ratio = difflib.SequenceMatcher(None, query, match).ratio()
            if best is None or ratio > best[0]:
                best = (ratio, render(match))
    return None if best is None else best[1]
