"""The JSON API: the data of the pages, documented at ``/docs``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, File, Form, HTTPException, UploadFile
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from hog.game import MAX_ROLLS
from hog.rules import RULE_SETS, get_rules
from results.store import NotStored
from web.arena import builtin_specs
from web.deps import MAX_GOAL, ArenaDep, ScopeQuery

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["Hog Arena"])


class NewGame(BaseModel):
    """A game of a visitor against a strategy."""

    opponent: str = Field(description="A library expression (always_roll(6), perfect) or a stored strategy's name or id.")
    rules: str | None = Field(None, description="Rule set (default: the server's).")
    goal: int | None = Field(None, ge=1, le=MAX_GOAL, description="Score that ends the game (default: the server's).")
    visitor_first: bool = Field(True, description="Whether the visitor moves first.")
    seed: int | None = Field(None, ge=0, description="Seed of the dice, for a game that can be replayed.")


class Turn(BaseModel):
    """The visitor's move."""

    num_rolls: int = Field(ge=0, le=MAX_ROLLS, description=f"Dice to roll, 0 to {MAX_ROLLS}.")


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


@router.get("/leaderboard", summary="A league's ranking (the same as `hog leaderboard`)")
def leaderboard(arena: ArenaDep, scope: ScopeQuery, league: str | None = None) -> dict[str, Any]:
    board = arena.leaderboard(scope.rules, scope.goal, league)
    if board is None:
        raise NotStored(f"no finished league for {scope.rules}, goal {scope.goal}")
    return board.as_dict()


@router.get("/strategies", summary="Stored and built-in strategies of a rule set and goal")
def strategies(arena: ArenaDep, scope: ScopeQuery) -> dict[str, Any]:
    return {
        "rules": scope.rules,
        "goal": scope.goal,
        "stored": [record.as_dict() for record in arena.stored(scope.rules, scope.goal)],
        "builtins": [{"spec": spec, "summary": summary} for spec, summary in builtin_specs(scope.rules, scope.goal)],
    }


@router.get("/strategies/{ref}", summary="A strategy: table, origin, parameters, stored entry and exact matches")
def strategy(arena: ArenaDep, scope: ScopeQuery, ref: str) -> dict[str, Any]:
    return arena.strategy(ref, scope.rules, scope.goal).as_dict()


@router.post(
    "/strategies",
    summary="Upload a strategy file (checked in the sandbox as by `hog submit`)",
    status_code=201,
    responses={400: {"description": "The file was refused; `detail` says why"}, 413: {"description": "Too large"}},
)
def upload(
    arena: ArenaDep,
    file: Annotated[UploadFile, File(description="A .py file (function final_strategy) or a .json table.")],
    name: Annotated[str | None, Form(description="Name to store it under (default: the file name).")] = None,
    author: Annotated[str | None, Form(description="Who wrote it.")] = None,
    function: Annotated[str, Form(description="The strategy function in a .py file.")] = "final_strategy",
    rules: Annotated[str | None, Form(description="Rule set (default: the server's).")] = None,
    goal: Annotated[int | None, Form(ge=1, le=MAX_GOAL)] = None,
) -> JSONResponse:
    rule_set = get_rules(rules).name if rules else arena.rules
    submission = arena.submit(file.file, file.filename, rule_set, goal or arena.goal, function, name, author)
    if submission.error is not None:
        return JSONResponse({"detail": submission.error}, status_code=400)
    data = {k: v for k, v in submission.as_dict().items() if k != "ok"}
    return JSONResponse(data, status_code=200 if submission.duplicate else 201)


@router.post("/games", summary="Start a game against a strategy", status_code=201)
def new_game(arena: ArenaDep, request: NewGame) -> dict[str, Any]:
    rules = get_rules(request.rules).name if request.rules else arena.rules
    game = arena.start_game(request.opponent, rules, request.goal or arena.goal, request.visitor_first, request.seed)
    return game.to_dict()


@router.get("/games/{game_id}", summary="A game's state and every turn so far")
def game_state(arena: ArenaDep, game_id: str) -> dict[str, Any]:
    return arena.games.get(game_id).to_dict()


@router.post(
    "/games/{game_id}/turns",
    summary="The visitor rolls; the strategy answers at once",
    responses={409: {"description": "The game is over"}},
)
def take_turn(arena: ArenaDep, game_id: str, turn: Turn) -> dict[str, Any]:
    game = arena.games.get(game_id)
    if game.game.over:
        raise HTTPException(409, f"game {game_id} is over")
    reports = game.visitor_turn(turn.num_rolls)
    state = game.to_dict()
    return {"turns": state["history"][-len(reports) :], "game": state}
