"""Email addresses as the contest compares them: one folding for rosters and sign-in.

Only ASCII letters are folded. Python's ``str.lower()`` (and NFKC) would
also map look-alikes such as U+212A KELVIN SIGN to ``k``, so an address a
provider verified for someone else could become a roster's address.
"""

from __future__ import annotations

__all__ = ["fold_email"]

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def fold_email(text: str) -> str:
    """TEXT without surrounding whitespace, its ASCII letters in lower case;
    every other character unchanged.

    >>> fold_email("  Kim@X.EDU ")
    'kim@x.edu'
    >>> fold_email("\\u212aim@x.edu") == "kim@x.edu", fold_email("\\u212aim@X.edu") == "\\u212aim@x.edu"
    (False, True)
    >>> fold_email("ÉVA@X.EDU")
    'Éva@x.edu'
    """
    return text.strip().translate(_ASCII_LOWER)
