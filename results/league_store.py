"""The leagues-and-matches aggregate of the store: leagues with their
entries, and the match cache keyed by :class:`~results.records.MatchKey`
and a pair of table sha256s (see ``results.store`` for how a pair is kept)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import combinations
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from results.database import Database, check_name, chunks
from results.errors import NotStored, StoreError
from results.models import League, LeagueEntry, Match, Strategy, league_entries, league_row, named_league_row, utc_now
from results.records import LeagueRecord, LeagueResults, MatchKey, MatchResult, StrategyRecord, ordered_pair

__all__ = ["LeagueStore", "stored_matches"]

_SHA256 = re.compile(r"[0-9a-f]{64}")


def _check_sha(value: str) -> str:
    if not isinstance(value, str) or not _SHA256.fullmatch(value):
        raise StoreError(f"{value!r} is not a table sha256 (64 lowercase hex digits)")
    return value


def stored_matches(session: Session, key: MatchKey, pairs: set[tuple[str, str]]) -> dict[tuple[str, str], MatchResult]:
    """The stored matches under KEY among PAIRS (in sha256 order), as their writers gave them."""
    firsts = sorted({a for a, _ in pairs})
    found: dict[tuple[str, str], MatchResult] = {}
    for chunk in chunks(firsts):
        rows = session.scalars(
            select(Match).where(
                Match.rules == key.rules,
                Match.goal == key.goal,
                Match.method == key.method,
                Match.games == key.games,
                Match.seed == key.seed,
                Match.sha_a.in_(chunk),
            )
        )
        for row in rows:
            if (row.sha_a, row.sha_b) in pairs:
                found[(row.sha_a, row.sha_b)] = MatchResult.from_row(row)
    return found


def _match_row(key: MatchKey, result: MatchResult, now: Any) -> dict[str, Any]:
    """The ``matches`` row of RESULT under KEY, or a StoreError for a bad result."""
    _check_sha(result.a)
    _check_sha(result.b)
    rates = (result.win_rate, result.a_first, result.a_second)
    if not all(isinstance(r, (int, float)) and 0.0 <= r <= 1.0 for r in rates):
        raise StoreError(f"rates of match {result.a[:12]} vs {result.b[:12]} must be in 0..1, got {rates}")
    if result.stderr is not None and not 0.0 <= result.stderr:
        raise StoreError(f"standard error of match {result.a[:12]} vs {result.b[:12]} is {result.stderr}")
    sha_a, sha_b = ordered_pair(result.a, result.b)
    return {
        "rules": key.rules,
        "goal": key.goal,
        "method": key.method,
        "games": key.games,
        "seed": key.seed,
        "sha_a": sha_a,
        "sha_b": sha_b,
        "swapped": sha_a != result.a,
        "win_rate": float(result.win_rate),
        "a_first": float(result.a_first),
        "a_second": float(result.a_second),
        "stderr": None if result.stderr is None else float(result.stderr),
        "created": now,
    }


def _league_results(session: Session, league: League) -> LeagueResults:
    entries = league_entries(session, league.id)
    pairs = {ordered_pair(a.sha256, b.sha256) for a, b in combinations(entries, 2)}
    record = LeagueRecord.from_row(league)
    matches = stored_matches(session, record.key, pairs)
    return LeagueResults(record, tuple(StrategyRecord.from_row(e) for e in entries), matches)


class LeagueStore(Database):
    """Leagues, their entries, and the match cache."""

    def create_league(
        self,
        name: str,
        rules: str,
        goal: int,
        method: str,
        games: int,
        seed: int,
        strategy_ids: Iterable[int],
    ) -> LeagueRecord:
        """A running league with its entries (repeated ids count once), in one transaction."""
        check_name(name, "league name")
        key = MatchKey(rules, goal, method, games, seed)
        ids = list(dict.fromkeys(int(i) for i in strategy_ids))
        if len(ids) < 2:
            raise StoreError(f"league {name!r} needs at least 2 different strategies, got {len(ids)}")
        with self._session(write=True) as session:
            found = {
                row.id: row
                for chunk in chunks(ids)
                for row in session.scalars(select(Strategy).where(Strategy.id.in_(chunk)))
            }
            for strategy_id in ids:
                row = found.get(strategy_id)
                if row is None:
                    raise NotStored(f"league {name!r}: no stored strategy #{strategy_id} in {self.where}")
                if (row.rules, row.goal) != (key.rules, key.goal):
                    raise StoreError(
                        f"league {name!r} is for {rules}, goal {goal}, but strategy #{row.id} {row.name!r} "
                        f"is for {row.rules}, goal {row.goal}"
                    )
            league = League(
                name=name,
                rules=key.rules,
                goal=key.goal,
                method=key.method,
                games=key.games,
                seed=key.seed,
                status="running",
            )
            session.add(league)
            session.flush()
            session.execute(insert(LeagueEntry), [{"league_id": league.id, "strategy_id": i} for i in ids])
            return LeagueRecord.from_row(league)

    def cached_matches(
        self,
        rules: str,
        goal: int,
        method: str,
        games: int,
        seed: int,
        pairs: Iterable[tuple[str, str]],
    ) -> dict[tuple[str, str], MatchResult]:
        """The stored results among PAIRS of table sha256s, keyed and oriented as asked."""
        key = MatchKey(rules, goal, method, games, seed)
        asked = list(dict.fromkeys((_check_sha(a), _check_sha(b)) for a, b in pairs))
        with self._session() as session:
            stored = stored_matches(session, key, {ordered_pair(a, b) for a, b in asked})
        found: dict[tuple[str, str], MatchResult] = {}
        for a, b in asked:
            result = stored.get(ordered_pair(a, b))
            if result is not None:
                found[(a, b)] = result if result.a == a else result.flipped()
        return found

    def store_matches(
        self,
        rules: str,
        goal: int,
        method: str,
        games: int,
        seed: int,
        results: Iterable[MatchResult],
    ) -> None:
        """Cache a batch of results in one transaction; pairs already stored are left as they are."""
        key = MatchKey(rules, goal, method, games, seed)
        now = utc_now()
        rows: dict[tuple[str, str], dict[str, Any]] = {}
        for result in results:
            row = _match_row(key, result, now)
            rows.setdefault((row["sha_a"], row["sha_b"]), row)
        if not rows:
            return
        dialect_insert = sqlite_insert if self.url.get_backend_name() == "sqlite" else postgresql_insert
        statement = dialect_insert(Match).on_conflict_do_nothing()
        with self._session(write=True) as session:
            for chunk in chunks(list(rows.values())):
                session.execute(statement, chunk)

    def finish_league(self, league_id: int) -> LeagueRecord:
        """Mark a league done; refused while a pair of its entries has no stored match."""
        with self._session(write=True) as session:
            league = league_row(session, league_id, self.where)
            results = _league_results(session, league)
            if not results.complete:
                n = len(results.entries)
                missing = n * (n - 1) // 2 - len(results.matches)
                raise StoreError(f"league #{league.id} {league.name!r} still misses {missing} of its matches")
            league.status = "done"
            league.finished = utc_now()
            session.flush()
            return LeagueRecord.from_row(league)

    def get_league(self, name_or_id: str | int, rules: str, goal: int) -> LeagueRecord:
        """A league of a rule set and goal, by id or name (the newest of that name)."""
        with self._session() as session:
            return LeagueRecord.from_row(named_league_row(session, name_or_id, rules, goal, self.where))

    def latest_league(self, rules: str, goal: int) -> LeagueRecord | None:
        """The most recently created finished league of a rule set and goal."""
        with self._session() as session:
            league = session.scalars(
                select(League)
                .where(League.rules == rules, League.goal == goal, League.status == "done")
                .order_by(League.id.desc())
            ).first()
            return None if league is None else LeagueRecord.from_row(league)

    def league_results(self, league_id: int) -> LeagueResults:
        """A league with its entries and the matches stored so far."""
        with self._session() as session:
            return _league_results(session, league_row(session, league_id, self.where))
