"""Exact win probabilities of table strategies, best responses and perfect play.

A rule set is first compiled into lookup arrays by calling its rule
functions on every score pair a game can reach (``compile_rules``); numba
kernels then run the dynamic programme in order of decreasing total score:

* ``hog.kernels`` over states (score, opponent score, whose turn), for rule
  sets without memory whose every turn scores at least 1 point;
* ``hog.state_kernels`` over the full state (scores, whose turn, each
  player's memory), for rule sets with memory, and with value iteration
  within a total score where a turn can score 0 points (cycles);
* ``hog.trot_kernels`` over (scores, whose turn, turn number mod M, whether
  the turn is a Time Trot extra turn), for the contests' Time Trot rule sets.

Tables are ``goal x goal`` arrays of dice counts 0..10,
``table[score][opponent_score]``; the goal is the table's size.

This module is the public face of exact analysis, in three parts:
``hog.exact_rules`` compiles the rules, ``hog.exact_tables`` evaluates
tables, ``hog.exact_solve`` solves (best responses, perfect play).
"""

from __future__ import annotations

from hog.exact_rules import CompiledRules, compile_rules, fewest_first, points_distribution, row_choices
from hog.exact_solve import TIE_BREAK, Solution, best_response, best_response_to_always_roll, perfect_play
from hog.exact_tables import (
    TableStack,
    WinProbabilities,
    as_policy,
    checked_table,
    checked_tables,
    trot_policy,
    win_probabilities,
    win_probabilities_many,
    win_probabilities_pairs,
)

__all__ = [
    "CompiledRules",
    "TableStack",
    "WinProbabilities",
    "Solution",
    "TIE_BREAK",
    "compile_rules",
    "points_distribution",
    "row_choices",
    "fewest_first",
    "win_probabilities",
    "win_probabilities_pairs",
    "win_probabilities_many",
    "best_response",
    "best_response_to_always_roll",
    "perfect_play",
    "checked_table",
    "checked_tables",
    "as_policy",
    "trot_policy",
]
