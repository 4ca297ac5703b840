"""What the contest tests share: small contests, tables of entries, and a
plain recomputation of a contest's standings (the slow reference game and
the course's ranking written out again)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import numpy as np
from reference_exact import Game
from waiting import wait_until as wait_until  # the contest tests' bounded wait, from its own module

from arena.contest.service import Contests
from hog.rules import get_rules
from results.contest_store import ContestSettings
from strategies.submission import Submission
from strategies.table import StrategyTable

RULES = "sus_fuss"
GOAL = 30
NOW = datetime(2026, 11, 26, 12, 0, tzinfo=timezone.utc)


def settings(deadline: datetime | None = None, **changes: object) -> ContestSettings:
    """A contest of RULES and GOAL closing a day after NOW (or at DEADLINE)."""
    base = {"rules": RULES, "goal": GOAL, "deadline": deadline or NOW + timedelta(days=1), "team_size": 2}
    return ContestSettings(**{**base, **changes})  # type: ignore[arg-type]


def table_of(k: int, goal: int = GOAL) -> np.ndarray:
    """The k-th test entry: roll 1 + k % 10 dice, or 2 + k % 5 once 10 + k points ahead (all different)."""
    lead = np.subtract.outer(np.arange(goal), np.arange(goal))
    return np.where(lead >= 10 + k, 2 + k % 5, 1 + k % 10).astype(np.int8)


def reference_rate(a: np.ndarray, b: np.ndarray, rules: str = RULES) -> float:
    """A's win rate against B, both seatings averaged, by the plain reference game."""
    goal = len(a)
    first, second = Game(lambda s, o: int(a[s][o]), lambda s, o: int(b[s][o]), get_rules(rules), goal).first_second()
    return (first + second) / 2


def reference_standings(names: list[str], tables: list[np.ndarray]) -> dict[str, tuple[int, int, float]]:
    """{team name: (rank, wins, mean win rate)} by the course's rule, from the reference game."""
    n = len(tables)
    rates = [[reference_rate(tables[i], tables[j]) if i != j else None for j in range(n)] for i in range(n)]
    wins = [sum(1 for r in row if r is not None and r > 0.500001) for row in rates]
    means = [sum(r for r in row if r is not None) / (n - 1) for row in rates]
    return {names[i]: (1 + sum(w > wins[i] for w in wins), wins[i], means[i]) for i in range(n)}


def queue_entry(store, contest, person, table: np.ndarray, team_name: str | None, when: datetime):
    """An entry of PERSON's team queued in CONTEST as the API would leave it (no sandbox: TABLE as it is)."""
    submission = Submission("hog.json", StrategyTable(table, contest.rules, "entry", "file"), None)
    return Contests(store).accept(contest, person, submission, filename="hog.json", team_name=team_name, received=when)


def close_contest(store, name: str, when: datetime):
    """Staff close contest NAME at WHEN."""
    return Contests(store, clock=lambda: when).close(name)
