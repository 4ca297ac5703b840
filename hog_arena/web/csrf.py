"""Tokens that prove a form was sent from one of the site's own pages.

Every page gives the browser a random cookie (``hog_csrf``: HttpOnly,
SameSite=Strict) and puts into each of its forms a hidden field
``csrf_token``, the HMAC of that cookie under a secret of the server. A form
is accepted only when its token is the HMAC of the cookie it came with: a
page on another site can make a browser post a form, but it can neither
read the cookie nor compute the token. The secret is new each time the
server starts (a form older than that asks to be reloaded).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Annotated

from fastapi import Form, HTTPException, Request, Response

__all__ = ["COOKIE", "FIELD", "FormTokens", "check_form", "give_cookie"]

COOKIE = "hog_csrf"
FIELD = "csrf_token"


class FormTokens:
    """Issues and checks form tokens under one secret."""

    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret or secrets.token_bytes(32)

    def token(self, cookie: str) -> str:
        """The form token that goes with COOKIE."""
        return hmac.new(self._secret, cookie.encode(), hashlib.sha256).hexdigest()

    def valid(self, cookie: str | None, token: str) -> bool:
        """Whether TOKEN is the one that goes with COOKIE."""
        if not cookie:
            return False
        return hmac.compare_digest(self.token(cookie), token)

    def issue(self, request: Request) -> tuple[str, str | None]:
        """(the token for the forms of a page answering REQUEST, a new cookie
        to give the browser with :func:`give_cookie` if it has none, else None)."""
        cookie = request.cookies.get(COOKIE)
        new = None if cookie else secrets.token_urlsafe(32)
        return self.token(cookie or new or ""), new


def give_cookie(response: Response, cookie: str, request: Request) -> None:
    """Set the form cookie COOKIE on RESPONSE (Secure when REQUEST came over HTTPS)."""
    response.set_cookie(COOKIE, cookie, httponly=True, samesite="strict", secure=request.url.scheme == "https")


def check_form(request: Request, csrf_token: Annotated[str, Form(max_length=128)] = "") -> None:
    """A route dependency: 403 unless the form came from one of the site's pages."""
    tokens: FormTokens = request.app.state.form_tokens
    if not tokens.valid(request.cookies.get(COOKIE), csrf_token):
        raise HTTPException(
            403,
            "this form did not come from this site's pages (or the server restarted since): "
            "reload the page and send it again",
        )
