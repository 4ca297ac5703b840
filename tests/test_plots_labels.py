"""A matrix picture's cells say who won a match that rounds to 0.50."""

from __future__ import annotations

import math

import numpy as np

from arena.plots import MatrixPlot, matrix_figure

NAN = math.nan


def test_a_near_even_match_shows_who_won():
    rates = [
        [NAN, 0.503, 0.4999995],
        [0.497, NAN, 0.62],
        [0.5000005, 0.38, NAN],
    ]
    figure = matrix_figure(MatrixPlot(("a", "b", "c"), (1, 2, 3), np.array(rates)), "near-even matches")
    labels = [text.get_text() for text in figure.axes[0].texts]
    assert labels == ["0.50+", "0.50", "0.50−", "0.62", "0.50", "0.38"]  # 0.4999995 and 0.5000005: a tie, no one won
