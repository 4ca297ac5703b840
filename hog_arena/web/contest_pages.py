"""The contest pages: every contest (``/contests``), one contest's live
leaderboard with its submit form (``/contests/{name}``), an entry as its
viewer may see it (``/contests/{name}/entries/{id}``), and the winners of
every final contest (``/winners``). Routes call the contest service only."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from arena.contest.errors import ContestError
from arena.contest.teams import parse_deadline
from hog_arena.web.coach_view import entry_section
from hog_arena.web.contest_api import ContestsDep
from hog_arena.web.csrf import check_form
from hog_arena.web.deps import MAX_TEXT, ClientDep
from hog_arena.web.errors import status_of
from hog_arena.web.views import render

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
FROM_OUR_PAGES = [Depends(check_form)]


@router.get("/contests", response_class=HTMLResponse, name="contests_page")
def contests_page(request: Request, contests: ContestsDep) -> Response:
    return render(request, "contests.html", {"boards": contests.contests.boards()})


@router.get("/winners", response_class=HTMLResponse, name="winners_page")
def winners_page(request: Request, contests: ContestsDep) -> Response:
    finals = sorted((b for b in contests.contests.boards() if b.final), key=lambda b: b.contest.closes, reverse=True)
    return render(request, "winners.html", {"boards": finals})


def _contest_context(request: Request, contests: ContestsDep, name: str) -> dict[str, object]:
    board = contests.board(name)
    try:
        viewer = contests.requester(request, board.contest, required=False)
        problem = None
    except ContestError as refusal:
        viewer, problem = None, str(refusal)
    store = contests.contests.store
    mine = [] if viewer is None or viewer.team is None else store.team_entries(board.contest, viewer.team)
    staff = viewer is not None and viewer.staff
    exact = board.final or staff
    published = board.final and board.contest.publish != "none"
    return {
        "board": board,
        "rows_html": contests.rows_html(board, exact, published, tuple(e.id for e in mine)),
        "exact": exact,
        "viewer": viewer,
        "viewer_problem": problem,
        "mine": mine,
        "mine_ids": [e.id for e in mine],
        "everyone": store.entries(board.contest) if staff else [],
        "bars": store.bars(board.contest) if staff else {},
        "refused": [a for a in store.attempts(board.contest) if a.verdict not in (None, "accepted")] if staff else [],
        "published": published,
    }


@router.get("/contests/{name}", response_class=HTMLResponse, name="contest_page")
def contest_page(request: Request, contests: ContestsDep, name: str) -> Response:
    return render(request, "contest.html", {**_contest_context(request, contests, name), "outcome": None})


@router.get("/contests/{name}/entries/{entry_id}", response_class=HTMLResponse, name="contest_entry_page")
def contest_entry_page(
    request: Request, contests: ContestsDep, client: ClientDep, name: str, entry_id: int
) -> Response:
    board = contests.board(name)
    try:
        viewer = contests.requester(request, board.contest, required=False)
    except ContestError:
        viewer = None
    entry = contests.contests.entry_view(board, entry_id, viewer)
    coach = entry_section(contests, board, entry_id, viewer, client)
    context = {"contest": board.contest, "entry": entry, "grid": table_text(entry["table"]), "coach": coach}
    return render(request, "contest_entry.html", context)


def table_text(table: list[list[int]]) -> str:
    """A strategy table as aligned text: a row per own score, a column per opponent's score.

    >>> print(table_text([[5, 10], [4, 0]]))
    score \\ opponent   0  1
      0                5 10
      1                4  0
    """
    header = "score \\ opponent " + "".join(f"{o:>3}" for o in range(len(table)))
    return "\n".join([header, *(f"{s:>3}{'':14}" + "".join(f"{v:>3}" for v in row) for s, row in enumerate(table))])


@router.get("/contests/{name}/matrix.png", name="contest_matrix_png")
def contest_matrix_png(contests: ContestsDep, name: str) -> Response:
    board = contests.board(name)
    if not board.rows:
        return Response(status_code=404)
    return Response(contests.matrix_png(board), media_type="image/png")


@router.post("/contests/{name}/submit", response_class=HTMLResponse, dependencies=FROM_OUR_PAGES)
async def contest_submit(
    request: Request,
    contests: ContestsDep,
    name: str,
    file: Annotated[UploadFile, File()],
    team_name: Annotated[str, Form(max_length=MAX_TEXT)] = "",
) -> Response:
    try:
        entry = await contests.receive(request, name, file.file, file.filename, team_name.strip() or None)
        outcome, status = (f"accepted: entry #{entry.id} of team {entry.team_name}, queued for ranking", False), 202
    except ContestError as refusal:
        outcome, status = (str(refusal), True), status_of(refusal)
    context = await run_in_threadpool(_contest_context, request, contests, name)
    return render(
        request, "contest.html", {**context, "outcome": outcome}, status_code=200 if status == 202 else status
    )


@router.post("/contests/{name}/entries/{entry_id}/disqualify", dependencies=FROM_OUR_PAGES)
def contest_disqualify(
    request: Request,
    contests: ContestsDep,
    name: str,
    entry_id: int,
    reason: Annotated[str, Form(min_length=1, max_length=MAX_TEXT)],
    bar: Annotated[bool, Form()] = False,
) -> Response:
    contests.staff(request, name)
    record = contests.contests.disqualify(name, entry_id, reason, bar=bar)
    contests.changed()
    contests.staff_did(request, name, "disqualify", entry=entry_id, team=record.team, bar=bar, reason=reason)
    return RedirectResponse(request.url_for("contest_page", name=name), status_code=303)


@router.post("/contests/{name}/deadline", dependencies=FROM_OUR_PAGES)
def contest_extend(
    request: Request, contests: ContestsDep, name: str, deadline: Annotated[str, Form(min_length=1, max_length=64)]
) -> Response:
    contests.staff(request, name)
    record = contests.contests.set_deadline(name, parse_deadline(deadline))
    contests.staff_did(request, name, "deadline", deadline=record.deadline.isoformat())
    return RedirectResponse(request.url_for("contest_page", name=name), status_code=303)


@router.post("/contests/{name}/close", dependencies=FROM_OUR_PAGES)
def contest_close(request: Request, contests: ContestsDep, name: str) -> Response:
    contests.staff(request, name)
    record = contests.contests.close(name)
    contests.staff_did(request, name, "close", closes=record.closes.isoformat())
    return RedirectResponse(request.url_for("contest_page", name=name), status_code=303)
