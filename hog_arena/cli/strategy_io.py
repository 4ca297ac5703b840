"""Strategies in and out of commands: SPECs (stored names looked up lazily)
and files written whole or not at all."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from strategies.files import write_atomically

if TYPE_CHECKING:
    from strategies.table import StrategyTable

__all__ = [
    "Spec",
    "SPEC_HELP",
    "STRATEGY_SUFFIXES",
    "StoredStrategies",
    "resolve",
    "check_output",
    "strategy_file_bytes",
    "write_atomically",
]

#: File types a strategy can be written as.
STRATEGY_SUFFIXES = (".py", ".json")

SPEC_HELP = (
    "A library expression (always_roll(6), lead(cutoff=10, close=20), perfect, "
    "final_strategy), a .py file (file.py or file.py:function), a .json table, or a stored strategy: "
    "its name, or its id as 12 or #12 (hog strategies list shows both)."
)
Spec = Annotated[str, typer.Argument(metavar="SPEC", help=SPEC_HELP, show_default=False)]


class StoredStrategies:
    """The results store, opened (read-only) only when a SPEC names a stored strategy."""

    def __init__(self, db: str | None) -> None:
        self.db = db

    def get_strategy(self, name: str, rules: str, goal: int) -> StrategyTable:
        from results.store import open_store  # the database layer loads only when needed

        with open_store(self.db, create=False) as store:
            return store.get_strategy(name, rules, goal)

    def strategy_names(self, rules: str, goal: int) -> list[str]:
        from results.store import open_store

        with open_store(self.db, create=False) as store:
            return store.strategy_names(rules, goal)


def resolve(spec: str, rules: str, goal: int, db: str | None) -> StrategyTable:
    """The strategy SPEC names for RULES and GOAL (stored names from DB)."""
    from strategies.spec import resolve_spec

    return resolve_spec(spec, rules, goal, store=StoredStrategies(db))


def check_output(path: Path, suffixes: tuple[str, ...]) -> None:
    """Refuse, before any work is done, a file that cannot be written as asked."""
    if path.suffix not in suffixes:
        raise ValueError(f"cannot write {str(path)!r}: the file name must end in {' or '.join(suffixes)}")
    if not path.parent.is_dir():
        raise FileNotFoundError(f"cannot write {str(path)!r}: folder {str(path.parent)!r} does not exist")
    if path.is_dir():
        raise IsADirectoryError(f"cannot write {str(path)!r}: it is a folder")


def strategy_file_bytes(strategy: StrategyTable, path: Path) -> bytes:
    """STRATEGY as the file PATH asks for: Python source (.py: a readable
    policy for a ``lookahead`` member, else the table) or a JSON table (.json)."""
    from strategies.policy_source import readable_source

    check_output(path, STRATEGY_SUFFIXES)
    if path.suffix == ".py":
        return (readable_source(strategy) or strategy.to_python_source()).encode("utf-8")
    return (strategy.to_json() + "\n").encode("utf-8")
