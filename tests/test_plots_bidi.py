"""The matrix picture's ``rank. name`` labels keep the rank first however
the name is written: a Hebrew or Arabic name cannot move it, as laid out by
matplotlib itself (which applies the Unicode bidirectional algorithm)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib import font_manager, ft2font
from matplotlib.ft2font import FT2Font

from arena.plots import MatrixPlot, matrix_figure

if not hasattr(ft2font, "__libraqm_version__"):
    pytest.skip("this matplotlib draws text in logical order, with no bidi layout to test", allow_module_level=True)
from matplotlib._text_helpers import layout  # noqa: E402 - its libraqm form, matplotlib 3.11+

NAMES = [
    "\u05e9\u05dc\u05d5\u05dd",  # Hebrew
    "\u0645\u0631\u062d\u0628\u0627",  # Arabic
    "\u05e9\u05dc\u05d5\u05dd 2",  # Hebrew, then a number
    "ada \u05e9\u05dc\u05d5\u05dd",  # left to right, then Hebrew
    "\u2069\u202e\u05e9 x",  # stray direction controls trying to leave the isolate
    "plain",
]


def drawn(text: str, font: FT2Font) -> str:
    """TEXT's characters in the order matplotlib draws them, left to right."""
    return "".join(item.char for item in sorted(layout(text, font), key=lambda item: item.x))


@pytest.fixture
def figure_labels() -> list[tuple[str, str]]:
    n = len(NAMES)
    data = MatrixPlot(tuple(NAMES), tuple(range(1, n + 1)), np.full((n, n), 0.5))
    figure = matrix_figure(data, "bidi")
    figure.savefig(io.BytesIO(), format="png")  # drawn whole (a missing glyph would warn)
    axes = figure.axes[0]
    return [(label.get_text(), "y") for label in axes.get_yticklabels()] + [
        (label.get_text(), "x") for label in axes.get_xticklabels()
    ]


def test_the_rank_is_drawn_first_whatever_the_name_s_direction(figure_labels):
    font = FT2Font(font_manager.findfont("DejaVu Sans"))
    font.set_size(8, 72)
    assert len(figure_labels) == 2 * len(NAMES)
    for k, (text, axis) in enumerate(figure_labels):
        rank = f"{k % len(NAMES) + 1}. "
        assert text.startswith(rank), (axis, text)
        assert drawn(text, font).startswith(rank), (axis, text, drawn(text, font))


def test_a_right_to_left_name_is_isolated_and_others_are_left_as_they_are(figure_labels):
    texts = [text for text, axis in figure_labels if axis == "y"]
    assert texts[0] == "1. \u2068\u05e9\u05dc\u05d5\u05dd\u2069"
    assert texts[4] == "5. \u2068\u05e9 x\u2069"  # its own controls dropped
    assert texts[5] == "6. plain"
