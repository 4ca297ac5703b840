"""Commands for child processes that tests signal: ``hog`` and Python scripts.

A process started with SIGINT ignored (a background job of a
non-interactive shell, ``nohup``, some CI runners) passes that on to its
children, and Python then leaves SIGINT ignored: a test that sends SIGINT
(or types Ctrl-C into a pseudo-terminal) would see the child carry on to
the end. These commands give the child Python's own SIGINT handler first,
so a test checks what a person pressing Ctrl-C would see, however the test
run itself was started.

``hog_command(..., signal_after=(SIGNAL, N))`` makes the interruption of a
league exact: the child sends itself SIGNAL as soon as its league has
stored N matches (in the progress report that follows their write), so
the test needs no race against a league that may finish first.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

__all__ = ["hog_command", "python_script"]

_CTRL_C = "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler)\n"

#: Wraps arena.tournament.run_stored_league (which ``hog league`` imports when it runs)
#: so that its progress report sends the signal once enough matches are stored.
_SIGNAL_AFTER = """\
import os
import arena.tournament

def _signalling(play, number, matches):
    def run_stored_league(*args, on_progress=None, **kwargs):
        def progress(done, total):
            if on_progress is not None:
                on_progress(done, total)
            if done >= matches:
                os.kill(os.getpid(), number)
        return play(*args, on_progress=progress, **kwargs)
    return run_stored_league

arena.tournament.run_stored_league = _signalling(arena.tournament.run_stored_league, {number}, {matches})
"""


def hog_command(*args: str, signal_after: tuple[signal.Signals, int] | None = None) -> list[str]:
    """``python -m hog_arena.cli.main ARGS``, with Ctrl-C handled; with
    SIGNAL_AFTER = (SIGNAL, N), a league sends itself SIGNAL once N of its
    matches are stored."""
    code = _CTRL_C
    if signal_after is not None:
        number, matches = signal_after
        code += _SIGNAL_AFTER.format(number=int(number), matches=int(matches))
    code += "runpy.run_module('hog_arena.cli.main', run_name='__main__', alter_sys=True)\n"
    return [sys.executable, "-c", code, *args]


def python_script(path: str | Path, *args: str) -> list[str]:
    """``python PATH ARGS``, with Ctrl-C handled."""
    script = Path(path).resolve()
    code = _CTRL_C + f"sys.argv[0] = {str(script)!r}\nsys.path[0] = {str(script.parent)!r}\n"
    code += f"runpy.run_path({str(script)!r}, run_name='__main__')\n"
    return [sys.executable, "-c", code, *args]
