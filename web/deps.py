"""What every route reads from a request: the arena, and the rule set and goal in view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated
from urllib.parse import urlencode

from fastapi import Depends, Query, Request

from hog.rules import get_rules
from web.arena import Arena

__all__ = ["MAX_GOAL", "Scope", "ScopeQuery", "get_arena", "ArenaDep"]

#: Largest goal the web arena serves (tables and exact solutions grow with its square).
MAX_GOAL = 500


@dataclass(frozen=True)
class Scope:
    """A rule set and goal."""

    rules: str
    goal: int

    @property
    def query(self) -> str:
        """``rules=...&goal=...`` for links that stay in this scope."""
        return urlencode({"rules": self.rules, "goal": self.goal})


def get_arena(request: Request) -> Arena:
    return request.app.state.arena


ArenaDep = Annotated[Arena, Depends(get_arena)]


def _scope(
    arena: ArenaDep,
    rules: Annotated[str | None, Query(description="Rule set (default: the server's).")] = None,
    goal: Annotated[int | None, Query(ge=1, le=MAX_GOAL, description="Score that ends the game.")] = None,
) -> Scope:
    """The rule set and goal a request asks for, else the server's defaults
    (UnknownRuleSet for a rule set that does not exist)."""
    return Scope(get_rules(rules).name if rules else arena.rules, goal or arena.goal)


ScopeQuery = Annotated[Scope, Depends(_scope)]
