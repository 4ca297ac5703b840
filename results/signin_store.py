"""The sign-in sessions aggregate of the store: which browser is signed in as whom.

A session's id is handed out once, for the browser's cookie, and kept only
as its sha256 (like a roster token, ``results.tokens``): a copy of the
database signs nobody in. A session ends when it is idle longer than IDLE
(since it was last ``seen``), older than LIFETIME, or ended: by its browser
signing out, or for everyone with that email (a person's token rotated).
``seen`` is written at most once a minute, not at every request.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, or_, update
from sqlalchemy.engine import CursorResult

from results.database import Database, check_name
from results.errors import StoreError
from results.instants import as_utc
from results.models import SigninSession
from results.tokens import token_digest

__all__ = ["SigninStore", "SEEN_EVERY"]

#: How stale ``seen`` may be before a request writes it again.
SEEN_EVERY = timedelta(minutes=1)
#: Bytes of randomness in a session id.
_ID_BYTES = 32
#: Longer ids were not made here: no lookup.
_LONGEST_ID = 100


def _instant(now: datetime) -> datetime:
    """NOW as UTC; a StoreError if it has no time zone."""
    try:
        return as_utc(now)
    except ValueError as error:
        raise StoreError(str(error)) from None


def _deleted(result: Any) -> int:
    """Rows a DELETE removed."""
    return result.rowcount if isinstance(result, CursorResult) else 0


class SigninStore(Database):
    """Signed-in browsers' sessions: opened at sign-in, looked up at each request, ended at sign-out."""

    def open_session(self, email: str, now: datetime) -> str:
        """A new session of EMAIL from NOW: its id, for the browser's cookie (only its sha256 is stored)."""
        check_name(email, "a session's email")
        now = _instant(now)
        session_id = secrets.token_urlsafe(_ID_BYTES)
        with self._session(write=True) as session:
            session.add(SigninSession(id_sha256=token_digest(session_id), email=email, created=now, seen=now))
        return session_id

    def session_email(self, session_id: str, now: datetime, idle: timedelta, lifetime: timedelta) -> str | None:
        """The email of session SESSION_ID at NOW, or None if it is unknown,
        ended, idle longer than IDLE or older than LIFETIME (then it is deleted)."""
        now = _instant(now)
        if not isinstance(session_id, str) or not session_id or len(session_id) > _LONGEST_ID:
            return None
        digest = token_digest(session_id)
        with self._session() as session:
            row = session.get(SigninSession, digest)
            if row is None:
                return None
            email, created, seen = row.email, row.created, row.seen
        if now - seen > idle or now - created > lifetime:
            self.end_session(session_id)
            return None
        if now - seen >= SEEN_EVERY:
            with self._session(write=True) as session:
                session.execute(
                    update(SigninSession)
                    .where(SigninSession.id_sha256 == digest, SigninSession.seen < now)
                    .values(seen=now)
                )
        return email

    def end_session(self, session_id: str) -> bool:
        """End session SESSION_ID; whether it was open."""
        if not isinstance(session_id, str) or not session_id or len(session_id) > _LONGEST_ID:
            return False
        with self._session(write=True) as session:
            result = session.execute(delete(SigninSession).where(SigninSession.id_sha256 == token_digest(session_id)))
            return _deleted(result) > 0

    def end_sessions_of(self, email: str) -> int:
        """End every session of EMAIL (as stored: folded by ``arena.contest.emails.fold_email``); how many."""
        with self._session(write=True) as session:
            return _deleted(session.execute(delete(SigninSession).where(SigninSession.email == email)))

    def end_stale_sessions(self, now: datetime, idle: timedelta, lifetime: timedelta) -> int:
        """Delete the sessions that are over at NOW (idle longer than IDLE or older than LIFETIME); how many."""
        now = _instant(now)
        stale = or_(SigninSession.seen < now - idle, SigninSession.created < now - lifetime)
        with self._session(write=True) as session:
            return _deleted(session.execute(delete(SigninSession).where(stale)))
