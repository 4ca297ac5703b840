"""What every route reads from a request: the arena, the upload checker's
admission, the client, the rule set and goal in view, and the page of a list."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Generic, TypeVar
from urllib.parse import urlencode

from fastapi import Depends, Query, Request

from hog.rules import get_rules
from hog_arena.web.admission import Admission, client_of
from hog_arena.web.service import ArenaService

__all__ = [
    "MAX_GOAL",
    "MAX_TEXT",
    "PAGE_SIZE",
    "Scope",
    "ScopeQuery",
    "ArenaDep",
    "GateDep",
    "ClientDep",
    "Page",
    "PageQuery",
]

T = TypeVar("T")

#: Largest goal the web arena serves (tables and exact solutions grow with its square).
MAX_GOAL = 500
#: Most characters of a name, an author or another short text field.
MAX_TEXT = 200
#: Entries on one page of a list (strategies, a leaderboard's rows).
PAGE_SIZE = 100


@dataclass(frozen=True)
class Scope:
    """A rule set and goal."""

    rules: str
    goal: int

    @property
    def query(self) -> str:
        """``rules=...&goal=...`` for links that stay in this scope."""
        return urlencode({"rules": self.rules, "goal": self.goal})


def _arena(request: Request) -> ArenaService:
    arena: ArenaService = request.app.state.arena  # Starlette's State is untyped
    return arena


def _gate(request: Request) -> Admission:
    gate: Admission = request.app.state.uploads
    return gate


def _client(request: Request) -> str:
    return client_of(request.scope)


ArenaDep = Annotated[ArenaService, Depends(_arena)]
GateDep = Annotated[Admission, Depends(_gate)]
ClientDep = Annotated[str, Depends(_client)]


def _scope(
    arena: ArenaDep,
    rules: Annotated[str | None, Query(max_length=40, description="Rule set (default: the server's).")] = None,
    goal: Annotated[int | None, Query(ge=1, le=MAX_GOAL, description="Score that ends the game.")] = None,
) -> Scope:
    """The rule set and goal a request asks for, else the server's defaults
    (UnknownRuleSet for a rule set that does not exist)."""
    return Scope(get_rules(rules).name if rules else arena.rules, goal or arena.goal)


ScopeQuery = Annotated[Scope, Depends(_scope)]


@dataclass(frozen=True)
class Page(Generic[T]):
    """Page NUMBER (from 1) of a list of TOTAL entries: its ITEMS."""

    items: Sequence[T]
    number: int
    total: int

    @classmethod
    def of(cls, entries: Sequence[T], number: int) -> Page[T]:
        """Page NUMBER of ENTRIES (an empty page past the end)."""
        start = (number - 1) * PAGE_SIZE
        return cls(entries[start : start + PAGE_SIZE], number, len(entries))

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // PAGE_SIZE))

    @property
    def first(self) -> int:
        """The position (from 0) of the page's first entry in the whole list."""
        return (self.number - 1) * PAGE_SIZE

    def about(self) -> dict[str, int]:
        """The page's place, for the JSON API."""
        return {"page": self.number, "pages": self.pages, "page_size": PAGE_SIZE, "total": self.total}


PageQuery = Annotated[int, Query(ge=1, le=1_000_000, description=f"Page of the list ({PAGE_SIZE} entries a page).")]
