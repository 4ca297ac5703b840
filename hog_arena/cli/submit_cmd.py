"""``hog submit FILE|FOLDER``: validate strategy files in the sandbox and store them.

Each file becomes one stored strategy (its table, source text and metadata,
in one transaction), or is refused with one line saying why. A table that is
already stored is reported as that entry (``duplicate``), not stored again.
A strategy is named after its file unless ``--name`` is given; a name taken
by another table becomes ``NAME_2``, ``NAME_3``, ... (many students' files
are all ``hog.py``). Names are cleaned and checked by ``strategies.names``
(every stored name works as a SPEC). A file whose ``# rules: NAME`` header
names another rule set than ``--rules`` is refused; one that defines another
semester's course functions gets a warning (refused with ``--strict``). For a
folder, every ``.py`` and ``.json`` file directly in it is submitted, and
those one level down, in a folder per student: a sub-folder's file is named
after the folder (``subs/ada/hog.py`` is ``ada``; with several files,
``ada_hog``, ``ada_extra``). A symbolic link to a file (given, or in a
folder) is refused, never followed, and a linked sub-folder is not entered:
a student's folder may link to anything the submitter can read. The valid
files are stored and the exit status is 1 if any was refused.
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


def _strategy_files(folder: Path) -> list[Path]:
    """The strategy files directly in FOLDER, by name (links to files included, to be refused)."""
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in _SUFFIXES and (p.is_symlink() or p.is_file()))


def _files(path: Path) -> list[tuple[Path, str | None]]:
    """PATH itself, or the strategy files in the folder PATH and in its
    sub-folders (never a linked one), each with its default name (None: the file's own)."""
    if not path.is_dir():
        return [(path, None)]
    files: list[tuple[Path, str | None]] = [(file, None) for file in _strategy_files(path)]
    for folder in sorted(p for p in path.iterdir() if p.is_dir() and not p.is_symlink()):
        inside = _strategy_files(folder)
        files += [(file, folder.name if len(inside) == 1 else f"{folder.name}_{file.stem}") for file in inside]
    if not files:
        raise FileNotFoundError(
            f"folder {str(path)!r} has no {' or '.join(_SUFFIXES)} files to submit (nor its sub-folders)"
        )
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
                "--name",
                help="Name to store the strategy under (default: the file's or its folder's, numbered if taken); "
                "refused if a number, a file name, or like a library or stored name.",
            ),
        ] = None,
        author: Annotated[str | None, typer.Option("--author", help="Who wrote the strategy.")] = None,
        function: Annotated[
            str, typer.Option("--function", help="The strategy function in a .py file.")
        ] = "final_strategy",
        strict: Annotated[
            bool,
            typer.Option(
                "--strict", help="Refuse a file that looks written for another semester (default: a warning)."
            ),
        ] = False,
    ) -> None:
        """Check strategy files in a sandbox and store the valid ones.

        A folder's files are submitted, and those of its sub-folders (one per
        student: subs/ada/hog.py is stored as ada). Each stored strategy works
        as a SPEC by its name or its id (12 or #12).

        Example: hog submit hog.py --author ada

        Example: hog submit subs/
        """
        from strategies.submission import CheckRequest, check_file

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
            for file, default in files:
                shown = file.relative_to(path).as_posix() if folder else None
                request = CheckRequest(str(file.absolute()), rules, goal, function, name, default, strict)
                outcomes.append(check_file(request, shown))
                bar.advance(task)
        _store([o for o in outcomes if o.table is not None], db, author)
        for warning in (line for outcome in outcomes for line in outcome.warnings):
            say(f"hog: warning: {warning} (--strict refuses it)", err=True)
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
