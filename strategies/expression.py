"""Library expressions, parsed with ``ast`` and never evaluated: a name
(``perfect``) or a call of a name with integer literal arguments
(``always_roll(6)``, ``lead(8, num_rolls=6)``); and the errors of a SPEC.

This module needs nothing but ``ast``: the names of stored strategies are
checked against it (``strategies.names``) without loading the library, and
``strategies.spec`` resolves a SPEC with it.
"""

from __future__ import annotations

import ast

__all__ = ["SpecError", "UnknownStrategy", "parse_expression", "shown", "cut"]

_FORM = "a name or a call like name(1, key=2) with integer arguments"
#: Characters of a SPEC repeated in an error message.
_SHOWN_CHARS = 40


class SpecError(ValueError):
    """A SPEC that names nothing, or that is not allowed."""


class UnknownStrategy(SpecError, LookupError):
    """A well-formed SPEC that names no strategy."""


def cut(text: str) -> str:
    """TEXT cut to a few words for a message."""
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 3] + "..."


def shown(text: str) -> str:
    """TEXT quoted for a message, cut to a few words."""
    return repr(cut(text))


def _integer(node: ast.expr, text: str) -> int:
    """An integer literal (optionally negated) or SpecError."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _integer(node.operand, text)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    argument = shown(ast.unparse(node))
    raise SpecError(f"refused spec {shown(text)}: argument {argument} is not an integer; a spec is {_FORM}")


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
        raise SpecError(f"refused spec {shown(text)}: a spec is {_FORM}")
    if any(isinstance(arg, ast.Starred) for arg in node.args) or any(k.arg is None for k in node.keywords):
        raise SpecError(f"refused spec {shown(text)}: no * or ** arguments; a spec is {_FORM}")
    args = tuple(_integer(arg, text) for arg in node.args)
    kwargs: dict[str, int] = {}
    for keyword in node.keywords:
        name = str(keyword.arg)  # never None: ** was refused above
        if name in kwargs:
            raise SpecError(f"spec {shown(text)} gives parameter {name!r} twice")
        kwargs[name] = _integer(keyword.value, text)
    return node.func.id, args, kwargs
