"""The web's sign-in sessions, revocable on the server."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from results.instants import UTCDateTime
from results.models.base import NAME_LENGTH, Base, utc_now

__all__ = ["SigninSession"]


class SigninSession(Base):
    """A signed-in browser: the sha256 of the id its cookie carries, who, since when, last seen.
    Signing out deletes the row, and with it the session, wherever its cookie is."""

    __tablename__ = "signin_sessions"

    id_sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    email: Mapped[str] = mapped_column(String(NAME_LENGTH), index=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    seen: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


# --- row lookups ------------------------------------------------------------------
