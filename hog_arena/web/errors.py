"""The one table from the domain's errors to HTTP statuses.

The contest's policy (``arena.contest``) and the store raise errors that
say why; this table says how the web answers each. The first class in the
table that an error is an instance of gives its status.
"""

from __future__ import annotations

from arena.contest import errors as contest

__all__ = ["STATUSES", "status_of"]

STATUSES: tuple[tuple[type[Exception], int], ...] = (
    (contest.NotSignedIn, 401),
    (contest.InvalidToken, 401),
    (contest.NotOnRoster, 403),
    (contest.NotStaff, 403),
    (contest.TeamBarred, 403),
    (contest.NoTeam, 403),
    (contest.NoSuchEntry, 404),
    (contest.DuplicateTable, 409),
    (contest.DisqualifiedTable, 409),
    (contest.NameTaken, 409),
    (contest.ContestClosed, 423),
    (contest.RateLimited, 429),
    (contest.EntryRefused, 400),
    (contest.ContestError, 400),
)


def status_of(error: Exception) -> int:
    """The HTTP status that answers ERROR (400 for any other contest error).

    >>> status_of(contest.RateLimited("wait", 5)), status_of(contest.NameTaken("taken"))
    (429, 409)
    """
    return next(status for kind, status in STATUSES if isinstance(error, kind))
