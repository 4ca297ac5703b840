"""``hog coach --png``: what each cell costs a strategy, as a heat map over the score grid.

The colour map runs from white to black as the cost grows (``Greys``, linear),
so the picture reads the same printed in grey;
the costliest cells are ringed and numbered in order, and the colour bar is
in points (percentage points of games won).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np
from matplotlib import colormaps
from matplotlib.figure import Figure

from arena.plots import new_figure, write_png
from strategies.heatmap import literal

__all__ = ["coach_heatmap_figure", "write_coach_heatmap"]


def coach_heatmap_figure(costs: np.ndarray, top: Sequence[tuple[int, int]], title: str) -> Figure:
    """COSTS[score, opponent_score] in points, the cells TOP ringed and numbered."""
    goal = costs.shape[0]
    figure = new_figure(7.5, 6.5)
    axes = figure.add_subplot()
    shown = np.clip(costs, 0.0, None)
    highest = float(shown.max()) or 1.0
    image = axes.imshow(shown, cmap=colormaps["Greys"], vmin=0.0, vmax=highest, origin="lower", interpolation="nearest")
    for rank, (s, o) in enumerate(top, start=1):
        axes.scatter([o], [s], s=140, facecolors="none", edgecolors="black", linewidths=1.6)
        axes.scatter([o], [s], s=140, facecolors="none", edgecolors="white", linewidths=0.6)
        axes.annotate(
            str(rank),
            (o, s),
            xytext=(6, 6),
            textcoords="offset points",
            fontsize=8,
            color="black",
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "black", "linewidth": 0.5},
        )
    axes.set_xlabel("opponent score")
    axes.set_ylabel("score")
    axes.set_xlim(-0.5, goal - 0.5)
    axes.set_ylim(-0.5, goal - 0.5)
    axes.set_title(literal(title) + "\n" + literal("cost of each cell; the costliest numbered"), fontsize=10)
    bar = figure.colorbar(image, ax=axes, shrink=0.85)
    bar.set_label("cost (points)")
    return figure


def write_coach_heatmap(
    costs: np.ndarray, top: Sequence[tuple[int, int]], title: str, path: str | os.PathLike[str]
) -> None:
    """Draw ``coach_heatmap_figure`` and write it to PATH as PNG, whole or not at all."""
    write_png(coach_heatmap_figure(costs, top, title), path)
