"""The strategies aggregate of the store: a table is stored once per (rule
set, goal, sha256), under the first name it was stored with."""

from __future__ import annotations

import numpy as np
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from results.database import Database, check_name, plain_json
from results.errors import StoreError
from results.models import Strategy, strategy_row
from results.records import StrategyRecord
from strategies.table import StrategyTable

__all__ = ["StrategyStore", "add_strategy_row"]


def add_strategy_row(
    session: Session, table: StrategyTable, author: str | None, source: str | None
) -> tuple[StrategyRecord, bool]:
    """Store TABLE in SESSION's transaction; returns (record, duplicate)."""
    if not isinstance(table, StrategyTable):
        raise StoreError(f"expected a StrategyTable, not {type(table).__name__}")
    check_name(table.name, "strategy name")
    check_name(author, "author", required=False)
    if source is not None and not isinstance(source, str):
        raise StoreError(f"source must be text, not {type(source).__name__}")
    params = plain_json(table.params, f"parameters of strategy {table.name!r}")
    same_table = select(Strategy).where(
        Strategy.rules == table.rules, Strategy.goal == table.goal, Strategy.sha256 == table.sha256
    )
    existing = session.scalar(same_table)
    if existing is not None:
        return StrategyRecord.from_row(existing), True
    row = Strategy(
        rules=table.rules,
        goal=table.goal,
        name=table.name,
        author=author,
        origin=table.origin,
        params=params,
        table=table.table.tobytes(),
        sha256=table.sha256,
        source=source,
    )
    try:
        with session.begin_nested():
            session.add(row)
    except IntegrityError:
        # Another writer stored the same table, or took the name, meanwhile.
        existing = session.scalar(same_table)
        if existing is not None:
            return StrategyRecord.from_row(existing), True
    else:
        return StrategyRecord.from_row(row), False
    clash = session.scalar(
        select(Strategy).where(Strategy.rules == table.rules, Strategy.goal == table.goal, Strategy.name == table.name)
    )
    raise StoreError(
        f"strategy name {table.name!r} is taken by another table for {table.rules}, goal {table.goal} "
        f"(#{clash.id if clash else '?'}); choose another name"
    )


class StrategyStore(Database):
    """Storing and finding strategy tables."""

    def add_strategy(
        self, table: StrategyTable, author: str | None = None, source: str | None = None
    ) -> tuple[StrategyRecord, bool]:
        """Store TABLE; returns (record, duplicate). See ``results.store`` for names."""
        with self._session(write=True) as session:
            return add_strategy_row(session, table, author, source)

    def find_strategy(self, name_or_id: str | int, rules: str, goal: int) -> StrategyRecord:
        """The record of a stored strategy, by name or id."""
        with self._session() as session:
            return StrategyRecord.from_row(strategy_row(session, name_or_id, rules, goal, self.where))

    def get_strategy(self, name_or_id: str | int, rules: str, goal: int) -> StrategyTable:
        """A stored strategy as a StrategyTable, by name or id."""
        with self._session() as session:
            row = strategy_row(session, name_or_id, rules, goal, self.where)
            values = np.frombuffer(row.table, dtype=np.int8).reshape(row.goal, row.goal)
            return StrategyTable(values, row.rules, row.name, row.origin, dict(row.params))

    def list_strategies(self, rules: str, goal: int) -> list[StrategyRecord]:
        """The strategies stored for a rule set and goal, oldest first."""
        with self._session() as session:
            rows = session.scalars(
                select(Strategy).where(Strategy.rules == rules, Strategy.goal == goal).order_by(Strategy.id)
            )
            return [StrategyRecord.from_row(row) for row in rows]
