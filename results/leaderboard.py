"""Which league a leaderboard shows: a named one, else the pinned one, else
the one most recently finished. The ranking itself is ``arena.ranking``."""

from __future__ import annotations

from typing import Protocol

from results.records import LeagueRecord, LeagueResults

__all__ = ["LeagueReader", "shown_record", "shown_league"]


class LeagueReader(Protocol):
    """What finding a league needs from a results store."""

    def get_league(self, name_or_id: str | int, rules: str, goal: int) -> LeagueRecord: ...

    def latest_league(self, rules: str, goal: int) -> LeagueRecord | None: ...

    def pinned_league(self, rules: str, goal: int) -> LeagueRecord | None: ...

    def league_results(self, league_id: int) -> LeagueResults: ...


def shown_record(store: LeagueReader, rules: str, goal: int, league: str | None = None) -> LeagueRecord | None:
    """The league a leaderboard shows: LEAGUE (a name or id) of RULES and
    GOAL, else the pinned one, else the one most recently finished (a league
    grown by new entries finishes again); None if there is none (a LEAGUE
    that names none raises the store's NotStored)."""
    if league:
        return store.get_league(league, rules, goal)
    return store.pinned_league(rules, goal) or store.latest_league(rules, goal)


def shown_league(store: LeagueReader, rules: str, goal: int, league: str | None = None) -> LeagueResults | None:
    """The results of the league a leaderboard shows (``shown_record``), or None."""
    record = shown_record(store, rules, goal, league)
    return None if record is None else store.league_results(record.id)
