"""A run's Pareto front as a picture: each member's win rate on the objectives.

With two objectives, the members are points joined by the front's staircase
(what no member beats on both), the member the run kept is a star, and a
dashed line on each axis marks the best response's win rate against that
objective (no strategy does better on that objective alone; the legend says
when it lies off the chart, which fits the front). With
three or more objectives there is one panel per pair of objectives, without
the staircase (a front's projection is no front). Labels are drawn as text,
never as mathtext.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from arena.plots import new_figure, write_png
from strategies.heatmap import literal

__all__ = ["FrontPlot", "front_data", "front_figure"]


@dataclass(frozen=True)
class FrontPlot:
    """What the front picture shows."""

    labels: tuple[str, ...]  #: each objective's name
    points: tuple[tuple[float, ...], ...]  #: each member's win rate on each objective
    picked: int | None  #: the member the run kept
    references: tuple[float | None, ...]  #: the best response's win rate on each objective, if known


def front_data(
    points: Sequence[Sequence[float]],
    labels: Sequence[str],
    picked: int | None = None,
    references: Sequence[float | None] | None = None,
) -> FrontPlot:
    """The front picture's data, checked: two objectives or more, a win rate
    in [0, 1] per objective for each member."""
    if len(labels) < 2:
        raise ValueError(f"a Pareto front needs two objectives or more, not {len(labels)}")
    if not points:
        raise ValueError("no front to draw: the run has not finished")
    rows = tuple(tuple(float(v) for v in point) for point in points)
    for row in rows:
        if len(row) != len(labels) or not all(math.isfinite(v) and 0 <= v <= 1 for v in row):
            raise ValueError(f"front member {row} needs a win rate in [0, 1] for each of {len(labels)} objectives")
    refs = tuple(references) if references is not None else (None,) * len(labels)
    if len(refs) != len(labels):
        raise ValueError(f"{len(refs)} references for {len(labels)} objectives")
    if picked is not None and not 0 <= picked < len(rows):
        raise ValueError(f"the picked member {picked} is not one of the front's {len(rows)}")
    return FrontPlot(tuple(labels), rows, picked, refs)


def _panel(axes: Axes, data: FrontPlot, i: int, j: int, staircase: bool) -> None:
    """Objective I against objective J."""
    points = np.array(data.points)
    x, y = points[:, i], points[:, j]
    if staircase:
        order = np.lexsort((-y, x))
        axes.step(x[order], y[order], where="pre", color="#9ecae1", linewidth=1.5, label="front")
    axes.scatter(x, y, s=28, color="#3182bd", zorder=3, label=f"members ({len(points)})")
    if data.picked is not None:
        axes.scatter(
            x[data.picked], y[data.picked], s=220, marker="*", color="#e6550d", zorder=4, label="kept (best strategy)"
        )
    for values, set_limits in ((x, axes.set_xlim), (y, axes.set_ylim)):
        pad = max(0.005, 0.1 * (values.max() - values.min()))
        set_limits(max(0.0, values.min() - pad), min(1.0, values.max() + pad))
    for reference, draw, limits, what in (
        (data.references[i], axes.axvline, axes.get_xlim(), i),
        (data.references[j], axes.axhline, axes.get_ylim(), j),
    ):
        if reference is not None:
            shown = limits[0] <= reference <= limits[1]
            label = f"best response to {data.labels[what]}: {reference:.4f}" + ("" if shown else " (off the chart)")
            colour = "black" if what == i else "#636363"
            draw(reference, color=colour, linestyle="--", linewidth=1.0, label=literal(label))
    axes.set_xlabel(literal(f"win rate against {data.labels[i]}"))
    axes.set_ylabel(literal(f"win rate against {data.labels[j]}"))
    axes.grid(True, color="#dddddd", linewidth=0.6)


def _figure(data: FrontPlot, title: str | None) -> Figure:
    pairs = list(combinations(range(len(data.labels)), 2))
    columns = min(3, len(pairs))
    rows = math.ceil(len(pairs) / columns)
    figure = new_figure(7.2 if columns == 1 else 4.6 * columns, 6.2 if rows == 1 else 4.4 * rows)
    for k, (i, j) in enumerate(pairs):
        _panel(figure.add_subplot(rows, columns, k + 1), data, i, j, staircase=len(pairs) == 1)
    heading = f"Pareto front: {len(data.points)} members, {len(data.labels)} objectives"
    figure.suptitle((literal(title) + "\n" if title else "") + heading, fontsize=10)
    legend: dict[str, Any] = {}  # each label once, from whichever panel drew it
    for axes in figure.axes:
        for handle, name in zip(*axes.get_legend_handles_labels(), strict=True):
            legend.setdefault(name, handle)
    handles, names = list(legend.values()), list(legend)
    figure.legend(handles, names, loc="outside lower center", ncols=2, fontsize=9, frameon=False)
    return figure


def front_figure(
    points: Sequence[Sequence[float]],
    labels: Sequence[str],
    out_path: str | os.PathLike[str],
    *,
    picked: int | None = None,
    references: Sequence[float | None] | None = None,
    title: str | None = None,
) -> FrontPlot:
    """Draw the front POINTS (each member's win rate on each of the
    objectives LABELS), the PICKED member and each objective's REFERENCE
    into the PNG file OUT_PATH; returns what it drew."""
    data = front_data(points, labels, picked, references)
    write_png(_figure(data, title), out_path)
    return data
