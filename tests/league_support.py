"""Reading one match out of a league's arrays, as its writer gave it."""

from __future__ import annotations

import math

from results.records import LeagueResults, MatchResult, StrategyRecord


def stored_result(results: LeagueResults, a: StrategyRecord, b: StrategyRecord) -> MatchResult | None:
    """A's result against B in RESULTS, or None if that match is not stored yet."""
    i, j = (next(k for k, entry in enumerate(results.entries) if entry.id == record.id) for record in (a, b))
    if i == j or math.isnan(results.rates[i, j]):
        return None
    stderr = None if results.stderr is None else float(results.stderr[i, j])
    rates = float(results.rates[i, j]), float(results.first[i, j]), float(results.second[i, j])
    return MatchResult(a.sha256, b.sha256, *rates, stderr)
