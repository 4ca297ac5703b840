"""An evolution run as a picture: fitness by generation, against a reference.

Each generation's statistics are DEAP's ``Statistics`` of the population's
fitness as the logbook records them: ``max`` (the generation's best win
rate) and ``avg`` (its mean) are required; ``std`` (drawn as a band around
the mean) and ``best`` (the best found so far, the hall of fame's first) are
drawn when present. The title and the reference's label are drawn as text,
never as mathtext.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from arena.plots import new_figure, write_png
from hog import exact
from strategies.heatmap import literal

__all__ = ["GenerationStats", "EvolutionPlot", "best_response_rate", "evolution_data", "evolution_figure"]


class GenerationStats(Protocol):
    """What is needed of a stored generation (``results.records.GenerationRecord``)."""

    @property
    def number(self) -> int: ...

    @property
    def stats(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class EvolutionPlot:
    """What the evolution picture shows, generation by generation."""

    generations: tuple[int, ...]
    best: tuple[float, ...]  #: the generation's best fitness (``max``)
    mean: tuple[float, ...]  #: the generation's mean fitness (``avg``)
    std: tuple[float, ...] | None  #: the spread around the mean (``std``), if recorded
    best_so_far: tuple[float, ...] | None  #: the best found so far (``best``), if recorded
    reference_rate: float | None


def best_response_rate(opponents: Sequence[np.ndarray], rules: str) -> float:
    """The mean over OPPONENTS (tables) of the exact best response's win rate
    against each under RULES: what no single strategy beats (with one
    opponent, the best response's win rate itself)."""
    if len(opponents) == 0:
        raise ValueError("no opponents to compute a best response against")
    return float(np.mean([exact.best_response(table, rules).rate for table in opponents]))


def _column(generations: Sequence[GenerationStats], key: str) -> tuple[float, ...] | None:
    """The statistic KEY of every generation, or None if one lacks it."""
    values = []
    for generation in generations:
        value = generation.stats.get(key)
        if value is None:
            return None
        values.append(float(value))
    return tuple(values)


def _required(generations: Sequence[GenerationStats], key: str) -> tuple[float, ...]:
    """The statistic KEY of every generation; a ValueError names the first that lacks it."""
    values = _column(generations, key)
    if values is None:
        generation = next(g for g in generations if g.stats.get(key) is None)
        raise ValueError(
            f"generation {generation.number} has no {key!r} statistic "
            f"(it has {', '.join(sorted(generation.stats)) or 'none'})"
        )
    return values


def evolution_data(generations: Sequence[GenerationStats], reference_rate: float | None) -> EvolutionPlot:
    """The curves of the evolution picture, read from the stored statistics."""
    if not generations:
        raise ValueError("no generations to draw: the run has not finished its first generation")
    ordered = sorted(generations, key=lambda g: g.number)
    if reference_rate is not None and not 0 <= reference_rate <= 1:
        raise ValueError(f"the reference win rate must be between 0 and 1, not {reference_rate}")
    return EvolutionPlot(
        tuple(g.number for g in ordered),
        _required(ordered, "max"),
        _required(ordered, "avg"),
        _column(ordered, "std"),
        _column(ordered, "best"),
        reference_rate,
    )


def _figure(data: EvolutionPlot, title: str | None, reference_label: str) -> Figure:
    figure = new_figure(8.4, 5.8)
    axes = figure.add_subplot()
    x = np.array(data.generations)
    mean = np.array(data.mean)
    if data.std is not None:
        spread = np.array(data.std)
        axes.fill_between(x, mean - spread, mean + spread, color="#9ecae1", alpha=0.45, label="mean ± 1 sd")
    axes.plot(x, mean, color="#3182bd", marker="." if len(x) <= 60 else None, label="mean of the generation")
    axes.plot(x, data.best, color="#e6550d", marker="." if len(x) <= 60 else None, label="best of the generation")
    if data.best_so_far is not None:
        axes.step(x, data.best_so_far, where="post", color="#31a354", linestyle=":", linewidth=2, label="best so far")
    if data.reference_rate is not None:
        axes.axhline(
            data.reference_rate,
            color="black",
            linestyle="--",
            linewidth=1.2,
            label=f"{literal(reference_label)}: {data.reference_rate:.4f}",
        )
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("generation")
    axes.set_ylabel("fitness: exact win rate")
    axes.grid(True, color="#dddddd", linewidth=0.6)
    final = data.best_so_far[-1] if data.best_so_far is not None else max(data.best)
    axes.set_title(
        (literal(title) + "\n" if title else "") + f"fitness by generation (best found {final:.4f})",
        fontsize=10,
    )
    figure.legend(loc="outside lower center", ncols=2, fontsize=9, frameon=False)
    if len(x) == 1:
        axes.set_xlim(x[0] - 1, x[0] + 1)
    drawn = [v for v in (*mean, *data.best, data.reference_rate) if v is not None and math.isfinite(v)]
    axes.set_ylim(max(0.0, min(drawn) - 0.05), min(1.0, max(drawn) + 0.03))
    return figure


def evolution_figure(
    generations: Sequence[GenerationStats],
    reference_rate: float | None,
    out_path: str | os.PathLike[str],
    *,
    title: str | None = None,
    reference_label: str = "best response",
) -> EvolutionPlot:
    """Draw the best and mean fitness of each of GENERATIONS (stored records
    with ``number`` and DEAP ``stats``), and REFERENCE_RATE (if not None) as a
    dashed line, into the PNG file OUT_PATH; returns what it drew."""
    data = evolution_data(generations, reference_rate)
    write_png(_figure(data, title, reference_label), out_path)
    return data
