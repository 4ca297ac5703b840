"""The store's errors: one-line messages, raised for bad databases and bad requests."""

from __future__ import annotations

from strategies.names import BadName

__all__ = ["StoreError", "NotStored", "NameRefused", "ContestRefusal"]


class StoreError(ValueError):
    """A problem with the database or with what was asked of the store."""


class NotStored(StoreError, LookupError):
    """A strategy, league or run that is not in the database."""


class NameRefused(StoreError, BadName):
    """A strategy name the store does not take: taken, a look-alike of a
    stored or library name, or not usable as a SPEC."""


class ContestRefusal(StoreError):
    """A contest request refused for a reason the requester can act on:
    STATUS is the HTTP status that says it (401, 403, 409, 423, 429), and
    RETRY_AFTER (seconds) says when to try again, where that helps."""

    def __init__(self, message: str, status: int, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after
