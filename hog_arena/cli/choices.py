"""Names the commands' help screens list, without importing the modules that define them.

Each value here is a copy of a constant of a heavy module (numba, joblib,
DEAP, SQLAlchemy behind it), so that ``hog --help`` and every command's
options load none of them; a test checks that each copy equals its source.
"""

from __future__ import annotations

from strategies.library_names import FAMILY_NAMES  # light: the names, not the families

__all__ = [
    "BACKENDS",
    "METHODS",
    "FAMILY_NAMES",
    "SOLVER_FAMILIES",
    "DEFAULT_FAMILY",
    "DEFAULT_OPPONENT",
    "FITNESSES",
    "LEAGUE_PREFIX",
    "BALANCED",
    "WIN_THRESHOLD",
]

#: ``arena.parallel.BACKENDS``: the joblib backends.
BACKENDS = ("loky", "threading", "dask")
#: ``arena.match.METHODS``: how a match is played.
METHODS = ("exact", "simulate")
#: The families whose ``Family.solver`` is set: each table is an exact solve.
SOLVER_FAMILIES = ("response",)
#: ``evolve.run.DEFAULT_FAMILY``.
DEFAULT_FAMILY = "lookahead"
#: ``evolve.run.DEFAULT_OPPONENT``.
DEFAULT_OPPONENT = "always_roll(6)"
#: ``evolve.run.FITNESSES``.
FITNESSES = ("mean", "contest")
#: ``evolve.objectives.LEAGUE_PREFIX``.
LEAGUE_PREFIX = "league:"
#: ``evolve.objectives.BALANCED``.
BALANCED = "balanced"
#: ``arena.ranking.WIN_THRESHOLD``.
WIN_THRESHOLD = 0.500001
