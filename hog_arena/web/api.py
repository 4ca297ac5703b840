"""The JSON API: the data of the pages, documented at ``/docs``.

Request bodies are strict: a dice count is a JSON integer (not ``true``,
``"5"`` or ``5.0``) and unknown fields are refused (422), as is an unknown
rule set in a body. Lists come a page at a time (``page``, from 1).
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, File, Form, HTTPException, Query, UploadFile
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from hog.game import MAX_ROLLS
from hog.rules import RULE_SETS, UnknownRuleSet, get_rules
from hog.rules.dice_rules import PORK_CHOP
from hog_arena.web.deps import MAX_GOAL, MAX_TEXT, ArenaDep, ClientDep, GateDep, Page, PageQuery, ScopeQuery
from hog_arena.web.service import builtin_specs
from results.errors import NotStored
from strategies.spec import MAX_SPEC_CHARS

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["Hog Arena"])


def body_rules(rules: str | None, default: str) -> str:
    """The rule set a request body names (DEFAULT if none); 422 if it names none."""
    try:
        return get_rules(rules).name if rules else default
    except UnknownRuleSet as error:
        raise HTTPException(422, str(error)) from None


class NewGame(BaseModel):
    """A game of a visitor against a strategy."""

    model_config = ConfigDict(strict=True, extra="forbid")

    opponent: str = Field(
        max_length=MAX_SPEC_CHARS,
        description="A library expression (always_roll(6), perfect) or a stored strategy's name or id.",
    )
    rules: str | None = Field(None, max_length=40, description="Rule set (default: the server's).")
    goal: int | None = Field(None, ge=1, le=MAX_GOAL, description="Score that ends the game (default: the server's).")
    visitor_first: bool = Field(True, description="Whether the visitor moves first.")
    seed: int | None = Field(None, ge=0, lt=2**63, description="Seed of the dice, for a game that can be replayed.")


class Turn(BaseModel):
    """The visitor's move."""

    model_config = ConfigDict(strict=True, extra="forbid")

    num_rolls: int = Field(
        ge=PORK_CHOP,
        le=MAX_ROLLS,
        description=f"Dice to roll, an integer 0 to {MAX_ROLLS}; or -1, Pork Chop, where the rules offer it (fa16).",
    )


@router.get("/rules", summary="The rule sets")
def rules_list(arena: ArenaDep) -> dict[str, Any]:
    rule_sets = [
        {
            "name": rule_set.name,
            "summary": rule_set.summary,
            "zero_dice_rule": rule_set.zero_dice_rule,
            "after_turn_rule": rule_set.after_turn_rule,
        }
        for rule_set in RULE_SETS.values()
    ]
    return {"rules": rule_sets, "default_rules": arena.rules, "default_goal": arena.goal}


@router.get("/leaderboard", summary="A league's ranking (the same as `hog leaderboard`), a page of rows at a time")
def leaderboard(
    arena: ArenaDep,
    scope: ScopeQuery,
    league: Annotated[str | None, Query(max_length=MAX_TEXT)] = None,
    page: PageQuery = 1,
) -> dict[str, Any]:
    board = arena.leaderboard(scope.rules, scope.goal, league)
    if board is None:
        raise NotStored(f"no finished league for {scope.rules}, goal {scope.goal}")
    rows = Page.of(board.rows, page)
    return {**board.as_dict(rows.items), **rows.about()}


@router.get("/strategies", summary="Stored (a page at a time) and built-in strategies of a rule set and goal")
def strategies(arena: ArenaDep, scope: ScopeQuery, page: PageQuery = 1) -> dict[str, Any]:
    stored = Page.of(arena.stored(scope.rules, scope.goal), page)
    return {
        "rules": scope.rules,
        "goal": scope.goal,
        "stored": [record.as_dict() for record in stored.items],
        **stored.about(),
        "builtins": [{"spec": spec, "summary": summary} for spec, summary in builtin_specs(scope.rules)],
    }


@router.get(
    "/strategies/{ref}",
    summary="A strategy: table, origin, parameters, stored entry and exact matches",
    responses={
        429: {"description": "Too many computations from this client; `Retry-After` says when to try again"},
        503: {"description": "The solver is busy; `Retry-After` says when to try again"},
    },
)
def strategy(arena: ArenaDep, client: ClientDep, scope: ScopeQuery, ref: str) -> dict[str, Any]:
    return arena.strategy(ref, scope.rules, scope.goal, client).as_dict()


@router.post(
    "/strategies",
    summary="Upload a strategy file (checked in the sandbox as by `hog submit`)",
    status_code=201,
    responses={
        400: {"description": "The file was refused; `detail` says why"},
        408: {"description": "The body did not arrive in time"},
        413: {"description": "Too large"},
        422: {"description": "A field is wrong (an unknown rule set, say)"},
        429: {"description": "Too many uploads from this client; `Retry-After` says when to try again"},
        503: {"description": "The strategy checker is busy; `Retry-After` says when to try again"},
    },
)
async def upload(
    arena: ArenaDep,
    gate: GateDep,
    client: ClientDep,
    file: Annotated[UploadFile, File(description="A .py file (function final_strategy) or a .json table.")],
    name: Annotated[
        str | None, Form(max_length=MAX_TEXT, description="Name to store it under (default: the file name).")
    ] = None,
    author: Annotated[str | None, Form(max_length=MAX_TEXT, description="Who wrote it.")] = None,
    function: Annotated[
        str, Form(max_length=100, description="The strategy function in a .py file.")
    ] = "final_strategy",
    rules: Annotated[str | None, Form(max_length=40, description="Rule set (default: the server's).")] = None,
    goal: Annotated[int | None, Form(ge=1, le=MAX_GOAL)] = None,
) -> JSONResponse:
    rule_set = body_rules(rules, arena.rules)
    submission = await gate.run(
        client, arena.submit, file.file, file.filename, rule_set, goal or arena.goal, function, name, author
    )
    if submission.error is not None:
        return JSONResponse({"detail": submission.error}, status_code=400)
    data = {k: v for k, v in submission.as_dict().items() if k != "ok"}
    if submission.source_key is not None:
        data["source_url"] = source_path(data["id"], submission.source_key)
    return JSONResponse(data, status_code=200 if submission.duplicate else 201)


def source_path(strategy_id: int, key: str) -> str:
    """The private link to a stored strategy's source, for its uploader."""
    return f"/strategies/{strategy_id}/source?{urlencode({'key': key})}"


@router.get(
    "/strategies/{strategy_id}/source",
    summary="A stored strategy's source, for its uploader (the key the upload answered with)",
    responses={404: {"description": "No such strategy, or not that key"}},
)
def strategy_source(
    arena: ArenaDep, strategy_id: int, key: Annotated[str, Query(min_length=1, max_length=100)]
) -> dict[str, Any]:
    return {"id": strategy_id, "source": arena.source(strategy_id, key)}


@router.post(
    "/games",
    summary="Start a game against a strategy",
    status_code=201,
    responses={503: {"description": "Too many games in progress; `Retry-After` says when to try again"}},
)
def new_game(arena: ArenaDep, client: ClientDep, request: NewGame) -> dict[str, Any]:
    rules = body_rules(request.rules, arena.rules)
    goal = request.goal or arena.goal
    game = arena.start_game(request.opponent, rules, goal, request.visitor_first, request.seed, owner=client)
    return game.to_dict()


@router.get("/games/{game_id}", summary="A game's state and its last turns (at most 100)")
def game_state(arena: ArenaDep, game_id: str) -> dict[str, Any]:
    return arena.games.get(game_id).to_dict()


@router.post(
    "/games/{game_id}/turns",
    summary="The visitor rolls; the strategy answers at once",
    responses={409: {"description": "The game is over"}},
)
def take_turn(arena: ArenaDep, game_id: str, turn: Turn) -> dict[str, Any]:
    game = arena.games.get(game_id, play=True)
    if game.over:
        raise HTTPException(409, f"game {game_id} is over")
    reports = game.visitor_turn(turn.num_rolls)
    state = game.to_dict()
    return {"turns": state["history"][-len(reports) :], "game": state}
