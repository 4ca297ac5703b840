"""The store's errors: one-line messages, raised for bad databases and bad requests."""

from __future__ import annotations

from strategies.names import BadName

__all__ = ["StoreError", "NotStored", "NameRefused"]


class StoreError(ValueError):
    """A problem with the database or with what was asked of the store."""


class NotStored(StoreError, LookupError):
    """A strategy, league or run that is not in the database."""


class NameRefused(StoreError, BadName):
    """A strategy name the store does not take: taken, a look-alike of a
    stored or library name, or not usable as a SPEC."""
