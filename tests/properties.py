"""How many examples the slowest property tests try: a few per rule set by
default, many in the nightly profile (``HYPOTHESIS_PROFILE=nightly``, see
conftest.py). Each such test is parametrized over the rule sets, so every
rule set is tried in both profiles."""

from __future__ import annotations

import os

__all__ = ["NIGHTLY", "examples"]

#: Whether the nightly profile is on.
NIGHTLY = os.environ.get("HYPOTHESIS_PROFILE") == "nightly"


def examples(nightly: int, default: int) -> int:
    """NIGHTLY examples in the nightly profile, else DEFAULT."""
    return nightly if NIGHTLY else default
