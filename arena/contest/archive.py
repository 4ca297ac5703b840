"""The course's contest archive format, ``{"teams": [...], "winrate_mat":
[[...]]}`` (``winrate_mat[i][j]``: team i's chance to beat team j), read
as a finished past contest and written from a contest's standings."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np

from arena.contest.board import Board, public_matrix, ranked_rows
from arena.contest.teams import clean_team_name
from results.contest_records import ContestRecord
from results.contest_store import ContestSettings
from results.interfaces import ContestRepository
from strategies.names import looks_like

__all__ = ["export_board", "import_archive", "read_archive"]

#: How far a pair's two win rates may sum from 1 (rounding in the file).
_COMPLEMENT_TOLERANCE = 1e-6


def export_board(board: Board, matrix: np.ndarray) -> dict[str, Any]:
    """BOARD's standings, whose win rates are MATRIX, in the archive's format
    (teams in leaderboard order, exact; a team against itself 0.5), with the
    contest and its ranking."""
    names, matrix = public_matrix(board, matrix, exact=True)
    matrix = matrix.copy()
    np.fill_diagonal(matrix, 0.5)
    return {
        **board.as_dict(exact=True),
        "teams": names,
        "winrate_mat": matrix.tolist(),
    }


def read_archive(path: Path) -> tuple[list[str], np.ndarray]:
    """The teams and win-rate matrix of an archive file, checked (a
    ValueError naming the file and the first problem)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except OSError as error:
        raise ValueError(f"{path}: cannot be read: {error.strerror or error}") from None
    except ValueError as error:
        raise ValueError(f"{path}: not JSON: {error}") from None
    except RecursionError:
        raise ValueError(f"{path}: not JSON: nested too deeply") from None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("teams"), list)
        or not isinstance(data.get("winrate_mat"), list)
    ):
        raise ValueError(f'{path}: expected {{"teams": [...], "winrate_mat": [[...]]}}')
    teams, rows = data["teams"], data["winrate_mat"]
    if len(rows) != len(teams):
        raise ValueError(f"{path}: {len(teams)} teams but {len(rows)} rows in winrate_mat")
    names = []
    for k, team in enumerate(teams):
        if not isinstance(team, str):
            raise ValueError(f"{path}: team {k} is not a string")
        try:
            names.append(clean_team_name(team))
        except ValueError as error:
            raise ValueError(f"{path}: team {k}: {error}") from None
    for k, name in enumerate(names):
        twin = looks_like(name, names[:k], same=True)
        if twin is not None:
            first = names.index(twin)
            raise ValueError(
                f"{path}: teams {first} {ascii(twin)} and {k} {ascii(name)} have the same or look-alike names"
            )
    n = len(names)
    matrix = np.full((n, n), np.nan)
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != n:
            raise ValueError(f"{path}: winrate_mat row {i} does not have {n} values")
        for j, value in enumerate(row):
            if i == j:
                continue
            number = isinstance(value, (int, float)) and not isinstance(value, bool)
            if not number or not 0 <= value <= 1:  # NaN and infinities too
                raise ValueError(f"{path}: winrate_mat[{i}][{j}] = {value!r} is not a win rate 0..1")
            matrix[i, j] = float(value)
    unpaired = np.argwhere(np.triu(np.abs(matrix + matrix.T - 1) > _COMPLEMENT_TOLERANCE, 1))
    if len(unpaired):
        i, j = (int(k) for k in unpaired[0])
        raise ValueError(
            f"{path}: winrate_mat[{i}][{j}] + winrate_mat[{j}][{i}] = {matrix[i, j] + matrix[j, i]:g}, not 1"
            f" ({names[i]!r} and {names[j]!r} against each other: one of them wins each game)"
        )
    return names, matrix


def import_archive(
    store: ContestRepository, path: Path, name: str, rules: str, goal: int, closed: datetime | None = None
) -> ContestRecord:
    """Store the archive at PATH as the finished contest NAME, which closed
    at CLOSED (default: now)."""
    names, matrix = read_archive(path)
    when = closed or datetime.now(timezone.utc)
    settings = ContestSettings(rules, goal, when, team_size=1, rate_count=0, rate_seconds=60, publish="none")
    teams = [{"team": team, "team_name": team} for team in names]
    return store.import_contest(name, settings, names, ranked_rows(teams, matrix), matrix, datetime.now(timezone.utc))
