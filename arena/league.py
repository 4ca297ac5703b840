"""Round-robin leagues: every pair of tables, both seatings, in parallel.

The parent checks the entries once (``arena.match.Lineup``: one rule set
and goal, every value a dice count), splits the unordered pairs into chunks
and hands each chunk to a worker with the checked stack of tables (arrays
only, never user code), which the exact kernels take without checking it
again. Workers return win probabilities; only the parent sees results and
stores them.
Per-match seeds come from ``numpy.random.SeedSequence`` keyed by the league
seed and both tables' hashes, so results depend neither on the number of
workers nor on the order in which chunks finish.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from arena.match import Lineup
from arena.parallel import run_chunks
from hog import exact, simulate
from hog.exact import TableStack
from results.errors import StoreError
from results.records import MatchKey, match_terms
from strategies.table import StrategyTable

__all__ = [
    "LeagueSettings",
    "PairResult",
    "LeagueError",
    "round_robin_pairs",
    "match_seed",
    "score_chunk",
    "run_league",
    "win_rate_matrix",
]


class LeagueError(ValueError):
    """A league that cannot be run as asked."""


@dataclass(frozen=True)
class LeagueSettings:
    """How every match of a league is scored (six-sided dice, as the match
    cache assumes), normalised as the match cache keys it
    (``results.records.match_terms``: games and seed are 0 for exact)."""

    method: str = "exact"
    games: int = 0
    seed: int = 0

    def __post_init__(self) -> None:
        try:
            _, games, seed = match_terms(self.method, self.games, self.seed)
        except StoreError as error:
            raise LeagueError(f"league: {error}") from None
        object.__setattr__(self, "games", games)
        object.__setattr__(self, "seed", seed)

    def key(self, rules: str, goal: int) -> MatchKey:
        """The match cache's key of this league's matches under RULES and GOAL."""
        return MatchKey(rules, goal, self.method, self.games, self.seed)


@dataclass(frozen=True)
class PairResult:
    """Entry ``i`` against entry ``j``: i's chances moving first and second."""

    i: int
    j: int
    first: float
    second: float
    stderr: float | None = None

    @property
    def rate(self) -> float:
        return (self.first + self.second) / 2


def round_robin_pairs(n: int) -> np.ndarray:
    """All unordered pairs (i < j) of n entries, as an (m, 2) int array."""
    i, j = np.triu_indices(n, 1)
    return np.stack([i, j], axis=1).astype(np.int64)


def match_seed(league_seed: int, sha_a: str, sha_b: str) -> int:
    """The seed of the match between two tables in a league with LEAGUE_SEED
    (the same whichever table is named first)."""
    key = tuple(sorted((int(sha_a[:15], 16), int(sha_b[:15], 16))))
    state = np.random.SeedSequence(entropy=league_seed, spawn_key=key).generate_state(1, dtype=np.uint64)
    return int(state[0] >> np.uint64(1))


def score_chunk(
    tables: TableStack, pairs: np.ndarray, seeds: np.ndarray, rules: str, settings: LeagueSettings
) -> np.ndarray:
    """Score PAIRS of the checked TABLES: rows of (first, second, stderr)."""
    out = np.full((len(pairs), 3), np.nan)
    if settings.method == "exact":
        out[:, :2] = exact.win_probabilities_pairs(tables, pairs, rules)
        return out
    for row, ((i, j), seed) in enumerate(zip(pairs, seeds, strict=True)):
        s = simulate.simulate(tables.tables[i], tables.tables[j], rules, games=settings.games, seed=int(seed))
        out[row] = (s.first, s.second, s.stderr)
    return out


def run_league(
    entries: Sequence[StrategyTable] | Lineup,
    settings: LeagueSettings,
    *,
    known: dict[tuple[int, int], PairResult] | None = None,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    chunk_size: int | None = None,
    on_chunk: Callable[[list[PairResult]], None] | None = None,
) -> list[PairResult]:
    """Score every unordered pair of ENTRIES (checked here unless they are a
    Lineup already); KNOWN pairs are not recomputed.

    ON_CHUNK is called in the parent with each finished chunk's results (to
    store them and move a progress bar). Returns all pairs, in pair order.
    """
    if len(entries) < 2:
        raise LeagueError(f"a league needs at least two strategies, got {len(entries)}")
    lineup = Lineup.of(entries)
    known = dict(known or {})
    pairs = round_robin_pairs(len(lineup))
    todo = np.array([p for p in pairs if (int(p[0]), int(p[1])) not in known], dtype=np.int64).reshape(-1, 2)
    if len(todo):
        shas = [t.sha256 for t in lineup.tables]
        seeds = np.array([match_seed(settings.seed, shas[i], shas[j]) for i, j in todo], dtype=np.uint64)
        size = chunk_size or _default_chunk_size(len(todo), settings)
        chunks = [slice(start, start + size) for start in range(0, len(todo), size)]
        work = ((lineup.stack, todo[c], seeds[c], lineup.rules, settings) for c in chunks)
        for chunk_results in run_chunks(_score_and_label, work, jobs=jobs, backend=backend, scheduler=scheduler):
            known.update({(r.i, r.j): r for r in chunk_results})
            if on_chunk:
                on_chunk(chunk_results)
    return [known[(int(i), int(j))] for i, j in pairs]


def _score_and_label(
    tables: TableStack, pairs: np.ndarray, seeds: np.ndarray, rules: str, settings: LeagueSettings
) -> list[PairResult]:
    scores = score_chunk(tables, pairs, seeds, rules, settings)
    return [
        PairResult(int(i), int(j), float(f), float(s), None if np.isnan(e) else float(e))
        for (i, j), (f, s, e) in zip(pairs, scores, strict=True)
    ]


def _default_chunk_size(pairs: int, settings: LeagueSettings) -> int:
    if settings.method == "simulate":
        return max(1, min(64, pairs // 16))
    return max(64, min(2048, pairs // 16))


def win_rate_matrix(n: int, results: Sequence[PairResult]) -> np.ndarray:
    """The n x n matrix of row's win rate against column (diagonal NaN)."""
    matrix = np.full((n, n), np.nan)
    for r in results:
        matrix[r.i, r.j] = r.rate
        matrix[r.j, r.i] = 1 - r.rate
    return matrix
