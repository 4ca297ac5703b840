"""Rendering pages: the Jinja2 templates, always autoescaped."""

from __future__ import annotations

from importlib import resources
from typing import Any

import jinja2
from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from hog.game import MAX_ROLLS
from hog.rules import RULE_SETS
from strategies.loader import Limits
from web.deps import Scope

__all__ = ["render", "upload_limit_text"]

_environment = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(resources.files("web") / "templates")),
    autoescape=True,  # every page escapes what it shows, whatever the file suffix
    undefined=jinja2.StrictUndefined,
)


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


_environment.filters["rate"] = _rate
_templates = Jinja2Templates(env=_environment)


def upload_limit_text() -> str:
    """The size limit of strategy files for people: ``1 MB``."""
    return f"{Limits().source_bytes / (1 << 20):g} MB"


def render(request: Request, template: str, context: dict[str, Any], status_code: int = 200) -> HTMLResponse:
    """TEMPLATE filled with CONTEXT and what every page shows: the rule sets,
    the upload limit and the ``scope`` (rule set and goal) in view, the
    server's unless CONTEXT gives one."""
    arena = request.app.state.arena
    common = {
        "rule_sets": RULE_SETS,
        "scope": Scope(arena.rules, arena.goal),
        "max_rolls": MAX_ROLLS,
        "upload_limit": Limits().source_bytes,
        "upload_limit_text": upload_limit_text(),
    }
    return _templates.TemplateResponse(request, template, {**common, **context}, status_code=status_code)
