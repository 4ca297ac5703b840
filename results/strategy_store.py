"""The strategies aggregate of the store: a table is stored once per (rule
set, goal, sha256), under the first name it was stored with. Names follow
``strategies.names``: a name taken, or a look-alike of a stored one, is
refused (``NameRefused``), and so is a name given by a person (not a
library entry's own) that would not work as a SPEC or looks like a library
strategy."""

from __future__ import annotations

import numpy as np
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from results.database import Database, check_name, plain_json
from results.errors import NameRefused, NotStored, StoreError
from results.league_results import entry_ids, match_rows
from results.league_snapshot import save_snapshot
from results.models import EvolutionRun, League, LeagueEntry, LeagueSnapshot, Strategy, league_entries, strategy_row
from results.records import LeagueRecord, Removal, StrategyRecord
from results.tokens import matches, new_token, token_digest
from strategies.names import BadName, looks_like, parse_id, strategy_name
from strategies.table import LIBRARY_ORIGINS, StrategyTable

__all__ = ["StrategyStore", "add_strategy_row", "stored_table"]


def _usable(name: str, rules: str) -> None:
    """NameRefused unless NAME is a usable strategy name of RULES, as written."""
    try:
        cleaned = strategy_name(name, rules)
    except BadName as error:
        raise NameRefused(str(error)) from None
    if cleaned != name:
        raise NameRefused(f"strategy name {name!r} is not written plainly: store it as {cleaned!r}")


def _check_free(session: Session, name: str, rules: str, goal: int, exclude: int | None = None) -> None:
    """NameRefused if NAME, or a look-alike of it, names another strategy of RULES and GOAL."""
    rows = session.execute(
        select(Strategy.name, Strategy.id).where(Strategy.rules == rules, Strategy.goal == goal, Strategy.id != exclude)
    ).all()
    ids = dict(rows)
    if name in ids:
        raise NameRefused(
            f"strategy name {name!r} is taken by another table for {rules}, goal {goal} (#{ids[name]}); "
            "choose another name"
        )
    twin = looks_like(name, ids)
    if twin is not None:
        raise NameRefused(
            f"strategy name {name!r} is taken: it looks like {twin!r} (#{ids[twin]}) for {rules}, goal {goal}; "
            "choose another name"
        )


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
    if table.origin not in LIBRARY_ORIGINS:
        _usable(table.name, table.rules)
        _check_free(session, table.name, table.rules, table.goal)
    elif parse_id(table.name) is not None:
        raise NameRefused(f"strategy name {table.name!r} is a number; numbers are ids")
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
    _check_free(session, table.name, table.rules, table.goal)
    raise NameRefused(
        f"strategy name {table.name!r} is taken for {table.rules}, goal {table.goal}; choose another name"
    )


def stored_table(row: Strategy) -> StrategyTable:
    """A stored strategy row as its table."""
    values = np.frombuffer(row.table, dtype=np.int8).reshape(row.goal, row.goal)
    return StrategyTable(values, row.rules, row.name, row.origin, dict(row.params))


class StrategyStore(Database):
    """Storing, finding and renaming strategy tables."""

    def add_strategy(
        self, table: StrategyTable, author: str | None = None, source: str | None = None
    ) -> tuple[StrategyRecord, bool]:
        """Store TABLE; returns (record, duplicate). See ``results.store`` for names."""
        with self._session(write=True) as session:
            return add_strategy_row(session, table, author, source)

    def issue_source_key(self, strategy_id: int) -> str:
        """A new secret key that shows the source of strategy STRATEGY_ID
        (given to whoever uploaded it; an older key stops working)."""
        key = new_token()
        with self._session(write=True) as session:
            row = session.get(Strategy, int(strategy_id))
            if row is None:
                raise NotStored(f"no stored strategy #{strategy_id} in {self.where}")
            row.source_key = token_digest(key)
        return key

    def source_by_key(self, strategy_id: int, key: str) -> str | None:
        """The source of strategy STRATEGY_ID if KEY is its source key, else None."""
        with self._session() as session:
            row = session.get(Strategy, int(strategy_id))
            return row.source if row is not None and matches(key, row.source_key) else None

    def find_strategy(self, name_or_id: str | int, rules: str, goal: int) -> StrategyRecord:
        """The record of a stored strategy, by name or id."""
        with self._session() as session:
            return StrategyRecord.from_row(strategy_row(session, name_or_id, rules, goal, self.where))

    def get_strategy(self, name_or_id: str | int, rules: str, goal: int) -> StrategyTable:
        """A stored strategy as a StrategyTable, by name or id."""
        with self._session() as session:
            return stored_table(strategy_row(session, name_or_id, rules, goal, self.where))

    def list_strategies(self, rules: str, goal: int) -> list[StrategyRecord]:
        """The strategies stored for a rule set and goal, oldest first."""
        with self._session() as session:
            rows = session.scalars(
                select(Strategy).where(Strategy.rules == rules, Strategy.goal == goal).order_by(Strategy.id)
            )
            return [StrategyRecord.from_row(row) for row in rows]

    def strategy_names(self, rules: str, goal: int) -> list[str]:
        """The names of the strategies stored for a rule set and goal, oldest first."""
        with self._session() as session:
            return list(
                session.scalars(
                    select(Strategy.name).where(Strategy.rules == rules, Strategy.goal == goal).order_by(Strategy.id)
                )
            )

    def rename_strategy(self, name_or_id: str | int, rules: str, goal: int, new_name: str) -> StrategyRecord:
        """Give a stored strategy NEW_NAME (cleaned as ``strategies.names``
        says, refused like a submitted name); returns the renamed record."""
        try:
            name = strategy_name(new_name, rules)
        except BadName as error:
            raise NameRefused(str(error)) from None
        with self._session(write=True) as session:
            row = strategy_row(session, name_or_id, rules, goal, self.where)
            _check_free(session, name, rules, goal, exclude=row.id)
            row.name = name
            session.flush()
            return StrategyRecord.from_row(row)

    def remove_strategy(self, name_or_id: str | int, rules: str, goal: int) -> Removal:
        """Remove a stored strategy, in one transaction: out of every league
        it is an entry of (a finished league keeps ranking its other entries;
        its snapshot is made again without it), no longer the best of the
        evolution runs that found it, then its row. Stored matches stay in
        the cache (keyed by table, shared with any table alike)."""
        with self._session(write=True) as session:
            row = strategy_row(session, name_or_id, rules, goal, self.where)
            record = StrategyRecord.from_row(row)
            leagues = list(
                session.scalars(
                    select(League)
                    .join(LeagueEntry, LeagueEntry.league_id == League.id)
                    .where(LeagueEntry.strategy_id == row.id)
                    .order_by(League.id)
                )
            )
            session.execute(delete(LeagueEntry).where(LeagueEntry.strategy_id == row.id))
            for league in leagues:
                session.execute(delete(LeagueSnapshot).where(LeagueSnapshot.league_id == league.id))
                if league.status == "done":
                    entries = league_entries(session, league.id)
                    save_snapshot(session, league.id, entry_ids(entries), match_rows(session, league, entries))
            runs = list(session.scalars(select(EvolutionRun.id).where(EvolutionRun.best_strategy_id == row.id)))
            session.execute(
                update(EvolutionRun).where(EvolutionRun.best_strategy_id == row.id).values(best_strategy_id=None)
            )
            session.delete(row)
            session.flush()
            return Removal(record, tuple(LeagueRecord.from_row(league) for league in leagues), tuple(runs))

    def strategy_tables(self, rules: str, goal: int) -> list[StrategyTable]:
        """Every stored strategy of a rule set and goal as a table, by id, in one query."""
        with self._session() as session:
            rows = session.scalars(
                select(Strategy).where(Strategy.rules == rules, Strategy.goal == goal).order_by(Strategy.id)
            )
            return [stored_table(row) for row in rows]
