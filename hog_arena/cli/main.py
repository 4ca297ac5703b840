"""The ``hog`` command: registers the subcommands and turns errors into one line."""

from __future__ import annotations

import importlib
import os
import sys
import traceback
from typing import Protocol, TypeGuard

# One BLAS thread: numpy is not used for linear algebra here, and the strategy
# sandbox forks, which is safe only from a process without other threads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import typer

from hog_arena.cli.flags import FlagTyper
from hog_arena.cli.interrupt import Interrupted
from hog_arena.cli.text import plain

#: Modules that each define ``register(app)``; one per command or group. They import
#: their heavy libraries (numba, SQLAlchemy, DEAP, ...) inside the command, so ``hog``
#: starts without them (tests/test_cli_startup.py checks it).
COMMAND_MODULES = (
    "hog_arena.cli.rules_cmd",
    "hog_arena.cli.match_cmd",
    "hog_arena.cli.solve_cmd",
    "hog_arena.cli.coach_cmd",
    "hog_arena.cli.show_cmd",
    "hog_arena.cli.submit_cmd",
    "hog_arena.cli.strategies_cmd",
    "hog_arena.cli.league_cmd",
    "hog_arena.cli.leagues_cmd",
    "hog_arena.cli.leaderboard_cmd",
    "hog_arena.cli.ecosystem_cmd",
    "hog_arena.cli.evolve_cmd",
    "hog_arena.cli.play_cmd",
    "hog_arena.cli.serve_cmd",
    "hog_arena.cli.contest_cmd",
    "hog_arena.cli.db_cmd",
)

#: The exit code after Ctrl-C (128 + SIGINT), as shells give it.
INTERRUPTED = 130

#: Errors that are the user's to fix: printed as one line, exit code 1.
USER_ERRORS: tuple[type[BaseException], ...] = (ValueError, KeyError, LookupError, OSError, AssertionError)

app = FlagTyper(
    name="hog",
    help="Hog Arena: rules, exact analysis, strategies, leagues and evolution for the dice game Hog.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Hog Arena: rules, exact analysis, strategies, leagues and evolution."""


for _module in COMMAND_MODULES:
    importlib.import_module(_module).register(app)


def _one_line_text(text: str) -> str:
    """TEXT on one line, without control characters (it may quote a user's input)."""
    return plain(" ".join(text.split()))


def _one_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    if type(error) is KeyError:
        text = f"not found: {text}"
    return _one_line_text(text)


class _UsageError(Protocol):
    """What main uses of Click's ``UsageError`` and ``BadParameter``."""

    exit_code: int

    def format_message(self) -> str: ...


def _is_usage_error(error: BaseException) -> TypeGuard[_UsageError]:
    """Click's (or Typer's vendored click's) usage and parameter errors."""
    return hasattr(error, "exit_code") and hasattr(error, "format_message")


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code (errors: 1, usage: 2)."""
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    args = [a for a in args if a != "--debug"]
    try:
        code = app(args=args, prog_name="hog", standalone_mode=False)
    except Interrupted as error:
        typer.echo(f"hog: interrupted; {_one_line(error)}", err=True)
        return INTERRUPTED
    except KeyboardInterrupt:
        typer.echo("hog: interrupted", err=True)
        return INTERRUPTED
    except Exception as error:  # noqa: BLE001 - every error ends as one line
        if debug:
            traceback.print_exc()
        if isinstance(error.__cause__, KeyboardInterrupt):  # Typer's Exit(130) or Click's Abort
            typer.echo("hog: interrupted", err=True)
            return INTERRUPTED
        if type(error).__name__ == "Exit":
            return int(getattr(error, "exit_code", 0) or 0)
        if type(error).__name__ == "Abort":
            typer.echo("hog: aborted", err=True)
            return 1
        if _is_usage_error(error):
            message = _one_line_text(error.format_message())
            if message:  # empty when help was shown for a bare command
                typer.echo(f"hog: usage error: {message}", err=True)
            return int(error.exit_code)
        if isinstance(error, USER_ERRORS):
            typer.echo(f"hog: error: {_one_line(error)}", err=True)
            return 1
        if not debug:
            typer.echo(
                f"hog: internal error: {type(error).__name__}: {_one_line(error)} (rerun with --debug)", err=True
            )
        return 1
    return int(code or 0)


if __name__ == "__main__":
    sys.exit(main())
