"""The course's ``ucb`` utilities, as a strategy file sees them in the sandbox.

Same names as the course module, but nothing here runs or prints anything:
``@main`` returns the function without calling it (a submission is imported,
never run as a program), ``@trace`` leaves the function as it is, and
``interact`` and the logging helpers do nothing (there is no terminal).
"""

__all__ = ["main", "trace", "interact", "log", "log_current_line"]


def main(fn):
    """Mark FN as the program's entry point; it is not called on import."""
    return fn


def trace(fn):
    """The course prints every call of FN; here FN is returned unchanged."""
    return fn


def log(message):
    """Nothing to log to in the sandbox."""


def log_current_line():
    """Nothing to log to in the sandbox."""


def interact(msg=None):
    """No interactive session in the sandbox (standard input is closed)."""
