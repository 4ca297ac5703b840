"""A strategy table as a heat map: dice counts over (opponent score, score).

Names are drawn as text: ``literal`` keeps a ``$`` in a name from starting
matplotlib's mathtext (a name like ``$\\foo$`` would otherwise fail to draw).
"""

from __future__ import annotations

import io

import numpy as np
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import BoundaryNorm, Colormap, ListedColormap, Normalize
from matplotlib.figure import Figure
from matplotlib.image import AxesImage
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from hog.rules import get_rules
from hog.rules.dice_rules import PORK_CHOP
from strategies.table import StrategyTable

__all__ = [
    "heatmap_figure",
    "heatmap_png",
    "difference",
    "diff_figure",
    "diff_png",
    "literal",
    "COLOURS",
    "PORK_CHOP_COLOUR",
]

#: One colour per dice count: 0 (the zero-dice rule) stands out in red, then
#: a light-to-dark blue-green ramp for 1..10 dice.
COLOURS = (
    "#d7301f",
    "#fff7bc",
    "#e5f5c0",
    "#c7e9b4",
    "#a1dab4",
    "#7fcdbb",
    "#41b6c4",
    "#1d91c0",
    "#225ea8",
    "#253494",
    "#081d58",
)
#: The colour of -1 (Pork Chop, where the rules offer it): magenta, apart from the dice.
PORK_CHOP_COLOUR = "#ae017e"


def literal(text: str) -> str:
    """TEXT for matplotlib to draw as it is, never as mathtext.

    >>> print(literal(r"$\\foo$ costs $5"))
    \\$\\foo\\$ costs \\$5
    """
    return text.replace("$", r"\$")


def _score_plane(values: np.ndarray, cmap: Colormap, norm: Normalize) -> tuple[Figure, Axes, AxesImage]:
    """A figure of VALUES over the score plane: x the opponent's score, y the
    player's, each score pair a cell coloured by CMAP and NORM (the Agg
    backend, without pyplot's global state)."""
    goal = values.shape[0]
    figure = Figure(figsize=(8.6, 6.6), dpi=110, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    image = axes.imshow(
        values,
        cmap=cmap,
        norm=norm,
        origin="lower",
        interpolation="nearest",
        extent=(-0.5, goal - 0.5, -0.5, goal - 0.5),
    )
    for axis in (axes.xaxis, axes.yaxis):
        axis.set_major_locator(MaxNLocator(nbins=10, integer=True))
    axes.set_xlabel("opponent's score")
    axes.set_ylabel("player's score (the player about to roll)")
    return figure, axes, image


def heatmap_figure(strategy: StrategyTable) -> Figure:
    """A figure of STRATEGY: x the opponent's score, y the player's score,
    colour the number of dice rolled; the legend gives each count's share of
    the score pairs. Where the rules offer Pork Chop, -1 has a colour and a
    legend entry of its own."""
    choices = get_rules(strategy.rules).choices
    chop = PORK_CHOP in choices
    colours = (PORK_CHOP_COLOUR, *COLOURS) if chop else COLOURS
    cmap = ListedColormap(colours, name="dice")
    norm = BoundaryNorm([n - 0.5 for n in range(choices.start, choices.stop + 1)], cmap.N)
    goal = strategy.goal
    figure, axes, _ = _score_plane(strategy.table, cmap, norm)
    axes.set_title(f"{literal(strategy.name)}\n{strategy.rules}, goal {goal}: number of dice rolled", fontsize=11)
    counts = np.bincount(strategy.table.ravel().astype(np.intp) - choices.start, minlength=len(choices))
    share = 100 * counts / counts.sum()
    words = {PORK_CHOP: "Pork Chop", 1: "die "}
    width = len(words[PORK_CHOP]) if chop else len("dice")
    labels = [
        f"{n:>2} {words.get(n, 'dice'):<{width}}  " + (f"{share[k]:4.1f}%" if counts[k] else "  -")
        for k, n in enumerate(choices)
    ]
    figure.legend(
        handles=[Patch(facecolor=colours[k], edgecolor="#888888", label=labels[k]) for k in range(len(choices))],
        title="dice  (share of score pairs)",
        loc="outside right center",
        prop={"family": "monospace", "size": 9},
        title_fontsize=9,
        frameon=False,
    )
    return figure


def heatmap_png(strategy: StrategyTable) -> bytes:
    """The heat map of STRATEGY as PNG bytes."""
    buffer = io.BytesIO()
    heatmap_figure(strategy).savefig(buffer, format="png")
    return buffer.getvalue()


def difference(strategy: StrategyTable, other: StrategyTable) -> np.ndarray:
    """STRATEGY's dice count minus OTHER's at every score pair (same goal)."""
    if strategy.goal != other.goal:
        raise ValueError(f"cannot compare {strategy.name} (goal {strategy.goal}) with {other.name} (goal {other.goal})")
    return strategy.table.astype(np.int16) - other.table.astype(np.int16)


def diff_figure(strategy: StrategyTable, other: StrategyTable) -> tuple[Figure, np.ndarray]:
    """A figure of where STRATEGY and OTHER differ and by how much (STRATEGY's
    dice minus OTHER's; white where they agree); returns it with the drawn
    differences."""
    delta = difference(strategy, other)
    largest = max(1, int(np.abs(delta).max()))
    ramp = colormaps["PuOr_r"]
    cmap = ListedColormap(
        [ramp(x) for x in np.linspace(0.0, 0.4, largest)]
        + ["white"]
        + [ramp(x) for x in np.linspace(0.6, 1.0, largest)]
    )
    norm = BoundaryNorm(np.arange(-largest - 0.5, largest + 1), cmap.N)
    figure, axes, image = _score_plane(delta, cmap, norm)
    name, other_name = literal(strategy.name), literal(other.name)
    differing = int(np.count_nonzero(delta))
    more, fewer = int(np.count_nonzero(delta > 0)), int(np.count_nonzero(delta < 0))
    axes.set_title(
        f"{name} minus {other_name}\n{strategy.rules}, goal {strategy.goal}: they differ at {differing} of "
        f"{delta.size} score pairs ({100 * differing / delta.size:.1f}%)\n"
        f"{name} rolls more dice at {more}, fewer at {fewer}",
        fontsize=10,
    )
    bar = figure.colorbar(image, ax=axes, shrink=0.85, ticks=range(-largest, largest + 1))
    bar.set_label(f"dice of {name} minus dice of {other_name}\n(white: the same)")
    return figure, delta


def diff_png(strategy: StrategyTable, other: StrategyTable) -> tuple[bytes, np.ndarray]:
    """The difference picture of STRATEGY and OTHER as PNG bytes, and the drawn differences."""
    figure, delta = diff_figure(strategy, other)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue(), delta
