"""The contest API: leaderboards, submissions and entries of class contests.

A submission is ``POST /api/contests/{name}/entries`` with ``Authorization:
Bearer TOKEN`` and a multipart ``file``; it answers 202 once the entry is
queued, and 400, 401, 403, 409, 423 or 429 (with ``Retry-After``) with a
one-line ``detail`` when it is refused. Routes call the contest service
only; its refusals are answered by ``hog_arena.web.errors``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, Form, Request, UploadFile
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from arena.contest.teams import parse_deadline
from hog_arena.web.contest_service import ContestService
from hog_arena.web.deps import MAX_TEXT
from results.contest_records import ContestRecord

__all__ = ["router", "ContestsDep", "is_staff"]

router = APIRouter(prefix="/api/contests", tags=["Contests"])


def _contests(request: Request) -> ContestService:
    contests: ContestService = request.app.state.contests  # Starlette's State is untyped
    return contests


ContestsDep = Annotated[ContestService, Depends(_contests)]
_JSON = "application/json"


class NewDeadline(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    deadline: str = Field(max_length=64, description="ISO 8601 with a time zone: 2026-12-01T23:59:00-08:00.")


class Disqualification(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    reason: str = Field(min_length=1, max_length=MAX_TEXT, description="Why (shown to the team).")
    bar: bool = Field(False, description="Also bar the team from entering again.")


class Bar(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    reason: str = Field(min_length=1, max_length=MAX_TEXT, description="Why (shown to the team).")


def is_staff(request: Request, contests: ContestService, contest: ContestRecord) -> bool:
    """Whether REQUEST comes from CONTEST's staff (no error if it does not)."""
    try:
        person = contests.requester(request, contest, required=False)
    except ValueError:
        return False
    return person is not None and person.staff


@router.get("", summary="Contests, live and past")
def contests_list(contests: ContestsDep) -> dict[str, Any]:
    """Every contest: ``closes`` is when submissions stop, the deadline or the earlier time staff closed it."""
    return {
        "contests": [
            {
                "name": b.contest.name,
                "rules": b.contest.rules,
                "deadline": b.contest.deadline.isoformat(),
                "closes": b.contest.closes.isoformat(),
                "state": b.state,
                "final": b.final,
                "entries": len(b.teams),
                "queued": b.queued,
            }
            for b in contests.contests.boards()
        ]
    }


@router.get("/{name}/leaderboard", summary="A contest's standings (live, or final)")
def leaderboard(request: Request, contests: ContestsDep, name: str) -> Response:
    board = contests.board(name)
    exact = board.final or is_staff(request, contests, board.contest)
    return Response(contests.leaderboard_json(board, exact), media_type=_JSON)


@router.get("/{name}/matrix", summary="The win-rate matrix, row's team against column's, in leaderboard order")
def matrix(request: Request, contests: ContestsDep, name: str) -> Response:
    board = contests.board(name)
    exact = board.final or is_staff(request, contests, board.contest)
    return Response(contests.matrix_json(board, exact), media_type=_JSON)


@router.post(
    "/{name}/entries",
    summary="Submit your team's entry (replaces its previous one)",
    status_code=202,
    responses={
        400: {"description": "The file was refused; `detail` says why"},
        401: {"description": "No token, or a token that is not valid for this contest"},
        403: {"description": "Not on this contest's roster, or the team is barred"},
        409: {"description": "Another team has this exact table or this team name, or the table was disqualified"},
        423: {"description": "The deadline has passed"},
        429: {"description": "Over the submission rate; `Retry-After` says when to try again"},
    },
)
async def submit(
    request: Request,
    contests: ContestsDep,
    name: str,
    file: Annotated[UploadFile, File(description="A .py file (function final_strategy) or a .json table.")],
    team_name: Annotated[
        str | None, Form(max_length=MAX_TEXT, description="Team name, if the file sets no TEAM_NAME.")
    ] = None,
) -> JSONResponse:
    entry = await contests.receive(request, name, file.file, file.filename, team_name)
    body = {"entry_id": entry.id, "team": entry.team, "team_name": entry.team_name, "status": entry.status}
    return JSONResponse(body, status_code=202)


@router.get("/{name}/entries/mine", summary="Your team's entries, newest first")
def my_entries(request: Request, contests: ContestsDep, name: str) -> dict[str, Any]:
    contest = contests.contests.contest(name)
    person = contests.requester(request, contest)
    assert person is not None
    entries = [] if person.team is None else contests.contests.store.team_entries(contest, person.team)
    return {"contest": name, "team": person.team, "entries": [e.as_dict() for e in entries]}


@router.get(
    "/{name}/entries/{entry_id}", summary="An entry's table (and source): its team and staff, or once published"
)
def entry(request: Request, contests: ContestsDep, name: str, entry_id: int) -> dict[str, Any]:
    board = contests.board(name)
    viewer = contests.requester(request, board.contest, required=False)
    return contests.contests.entry_view(board, entry_id, viewer)


@router.post("/{name}/entries/{entry_id}/disqualify", summary="Disqualify an entry (staff)")
def disqualify(
    request: Request, contests: ContestsDep, name: str, entry_id: int, body: Disqualification
) -> dict[str, Any]:
    contests.staff(request, name)
    record = contests.contests.disqualify(name, entry_id, body.reason, bar=body.bar)
    contests.changed()
    contests.staff_did(request, name, "disqualify", entry=entry_id, team=record.team, bar=body.bar, reason=body.reason)
    return {"entry": record.as_dict()}


@router.post("/{name}/teams/{team}/bar", summary="Bar a team from entering again (staff)")
def bar(request: Request, contests: ContestsDep, name: str, team: str, body: Bar) -> dict[str, Any]:
    contests.staff(request, name)
    contests.contests.bar(name, team, body.reason)
    contests.staff_did(request, name, "bar", team=team, reason=body.reason)
    return {"contest": name, "team": team, "barred": True}


@router.post("/{name}/deadline", summary="Move the deadline (staff; reopens a closed contest)")
def extend(request: Request, contests: ContestsDep, name: str, body: NewDeadline) -> dict[str, Any]:
    contests.staff(request, name)
    record = contests.contests.set_deadline(name, parse_deadline(body.deadline))
    contests.staff_did(request, name, "deadline", deadline=record.deadline.isoformat())
    return {"contest": record.as_dict()}


@router.post("/{name}/close", summary="Stop taking submissions now (staff)")
def close(request: Request, contests: ContestsDep, name: str) -> dict[str, Any]:
    contests.staff(request, name)
    record = contests.contests.close(name)
    contests.staff_did(request, name, "close", closes=record.closes.isoformat())
    return {"contest": record.as_dict()}
