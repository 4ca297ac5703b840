"""A league as pictures: the win-rate matrix, strategies in rank order, and
its ecosystem, population shares over the generations of two dynamics.

Figures use matplotlib's Agg canvas directly (no pyplot global state) and are
written as PNG files whole or not at all (``write_png``). Names are drawn as
text, never as mathtext (``strategies.heatmap.literal``).
"""

from __future__ import annotations

import io
import os
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib import colormaps, ft2font
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from arena.ecosystem import MoranRun, Replicator
from arena.ranking import Row, in_rank_order, is_win, league_positions
from results.records import LeagueResults
from strategies.files import write_atomically
from strategies.heatmap import literal

__all__ = [
    "MatrixPlot",
    "new_figure",
    "write_png",
    "win_rate_matrix_figure",
    "matrix_figure",
    "write_win_rate_matrix",
    "ecosystem_shown",
    "ecosystem_figure",
    "write_ecosystem",
]

#: Up to this many strategies, every row and column is labelled by name.
NAMED_LIMIT = 40
#: Up to this many strategies, every cell shows its win rate.
ANNOTATED_LIMIT = 12
#: The ecosystem picture names at most this many strategies; the rest share one grey band.
ECOSYSTEM_NAMED = 10
#: Whether matplotlib lays text out by the Unicode bidirectional algorithm (libraqm, matplotlib 3.11+).
_BIDI = hasattr(ft2font, "__libraqm_version__")
#: Explicit direction marks, embeddings, overrides and isolates.
_DIRECTION_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class MatrixPlot:
    """What the matrix picture shows: strategies in rank order and
    ``matrix[i, j]``, strategy i's win rate against strategy j (NaN on the
    diagonal and for matches not stored)."""

    names: tuple[str, ...]
    ranks: tuple[int | None, ...]  #: None: a contest's baseline, which has no rank
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


def _rank_label(rank: int | None, name: str) -> str:
    """RANK and NAME as one label, ``rank. name``, drawn with the rank first
    whatever NAME's writing direction: a name with right-to-left letters is
    a bidi isolate (FSI ... PDI), else it would turn the whole label right
    to left and put the rank after it. Direction controls in NAME are dropped."""
    name = literal(_DIRECTION_CONTROLS.sub("", name))
    if _BIDI and any(unicodedata.bidirectional(char) in ("R", "AL") for char in name):
        name = f"\u2068{name}\u2069"
    return f"{'–' if rank is None else rank}. {name}"


def _matrix(results: LeagueResults, rows: Sequence[Row]) -> MatrixPlot:
    matrix = in_rank_order(results.rates, league_positions(results, rows))
    return MatrixPlot(tuple(row.name for row in rows), tuple(row.rank for row in rows), matrix)


def win_rate_matrix_figure(results: LeagueResults, rows: Sequence[Row]) -> tuple[Figure, MatrixPlot]:
    """The league's win rates, row against column, ROWS (a ranking of the
    league, best first) giving the order: a strong strategy is a blue row."""
    data = _matrix(results, rows)
    league = results.league
    shown = "" if len(data.names) == len(results.entries) else f" (top {len(data.names)} of {len(results.entries)})"
    title = (
        f"League #{league.id} {literal(repr(league.name))}: {league.rules}, goal {league.goal}, {league.method}\n"
        f"win rate of each row's strategy against each column's, in rank order{shown}"
    )
    return matrix_figure(data, title), data


def cell_label(rate: float) -> str:
    """A matrix cell's win rate in two decimals; one that rounds to 0.50 says
    who won: ``0.50+`` the row (a win: above 0.500001), ``0.50−`` the column,
    plain ``0.50`` neither (a tie, a loss for both).

    >>> cell_label(0.503), cell_label(0.4951), cell_label(0.5), cell_label(0.5000005), cell_label(0.62)
    ('0.50+', '0.50−', '0.50', '0.50', '0.62')
    """
    label = f"{rate:.2f}"
    if label != "0.50":
        return label
    return label + ("+" if is_win(rate) else "−" if is_win(1 - rate) else "")


def matrix_figure(data: MatrixPlot, title: str) -> Figure:
    """DATA as a heat map titled TITLE (blue: the row wins)."""
    n = len(data.names)
    named = n <= NAMED_LIMIT
    side = max(5.5, 2.5 + 0.24 * n) if named else 9.0
    figure = new_figure(side + 1.8, side)
    axes = figure.add_subplot()
    cmap = colormaps["RdBu"].with_extremes(bad="#d9d9d9")
    image = axes.imshow(data.matrix, cmap=cmap, norm=TwoSlopeNorm(0.5, 0.0, 1.0), interpolation="nearest")
    labels = [_rank_label(rank, name) for rank, name in zip(data.ranks, data.names, strict=True)]
    axes.set_xlabel("opponent (rank. name)" if named else "opponent (rank)")
    axes.set_ylabel("strategy (rank. name)" if named else "strategy (rank)")
    if named:
        axes.set_yticks(range(n), labels, fontsize=8)
        axes.set_xticks(range(n), labels, fontsize=8, rotation=60, ha="right", rotation_mode="anchor")
    else:
        ticks = np.linspace(0, n - 1, min(n, 11)).round().astype(int)
        shown = ["–" if data.ranks[t] is None else str(data.ranks[t]) for t in ticks]
        axes.set_xticks(ticks, shown)
        axes.set_yticks(ticks, shown)
    if n <= ANNOTATED_LIMIT:
        for (i, j), rate in np.ndenumerate(data.matrix):
            if not np.isnan(rate):
                colour = "white" if abs(rate - 0.5) > 0.3 else "black"
                axes.text(j, i, cell_label(rate), ha="center", va="center", fontsize=8, color=colour)
    axes.set_title(title, fontsize=10)
    bar = figure.colorbar(image, ax=axes, shrink=0.8)
    bar.set_label("row's win rate (grey: no match)")
    return figure


def write_win_rate_matrix(results: LeagueResults, rows: Sequence[Row], path: str | os.PathLike[str]) -> MatrixPlot:
    """Draw the league's win-rate matrix into the PNG file PATH; returns what it drew."""
    figure, data = win_rate_matrix_figure(results, rows)
    write_png(figure, path)
    return data


def ecosystem_shown(replicator: Replicator, moran: MoranRun, limit: int = ECOSYSTEM_NAMED) -> list[int]:
    """The strategies the ecosystem picture names: the LIMIT with the largest
    peak share in either dynamics, largest first (ties: lower index)."""
    peak = np.maximum(replicator.shares.max(axis=0), moran.shares.max(axis=0))
    return [int(i) for i in np.argsort(-peak, kind="stable")[:limit]]


def _stack(axes: Axes, x: np.ndarray, shares: np.ndarray, shown: Sequence[int], colours: Sequence[Any]) -> None:
    """Shares (rows: time) as stacked areas: the SHOWN strategies, then the rest in grey."""
    rest = np.delete(shares, list(shown), axis=1).sum(axis=1)
    axes.stackplot(x, *shares[:, list(shown)].T, rest, colors=[*colours, "#c8c8c8"], linewidth=0)
    axes.set_ylim(0, 1)
    axes.set_xlim(x[0], max(x[-1], x[0] + 1))
    axes.set_ylabel("population share")


def ecosystem_figure(names: Sequence[str], replicator: Replicator, moran: MoranRun, title: str) -> Figure:
    """Population shares per generation as stacked areas: the replicator
    dynamics above, the Moran process (one generation: as many steps as
    individuals) below; the strategies with the largest peak shares are named."""
    shown = ecosystem_shown(replicator, moran)
    colours = [colormaps["tab10"](k % 10) for k in range(len(shown))]
    figure = new_figure(10.0, 7.5)
    top, bottom = figure.subplots(2, 1)
    _stack(top, np.arange(len(replicator.shares), dtype=float), replicator.shares, shown, colours)
    stop = "converged" if replicator.converged else "generation limit"
    top.set_title(f"replicator dynamics ({replicator.generations} generations, {stop})", fontsize=10)
    top.set_xlabel("generation")
    _stack(bottom, moran.steps_at / moran.size, moran.shares, shown, colours)
    end = "no fixation" if moran.winner is None else f"{literal(names[moran.winner])} fixed"
    bottom.set_title(
        f"Moran process ({moran.size} individuals, {moran.steps} steps: {end})",
        fontsize=10,
    )
    bottom.set_xlabel("generation (steps / individuals)")
    handles = [Patch(color=colour) for colour in colours]
    labels = [literal(names[i]) for i in shown]
    if len(shown) < len(names):
        handles.append(Patch(color="#c8c8c8"))
        labels.append(f"{len(names) - len(shown)} others")
    figure.legend(handles, labels, loc="outside right center", fontsize=8, frameon=False)
    figure.suptitle(literal(title), fontsize=11)
    return figure


def write_ecosystem(
    names: Sequence[str], replicator: Replicator, moran: MoranRun, title: str, path: str | os.PathLike[str]
) -> None:
    """Draw the ecosystem picture (``ecosystem_figure``) into the PNG file PATH."""
    write_png(ecosystem_figure(names, replicator, moran, title), path)
