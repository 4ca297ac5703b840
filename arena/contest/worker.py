"""The contest's ranking worker: brings published standings up to date.

One step (:func:`rank_step`) reads a contest's current entries at one
revision, fills their win-rate matrix from the standings published last
(the pairs it already knows), then from the match cache, then plays the
rest exactly (as a league does, on threads) and caches them; it publishes
the new standings and marks the queued entries ranked in one transaction.
A step interrupted anywhere, even by ``kill -9``, publishes nothing; the
next one starts again from what is stored, so nothing is lost and nothing
is counted twice. The step ranks the standings it publishes
(``arena.contest.board.ranked_rows``), once: readers only look them up.
:class:`RankingWorker` runs steps in a thread for the web server; ``hog contest worker`` runs them in a loop.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime, timezone

import numpy as np

from arena.contest.board import ranked_rows
from arena.league import LeagueSettings, play_league
from arena.tournament import stored_as_played
from results.contest_store import RankingInput
from results.interfaces import RankingStorage
from results.match_key import MatchKey
from strategies.table import StrategyTable

__all__ = ["rank_step", "rank_until_current", "RankingWorker"]

_EXACT = LeagueSettings()


def _known_matrix(ranked: RankingInput) -> tuple[np.ndarray, np.ndarray]:
    """The win-rate matrix of RANKED's entries filled from the last
    standings, and which pairs that filled (n x n bool)."""
    n = len(ranked.entries)
    matrix = np.full((n, n), np.nan)
    done = np.eye(n, dtype=bool)
    old = ranked.standings
    if old is None or old.matrix is None:
        return matrix, done
    old_position = {team.get("entry_id"): k for k, team in enumerate(old.teams)}
    mine = [(i, old_position[e.id]) for i, e in enumerate(ranked.entries) if e.id in old_position]
    if mine:
        new, previous = np.array(mine).T
        matrix[np.ix_(new, new)] = old.matrix[np.ix_(previous, previous)]
        done[np.ix_(new, new)] = True
    np.fill_diagonal(matrix, np.nan)
    return matrix, done


def _fill_from_cache(store: RankingStorage, ranked: RankingInput, matrix: np.ndarray, done: np.ndarray) -> None:
    """Fill the pairs the match cache knows (and pairs of equal tables: 0.5)."""
    entries = ranked.entries
    shas = [e.sha256 for e in entries]
    todo = np.argwhere(np.triu(~done, 1))
    if not len(todo):
        return
    key = MatchKey(ranked.contest.rules, ranked.contest.goal)
    asked = [(shas[i], shas[j]) for i, j in todo if shas[i] != shas[j]]
    found = store.cached_matches(key, asked) if asked else {}
    for i, j in todo:
        if shas[i] == shas[j]:
            rate = 0.5
        else:
            result = found.get((shas[i], shas[j]))
            if result is None:
                continue
            rate = result.win_rate
        matrix[i, j], matrix[j, i] = rate, 1 - rate
        done[i, j] = done[j, i] = True


def _play_missing(store: RankingStorage, ranked: RankingInput, matrix: np.ndarray, done: np.ndarray, jobs: int) -> int:
    """Play the pairs still missing exactly, cache them, fill them in; how many were played."""
    if done.all():
        return 0
    contest = ranked.contest
    tables = [StrategyTable(ranked.tables[e.id], contest.rules, f"entry-{e.id}", "file") for e in ranked.entries]
    key = MatchKey(contest.rules, contest.goal)
    played = 0
    for scores in stored_as_played(store, key, tables, play_league(tables, _EXACT, done=done, jobs=jobs)):
        i, j = scores.pairs[:, 0], scores.pairs[:, 1]
        matrix[i, j] = scores.rate
        matrix[j, i] = 1 - scores.rate
        played += len(scores)
    return played


def rank_step(store: RankingStorage, name: str, *, jobs: int = 1, now: Callable[[], datetime] | None = None) -> bool:
    """Bring the standings of contest NAME up to its current revision, once;
    True if it published new standings (False: already current, or another
    worker published first)."""
    ranked = store.ranking_input(name)
    if ranked.current or ranked.contest.imported:
        return False
    matrix, done = _known_matrix(ranked)
    _fill_from_cache(store, ranked, matrix, done)
    if len(ranked.entries) >= 2:
        _play_missing(store, ranked, matrix, done, jobs)
    teams = [
        {"entry_id": e.id, "team": e.team, "team_name": e.team_name, "baseline": e.baseline} for e in ranked.entries
    ]
    clock = now or (lambda: datetime.now(timezone.utc))
    return store.publish_standings(ranked, teams, ranked_rows(teams, matrix), matrix, clock())


def rank_until_current(store: RankingStorage, name: str, *, jobs: int = 1) -> int:
    """Run steps until the standings of NAME rank its newest revision; how many published."""
    published = 0
    while not store.standings_current(name):
        published += rank_step(store, name, jobs=jobs)
    return published


class RankingWorker:
    """Ranks every contest of a store in a background thread: at once when
    :meth:`wake` is called (after an accepted entry), else every POLL seconds
    (entries accepted by other processes, a worker that died mid-step)."""

    def __init__(
        self, store: RankingStorage, poll: float = 1.0, on_error: Callable[[BaseException], None] | None = None
    ) -> None:
        self.store = store
        self.poll = poll
        self.on_error = on_error
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start ranking in a new thread (again after :meth:`stop`, if need be)."""
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="contest-ranking", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        self._wake.set()

    def stop(self, timeout: float = 30.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(timeout)

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.clear()
            published = False
            try:
                for name in self.store.unranked_contests():
                    if self._stop.is_set():
                        return
                    published |= rank_step(self.store, name)
            except Exception as error:  # noqa: BLE001 - a worker thread must outlive one bad step
                if self.on_error is not None:
                    self.on_error(error)
            if not published:
                self._wake.wait(self.poll)
