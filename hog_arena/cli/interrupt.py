"""Ctrl-C in a long command: what was kept, said in one line by ``hog``."""

from __future__ import annotations

__all__ = ["Interrupted"]


class Interrupted(Exception):
    """Ctrl-C stopped a command; the message says what was kept and how to go on.

    ``hog`` prints ``hog: interrupted; MESSAGE`` and exits with 130 (Click
    would turn a bare KeyboardInterrupt into a blank line and an abort).
    """
