"""Help screens that show a flag as a flag: ``--json``, not ``--json <bool>``,
and a bounded number as ``N [x>=1]``, not ``<int range> [x>=1]``.

Typer's rich help prints every option's value type, flags included, and a
flag takes no value. The command classes here give flags (``--help`` among
them) an empty metavar, which the help screen prints instead of the type.

A default is shown one way, in words within the help text: ``(default:
100)``, the way a default that is not a plain value is written anyway
(``(default: HOG_DB, else sqlite:///hog_arena.db)``), where Typer would add
``[default: 100]`` after the text.

They also keep older spellings working without showing them: a hidden
parameter stays out of the usage line, and a command's older name
(``rename``) still runs it, with a note on stderr, but is not listed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from enum import Enum
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandFunctionType

__all__ = ["FlagCommand", "FlagGroup", "ListGroup", "FlagTyper", "rename"]

#: Older names of top-level commands, each with the path of the command now in its place.
RENAMED: dict[str, tuple[str, ...]] = {}


def rename(old: str, new: tuple[str, ...]) -> None:
    """Keep ``hog OLD`` working as ``hog NEW...``, unlisted, with a note on stderr."""
    RENAMED[old] = new


def _noted(command: Any, old: str, new: tuple[str, ...]) -> Any:
    """A copy of COMMAND that, once it has run without an error, says on
    stderr that it was called by its older name (an error stays one line)."""
    renamed = copy.copy(command)
    callback = command.callback

    def run(*args: Any, **kwargs: Any) -> Any:
        result = callback(*args, **kwargs)
        typer.echo(f"hog: note: `hog {old}` is now `hog {' '.join(new)}`", err=True)
        return result

    renamed.callback = run
    return renamed


def _without_flag_types(params: list[Any]) -> list[Any]:
    """PARAMS with flags shown without a type, and bounded numbers as N or X
    (Typer's ``<float range> [0.0<=x<=1.0]`` would squeeze the help column)."""
    for param in params:
        if getattr(param, "is_flag", False):
            param.metavar = ""
        elif param.metavar is None and (getattr(param, "min", None), getattr(param, "max", None)) != (None, None):
            bound = param.min if param.min is not None else param.max
            param.metavar = "N" if isinstance(bound, int) else "X"
    return params


def _default_text(param: Any, ctx: Any) -> str | None:
    """PARAM's default as Typer's help would show it after ``[default:``, or None."""
    if isinstance(param.show_default, str):
        return param.show_default
    if not param.show_default:
        return None
    resilient, ctx.resilient_parsing = ctx.resilient_parsing, True
    try:
        value = param.get_default(ctx, call=False)
    finally:
        ctx.resilient_parsing = resilient
    if value is None or callable(value):
        return None
    if getattr(param, "is_bool_flag", False):
        if param.secondary_opts:
            return str((param.opts if value else param.secondary_opts)[0]).lstrip("-")
        return str(value) if value else None
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v.value if isinstance(v, Enum) else v) for v in value) or None
    return str(value.value if isinstance(value, Enum) else value)


def with_default(text: str, default: str) -> str:
    """TEXT with ``default: DEFAULT`` in words: in its closing parenthesis,
    else in a new one before its final full stop.

    >>> with_default("Worker processes (-1: all cores).", "-1")
    'Worker processes (-1: all cores; default: -1).'
    >>> with_default("Score that ends the game.", "100")
    'Score that ends the game (default: 100).'
    """
    body, stop = (text[:-1], ".") if text.endswith(".") else (text, "")
    if body.endswith(")"):
        return f"{body[:-1]}; default: {default}){stop}"
    return f"{body} (default: {default}){stop}" if body else f"Default: {default}."


def _defaults_in_words(params: list[Any], ctx: Any) -> list[Any]:
    """PARAMS whose default Typer would show as ``[default: X]`` with it in
    their help text instead, as ``(default: X)``."""
    for param in params:
        if getattr(param, "hidden", False) or not hasattr(param, "show_default"):
            continue
        default = _default_text(param, ctx)
        if default:
            param.help = with_default((param.help or "").strip(), default)
        param.show_default = False
    return params


class FlagCommand(TyperCommand):
    """A command whose help shows flags without a value type, defaults in
    words, and no hidden parameter in its usage line."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _defaults_in_words(_without_flag_types(super().get_params(ctx)), ctx)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """Click's usage line without hidden parameters (an older spelling
        kept for existing scripts, such as a positional LEAGUE)."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if not getattr(param, "hidden", False):
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


class FlagGroup(TyperGroup):
    """A group of commands whose help shows flags without a value type, and
    that runs a command by its older name (at the top level, see ``rename``)."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _defaults_in_words(_without_flag_types(super().get_params(ctx)), ctx)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None or ctx.parent is not None or cmd_name not in RENAMED:
            return command
        new = RENAMED[cmd_name]
        found: Any = self
        for part in new:
            found = found.get_command(ctx, part) if found is not None else None
        return None if found is None else _noted(found, cmd_name, new)


class ListGroup(FlagGroup):
    """A group that lists when given no command, as its ``list`` command does.

    ``hog GROUP list`` is the spelling its help shows; the group's own
    options, kept so that ``hog GROUP --rules R`` still lists, are hidden.
    """

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        for param in params:
            if param.name != "help":
                param.hidden = True
        return params


class FlagTyper(typer.Typer):
    """A Typer application whose commands are ``FlagCommand`` and groups
    ``FlagGroup`` unless told otherwise."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("cls", FlagGroup)
        super().__init__(**kwargs)

    def command(
        self, *args: Any, cls: type[TyperCommand] | None = None, **kwargs: Any
    ) -> Callable[[CommandFunctionType], CommandFunctionType]:
        return super().command(*args, cls=cls or FlagCommand, **kwargs)
