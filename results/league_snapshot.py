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

from collections.abc import Iterable
from dataclasses import dataclass, fields

import numpy as np
from sqlalchemy.orm import Session

from results.models import LeagueSnapshot, utc_now
from results.records import LeagueResults

__all__ = ["POSITION", "MatchRows", "load_snapshot", "snapshot_columns", "save_snapshot"]


#: The type of an entry's position in MatchRows (half the memory of int64).
POSITION = np.int32


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
    def gathered(cls, parts: Iterable[MatchRows], most: int) -> MatchRows:
        """PARTS (at most MOST rows in all) as one, copied part by part into
        arrays made once, so a part can be dropped as soon as it is in."""
        names = [f.name for f in fields(cls)]
        out = {name: np.empty(most, dtype=POSITION if name in ("writer", "other") else float) for name in names}
        count = 0
        for part in parts:
            if count + len(part) > most:
                raise ValueError(f"more than {most} matches between the league's entries")
            for name in names:
                out[name][count : count + len(part)] = getattr(part, name)
            count += len(part)
        return cls(**{name: values[:count] for name, values in out.items()})

    def fill(self, results: LeagueResults) -> None:
        """Record these matches in RESULTS (whose entries their positions index)."""
        results.fill(self.writer, self.other, self.rate, self.first, self.second, self.stderr)


def _pair_order(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The pairs (i, j), i < j, of N entries in row-major order: the snapshot's order."""
    i, j = np.empty(n * (n - 1) // 2, dtype=POSITION), np.empty(n * (n - 1) // 2, dtype=POSITION)
    start = 0
    for row in range(n - 1):
        i[start : start + n - 1 - row] = row
        j[start : start + n - 1 - row] = np.arange(row + 1, n, dtype=POSITION)
        start += n - 1 - row
    return i, j


def load_snapshot(session: Session, league_id: int, ids: np.ndarray) -> tuple[MatchRows, np.ndarray] | None:
    """The snapshot of league LEAGUE_ID as rows whose positions index IDS (the
    league's strategy ids, ascending), and the mask of IDS it covers; None if
    there is none, or it names a strategy that is no longer an entry."""
    row = session.get(LeagueSnapshot, league_id)
    if row is None:
        return None
    kept = np.frombuffer(row.entry_ids, dtype="<i8")
    where = np.searchsorted(ids, kept).astype(POSITION)
    if len(kept) and (where.max() >= len(ids) or not np.array_equal(ids[where], kept)):
        return None
    i, j = _pair_order(len(kept))
    high = np.frombuffer(row.writer_high, dtype=np.bool_)
    low_entry, high_entry = where[i], where[j]
    rate, first, second = (np.frombuffer(value, dtype="<f8") for value in (row.win_rate, row.a_first, row.a_second))
    stderr = np.full(len(i), np.nan) if row.stderr is None else np.frombuffer(row.stderr, dtype="<f8")
    writer, other = np.where(high, high_entry, low_entry), np.where(high, low_entry, high_entry)
    rows = MatchRows(writer, other, rate, first, second, stderr)
    covered = np.zeros(len(ids), dtype=bool)
    covered[where] = True
    return rows, covered


def snapshot_columns(ids: np.ndarray, rows: MatchRows) -> dict[str, bytes | None]:
    """The ``league_snapshots`` columns of ROWS, one match for every pair of
    the entries IDS (ascending), or a ValueError if they are not that."""
    n = len(ids)
    low = np.minimum(rows.writer, rows.other).astype(np.int64)
    place = low * (2 * n - low - 1) // 2 + (np.maximum(rows.writer, rows.other) - low - 1)  # index in _pair_order
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
