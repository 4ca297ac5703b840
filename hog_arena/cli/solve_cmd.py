"""``hog solve``: perfect play, or the best response to a strategy (--opponent)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from hog_arena.cli.options import Db, Goal, Json, Rules, either, emit
from hog_arena.cli.strategy_io import (
    SPEC_HELP,
    STRATEGY_SUFFIXES,
    check_output,
    resolve,
    strategy_file_bytes,
    write_atomically,
)
from hog_arena.cli.text import say


def register(app: typer.Typer) -> None:
    @app.command("solve")
    def solve_command(
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        vs: Annotated[
            str | None,
            typer.Option("--opponent", metavar="SPEC", help=f"Solve the best response to this. {SPEC_HELP}"),
        ] = None,
        old_vs: Annotated[
            str | None, typer.Option("--vs", hidden=True, help="The older spelling of --opponent.")
        ] = None,
        out: Annotated[
            Path | None, typer.Option("--out", metavar="FILE", help="Write the solution as .py (source) or .json.")
        ] = None,
    ) -> None:
        """Solve perfect play (both players optimal), or the best response to --opponent.

        --json gives win_rate (against the opponent; for perfect play,
        against itself: 0.5) and first_mover_win (the solution's chance to win
        moving first).
        Under rules with memory (fa19, sp20, su20) optimal play depends on
        the memory: optimal_win_rate is that of optimal full-state play, and
        the table is derived from it (its choice at each score pair's most
        visited memories), with its own exact win_rate. Ties go to the fewest
        dice, but rolling 0 for 0 points comes last (hefty_hogs at 72 against
        75, goal 100: optimal play is not unique, the table rolls at 72 and
        waits at 75; --json's method says so).

        Example: hog solve --rules fa24 --opponent "always_roll(6)" --out best.py
        """
        from hog import exact
        from hog.coach import hidden_state
        from strategies.table import StrategyTable

        vs = either(vs, "--opponent", old_vs, "--vs")
        if out is not None:
            check_output(out, STRATEGY_SUFFIXES)
        opponent = resolve(vs, rules, goal, db) if vs is not None else None
        if opponent is None:
            solution = exact.perfect_play(rules, goal)
            name, params = "perfect", {}
        else:
            solution = exact.best_response(opponent.table, rules)
            name, params = f"best_response({opponent.name})", {"vs": opponent.name, "vs_sha256": opponent.sha256}
        solved = StrategyTable(solution.table, rules, name, "solved", params)
        if out is not None:
            write_atomically(out, strategy_file_bytes(solved, out))
        data = {
            "name": solved.name,
            "rules": rules,
            "goal": solved.goal,
            "vs": None if opponent is None else opponent.name,
            "win_rate": solution.rate,
            "first_mover_win": solution.first,
            "second_mover_win": solution.second,
            "method": f"{solution.method}; {exact.TIE_BREAK}",
            "table_is_optimal": solution.table_is_optimal,
            "optimal_win_rate": solution.optimal_rate,
            "optimal_first_mover_win": solution.optimal_first,
            "sha256": solved.sha256,
            "out": None if out is None else str(out),
        }

        def render() -> None:
            if opponent is None:
                say(f"perfect play for {rules}, goal {solved.goal}")
                say(f"the first mover wins {solution.first:.6f} of games, the second {solution.second:.6f}")
            else:
                say(f"best response to {opponent.name} ({rules}, goal {solved.goal})")
                say(
                    f"win rate {solution.rate:.6f}: "
                    f"moving first {solution.first:.6f}, moving second {solution.second:.6f}"
                )
            if not solution.table_is_optimal:
                hidden = hidden_state(exact.compile_rules(rules, solved.goal))
                say(
                    f"optimal play over the full state (it sees {hidden}) "
                    f"wins {solution.optimal_rate:.6f} "
                    f"(first {solution.optimal_first:.6f}); the table above, derived from it, is not optimal"
                )
            say(f"method: {data['method']}")
            say(f"sha256: {solved.sha256}")
            if out is not None:
                say(f"written to {out}")

        emit(data, as_json, render)
