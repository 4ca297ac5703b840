"""The web arena's application factory: ``create_app(db, rules, goal)``.

Pages are rendered on the server (Jinja2, with autoescaping: every name,
author, file name and message a visitor supplied is shown as text); the
JSON API under ``/api`` serves the same data and is documented at ``/docs``.
Errors become a page or ``{"detail": message}`` with the matching status:
404 for what does not exist, 400 for a request that cannot be met, 413 for
a body over the upload limit, 503 when strategy files cannot be checked.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from hog.game import GOAL
from hog.rules import DEFAULT_RULES, UnknownRuleSet
from results.store import NotStored, StoreError, open_store
from strategies.loader import Limits, SandboxError
from web import api, pages
from web.arena import Arena
from web.games import GameNotFound
from web.limits import UploadLimit
from web.views import render, upload_limit_text

__all__ = ["create_app", "UPLOAD_OVERHEAD_BYTES"]

#: Room in a request body for the form fields and multipart framing around a strategy file.
UPLOAD_OVERHEAD_BYTES = 64 * 1024


def create_app(db: str | None = None, rules: str = DEFAULT_RULES, goal: int = GOAL) -> FastAPI:
    """The web arena on the results database DB (created if missing), showing
    RULES and GOAL unless a page asks for others."""
    store = open_store(db)
    try:
        arena = Arena(store, rules, goal)
    except BaseException:
        store.close()
        raise

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()

    app = FastAPI(
        title="Hog Arena",
        summary="Leaderboards, strategies, submissions and games of the dice game Hog.",
        lifespan=lifespan,
    )
    app.state.arena = arena
    app.add_middleware(
        UploadLimit,
        max_bytes=Limits().source_bytes + UPLOAD_OVERHEAD_BYTES,
        message=f"the upload is over the {upload_limit_text()} limit for strategy files",
    )
    static = resources.files("web") / "static"
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    app.include_router(api.router)
    app.include_router(pages.router)
    _add_error_handlers(app)
    return app


def _error(request: Request, status: int, message: str) -> Response:
    """MESSAGE as JSON for the API, else as a page."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"detail": message}, status_code=status)
    return render(request, "error.html", {"status": status, "message": message}, status_code=status)


def _add_error_handlers(app: FastAPI) -> None:
    def handler(status: int) -> Any:
        async def handle(request: Request, error: Exception) -> Response:
            return _error(request, status, str(error))

        return handle

    for error_type in (NotStored, UnknownRuleSet, GameNotFound):
        app.add_exception_handler(error_type, handler(404))
    app.add_exception_handler(SandboxError, handler(503))
    app.add_exception_handler(StoreError, handler(503))
    app.add_exception_handler(ValueError, handler(400))

    async def http_error(request: Request, error: HTTPException) -> Response:
        return _error(request, error.status_code, str(error.detail))

    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        if request.url.path.startswith("/api/"):
            return await request_validation_exception_handler(request, error)
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors())
        return _error(request, 422, f"invalid request: {problems}")

    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(RequestValidationError, invalid_request)
