"""``hog submit FILE|FOLDER``: validate strategy files in the sandbox and store them.

Each file becomes one stored strategy (its table, source text and metadata,
in one transaction), or is refused with one line saying why. A table that is
already stored is reported as that entry (``duplicate``), not stored again.
For a folder, every ``.py`` and ``.json`` file directly in it is submitted;
the valid ones are stored and the exit status is 1 if any was refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress

from cli.options import Db, Goal, Json, Rules, emit
from results.errors import StoreError
from results.store import open_store
from strategies.loader import SandboxError, load_source, table_from_source
from strategies.table import StrategyTable

_SUFFIXES = (".py", ".json")


@dataclass
class _Outcome:
    """One file's fate: a valid table (then a record once stored), or an error."""

    file: Path
    table: StrategyTable | None = None
    source: str | None = None
    error: str | None = None
    record: Any = None
    duplicate: bool = False

    def as_dict(self) -> dict[str, Any]:
        if self.error is not None:
            return {"file": str(self.file), "ok": False, "error": self.error}
        return {
            "file": str(self.file),
            "ok": True,
            "id": self.record.id,
            "name": self.record.name,
            "sha256": self.record.sha256,
            "duplicate": self.duplicate,
        }

    def line(self) -> str:
        if self.error is not None:
            return f"refused {self.error}"
        done = "already stored as" if self.duplicate else "stored as"
        return f"{self.file.name}: {done} {self.record.name!r} (#{self.record.id}, sha256 {self.record.sha256[:12]})"


def _files(path: Path) -> list[Path]:
    """PATH itself, or the strategy files directly in the folder PATH."""
    if not path.is_dir():
        return [path]
    files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in _SUFFIXES)
    if not files:
        raise FileNotFoundError(f"folder {str(path)!r} has no {' or '.join(_SUFFIXES)} files to submit")
    return files


def _evaluate(file: Path, rules: str, goal: int, function: str, name: str | None) -> _Outcome:
    """Load FILE in the sandbox; a refusal (or an unreadable file) becomes the outcome's error."""
    try:
        source = load_source(file)
        return _Outcome(file, table_from_source(source, file.name, rules, goal, function, name), source)
    except SandboxError:
        raise  # this machine's problem, not the file's
    except ValueError as error:
        return _Outcome(file, error=str(error))
    except OSError as error:
        return _Outcome(file, error=f"{file.name}: cannot be read: {error.strerror or error}")


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
            str | None, typer.Option("--name", help="Name to store the strategy under (default: the file name).")
        ] = None,
        author: Annotated[str | None, typer.Option("--author", help="Who wrote the strategy.")] = None,
        function: Annotated[
            str, typer.Option("--function", help="The strategy function in a .py file.")
        ] = "final_strategy",
    ) -> None:
        """Check strategy files in a sandbox and store the valid ones."""
        folder = path.is_dir()
        if folder and name is not None:
            raise typer.BadParameter(
                "names one strategy; a folder's strategies are named after their files", param_hint="--name"
            )
        files = _files(path)
        console = Console(stderr=True)
        # No refresh thread: the sandbox starts children with preexec_fn, which needs one thread.
        progress = Progress(console=console, transient=True, auto_refresh=False, disable=not console.is_terminal)
        with progress as bar:
            task = bar.add_task("checking", total=len(files))
            outcomes = []
            for file in files:
                outcomes.append(_evaluate(file, rules, goal, function, name))
                bar.advance(task)
                bar.refresh()
        _store([o for o in outcomes if o.table is not None], db, author)
        refused = [o for o in outcomes if o.error is not None]
        if not folder:
            if refused:
                raise ValueError(refused[0].error)
            data = {k: v for k, v in outcomes[0].as_dict().items() if k != "ok"}
            emit(data, as_json, lambda: typer.echo(outcomes[0].line()))
            return

        def render() -> None:
            for outcome in outcomes:
                typer.echo(outcome.line())

        emit({"results": [o.as_dict() for o in outcomes]}, as_json, render)
        if refused:
            raise ValueError(f"{len(refused)} of {len(outcomes)} files in {str(path)!r} were refused")


def _store(valid: list[_Outcome], db: str | None, author: str | None) -> None:
    """Store each valid table with its source (one transaction each); a store refusal becomes an error."""
    if not valid:
        return
    with open_store(db) as store:
        for outcome in valid:
            try:
                outcome.record, outcome.duplicate = store.add_strategy(
                    outcome.table, author=author, source=outcome.source
                )
            except StoreError as error:
                outcome.error = f"{outcome.file.name}: {error}"
