"""``hog match A B``: the win rate of strategy A against strategy B."""

from __future__ import annotations

from typing import Annotated

import typer

from hog_arena.cli.choices import METHODS
from hog_arena.cli.options import (
    Bids,
    Db,
    Goal,
    Json,
    Rules,
    bids_start,
    emit,
    simulation_terms,
    start_data,
    start_words,
)
from hog_arena.cli.strategy_io import SPEC_HELP, resolve
from hog_arena.cli.text import say

#: Dice streams of a simulated match unless --games says otherwise.
GAMES = 100_000


def _check_method(method: str) -> str:
    if method not in METHODS:
        raise typer.BadParameter(f"unknown method {method!r}; valid methods: {', '.join(METHODS)}")
    return method


def register(app: typer.Typer) -> None:
    @app.command("match")
    def match_command(
        a: Annotated[str, typer.Argument(metavar="A", help=f"First strategy. {SPEC_HELP}", show_default=False)],
        b: Annotated[str, typer.Argument(metavar="B", help="Second strategy (a SPEC like A).", show_default=False)],
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        method: Annotated[
            str, typer.Option("--method", callback=_check_method, help=f"One of {', '.join(METHODS)}.")
        ] = "exact",
        games: Annotated[
            int | None,
            typer.Option(
                "--games",
                min=2,
                help=f"Dice streams to simulate, each played in both seatings (default: {GAMES:,}; simulate only).",
                show_default=False,
            ),
        ] = None,
        seed: Annotated[
            int | None,
            typer.Option(
                "--seed", min=0, help="Seed of the simulated dice (default: 0; simulate only).", show_default=False
            ),
        ] = None,
        bids: Bids = None,
    ) -> None:
        """Win rate of A against B: the mean of A's chances moving first and second.

        With --bids (fa14) the game starts from the scores the bids give: the
        mean of A's chances as player 0 and as player 1.

        Example: hog match "always_roll(4)" "always_roll(6)" --rules fa24

        Example: hog match final_strategy perfect --method simulate --games 20000
        """
        from arena.match import play_match
        from hog.rules import ORIGIN

        games, seed = simulation_terms(method, games, seed, GAMES)
        given = bids_start(bids, rules, goal)
        start = ORIGIN if given is None else given[1]
        first, second = resolve(a, rules, goal, db), resolve(b, rules, goal, db)
        result = play_match(first, second, method=method, games=games, seed=seed, start=start)
        data = {
            "a": first.name,
            "b": second.name,
            "rules": rules,
            "goal": goal,
            "method": result.method,
            "win_rate": result.rate,
            "a_first": result.first,
            "a_second": result.second,
        }
        data.update(start_data(start, None if given is None else given[0]))
        if result.stderr is not None:
            data.update(stderr=result.stderr, interval95=result.interval95, games=result.games, seed=result.seed)

        def render() -> None:
            say(f"{first.name} vs {second.name} ({rules}, goal {goal}, {result.method})")
            if given is not None:
                say(start_words(start, given[0]))
            spread = ""
            if result.interval95:
                low, high = result.interval95
                spread = f" (95% interval {low:.4f}..{high:.4f}, {result.games:,} dice streams)"
            say(f"win rate of {first.name}: {result.rate:.6f}{spread}")
            seats = ("moving first", "moving second") if given is None else ("as player 0", "as player 1")
            say(f"  {seats[0]}: {result.first:.6f}   {seats[1]}: {result.second:.6f}")

        emit(data, as_json, render)
