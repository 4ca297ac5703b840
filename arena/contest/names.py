"""Which team names a contest takes: none that passes for another team or
for the course's staff.

A team with no name of its own is shown under a neutral label, ``Team N``
(N counts the roster's teams in the order they were put on it), never a
name derived from anyone's e-mail. A name is refused (``NameTaken``) when it

* looks like (``strategies.names.looks_like``: Unicode skeletons, with or
  without case) another team's current name, another team's roster id, or
  another team's label;
* has the shape of a label (``Team 17``, ``team #3``) and is not the team's own;
* speaks for the staff: a word such as ``staff``, ``official`` or
  ``instructor`` (compared by skeleton, so look-alike letters do not pass).

A team's abandoned names are free again: only current entries hold a name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from arena.contest.errors import NameTaken
from strategies.names import looks_like, skeleton

__all__ = ["STAFF_WORDS", "team_label", "check_team_name"]

#: Words a team name may not contain: they would make it pass for the staff's.
STAFF_WORDS = (
    "staff",
    "official",
    "instructor",
    "professor",
    "admin",
    "administrator",
    "moderator",
    "teaching assistant",
    "baseline",
)
_LABEL = re.compile(r"team\s*#?\s*\d+")


def team_label(number: int) -> str:
    """The neutral name of the roster's NUMBER-th team.

    >>> team_label(17)
    'Team 17'
    """
    return f"Team {number}"


def _plain(text: str) -> str:
    """TEXT compared as people read it: skeleton of its case-folded NFKC form, runs of non-letters as spaces."""
    folded = skeleton(unicodedata.normalize("NFKC", text).casefold())
    return " ".join(re.split(r"[\W_]+", folded)).strip()


def check_team_name(name: str, own_label: str, others: Iterable[str]) -> None:
    """Refuse NAME (``NameTaken``, one line) for a team whose label is
    OWN_LABEL, where OTHERS are the names, roster ids and labels of the
    other teams; see the module docstring.

    >>> check_team_name("Pig Latin", "Team 2", ["Team 1", "t1"])
    >>> check_team_name("Course Staff", "Team 2", [])
    Traceback (most recent call last):
    ...
    arena.contest.errors.NameTaken: the team name 'Course Staff' speaks for the staff ('staff'); choose another
    """
    plain = f" {_plain(name)} "
    for word in STAFF_WORDS:
        if f" {_plain(word)} " in plain:
            raise NameTaken(f"the team name {name!r} speaks for the staff ({word!r}); choose another")
    if _LABEL.fullmatch(name.strip().casefold()) and name.strip().casefold() != own_label.casefold():
        raise NameTaken(f"names such as {name!r} are the labels of teams without a name; choose another")
    if looks_like(name, others, same=True) is not None:
        raise NameTaken(f"the team name {name!r} is taken in this contest, or looks like one that is; choose another")
