"""A league's matches as arrays, and the snapshot that keeps a finished league's.

Reading a league through the match cache joins every match with its two
entries: half a million rows for 1,000 entries, seconds of work. When a
league finishes, its matches are also kept in one ``league_snapshots`` row
of arrays, in pair order (i < j over its entries by id). A league read
later takes the snapshot and, through the cache, only the matches of the
entries the snapshot lacks (a league grown by ``add_league_entries``). A
stored match never changes, so a snapshot never goes stale; finishing the
league again replaces it. Rates are kept as their writer gave them, so a
league reads back bit for bit the same either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

import numpy as np
from sqlalchemy.orm import Session

from results.models import LeagueSnapshot, utc_now
from results.records import LeagueResults

__all__ = ["MatchRows", "load_snapshot", "snapshot_columns", "save_snapshot"]


@dataclass(frozen=True, eq=False)
class MatchRows:
    """Matches between a league's entries: entry ``writer[k]`` (a position in
    the league's entries) against entry ``other[k]``, with the rates as the
    writer gave them (``stderr`` NaN where there is none)."""

    writer: np.ndarray
    other: np.ndarray
    rate: np.ndarray
    first: np.ndarray
    second: np.ndarray
    stderr: np.ndarray

    def __len__(self) -> int:
        return len(self.writer)

    @classmethod
    def joined(cls, parts: Sequence[MatchRows]) -> MatchRows:
        """PARTS as one."""
        if not parts:
            empty = np.zeros(0)
            return cls(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), empty, empty, empty, empty)
        return cls(*(np.concatenate([getattr(p, f.name) for p in parts]) for f in fields(cls)))

    def fill(self, results: LeagueResults) -> None:
        """Record these matches in RESULTS (whose entries their positions index)."""
        results.fill(self.writer, self.other, self.rate, self.first, self.second, self.stderr)


def _pair_order(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The pairs (i, j), i < j, of N entries in row-major order: the snapshot's order."""
    i, j = np.triu_indices(n, 1)
    return i.astype(np.int64), j.astype(np.int64)


def load_snapshot(session: Session, league_id: int, ids: np.ndarray) -> tuple[MatchRows, np.ndarray] | None:
    """The snapshot of league LEAGUE_ID as rows whose positions index IDS (the
    league's strategy ids, ascending), and the mask of IDS it covers; None if
    there is none, or it names a strategy that is no longer an entry."""
    row = session.get(LeagueSnapshot, league_id)
    if row is None:
        return None
    kept = np.frombuffer(row.entry_ids, dtype="<i8").astype(np.int64)
    where = np.searchsorted(ids, kept)
    if len(kept) and (where.max() >= len(ids) or not np.array_equal(ids[where], kept)):
        return None
    i, j = _pair_order(len(kept))
    high = np.frombuffer(row.writer_high, dtype=np.bool_)
    low_entry, high_entry = where[i], where[j]
    rate = np.frombuffer(row.win_rate, dtype="<f8").astype(float)
    stderr = np.full(len(rate), np.nan) if row.stderr is None else np.frombuffer(row.stderr, dtype="<f8").astype(float)
    rows = MatchRows(
        np.where(high, high_entry, low_entry),
        np.where(high, low_entry, high_entry),
        rate,
        np.frombuffer(row.a_first, dtype="<f8").astype(float),
        np.frombuffer(row.a_second, dtype="<f8").astype(float),
        stderr,
    )
    covered = np.zeros(len(ids), dtype=bool)
    covered[where] = True
    return rows, covered


def snapshot_columns(ids: np.ndarray, rows: MatchRows) -> dict[str, bytes | None]:
    """The ``league_snapshots`` columns of ROWS, one match for every pair of
    the entries IDS (ascending), or a ValueError if they are not that."""
    n = len(ids)
    low, high = np.minimum(rows.writer, rows.other), np.maximum(rows.writer, rows.other)
    place = low * (2 * n - low - 1) // 2 + (high - low - 1)  # the pair's index in _pair_order
    size = n * (n - 1) // 2
    if len(rows) != size or (size and np.bincount(place, minlength=size).max() > 1):
        raise ValueError(f"a snapshot needs one match for each of the {size} pairs, got {len(rows)}")

    def ordered(values: np.ndarray, dtype: str) -> bytes:
        out = np.empty(size, dtype=dtype)
        out[place] = values
        return out.tobytes()

    return {
        "entry_ids": np.asarray(ids, dtype="<i8").tobytes(),
        "writer_high": ordered(rows.writer > rows.other, "?"),
        "win_rate": ordered(rows.rate, "<f8"),
        "a_first": ordered(rows.first, "<f8"),
        "a_second": ordered(rows.second, "<f8"),
        "stderr": None if np.isnan(rows.stderr).all() else ordered(rows.stderr, "<f8"),
    }


def save_snapshot(session: Session, league_id: int, ids: np.ndarray, rows: MatchRows) -> None:
    """Keep ROWS (see ``snapshot_columns``) as league LEAGUE_ID's snapshot, replacing any older one."""
    session.merge(LeagueSnapshot(league_id=league_id, created=utc_now(), **snapshot_columns(ids, rows)))
