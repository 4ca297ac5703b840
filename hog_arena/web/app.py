"""The web arena's application factory: ``create_app(db, rules, goal)``.

Pages are rendered on the server (Jinja2, with autoescaping: every name,
author, file name and message a visitor supplied is shown as text); the
JSON API under ``/api`` serves the same data and is documented at ``/docs``
(Swagger UI served by the server itself: it works offline). Errors become a
page or ``{"detail": message}`` with the matching status: 400 for a request
that cannot be met (or an unknown host name), 403 for a write from another
site or a form without the site's token, 404 for what does not exist, 408
for a body that did not arrive in time, 413 for a body over the upload
limit, 422 for a request of the wrong shape, 429 and 503 with
``Retry-After`` when a client or the server has too much in progress
(``hog_arena.web.admission``), 503 when strategy files cannot be checked.
Sign-in (``hog_arena.web.signin``) adds 502 and 503 when the provider answers
wrongly or cannot be reached. A class contest's refusals are the domain's
errors (``arena.contest.errors``), answered with the status that
``hog_arena.web.errors.STATUSES`` gives each (401, 403, 404, 409, 423, 429).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from typing import TypeVar

from fastapi import FastAPI, Request
from fastapi.exception_handlers import request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException

from arena.contest.errors import ContestError, RateLimited
from arena.contest.worker import RankingWorker
from hog.game import GOAL
from hog.rules import DEFAULT_RULES, UnknownRuleSet
from hog_arena.web import api, contest_api, contest_pages, pages
from hog_arena.web.access_log import AccessLog
from hog_arena.web.admission import Admission, AdmissionPolicy, Refused
from hog_arena.web.contest_service import ContestService
from hog_arena.web.csrf import FormTokens
from hog_arena.web.errors import status_of
from hog_arena.web.games import GameNotFound, GameRoom
from hog_arena.web.limits import BodyDeadline, UploadLimit
from hog_arena.web.logs import LOGGER
from hog_arena.web.security import LOCAL_HOSTS, SiteGuard
from hog_arena.web.service import COMPUTATIONS, ArenaService, computations
from hog_arena.web.signin import OidcSettings, add_sign_in
from hog_arena.web.views import error_response, refusal_response, render, upload_limit_text
from results.errors import NotStored, StoreError
from results.store import open_store
from strategies.expression import UnknownStrategy
from strategies.loader import Limits, SandboxError

__all__ = ["BodyTimes", "create_app", "UPLOAD_OVERHEAD_BYTES"]

#: Room in a request body for the form fields and multipart framing around a strategy file.
UPLOAD_OVERHEAD_BYTES = 64 * 1024
#: Where the Swagger UI files are served.
_DOCS_ASSETS = "/static/api-docs"


@dataclass(frozen=True)
class BodyTimes:
    """How long a request body may take to arrive: in all, and without a byte."""

    seconds: float = 30.0
    gap_seconds: float = 10.0


def create_app(
    db: str | None = None,
    rules: str = DEFAULT_RULES,
    goal: int = GOAL,
    *,
    allowed_hosts: Iterable[str] = LOCAL_HOSTS,
    uploads: AdmissionPolicy | None = None,
    computed: AdmissionPolicy = COMPUTATIONS,
    games: GameRoom | None = None,
    bodies: BodyTimes | None = None,
    contest_worker: bool = True,
    oidc: OidcSettings | None = None,
    session_secret: bytes | None = None,
) -> FastAPI:
    """The web arena on the results database DB (created if missing), showing
    RULES and GOAL unless a page asks for others, answering to the host names
    ALLOWED_HOSTS (``*``: any), with the limits of uploads UPLOADS (default
    ``AdmissionPolicy()``), of computations COMPUTED, of request bodies
    BODIES (default ``BodyTimes()``) and the games room GAMES (default
    ``GameRoom()``); sign-in by OpenID Connect with OIDC
    (``hog_arena.web.signin``; default: off); with CONTEST_WORKER, a thread
    ranks class contests' new entries as they come (``arena.contest.worker``)."""
    store = open_store(db)
    try:
        arena = ArenaService(store, rules, goal, games, computations(computed))
    except BaseException:
        store.close()
        raise
    gate = Admission(uploads)
    bodies = bodies or BodyTimes()
    worker = RankingWorker(store, on_error=_log_worker_error) if contest_worker else None
    contests = ContestService(store, arena, worker)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if worker is not None:
            worker.start()
        yield
        if worker is not None:
            worker.stop()
        gate.close()
        contests.close()
        arena.close()
        store.close()

    app = FastAPIOffline(
        title="Hog Arena",
        summary="Leaderboards, strategies, submissions and games of the dice game Hog.",
        lifespan=lifespan,
        docs_url=None,  # our own page below: no inline script
        redoc_url=None,
        static_url=_DOCS_ASSETS,
    )
    app.state.arena = arena
    app.state.uploads = gate
    app.state.form_tokens = FormTokens()
    app.state.contests = contests
    app.add_middleware(
        UploadLimit,
        max_bytes=Limits().source_bytes + UPLOAD_OVERHEAD_BYTES,
        message=f"the upload is over the {upload_limit_text()} limit for strategy files",
    )
    app.add_middleware(BodyDeadline, seconds=bodies.seconds, gap_seconds=bodies.gap_seconds)
    add_sign_in(app, oidc, session_secret, sessions=store)
    app.add_middleware(SiteGuard, allowed_hosts=allowed_hosts, respond=error_response)
    app.add_middleware(AccessLog)  # outermost: every request is logged, refused ones too
    static = resources.files("hog_arena.web") / "static"
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    app.include_router(api.router)
    app.include_router(contest_api.router)
    app.include_router(pages.router)
    app.include_router(contest_pages.router)

    @app.get("/docs", include_in_schema=False)
    def api_docs(request: Request) -> Response:
        context = {"title": app.title, "openapi_url": app.openapi_url, "assets": _DOCS_ASSETS}
        return render(request, "api_docs.html", context)

    _add_error_handlers(app)
    return app


def _log_worker_error(error: BaseException) -> None:
    """A ranking step failed (the worker tries again): log it with its traceback."""
    logging.getLogger(f"{LOGGER}.contest").error(
        "contest ranking failed, retrying: %s: %s", type(error).__name__, error, exc_info=error
    )


_E = TypeVar("_E", bound=Exception)


def _on(app: FastAPI, error_type: type[_E], handle: Callable[[Request, _E], Awaitable[Response]]) -> None:
    """Answer ERROR_TYPE's errors with HANDLE. Starlette types a handler as
    taking any Exception, though it passes it only those of the type it is
    registered for (a generic handler type is proposed: encode/starlette#2403)."""
    app.add_exception_handler(error_type, handle)  # type: ignore[arg-type]  # see the docstring


def _add_error_handlers(app: FastAPI) -> None:
    def handler(status: int) -> Callable[[Request, Exception], Awaitable[Response]]:
        async def handle(request: Request, error: Exception) -> Response:
            return error_response(request, status, str(error))

        return handle

    for error_type in (NotStored, UnknownRuleSet, UnknownStrategy, GameNotFound):
        app.add_exception_handler(error_type, handler(404))
    app.add_exception_handler(SandboxError, handler(503))
    app.add_exception_handler(StoreError, handler(503))
    app.add_exception_handler(ValueError, handler(400))

    async def refused(request: Request, error: Refused) -> Response:
        return refusal_response(request, error)

    async def http_error(request: Request, error: HTTPException) -> Response:
        return error_response(request, error.status_code, str(error.detail), error.headers)

    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        if request.url.path.startswith("/api/"):
            return await request_validation_exception_handler(request, error)
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors())
        return error_response(request, 422, f"invalid request: {problems}")

    async def contest_refusal(request: Request, error: Exception) -> Response:
        headers = {"Retry-After": str(error.retry_after)} if isinstance(error, RateLimited) else None
        return error_response(request, status_of(error), str(error), headers)

    app.add_exception_handler(ContestError, contest_refusal)
    _on(app, Refused, refused)
    _on(app, HTTPException, http_error)
    _on(app, RequestValidationError, invalid_request)
