"""``hog strategies list``: the strategies stored for a rule set and goal, and
``hog strategies remove|rename`` to take one out or give it another name
(``hog strategies`` alone lists them too)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from hog_arena.cli.flags import FlagTyper, ListGroup
from hog_arena.cli.options import Db, Goal, Json, Rules, emit, subcommand_only
from hog_arena.cli.text import literal, say

if TYPE_CHECKING:
    from results.store import Removal, StrategyRecord

Stored = Annotated[
    str, typer.Argument(metavar="NAME", help="A stored strategy: its name, or its id as 12 or #12.", show_default=False)
]


def _render(records: list[StrategyRecord], rules: str, goal: int, where: str) -> None:
    if not records:
        say(f"no strategies stored for {rules}, goal {goal} in {where}")
        return
    table = Table(title=f"Stored strategies: {rules}, goal {goal}")
    for column in ("id", "name", "author", "origin", "sha256", "created"):
        table.add_column(column, justify="right" if column == "id" else "left")
    for r in records:
        table.add_row(
            str(r.id), literal(r.name), literal(r.author or ""), r.origin, r.sha256[:12], f"{r.created:%Y-%m-%d %H:%M}"
        )
    Console().print(table)


def _removed_line(removal: Removal) -> str:
    """What removing did, in one line for people."""
    strategy = removal.strategy
    line = f"removed {strategy.name!r} (#{strategy.id})"
    if removal.leagues:
        names = ", ".join(repr(league.name) for league in removal.leagues)
        many = len(removal.leagues) > 1
        line += f"; it left league{'s' * many} {names}, which rank{'' if many else 's'} the other entries"
    if removal.runs:
        runs = ", ".join(f"#{number}" for number in removal.runs)
        many = len(removal.runs) > 1
        line += f"; evolution run{'s' * many} {runs} no longer {'have' if many else 'has'} a best strategy"
    return line


def _list(rules: str, goal: int, db: str | None, as_json: bool) -> None:
    from results.store import open_store

    with open_store(db, create=False) as store:
        records = store.list_strategies(rules, goal)
        where = store.where
    data = {"strategies": [record.as_dict() for record in records]}
    emit(data, as_json, lambda: _render(records, rules, goal, where))


def register(app: typer.Typer) -> None:
    group = FlagTyper(
        name="strategies",
        cls=ListGroup,
        help="The stored strategies: list them with their ids, remove or rename one.\n\n"
        "Example: hog strategies list --rules fa24",
        invoke_without_command=True,
        no_args_is_help=False,
        subcommand_metavar="[COMMAND [ARGS]...]",
    )

    @group.callback(invoke_without_command=True)
    def strategies_command(
        ctx: typer.Context, rules: Rules, goal: Goal = 100, db: Db = None, as_json: Json = False
    ) -> None:
        """The stored strategies: list them with their ids, remove or rename one.

        Example: hog strategies list --rules fa24
        """
        if ctx.invoked_subcommand is not None:
            subcommand_only(ctx)
            return
        _list(rules, goal, db, as_json)  # hog strategies alone lists, as it always did

    @group.command("list")
    def list_command(rules: Rules, goal: Goal = 100, db: Db = None, as_json: Json = False) -> None:
        """List the strategies stored for --rules and --goal, with their ids.

        Each works as a SPEC by its name or its id (12 or #12).

        Example: hog strategies list --rules fa24
        """
        _list(rules, goal, db, as_json)

    @group.command("remove")
    def remove_command(name: Stored, rules: Rules, goal: Goal = 100, db: Db = None, as_json: Json = False) -> None:
        """Remove a stored strategy: from the database and from every league it
        is an entry of (those leagues keep ranking their other entries).

        Example: hog strategies remove ada-v1 --rules fa24
        """
        from results.store import open_store

        with open_store(db, create=False) as store:
            removal = store.remove_strategy(name, rules, goal)
        data = {
            "removed": removal.strategy.as_dict(),
            "leagues": [{"id": league.id, "name": league.name} for league in removal.leagues],
            "runs": list(removal.runs),
        }
        emit(data, as_json, lambda: say(_removed_line(removal)))

    @group.command("rename")
    def rename_command(
        old: Stored,
        new: Annotated[str, typer.Argument(metavar="NEW", help="The new name.", show_default=False)],
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
    ) -> None:
        """Give a stored strategy a new name (checked as hog submit --name is);
        its leagues show the new name.

        Example: hog strategies rename hog ada-v1 --rules fa24
        """
        from results.store import open_store

        with open_store(db, create=False) as store:
            before = store.find_strategy(old, rules, goal)
            record = store.rename_strategy(before.id, rules, goal, new)
        emit(record.as_dict(), as_json, lambda: say(f"renamed {before.name!r} (#{record.id}) to {record.name!r}"))

    app.add_typer(group, name="strategies")
