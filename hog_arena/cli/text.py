"""Text that users control (strategy names, authors, league names, paths),
printed as it is: never read as rich markup, never able to move the cursor,
recolour the terminal or reorder a line."""

from __future__ import annotations

import re

import typer
from rich.text import Text

__all__ = ["plain", "literal", "say"]

#: The C0 and C1 control characters (Unicode category Cc), and the
#: bidirectional embeddings, overrides and isolates, which reorder what follows.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def plain(text: object) -> str:
    """TEXT without control characters (escape sequences, carriage returns,
    newlines, bidirectional overrides).

    >>> plain("evil\\x1b[2J\\rname\\u202e")
    'evil[2Jname'
    """
    return _CONTROLS.sub("", str(text))


def literal(text: object) -> Text:
    """TEXT for a rich table or console: printed literally, never as markup.

    >>> literal("[blink]x[/blink]\\x07").plain
    '[blink]x[/blink]'
    """
    return Text(plain(text))


def say(line: str, *, err: bool = False) -> None:
    """Print one line for people (stdout, or stderr with ERR), without control characters."""
    typer.echo(plain(line), err=err)
