"""A league as a picture: the win-rate matrix, strategies in rank order.

Figures use matplotlib's Agg canvas directly (no pyplot global state) and are
written as PNG files whole or not at all (``write_png``). Names are drawn as
text, never as mathtext (``strategies.heatmap.literal``).
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib import colormaps
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure

from results.leaderboard import Row
from results.records import LeagueResults
from strategies.files import write_atomically
from strategies.heatmap import literal

__all__ = ["MatrixPlot", "new_figure", "write_png", "win_rate_matrix_figure", "write_win_rate_matrix"]

#: Up to this many strategies, every row and column is labelled by name.
NAMED_LIMIT = 40
#: Up to this many strategies, every cell shows its win rate.
ANNOTATED_LIMIT = 12


@dataclass(frozen=True)
class MatrixPlot:
    """What the matrix picture shows: strategies in rank order and
    ``matrix[i, j]``, strategy i's win rate against strategy j (NaN on the
    diagonal and for matches not stored)."""

    names: tuple[str, ...]
    ranks: tuple[int, ...]
    matrix: np.ndarray


def new_figure(width: float, height: float) -> Figure:
    """A figure on the Agg canvas, laid out so nothing is cut off."""
    figure = Figure(figsize=(width, height), dpi=110, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def write_png(figure: Figure, path: str | os.PathLike[str]) -> None:
    """Render FIGURE as PNG and write it to PATH through a temporary file,
    so PATH is either the whole picture or untouched."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    write_atomically(path, buffer.getvalue())


def _matrix(results: LeagueResults, rows: Sequence[Row]) -> MatrixPlot:
    entries = {entry.id: entry for entry in results.entries}
    ordered = [entries[row.strategy_id] for row in rows]
    matrix = np.full((len(ordered), len(ordered)), np.nan)
    for i, a in enumerate(ordered):
        for j, b in enumerate(ordered):
            result = results.result(a, b) if i != j else None
            if result is not None:
                matrix[i, j] = result.win_rate
    return MatrixPlot(tuple(row.name for row in rows), tuple(row.rank for row in rows), matrix)


def win_rate_matrix_figure(results: LeagueResults, rows: Sequence[Row]) -> tuple[Figure, MatrixPlot]:
    """The league's win rates, row against column, ROWS (a ranking of the
    league, best first) giving the order: a strong strategy is a blue row."""
    data = _matrix(results, rows)
    n = len(data.names)
    named = n <= NAMED_LIMIT
    side = max(5.5, 2.5 + 0.24 * n) if named else 9.0
    figure = new_figure(side + 1.8, side)
    axes = figure.add_subplot()
    cmap = colormaps["RdBu"].with_extremes(bad="#d9d9d9")
    image = axes.imshow(data.matrix, cmap=cmap, norm=TwoSlopeNorm(0.5, 0.0, 1.0), interpolation="nearest")
    labels = [f"{rank}. {literal(name)}" for rank, name in zip(data.ranks, data.names, strict=True)]
    axes.set_xlabel("opponent (rank. name)" if named else "opponent (rank)")
    axes.set_ylabel("strategy (rank. name)" if named else "strategy (rank)")
    if named:
        axes.set_yticks(range(n), labels, fontsize=8)
        axes.set_xticks(range(n), labels, fontsize=8, rotation=60, ha="right", rotation_mode="anchor")
    else:
        ticks = np.linspace(0, n - 1, min(n, 11)).round().astype(int)
        axes.set_xticks(ticks, [str(data.ranks[t]) for t in ticks])
        axes.set_yticks(ticks, [str(data.ranks[t]) for t in ticks])
    if n <= ANNOTATED_LIMIT:
        for (i, j), rate in np.ndenumerate(data.matrix):
            if not np.isnan(rate):
                colour = "white" if abs(rate - 0.5) > 0.3 else "black"
                axes.text(j, i, f"{rate:.2f}", ha="center", va="center", fontsize=8, color=colour)
    league = results.league
    shown = "" if n == len(results.entries) else f" (top {n} of {len(results.entries)})"
    axes.set_title(
        f"League #{league.id} {literal(repr(league.name))}: {league.rules}, goal {league.goal}, {league.method}\n"
        f"win rate of each row's strategy against each column's, in rank order{shown}",
        fontsize=10,
    )
    bar = figure.colorbar(image, ax=axes, shrink=0.8)
    bar.set_label("row's win rate (grey: no match)")
    return figure, data


def write_win_rate_matrix(results: LeagueResults, rows: Sequence[Row], path: str | os.PathLike[str]) -> MatrixPlot:
    """Draw the league's win-rate matrix into the PNG file PATH; returns what it drew."""
    figure, data = win_rate_matrix_figure(results, rows)
    write_png(figure, path)
    return data
