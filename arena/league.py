"""Round-robin leagues: every pair of tables, both seatings, in parallel.

The parent checks the entries once (``arena.match.Lineup``: one rule set
and goal, every value a dice count) and hands out chunks of pairs lazily,
as (k, 2) arrays of entry indices, each with the checked stack of tables
(arrays only, never user code), which the exact kernels take without
checking it again. Workers return arrays of win probabilities
(``PairScores``); only the parent sees results and stores them, chunk by
chunk, so memory holds a few chunks, never the whole league.
Simulated matches take per-match seeds from ``numpy.random.SeedSequence``
keyed by the league seed and both tables' hashes, computed in the worker, so
results depend neither on the number of workers nor on the order in which
chunks finish. Exact matches need no seeds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from arena.match import Lineup
from arena.parallel import run_chunks
from hog import exact, simulate
from hog.exact import TableStack
from hog.rules import ORIGIN, Start
from results.errors import StoreError
from results.match_key import MatchKey, match_terms
from strategies.table import StrategyTable

__all__ = [
    "LeagueSettings",
    "PairScores",
    "LeagueError",
    "pair_chunks",
    "match_seed",
    "score_chunk",
    "play_league",
    "run_league",
    "win_rate_matrix",
]


#: Exact leagues asked to run on local processes (``loky``) run on threads of
#: the calling process instead: the exact kernels release the GIL, so threads
#: use every core without starting worker processes (seconds each, a copy of
#: numba and of the tables in each) or pickling chunks; results are the same.
EXACT_IN_THREADS = True


class LeagueError(ValueError):
    """A league that cannot be run as asked."""


@dataclass(frozen=True)
class LeagueSettings:
    """How every match of a league is scored (six-sided dice, as the match
    cache assumes), normalised as the match cache keys it
    (``results.records.match_terms``: games and seed are 0 for exact), and
    where every match starts (0-0, player 0 first, unless fa14's bids gave
    another: then ``first`` and ``second`` are the chances as player 0 and
    as player 1)."""

    method: str = "exact"
    games: int = 0
    seed: int = 0
    start: Start = ORIGIN

    def __post_init__(self) -> None:
        try:
            _, games, seed = match_terms(self.method, self.games, self.seed)
        except StoreError as error:
            raise LeagueError(f"league: {error}") from None
        object.__setattr__(self, "games", games)
        object.__setattr__(self, "seed", seed)

    def key(self, rules: str, goal: int) -> MatchKey:
        """The match cache's key of this league's matches under RULES and GOAL."""
        return MatchKey(rules, goal, self.method, self.games, self.seed, self.start)


@dataclass(frozen=True, eq=False)
class PairScores:
    """Matches as arrays: row k is entry ``pairs[k, 0]`` against entry
    ``pairs[k, 1]``, the first one's chances moving first and second, and
    (simulated matches only) the standard error of their mean."""

    pairs: np.ndarray
    first: np.ndarray
    second: np.ndarray
    stderr: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.pairs)

    @property
    def rate(self) -> np.ndarray:
        """The first entry's win rate: the mean of its two seatings."""
        rate: np.ndarray = (self.first + self.second) / 2
        return rate

    @classmethod
    def joined(cls, parts: Sequence[PairScores]) -> PairScores:
        """PARTS as one, in pair order (row by row of the round robin)."""
        if not parts:
            return cls(np.zeros((0, 2), dtype=np.int64), np.zeros(0), np.zeros(0))
        pairs = np.concatenate([p.pairs for p in parts])
        order = np.lexsort((pairs[:, 1], pairs[:, 0]))
        errors = [p.stderr for p in parts if p.stderr is not None]
        stderr = np.concatenate(errors)[order] if len(errors) == len(parts) else None
        first = np.concatenate([p.first for p in parts])[order]
        second = np.concatenate([p.second for p in parts])[order]
        return cls(pairs[order], first, second, stderr)


def pair_chunks(n: int, size: int, done: np.ndarray | None = None) -> Iterator[np.ndarray]:
    """The pairs (i < j) of n entries not marked in DONE (an n x n bool
    matrix, read above the diagonal), in chunks of at most SIZE rows, made
    one at a time (memory holds one chunk, not the league)."""
    parts: list[np.ndarray] = []
    held = 0
    for i in range(n - 1):
        columns = np.arange(i + 1, n, dtype=np.int64)
        if done is not None:
            columns = columns[~done[i, i + 1 :]]
        while len(columns):
            take = columns[: size - held]
            columns = columns[len(take) :]
            parts.append(np.column_stack([np.full(len(take), i, dtype=np.int64), take]))
            held += len(take)
            if held == size:
                yield np.concatenate(parts)
                parts, held = [], 0
    if held:
        yield np.concatenate(parts)


def _sha_key(sha: str) -> int:
    return int(sha[:15], 16)


def match_seed(league_seed: int, sha_a: str, sha_b: str) -> int:
    """The seed of the match between two tables in a league with LEAGUE_SEED
    (the same whichever table is named first)."""
    return _pair_seed(league_seed, _sha_key(sha_a), _sha_key(sha_b))


def _pair_seed(league_seed: int, key_a: int, key_b: int) -> int:
    key = (key_a, key_b) if key_a <= key_b else (key_b, key_a)
    state = np.random.SeedSequence(entropy=league_seed, spawn_key=key).generate_state(1, dtype=np.uint64)
    return int(state[0] >> np.uint64(1))


def score_chunk(
    tables: TableStack, pairs: np.ndarray, rules: str, settings: LeagueSettings, keys: Sequence[int] = ()
) -> PairScores:
    """Score PAIRS of the checked TABLES. Simulated matches need KEYS, each
    table's ``int(sha256[:15], 16)``, for their seeds (``match_seed``)."""
    if settings.method == "exact":
        chances = exact.win_probabilities_pairs(tables, pairs, rules, start=settings.start)
        return PairScores(pairs, chances[:, 0].copy(), chances[:, 1].copy())
    out = np.empty((len(pairs), 3))
    for row, (i, j) in enumerate(pairs):
        seed = _pair_seed(settings.seed, keys[i], keys[j])
        s = simulate.simulate(
            tables.tables[i], tables.tables[j], rules, games=settings.games, seed=seed, start=settings.start
        )
        out[row] = (s.first, s.second, s.stderr)
    return PairScores(pairs, out[:, 0].copy(), out[:, 1].copy(), out[:, 2].copy())


def play_league(
    entries: Sequence[StrategyTable] | Lineup,
    settings: LeagueSettings,
    *,
    done: np.ndarray | None = None,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    chunk_size: int | None = None,
) -> Iterator[PairScores]:
    """Score every unordered pair of ENTRIES (checked here unless they are a
    Lineup already) but those marked in DONE (n x n bool, above the
    diagonal), yielding each chunk's scores as it finishes (exact leagues
    on threads of this process rather than local processes: see
    ``EXACT_IN_THREADS``)."""
    if len(entries) < 2:
        raise LeagueError(f"a league needs at least two strategies, got {len(entries)}")
    lineup = Lineup.of(entries)
    n = len(lineup)
    todo = n * (n - 1) // 2 - (0 if done is None else int(np.triu(done, 1).sum()))
    if todo == 0:
        return
    keys = tuple(_sha_key(t.sha256) for t in lineup.tables) if settings.method == "simulate" else ()
    if EXACT_IN_THREADS and backend == "loky" and settings.method == "exact":
        backend = "threading"
    size = chunk_size or _default_chunk_size(todo, settings)
    work = ((lineup.stack, chunk, lineup.rules, settings, keys) for chunk in pair_chunks(n, size, done))
    yield from run_chunks(score_chunk, work, jobs=jobs, backend=backend, scheduler=scheduler)


def run_league(
    entries: Sequence[StrategyTable] | Lineup,
    settings: LeagueSettings,
    *,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    chunk_size: int | None = None,
) -> PairScores:
    """Every unordered pair of ENTRIES scored, in pair order (``play_league``
    collected in memory: for leagues that are not stored)."""
    chunks = play_league(entries, settings, jobs=jobs, backend=backend, scheduler=scheduler, chunk_size=chunk_size)
    return PairScores.joined(list(chunks))


def _default_chunk_size(pairs: int, settings: LeagueSettings) -> int:
    if settings.method == "simulate":
        return max(1, min(64, pairs // 16))
    return max(512, min(8192, pairs // 16))


def win_rate_matrix(n: int, scores: PairScores) -> np.ndarray:
    """The n x n matrix of row's win rate against column (NaN where no match)."""
    matrix = np.full((n, n), np.nan)
    i, j = scores.pairs[:, 0], scores.pairs[:, 1]
    rate = scores.rate
    matrix[i, j] = rate
    matrix[j, i] = 1 - rate
    return matrix
