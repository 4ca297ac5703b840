"""Rendering pages and errors: the Jinja2 templates, always autoescaped."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

import jinja2
from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from arena.contest.teams import shown_time
from arena.ranking import format_rate
from hog.game import MAX_ROLLS
from hog.rules import RULE_SETS
from hog_arena.web.admission import Refused
from hog_arena.web.csrf import FIELD, FormTokens, give_cookie
from hog_arena.web.deps import Scope
from hog_arena.web.signin import account
from strategies.loader import Limits

__all__ = ["fragment", "render", "error_response", "refusal_response", "upload_limit_text"]

_environment = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(resources.files("hog_arena.web") / "templates")),
    autoescape=True,  # every page escapes what it shows, whatever the file suffix
    undefined=jinja2.StrictUndefined,
)
_environment.filters["rate"] = format_rate
_environment.filters["when"] = shown_time
_templates = Jinja2Templates(env=_environment)


def fragment(template: str, context: dict[str, Any]) -> Markup:
    """TEMPLATE rendered alone with CONTEXT (autoescaped), to insert into a page as it is."""
    return Markup(_environment.get_template(template).render(**context))


def upload_limit_text() -> str:
    """The size limit of strategy files for people: ``1 MB``."""
    return f"{Limits().source_bytes / (1 << 20):g} MB"


def render(request: Request, template: str, context: dict[str, Any], status_code: int = 200) -> HTMLResponse:
    """TEMPLATE filled with CONTEXT and what every page shows: the rule sets,
    the upload limit, the token for its forms, the visitor's ``account`` and
    the ``scope`` (rule set and goal) in view, the server's unless CONTEXT gives one."""
    arena = request.app.state.arena
    tokens: FormTokens = request.app.state.form_tokens
    token, new_cookie = tokens.issue(request)
    common = {
        "rule_sets": RULE_SETS,
        "scope": Scope(arena.rules, arena.goal),
        "max_rolls": MAX_ROLLS,
        "upload_limit": Limits().source_bytes,
        "upload_limit_text": upload_limit_text(),
        "csrf_field": FIELD,
        "csrf_token": token,
        "account": account(request),
    }
    response = _templates.TemplateResponse(request, template, {**common, **context}, status_code=status_code)
    if new_cookie is not None:
        give_cookie(response, new_cookie, request)
    return response


def error_response(request: Request, status: int, message: str, headers: Mapping[str, str] | None = None) -> Response:
    """MESSAGE as ``{"detail": MESSAGE}`` for the API, else as a page."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"detail": message}, status_code=status, headers=headers)
    response = render(request, "error.html", {"status": status, "message": message}, status_code=status)
    response.headers.update(headers or {})
    return response


def refusal_response(request: Request, refused: Refused) -> Response:
    """A request refused for now (429 or 503), with ``Retry-After``."""
    return error_response(request, refused.status, str(refused), refused.headers)
