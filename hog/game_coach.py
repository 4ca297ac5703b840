"""What each choice of a player costs in a game against a table (``hog play --coach``).

At a state the player is to move, the chance to win after rolling n dice
and then playing best against the opponent's table is ``Q*(s, o, n)``
(``hog.coach``); the best choice is the fewest dice with the highest one.
A choice's cost is the best choice's chance minus its own. It is exact
where the state is the two scores; under rules with memory or Time Trot a
chance depends on more than the scores, so there is no such line to give.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from hog.coach import TIE_TOLERANCE, coach, hidden_state
from hog.exact import compile_rules
from hog.rules import RuleSet, get_rules

__all__ = ["Choice", "GameCoach"]


@dataclass(frozen=True)
class Choice:
    """A choice of NUM_ROLLS at (SCORE, OPPONENT_SCORE): its chance to win and the best choice's."""

    score: int
    opponent_score: int
    num_rolls: int
    chance: float
    best: int
    best_chance: float

    @property
    def cost(self) -> float:
        """The chance to win given up by not rolling the best."""
        return self.best_chance - self.chance

    def line(self) -> str:
        """The choice in words: ``rolling 7 here wins 41.2%; the best, 3, wins 44.0%``."""
        here = f"rolling {self.num_rolls} here wins {self.chance:.1%}"
        if self.num_rolls == self.best:
            return f"{here}: the best choice"
        return f"{here}; the best, {self.best}, wins {self.best_chance:.1%}"


class GameCoach:
    """The chances of every choice against the table OPPONENT under RULES
    (ValueError where the state holds more than the two scores); ``judge``
    records each choice of the player in ``choices``."""

    def __init__(self, opponent: np.ndarray, rules: RuleSet | str) -> None:
        hidden = hidden_state(compile_rules(rules, opponent.shape[0]))
        if hidden is not None:
            raise ValueError(
                f"--coach needs rules whose state is the two scores; under {get_rules(rules).name} a choice's chance "
                f"also depends on {hidden}"
            )
        anyone = np.ones_like(opponent, dtype=np.int8)  # the chances do not depend on the player's own table
        coaching = coach(anyone, opponent, rules)
        self.values = coaching.values
        self.best = coaching.best
        self.choices: list[Choice] = []

    def judge(self, score: int, opponent_score: int, num_rolls: int) -> Choice:
        """Rolling NUM_ROLLS at (SCORE, OPPONENT_SCORE), recorded."""
        best = int(self.best[score, opponent_score])
        chances = self.values[score, opponent_score]
        choice = Choice(score, opponent_score, num_rolls, float(chances[num_rolls]), best, float(chances[best]))
        self.choices.append(choice)
        return choice

    def costliest(self, count: int) -> list[Choice]:
        """The COUNT choices that cost most (only those that cost something), costliest first, in game order on ties."""
        order = sorted(range(len(self.choices)), key=lambda i: (-self.choices[i].cost, i))
        return [self.choices[i] for i in order[:count] if self.choices[i].cost > TIE_TOLERANCE]
