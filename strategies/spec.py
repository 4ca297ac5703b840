"""Strategy SPECs: the one way users name a strategy.

A SPEC is one of

* a library expression, parsed with ``ast`` and never evaluated: a name
  (``perfect``, ``final_strategy``, ``swine_strategy``) or a call of a name
  with integer arguments (``always_roll(6)``,
  ``swine_strategy(threshold=9, num_rolls=5)``, ``lead(8, 6)``);
* a path to a Python file, ``file.py`` (function ``final_strategy``) or
  ``file.py:function``, run in a sandbox, or to a JSON table in the course
  contest's format, ``table.json`` (both read by ``strategies.loader``);
* the name (or id) of a stored strategy, looked up in a store when one is given.

A SPEC that is not a file path has at most ``MAX_SPEC_CHARS`` characters (a
stored name has no more). Servers pass ``files=False``: a visitor never names
a file on the server.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Protocol

from strategies import library
from strategies.loader import load_file
from strategies.table import StrategyTable

__all__ = ["MAX_SPEC_CHARS", "SpecError", "UnknownStrategy", "StrategyStore", "parse_expression", "resolve_spec"]

_PYTHON_PATH = re.compile(r"^(?P<path>.+\.py)(?::(?P<function>[A-Za-z_]\w*))?$")
_FORM = "a name or a call like name(1, key=2) with integer arguments"
#: Longest SPEC that is not a file path (stored names have at most as many characters).
MAX_SPEC_CHARS = 200


class SpecError(ValueError):
    """A SPEC that names nothing, or that is not allowed."""


class UnknownStrategy(SpecError, LookupError):
    """A well-formed SPEC that names no strategy."""


class StrategyStore(Protocol):
    """What resolve_spec needs from a results store."""

    def get_strategy(self, name: str, rules: str, goal: int) -> StrategyTable | None: ...


def _integer(node: ast.expr, text: str) -> int:
    """An integer literal (optionally negated) or SpecError."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _integer(node.operand, text)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    raise SpecError(f"refused spec {text!r}: argument {ast.unparse(node)!r} is not an integer; a spec is {_FORM}")


def parse_expression(text: str) -> tuple[str, tuple[int, ...], dict[str, int]] | None:
    """``(name, args, kwargs)`` of a library expression; None if TEXT is not
    Python at all (it may still be a stored name). Anything but a bare name
    or a call of a name with integer literal arguments raises SpecError."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        return None
    node = tree.body
    if isinstance(node, ast.Name):
        return node.id, (), {}
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        raise SpecError(f"refused spec {text!r}: a spec is {_FORM}")
    if any(isinstance(arg, ast.Starred) for arg in node.args) or any(k.arg is None for k in node.keywords):
        raise SpecError(f"refused spec {text!r}: no * or ** arguments; a spec is {_FORM}")
    args = tuple(_integer(arg, text) for arg in node.args)
    kwargs: dict[str, int] = {}
    for keyword in node.keywords:
        if keyword.arg in kwargs:
            raise SpecError(f"spec {text!r} gives parameter {keyword.arg!r} twice")
        kwargs[keyword.arg] = _integer(keyword.value, text)
    return node.func.id, args, kwargs


def resolve_spec(
    text: str, rules: str, goal: int = 100, store: StrategyStore | None = None, *, files: bool = True
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
    parsed = None if text.isdigit() else parse_expression(text)  # digits: a stored id
    if parsed is not None and parsed[0] in library.names(rules):
        name, args, kwargs = parsed
        return library.make(name, rules, goal, args, kwargs)
    if parsed is not None and (parsed[1] or parsed[2]):
        raise UnknownStrategy(f"unknown strategy {parsed[0]!r} for {rules}; valid names: {library.describe(rules)}")
    stored = "(no store to look up names in)"
    if store is not None:
        stored = f"nor a stored strategy for {rules}, goal {goal}"
        try:
            found = store.get_strategy(text, rules, goal)
        except LookupError:
            found = None
        except ValueError as error:  # the store itself could not be read
            found, stored = None, f"nor a stored strategy ({error})"
        if found is not None:
            return found
    raise UnknownStrategy(
        f"unknown strategy {text!r}: not a library name {stored}; valid names: {library.describe(rules)}"
        + ("; or a .py or .json file" if files else "")
    )
