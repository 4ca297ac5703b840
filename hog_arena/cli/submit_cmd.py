"""``hog submit FILE|FOLDER``: validate strategy files in the sandbox and store them.

Each file becomes one stored strategy (its table, source text and metadata,
in one transaction), or is refused with one line saying why. A table that is
already stored is reported as that entry (``duplicate``), not stored again.
A strategy is named after its file unless ``--name`` is given; a name taken
by another table becomes ``NAME_2``, ``NAME_3``, ... (many students' files
are all ``hog.py``). A file whose ``# rules: NAME`` header names another rule
set than ``--rules`` is refused. For a folder, every ``.py`` and ``.json``
file directly in it is submitted; the valid ones are stored and the exit
status is 1 if any was refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import Progress

from hog_arena.cli.options import Db, Goal, Json, Rules, emit
from hog_arena.cli.text import say

if TYPE_CHECKING:
    from strategies.submission import Submission

_SUFFIXES = (".py", ".json")


def _files(path: Path) -> list[Path]:
    """PATH itself, or the strategy files directly in the folder PATH."""
    if not path.is_dir():
        return [path]
    files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in _SUFFIXES)
    if not files:
        raise FileNotFoundError(f"folder {str(path)!r} has no {' or '.join(_SUFFIXES)} files to submit")
    return files


def register(app: typer.Typer) -> None:
    @app.command("submit")
    def submit_command(
        path: Annotated[
            Path,
            typer.Argument(
                exists=True, metavar="FILE|FOLDER", help="A .py or .json strategy file, or a folder of them."
            ),
        ],
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        name: Annotated[
            str | None,
            typer.Option(
                "--name", help="Name to store the strategy under (default: the file name, numbered if taken)."
            ),
        ] = None,
        author: Annotated[str | None, typer.Option("--author", help="Who wrote the strategy.")] = None,
        function: Annotated[
            str, typer.Option("--function", help="The strategy function in a .py file.")
        ] = "final_strategy",
    ) -> None:
        """Check strategy files in a sandbox and store the valid ones.

        Example: hog submit hog.py --author ada
        """
        from strategies.submission import check_file

        folder = path.is_dir()
        if folder and name is not None:
            raise typer.BadParameter(
                "names one strategy; a folder's strategies are named after their files", param_hint="--name"
            )
        files = _files(path)
        console = Console(stderr=True)
        progress = Progress(console=console, transient=True, disable=not console.is_terminal)
        with progress as bar:
            task = bar.add_task("checking", total=len(files))
            outcomes = []
            for file in files:
                outcomes.append(check_file(file.absolute(), rules, goal, function, name))
                bar.advance(task)
        _store([o for o in outcomes if o.table is not None], db, author)
        refused = [o for o in outcomes if o.error is not None]
        if not folder:
            if refused:
                raise ValueError(refused[0].error)
            data = {k: v for k, v in outcomes[0].as_dict().items() if k != "ok"}
            emit(data, as_json, lambda: say(outcomes[0].line()))
            return

        def render() -> None:
            for outcome in outcomes:
                say(outcome.line())

        emit({"results": [o.as_dict() for o in outcomes]}, as_json, render)
        if refused:
            raise ValueError(f"{len(refused)} of {len(outcomes)} files in {str(path)!r} were refused")


def _store(valid: list[Submission], db: str | None, author: str | None) -> None:
    """Store the valid submissions (one transaction each); the database is opened only if there are any."""
    if not valid:
        return
    from results.store import open_store
    from strategies.submission import store_submissions

    with open_store(db) as store:
        store_submissions(store, valid, author, rename_hint=" with --name")
