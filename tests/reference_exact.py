"""A deliberately plain computation of exact chances in Hog, for the tests.

Nothing here uses arrays, ``hog.exact`` or the kernels: a memoised recursion
over game states that calls the rule set's own two functions. Slow and easy
to read. A strategy is a function ``(score, opponent_score) -> num_rolls``,
or None for a player who picks the best count in every state (the lowest
count within TIE of the best).
"""

from __future__ import annotations

import sys
from functools import lru_cache

from hog.rules import RuleSet

TIE = 1e-12


def dice_chances(num_rolls: int, sides: int = 6) -> dict[int, float]:
    """{points: chance} of rolling NUM_ROLLS dice; any 1 scores exactly 1."""
    sums = {0: 1.0}  # sum so far -> chance, over the dice that showed no 1
    pig_out = 0.0
    for _ in range(num_rolls):
        pig_out += sum(sums.values()) / sides
        longer: dict[int, float] = {}
        for total, chance in sums.items():
            for face in range(2, sides + 1):
                longer[total + face] = longer.get(total + face, 0.0) + chance / sides
        sums = longer
    sums[1] = sums.get(1, 0.0) + pig_out
    return sums


class Game:
    """Chances to win of two players (None: an optimal player) under RULES."""

    def __init__(self, strategy_a, strategy_b, rules: RuleSet, goal: int, sides: int = 6):
        self.strategies = (strategy_a, strategy_b)
        self.rules = rules
        self.goal = goal
        self.dice = {n: dice_chances(n, sides) for n in range(1, 11)}
        self.wins = lru_cache(maxsize=None)(self._wins)
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def roll_value(self, mover: int, score: int, opponent_score: int, num_rolls: int) -> float:
        """The mover's chance to win by rolling NUM_ROLLS now."""
        if num_rolls == 0:
            outcomes = {self.rules.zero_dice(opponent_score): 1.0}
        else:
            outcomes = self.dice[num_rolls]
        total = 0.0
        for points, chance in outcomes.items():
            new_score, new_opponent, extra_turn = self.rules.after_turn(score + points, opponent_score)
            if new_score >= self.goal or new_opponent >= self.goal:
                won = 1.0 if new_score > new_opponent else 0.0
            elif extra_turn:
                won = self.wins(mover, new_score, new_opponent)
            else:
                won = 1.0 - self.wins(1 - mover, new_opponent, new_score)
            total += chance * won
        return total

    def choice(self, mover: int, score: int, opponent_score: int) -> int:
        """The mover's number of dice in that state."""
        strategy = self.strategies[mover]
        if strategy is not None:
            return strategy(score, opponent_score)
        values = [self.roll_value(mover, score, opponent_score, n) for n in range(11)]
        best = max(values)
        return next(n for n, value in enumerate(values) if value >= best - TIE)

    def _wins(self, mover: int, score: int, opponent_score: int) -> float:
        """The mover's chance to win from that state."""
        return self.roll_value(mover, score, opponent_score, self.choice(mover, score, opponent_score))

    def first_second(self) -> tuple[float, float]:
        """Player A's chance to win moving first and moving second."""
        return self.wins(0, 0, 0), 1.0 - self.wins(1, 0, 0)

    def table(self, mover: int = 0) -> list[list[int]]:
        """The mover's choices in every state below the goal."""
        return [[self.choice(mover, s, o) for o in range(self.goal)] for s in range(self.goal)]
