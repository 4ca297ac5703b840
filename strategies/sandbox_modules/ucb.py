"""The course's ``ucb`` utilities, as a strategy file sees them in the sandbox.

Same names as the course module, but nothing here runs or prints anything:
``@main`` returns the function without calling it (a submission is imported,
never run as a program), ``@trace`` leaves the function as it is, and
``interact`` and the logging helpers do nothing (there is no terminal).
"""

__all__ = ["main", "trace", "interact", "log", "log_current_line"]

# typing.TYPE_CHECKING without importing typing into the sandbox (mypy takes any name
# TYPE_CHECKING as true); annotations naming what it defines are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

    _F = TypeVar("_F")


def main(fn: "_F") -> "_F":
    """Mark FN as the program's entry point; it is not called on import."""
    return fn


def trace(fn: "_F") -> "_F":
    """The course prints every call of FN; here FN is returned unchanged."""
    return fn


def log(message: object) -> None:
    """Nothing to log to in the sandbox."""


def log_current_line() -> None:
    """Nothing to log to in the sandbox."""


def interact(msg: str | None = None) -> None:
    """No interactive session in the sandbox (standard input is closed)."""
