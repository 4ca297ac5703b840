"""Placeholder until OpenID Connect sign-in lands: nobody is signed in."""

from __future__ import annotations

from fastapi import Request


def signed_in_email(request: Request) -> str | None:
    session = request.scope.get("session")
    email = session.get("email") if isinstance(session, dict) else None
    return email if isinstance(email, str) else None
