"""Evolutionary dynamics over a league's win-rate matrix, as Axelrod's
Ecosystem and Moran process do for the prisoner's dilemma.

``A[i, j]`` is strategy i's win rate against strategy j, the payoff of an
i-player meeting a j-player; a NaN diagonal (a strategy against itself)
counts as 0.5. Two dynamics:

- ``replicator``: an infinite population, shares ``x``; each generation
  ``x_i <- x_i * p_i / (x . p)`` with ``p = A x``, a strategy's mean win
  rate against the current population. For a win-rate matrix
  (``A[i, j] + A[j, i] = 1``) the population's mean payoff ``x . A x`` is
  always 1/2, so a strategy grows exactly when it wins more than half its
  games against the population.
- ``moran``: a finite population of N individuals. Each step one individual
  reproduces, chosen with probability proportional to its fitness (its mean
  win rate against the N - 1 others), and its copy replaces an individual
  chosen uniformly at random (possibly the parent, which changes nothing),
  until one strategy holds everyone (fixation) or a step limit. The random
  numbers come from ``numpy.random.default_rng(seed)``: one seed, one path.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["payoff_matrix", "Replicator", "replicator", "MoranRun", "moran", "equal_counts"]

#: Moran steps whose random numbers (two a step) are drawn at a time: first, then every time.
_FIRST_BLOCK, _BLOCK = 64, 4096


def payoff_matrix(matrix: np.ndarray) -> np.ndarray:
    """MATRIX checked (square, at least 2 x 2, finite off the diagonal, not
    negative) as floats, with a NaN diagonal read as 0.5."""
    payoff = np.array(matrix, dtype=float)
    if payoff.ndim != 2 or payoff.shape[0] != payoff.shape[1] or payoff.shape[0] < 2:
        raise ValueError(f"a payoff matrix must be square and at least 2 x 2, not of shape {payoff.shape}")
    diagonal = np.diag_indices(len(payoff))
    payoff[diagonal] = np.where(np.isnan(payoff[diagonal]), 0.5, payoff[diagonal])
    if not np.isfinite(payoff).all():
        raise ValueError("a payoff matrix needs every result: it has NaN or infinite entries off the diagonal")
    if (payoff < 0).any():
        raise ValueError("payoffs must not be negative")
    return payoff


@dataclass(frozen=True)
class Replicator:
    """A replicator run: ``shares[g]`` is the population after generation g
    (row 0: the start); ``converged`` when it stopped because no share moved
    by more than the tolerance in the last generation."""

    shares: np.ndarray
    converged: bool

    @property
    def generations(self) -> int:
        """Generations run."""
        return len(self.shares) - 1

    def survivors(self, threshold: float) -> list[int]:
        """Strategies whose final share is at least THRESHOLD, largest first."""
        final = self.shares[-1]
        return [int(i) for i in np.argsort(-final, kind="stable") if final[i] >= threshold]


def replicator(
    matrix: np.ndarray, generations: int, *, start: np.ndarray | None = None, tolerance: float = 0.0
) -> Replicator:
    """Discrete-time replicator dynamics on MATRIX from START (default: equal
    shares) for GENERATIONS, stopping early once no share changes by more
    than TOLERANCE (0: never)."""
    payoff = payoff_matrix(matrix)
    n = len(payoff)
    if generations < 0:
        raise ValueError(f"generations must not be negative, not {generations}")
    x = np.full(n, 1.0 / n) if start is None else np.array(start, dtype=float)
    if x.shape != (n,) or (x < 0).any() or not np.isclose(x.sum(), 1.0):
        raise ValueError(f"start must be {n} non-negative shares that sum to 1")
    history = [x]
    converged = False
    for _ in range(generations):
        fitness = payoff @ x
        mean = float(x @ fitness)
        if mean <= 0:
            raise ValueError("the population's mean payoff is 0: shares cannot be renormalised")
        new = x * fitness / mean
        new /= new.sum()
        history.append(new)
        step = float(np.abs(new - x).max())
        x = new
        if step <= tolerance:
            converged = True
            break
    return Replicator(np.array(history), converged)


def equal_counts(strategies: int, each: int) -> np.ndarray:
    """A starting population of EACH individuals of every one of STRATEGIES."""
    if strategies < 1 or each < 1:
        raise ValueError(f"a population needs at least one strategy and one individual of each, not {each}")
    return np.full(strategies, each, dtype=np.int64)


@dataclass(frozen=True)
class MoranRun:
    """A Moran run: ``counts[r]`` is the population after ``steps_at[r]``
    steps (row 0: the start, then every ``record_every`` steps and the
    end); ``winner`` is the strategy that fixed after ``steps`` steps, or
    None if the step limit came first."""

    counts: np.ndarray
    steps_at: np.ndarray
    steps: int
    winner: int | None

    @property
    def size(self) -> int:
        """Individuals in the population."""
        return int(self.counts[0].sum())

    @property
    def shares(self) -> np.ndarray:
        """``counts`` as shares of the population."""
        return self.counts / self.size


def moran(
    matrix: np.ndarray,
    counts: np.ndarray,
    *,
    seed: int,
    max_steps: int,
    record_every: int | None = None,
) -> MoranRun:
    """The Moran process on MATRIX from COUNTS individuals of each strategy,
    until fixation or MAX_STEPS steps; the population is recorded every
    RECORD_EVERY steps (default: the population size, one generation)."""
    payoff = payoff_matrix(matrix)
    n = np.array(counts, dtype=np.int64)
    if n.shape != (len(payoff),) or (n < 0).any() or n.sum() < 2:
        raise ValueError(f"counts must be {len(payoff)} non-negative numbers of individuals, at least 2 in all")
    if max_steps < 0:
        raise ValueError(f"max_steps must not be negative, not {max_steps}")
    size = int(n.sum())
    every = size if record_every is None else record_every
    if every < 1:
        raise ValueError(f"record_every must be positive, not {every}")
    rng = np.random.default_rng(seed)
    # totals[i]: an i-player's summed payoff against everyone, itself included.
    totals = payoff @ n.astype(float)
    self_payoff = np.diag(payoff).copy()
    columns = [payoff[:, j].copy() for j in range(len(n))]
    population = np.repeat(np.arange(len(n)), n).tolist()  # each individual's strategy
    alive = int(np.count_nonzero(n))
    recorded, steps_at = [n.copy()], [0]
    step = 0
    uniforms: list[list[float]] = []
    while step < max_steps and alive > 1:
        if not uniforms:  # a small first block: short runs draw little
            uniforms = rng.random((_FIRST_BLOCK if step == 0 else _BLOCK, 2)).tolist()[::-1]
        birth_u, death_u = uniforms.pop()
        # Clipped at 0: totals is updated step by step, and rounding must not
        # give a strategy that never wins a tiny negative weight.
        weights = np.cumsum(n * np.maximum(totals - self_payoff, 0.0))
        if weights[-1] <= 0:
            raise ValueError("every individual's payoff against the others is 0: no one can reproduce")
        parent = min(int(np.searchsorted(weights, birth_u * weights[-1], side="right")), len(n) - 1)
        replaced = int(death_u * size)
        dead = population[replaced]
        step += 1
        if parent != dead:
            population[replaced] = parent
            n[parent] += 1
            n[dead] -= 1
            alive -= int(n[dead] == 0)
            totals += columns[parent] - columns[dead]
        if step % every == 0:
            recorded.append(n.copy())
            steps_at.append(step)
    if steps_at[-1] != step:
        recorded.append(n.copy())
        steps_at.append(step)
    winner = int(np.flatnonzero(n)[0]) if alive == 1 else None
    return MoranRun(np.array(recorded), np.array(steps_at), step, winner)
