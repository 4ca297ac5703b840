"""What every route reads from a request: the arena, the upload gate, the
client, and the rule set and goal in view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated
from urllib.parse import urlencode

from fastapi import Depends, Query, Request

from hog.rules import get_rules
from hog_arena.web.admission import UploadGate, client_of
from hog_arena.web.service import ArenaService

__all__ = ["MAX_GOAL", "MAX_TEXT", "Scope", "ScopeQuery", "ArenaDep", "GateDep", "ClientDep"]

#: Largest goal the web arena serves (tables and exact solutions grow with its square).
MAX_GOAL = 500
#: Most characters of a name, an author or another short text field.
MAX_TEXT = 200


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
    return request.app.state.arena


def _gate(request: Request) -> UploadGate:
    return request.app.state.uploads


def _client(request: Request) -> str:
    return client_of(request.scope)


ArenaDep = Annotated[ArenaService, Depends(_arena)]
GateDep = Annotated[UploadGate, Depends(_gate)]
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
