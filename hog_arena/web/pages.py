"""The pages: leaderboard, strategies, upload form and games, rendered on the
server. Every form that changes something carries the site's token (``hog_arena.web.csrf``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, File, Form, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from hog.game import MAX_ROLLS
from hog.rules import get_rules
from hog.rules.dice_rules import PORK_CHOP
from hog_arena.web.api import body_rules
from hog_arena.web.coach_view import strategy_section
from hog_arena.web.csrf import check_form
from hog_arena.web.deps import (
    MAX_GOAL,
    MAX_TEXT,
    PAGE_SIZE,
    ArenaDep,
    ClientDep,
    GateDep,
    Page,
    PageQuery,
    Scope,
    ScopeQuery,
)
from hog_arena.web.service import UPLOAD_SUFFIXES, builtin_specs
from hog_arena.web.views import render
from strategies.spec import MAX_SPEC_CHARS

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
#: A league's name or id, as the leaderboard's query asks for it.
LeagueQuery = Annotated[str | None, Query(max_length=MAX_TEXT)]
#: Forms that change something: refused unless sent from one of the site's pages.
FROM_OUR_PAGES = [Depends(check_form)]


@router.get("/", response_class=HTMLResponse)
@router.get("/leaderboard", response_class=HTMLResponse, name="leaderboard_page")
def leaderboard_page(
    request: Request, arena: ArenaDep, scope: ScopeQuery, league: LeagueQuery = None, page: PageQuery = 1
) -> Response:
    board = arena.leaderboard(scope.rules, scope.goal, league or None)
    rows = None if board is None else Page.of(board.rows, page)
    return render(request, "leaderboard.html", {"scope": scope, "board": board, "rows": rows})


@router.get("/leaderboard/matrix.png", name="matrix_png")
def matrix_png(arena: ArenaDep, client: ClientDep, scope: ScopeQuery, league: LeagueQuery = None) -> Response:
    board = arena.leaderboard(scope.rules, scope.goal, league or None)
    if board is None:
        return Response(status_code=404)
    return Response(arena.matrix_png(board, client), media_type="image/png")


@router.get("/strategies", response_class=HTMLResponse, name="strategies_page")
def strategies_page(request: Request, arena: ArenaDep, scope: ScopeQuery, page: PageQuery = 1) -> Response:
    context = {
        "scope": scope,
        "stored": Page.of(arena.stored(scope.rules, scope.goal), page),
        "builtins": builtin_specs(scope.rules),
    }
    return render(request, "strategies.html", context)


@router.get("/strategies/{ref}", response_class=HTMLResponse, name="strategy_page")
def strategy_page(request: Request, arena: ArenaDep, client: ClientDep, scope: ScopeQuery, ref: str) -> Response:
    view = arena.strategy(ref, scope.rules, scope.goal, client)
    coach = strategy_section(arena, view.table, client)
    return render(request, "strategy.html", {"scope": scope, "ref": ref, "view": view, "coach": coach})


@router.get("/strategies/{strategy_id}/source", response_class=HTMLResponse, name="source_page")
def source_page(
    request: Request, arena: ArenaDep, strategy_id: int, key: Annotated[str, Query(min_length=1, max_length=100)]
) -> Response:
    source = arena.source(strategy_id, key)
    return render(request, "source.html", {"strategy_id": strategy_id, "source": source})


@router.get("/strategies/{ref}/heatmap.png", name="heatmap_png")
def heatmap_png(arena: ArenaDep, client: ClientDep, scope: ScopeQuery, ref: str) -> Response:
    picture = arena.heatmap_png(arena.find(ref, scope.rules, scope.goal, client), client)
    return Response(picture, media_type="image/png")


@router.get("/submit", response_class=HTMLResponse, name="submit_page")
def submit_page(request: Request, scope: ScopeQuery) -> Response:
    return render(request, "submit.html", {"scope": scope, "submission": None, "suffixes": UPLOAD_SUFFIXES})


@router.post("/submit", response_class=HTMLResponse, dependencies=FROM_OUR_PAGES)
async def submit_form(
    request: Request,
    arena: ArenaDep,
    gate: GateDep,
    client: ClientDep,
    file: Annotated[UploadFile, File()],
    rules: Annotated[str, Form(max_length=40)],
    goal: Annotated[int, Form(ge=1, le=MAX_GOAL)],
    name: Annotated[str, Form(max_length=MAX_TEXT)] = "",
    author: Annotated[str, Form(max_length=MAX_TEXT)] = "",
    function: Annotated[str, Form(max_length=100)] = "final_strategy",
) -> Response:
    scope = Scope(body_rules(rules, arena.rules), goal)
    function = function.strip() or "final_strategy"
    submission = await gate.run(
        client, arena.submit, file.file, file.filename, scope.rules, goal, function, name.strip(), author.strip()
    )
    context = {"scope": scope, "submission": submission, "suffixes": UPLOAD_SUFFIXES}
    return render(request, "submit.html", context, status_code=400 if submission.error else 200)


@router.get("/play", response_class=HTMLResponse, name="new_game_page")
def new_game_page(
    request: Request,
    arena: ArenaDep,
    scope: ScopeQuery,
    opponent: Annotated[str, Query(max_length=MAX_SPEC_CHARS)] = "final_strategy",
) -> Response:
    builtins = builtin_specs(scope.rules)
    names = {spec for spec, _ in builtins}
    # the latest stored strategies but the built-ins' own entries; any other by name or id
    stored = [record for record in reversed(arena.stored(scope.rules, scope.goal)) if record.name not in names]
    stored = stored[:PAGE_SIZE]
    listed = names | {str(record.id) for record in stored}
    context = {
        "scope": scope,
        "opponent": opponent,
        "expression": "" if opponent in listed else opponent,  # an expression the list does not offer
        "stored": stored,
        "builtins": builtins,
    }
    return render(request, "new_game.html", context)


@router.post("/play", dependencies=FROM_OUR_PAGES)
def start_game(
    request: Request,
    arena: ArenaDep,
    client: ClientDep,
    rules: Annotated[str, Form(max_length=40)],
    goal: Annotated[int, Form(ge=1, le=MAX_GOAL)],
    opponent: Annotated[str, Form(max_length=MAX_SPEC_CHARS)] = "",
    expression: Annotated[str, Form(max_length=MAX_SPEC_CHARS)] = "",
    first: Annotated[str, Form(max_length=20)] = "visitor",
) -> Response:
    rules = body_rules(rules, arena.rules)
    spec = expression.strip() or opponent
    game = arena.start_game(spec, rules, goal, visitor_first=first != "strategy", owner=client)
    return RedirectResponse(request.url_for("game_page", game_id=game.id), status_code=303)


@router.get("/play/{game_id}", response_class=HTMLResponse, name="game_page")
def game_page(request: Request, arena: ArenaDep, game_id: str) -> Response:
    state = arena.games.get(game_id).to_dict()
    scope = Scope(state["rules"], state["goal"])
    turns = list(enumerate(state["history"], start=state["history_start"] + 1))[::-1]
    pork_chop = PORK_CHOP in get_rules(state["rules"]).choices  # a button for -1 where the rules offer it
    context = {"scope": scope, "game": state, "turns": turns, "pork_chop": pork_chop}
    return render(request, "game.html", context)


@router.post("/play/{game_id}", dependencies=FROM_OUR_PAGES)
def game_turn(
    request: Request, arena: ArenaDep, game_id: str, num_rolls: Annotated[int, Form(ge=PORK_CHOP, le=MAX_ROLLS)]
) -> Response:
    arena.games.get(game_id, play=True).visitor_turn(num_rolls)
    return RedirectResponse(request.url_for("game_page", game_id=game_id), status_code=303)
