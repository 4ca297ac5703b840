"""The store's errors: one-line messages, raised for bad databases and bad requests."""

from __future__ import annotations

__all__ = ["StoreError", "NotStored"]


class StoreError(ValueError):
    """A problem with the database or with what was asked of the store."""


class NotStored(StoreError, LookupError):
    """A strategy, league or run that is not in the database."""
