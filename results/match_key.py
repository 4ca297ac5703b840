"""The match cache's key: the one place where a match's (rule set, goal,
method, games, seed, start) is checked and normalised, for the store, the
arena's leagues and their workers. A leaf module: it needs neither the
database nor the models.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from hog.rules.start import ORIGIN, Start
from results.errors import StoreError

__all__ = ["METHODS", "MAX_SEED", "MatchKey", "match_terms", "check_seed", "check_start"]


#: How a match is decided: exact dynamic programming or Monte Carlo games.
METHODS = ("exact", "simulate")
#: The largest seed the store keeps (a signed 64-bit column).
MAX_SEED = 2**63 - 1


def check_seed(seed: object) -> int:
    """SEED as an int 0..MAX_SEED, or a StoreError."""
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED:
        return int(seed)
    raise StoreError(f"seed must be an integer 0..2**63-1, not {seed!r}")


def _positive_int(value: object) -> int | None:
    """VALUE as an int if it is an integer (not a bool) of at least 1, else None."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value >= 1:
        return int(value)
    return None


def match_terms(method: str, games: int, seed: int) -> tuple[str, int, int]:
    """(METHOD, GAMES, SEED) as a match is keyed: both 0 for exact matches
    (they do not matter), else a positive number of games and a seed
    0..2**63-1; a StoreError otherwise.

    >>> match_terms("exact", 500, 9)
    ('exact', 0, 0)
    >>> match_terms("simulate", 500, 9)
    ('simulate', 500, 9)
    """
    if method not in METHODS:
        raise StoreError(f"method {method!r} is not one of {', '.join(METHODS)}")
    if method == "exact":
        return method, 0, 0
    count = _positive_int(games)
    if count is None:
        raise StoreError(f"a simulated match needs a positive number of games, not {games!r}")
    return method, count, check_seed(seed)


def check_start(start: object, goal: int) -> Start:
    """START as a ``hog.rules.Start`` whose scores are below GOAL and whose
    first player is 0 or 1, or a StoreError.

    >>> check_start(Start(2, 9, 0), 100)
    Start(score0=2, score1=9, first=0)
    """
    if not isinstance(start, Start):
        raise StoreError(f"a match's start must be a Start (scores and first player), not {start!r}")
    try:
        return start.checked(goal)
    except ValueError as error:
        raise StoreError(str(error)) from None


@dataclass(frozen=True)
class MatchKey:
    """What a cached match is keyed by besides its two tables: rule set,
    goal, method, games, seed and the start (scores and the player who
    moves first: 0-0, player 0, unless fa14's bids gave another), normalised
    once (``match_terms``, ``check_start``), so two keys that mean the same
    computation are equal.

    >>> MatchKey("hog_pile", 100, "exact", 500, 9) == MatchKey("hog_pile", 100)
    True
    """

    rules: str
    goal: int
    method: str = "exact"
    games: int = 0
    seed: int = 0
    start: Start = ORIGIN

    def __post_init__(self) -> None:
        if not isinstance(self.rules, str) or not self.rules:
            raise StoreError(f"a match key needs a rule set name, not {self.rules!r}")
        goal = _positive_int(self.goal)
        if goal is None:
            raise StoreError(f"goal must be a positive integer, not {self.goal!r}")
        _, games, seed = match_terms(self.method, self.games, self.seed)
        object.__setattr__(self, "goal", goal)
        object.__setattr__(self, "games", games)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "start", check_start(self.start, goal))

    def astuple(self) -> tuple[str, int, str, int, int, int, int, int]:
        """(rules, goal, method, games, seed, start's score0, score1, first
        player): the values of the match cache's key columns, in order."""
        start = self.start
        return self.rules, self.goal, self.method, self.games, self.seed, start.score0, start.score1, start.first
