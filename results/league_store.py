"""The leagues aggregate of the store: leagues with their entries, their
lifecycle (created, grown, finished, pinned) and their results as arrays
(``results.league_results``); the matches they play are in the match cache
(``results.match_cache``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import func, insert, select
from sqlalchemy.orm import Session

from results.database import Database, check_name, chunks
from results.errors import NotStored, StoreError
from results.league_results import entry_ids, match_rows, read_league_results
from results.league_snapshot import save_snapshot
from results.match_key import MatchKey
from results.models import League, LeagueEntry, Strategy, league_entries, league_row, named_league_row, utc_now
from results.records import LeagueRecord, LeagueResults, StrategyRecord
from results.strategy_store import stored_table
from strategies.table import StrategyTable

__all__ = ["LeagueStore"]


def _check_entries(session: Session, name: str, key: MatchKey, ids: Sequence[int], where: str) -> None:
    """A NotStored or StoreError unless every one of IDS is a stored strategy of KEY's rule set and goal."""
    found = {
        row.id: row for chunk in chunks(ids) for row in session.scalars(select(Strategy).where(Strategy.id.in_(chunk)))
    }
    for strategy_id in ids:
        row = found.get(strategy_id)
        if row is None:
            raise NotStored(f"league {name!r}: no stored strategy #{strategy_id} in {where}")
        if (row.rules, row.goal) != (key.rules, key.goal):
            raise StoreError(
                f"league {name!r} is for {key.rules}, goal {key.goal}, but strategy #{row.id} {row.name!r} "
                f"is for {row.rules}, goal {row.goal}"
            )


def _unpin(session: Session, rules: str, goal: int) -> LeagueRecord | None:
    """Unpin the league pinned for RULES and GOAL; the league it was, if any."""
    pinned = session.scalars(
        select(League).where(League.rules == rules, League.goal == goal, League.pinned.is_(True))
    ).all()
    for league in pinned:
        league.pinned = False
    session.flush()
    return LeagueRecord.from_row(pinned[0]) if pinned else None


class LeagueStore(Database):
    """Leagues and their entries."""

    def create_league(self, name: str, key: MatchKey, strategy_ids: Iterable[int]) -> LeagueRecord:
        """A running league playing its matches under KEY, with its entries
        (repeated ids count once), in one transaction."""
        check_name(name, "league name")
        ids = list(dict.fromkeys(int(i) for i in strategy_ids))
        if len(ids) < 2:
            raise StoreError(f"league {name!r} needs at least 2 different strategies, got {len(ids)}")
        with self._session(write=True) as session:
            _check_entries(session, name, key, ids, self.where)
            league = League(
                name=name,
                rules=key.rules,
                goal=key.goal,
                method=key.method,
                games=key.games,
                seed=key.seed,
                start_score0=key.start.score0,
                start_score1=key.start.score1,
                start_player=key.start.first,
                status="running",
            )
            session.add(league)
            session.flush()
            session.execute(insert(LeagueEntry), [{"league_id": league.id, "strategy_id": i} for i in ids])
            return LeagueRecord.from_row(league)

    def add_league_entries(self, league_id: int, strategy_ids: Iterable[int]) -> LeagueRecord:
        """Add strategies to a league (it runs again until ``finish_league``), in
        one transaction; a strategy already in the league is refused."""
        ids = list(dict.fromkeys(int(i) for i in strategy_ids))
        with self._session(write=True) as session:
            league = league_row(session, league_id, self.where)
            record = LeagueRecord.from_row(league)
            _check_entries(session, league.name, record.key, ids, self.where)
            present = {e.id: e for e in league_entries(session, league.id)}
            for strategy_id in ids:
                if strategy_id in present:
                    name = present[strategy_id].name
                    raise StoreError(f"strategy #{strategy_id} {name!r} is in league {league.name!r} already")
            if not ids:
                raise StoreError(f"no strategies to add to league {league.name!r}")
            session.execute(insert(LeagueEntry), [{"league_id": league.id, "strategy_id": i} for i in ids])
            league.status, league.finished = "running", None
            session.flush()
            return LeagueRecord.from_row(league)

    def finish_league(self, league_id: int) -> LeagueRecord:
        """Mark a league done; refused while a pair of its entries has no stored match."""
        with self._session(write=True) as session:
            league = league_row(session, league_id, self.where)
            entries = league_entries(session, league.id)
            rows = match_rows(session, league, entries)
            missing = len(entries) * (len(entries) - 1) // 2 - len(rows)
            if missing:
                raise StoreError(f"league #{league.id} {league.name!r} still misses {missing} of its matches")
            save_snapshot(session, league.id, entry_ids(entries), rows)
            league.status = "done"
            league.finished = utc_now()
            session.flush()
            return LeagueRecord.from_row(league)

    def get_league(self, name_or_id: str | int, rules: str, goal: int) -> LeagueRecord:
        """A league of a rule set and goal, by id or name (the newest of that name)."""
        with self._session() as session:
            return LeagueRecord.from_row(named_league_row(session, name_or_id, rules, goal, self.where))

    def latest_league(self, rules: str, goal: int) -> LeagueRecord | None:
        """The most recently finished league of a rule set and goal (a league
        grown by new entries finishes again when they are played)."""
        with self._session() as session:
            league = session.scalars(
                select(League)
                .where(League.rules == rules, League.goal == goal, League.status == "done")
                .order_by(League.finished.desc(), League.id.desc())
            ).first()
            return None if league is None else LeagueRecord.from_row(league)

    def pinned_league(self, rules: str, goal: int) -> LeagueRecord | None:
        """The league pinned for a rule set and goal (``pin_league``), if any."""
        with self._session() as session:
            league = session.scalars(
                select(League).where(League.rules == rules, League.goal == goal, League.pinned.is_(True))
            ).first()
            return None if league is None else LeagueRecord.from_row(league)

    def pin_league(self, name_or_id: str | int, rules: str, goal: int) -> LeagueRecord:
        """Pin a league of a rule set and goal, by name or id: leaderboards show
        it until another is pinned or ``unpin_league``; one transaction."""
        with self._session(write=True) as session:
            league = named_league_row(session, name_or_id, rules, goal, self.where)
            _unpin(session, rules, goal)
            league.pinned = True
            session.flush()
            return LeagueRecord.from_row(league)

    def unpin_league(self, rules: str, goal: int) -> LeagueRecord | None:
        """Unpin the league pinned for a rule set and goal; returns it (None: none was)."""
        with self._session(write=True) as session:
            return _unpin(session, rules, goal)

    def list_leagues(self, rules: str | None = None, goal: int | None = None) -> list[tuple[LeagueRecord, int]]:
        """Every league (of RULES and GOAL if given) with its number of entries, most recently updated first."""
        entries = func.count(LeagueEntry.strategy_id)
        statement = select(League, entries).outerjoin(LeagueEntry, LeagueEntry.league_id == League.id)
        if rules is not None:
            statement = statement.where(League.rules == rules)
        if goal is not None:
            statement = statement.where(League.goal == goal)
        with self._session() as session:
            rows = session.execute(statement.group_by(League.id)).all()
            leagues = [(LeagueRecord.from_row(league), int(count)) for league, count in rows]
        return sorted(leagues, key=lambda item: (item[0].updated, item[0].id), reverse=True)

    def league_entries(self, league_id: int) -> list[StrategyRecord]:
        """The strategies of a league, by id (without their matches)."""
        with self._session() as session:
            league = league_row(session, league_id, self.where)
            return [StrategyRecord.from_row(row) for row in league_entries(session, league.id)]

    def league_tables(self, league_id: int) -> list[StrategyTable]:
        """The tables of a league's strategies, by id, in one query."""
        with self._session() as session:
            league = league_row(session, league_id, self.where)
            return [stored_table(row) for row in league_entries(session, league.id, tables=True)]

    def league_results(self, league_id: int) -> LeagueResults:
        """A league with its entries and the matches stored so far."""
        with self._session() as session:
            return read_league_results(session, league_row(session, league_id, self.where))
