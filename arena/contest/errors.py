"""Why a contest refuses a request: the domain's errors, one class per reason.

Each is a ValueError with a one-line message the requester can act on.
They know nothing of HTTP: the web arena maps each class to its status in
one table (``hog_arena.web.errors``), and the command line prints the line.
"""

from __future__ import annotations

__all__ = [
    "ContestError",
    "NotSignedIn",
    "InvalidToken",
    "NotOnRoster",
    "NotStaff",
    "NoTeam",
    "TeamBarred",
    "ContestClosed",
    "RateLimited",
    "EntryRefused",
    "DuplicateTable",
    "DisqualifiedTable",
    "NameTaken",
    "NoSuchEntry",
]


class ContestError(ValueError):
    """A contest request refused for a reason the requester can act on."""


class NotSignedIn(ContestError):
    """Nobody is identified: no token and no sign-in."""


class InvalidToken(ContestError):
    """A token that is not one of this contest's (unknown, revoked, or of
    another contest: the answer does not say which)."""


class NotOnRoster(ContestError):
    """The signed-in person is not on this contest's roster."""


class NotStaff(ContestError):
    """Only the contest's staff may do this."""


class NoTeam(ContestError):
    """A staff member the roster put in no team: they add baselines, not entries."""


class TeamBarred(ContestError):
    """Staff barred the requester's team from entering again."""


class ContestClosed(ContestError):
    """The deadline has passed, or staff closed the contest."""


class RateLimited(ContestError):
    """Over the submission rate; RETRY_AFTER seconds until the next is taken."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class EntryRefused(ContestError):
    """The file or the team name was refused (the line says why)."""


class DuplicateTable(ContestError):
    """Another team's current entry has exactly this table (naming no one)."""


class DisqualifiedTable(ContestError):
    """Staff disqualified this very table for this team: it cannot come back."""


class NameTaken(ContestError):
    """The team name is another team's, looks like one, or is reserved."""


class NoSuchEntry(ContestError, LookupError):
    """No entry with that id that the requester may see (whether it exists is not said)."""
