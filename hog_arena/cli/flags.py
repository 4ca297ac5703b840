"""Help screens that show a flag as a flag: ``--json``, not ``--json <bool>``,
and a bounded number as ``N [x>=1]``, not ``<int range> [x>=1]``.

Typer's rich help prints every option's value type, flags included, and a
flag takes no value. The command classes here give flags (``--help`` among
them) an empty metavar, which the help screen prints instead of the type.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

__all__ = ["FlagCommand", "FlagGroup", "FlagTyper"]


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


class FlagCommand(TyperCommand):
    """A command whose help shows flags without a value type, and no hidden parameter in its usage line."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _without_flag_types(super().get_params(ctx))

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """Click's usage line without hidden parameters (an older spelling
        kept for existing scripts, such as a positional LEAGUE)."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if not getattr(param, "hidden", False):
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


class FlagGroup(TyperGroup):
    """A group of commands whose help shows flags without a value type."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _without_flag_types(super().get_params(ctx))


class FlagTyper(typer.Typer):
    """A Typer application whose commands are ``FlagCommand`` unless told otherwise."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cls=FlagGroup, **kwargs)

    def command(self, *args: Any, cls: type[TyperCommand] | None = None, **kwargs: Any) -> Any:
        return super().command(*args, cls=cls or FlagCommand, **kwargs)
