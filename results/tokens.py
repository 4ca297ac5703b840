"""Secret tokens the store hands out once and keeps only as digests (a
contest participant's token, an uploader's link to their source)."""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["new_token", "token_digest", "matches"]

#: Bytes of randomness in a token.
_TOKEN_BYTES = 24


def new_token() -> str:
    """A new secret token (``hog_`` and 32 URL-safe characters)."""
    return "hog_" + secrets.token_urlsafe(_TOKEN_BYTES)


def token_digest(token: str) -> str:
    """How a token is kept: its sha256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str, digest: str | None) -> bool:
    """Whether TOKEN is the one DIGEST was made from (in constant time)."""
    return digest is not None and hmac.compare_digest(token_digest(token), digest)
