"""A deliberately plain computation of exact chances in Hog, for the tests.

Nothing here uses arrays, ``hog.exact`` or the kernels: the full game
state (scores, whose turn, each player's memory, the game's memory) is explored from the start
with the rule set's own ``zero_dice``, dice (``dice_sides``, ``dice_rolled``,
``rerolled``, ``roll_points``), ``choices`` (-1: Pork Chop's ``chop_points``)
and ``next_state``, and every state's
chances to win for player 0 and player 1 are found by Gauss-Seidel sweeps
from 0 (in order of decreasing total score) until no chance moves by more
than 1e-15: the least fixed point, so a game that never ends is won by
nobody (without zero-point turns one sweep is exact). Slow and easy to read. A strategy is a function ``(score,
opponent_score) -> num_rolls``, or None for a player who picks the best
count in every state (the lowest count within TIE of the best, a zero-point zero-dice turn only when no
other count is as good).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from hog.rules import RuleSet, State
from hog.rules.dice_rules import pig_out

TIE = 1e-12
SETTLED = 1e-15
START = State()


def face_chances(sides: int, rerolled: bool = False) -> dict[int, Fraction]:
    """{outcome: chance} of one die; if REROLLED, every pair of draws is
    played out: an odd first draw is replaced by the second."""
    chances = dict.fromkeys(range(1, sides + 1), Fraction(0))
    for first in range(1, sides + 1):
        for second in range(1, sides + 1):
            kept = second if rerolled and first % 2 else first
            chances[kept] += Fraction(1, sides**2)
    return chances


@cache
def dice_chances(num_rolls: int, sides: int = 6, roll_points=pig_out, rerolled: bool = False) -> dict[int, float]:
    """{points: chance} of rolling NUM_ROLLS dice scored by ROLL_POINTS (by
    default any 1 scores exactly 1): every multiset of outcomes, weighed by
    the number of orders it can come in and the chance of each outcome
    (computed once per process: callers must not change the dict)."""
    faces = face_chances(sides, rerolled)
    chances: dict[int, Fraction] = {}
    for outcomes in combinations_with_replacement(range(1, sides + 1), num_rolls):
        orders = factorial(num_rolls)
        chance = Fraction(1)
        for face in set(outcomes):
            orders //= factorial(outcomes.count(face))
            chance *= faces[face] ** outcomes.count(face)
        points = roll_points(list(outcomes))
        chances[points] = chances.get(points, Fraction(0)) + orders * chance
    return {points: float(chance) for points, chance in chances.items()}


class Game:
    """Chances to win of two players (None: an optimal player) under RULES."""

    def __init__(self, strategy_a, strategy_b, rules: RuleSet, goal: int, sides: int = 6):
        self.strategies = (strategy_a, strategy_b)
        self.rules = rules
        self.goal = goal
        self.sides = sides
        self.dice: dict[tuple[int, int, bool], dict[int, float]] = {}

    def over(self, state: State) -> bool:
        return max(state.scores) >= self.goal

    def choices(self, players, state: State) -> range:
        strategy = players[state.who]
        if strategy is None:
            return self.rules.choices
        n = strategy(*state.mover_scores())
        return range(n, n + 1)

    def outcomes(self, state: State, num_rolls: int) -> list[tuple[float, State]]:
        """(chance, next state) of each outcome of choosing NUM_ROLLS in STATE
        (the dice rolled are at most what a limit rule allows)."""
        num_rolls = self.rules.dice_rolled(*state.mover_scores(), num_rolls)
        if num_rolls == -1:  # Pork Chop (fa16)
            chances = {self.rules.chop_points: 1.0}
        elif num_rolls == 0:
            chances = {self.rules.zero_dice(*state.mover_scores()): 1.0}
        else:
            sides = self.rules.dice_sides(*state.mover_scores(), self.sides, state.dice_swapped)
            key = (sides, num_rolls, self.rules.rerolled(*state.mover_scores()))
            if key not in self.dice:
                self.dice[key] = dice_chances(num_rolls, sides, self.rules.roll_points, key[2])
            chances = self.dice[key]
        return [(p, self.rules.next_state(state, num_rolls, points).state) for points, p in chances.items()]

    def value(self, chances: dict, state: State) -> tuple[float, float]:
        """(player 0's, player 1's) chance to win from STATE, as known so far."""
        if self.over(state):
            return (1.0, 0.0) if state.scores[0] > state.scores[1] else (0.0, 1.0)
        return chances.get(state, (0.0, 0.0))

    def options(self, moves: dict, chances: dict, state: State) -> tuple[int, tuple[float, float]]:
        """The mover's choice in STATE and the chances it gives."""
        options = {}
        for n, outcomes in moves.items():
            values = [(p, self.value(chances, s)) for p, s in outcomes]
            options[n] = (sum(p * v[0] for p, v in values), sum(p * v[1] for p, v in values))
        best = max(v[state.who] for v in options.values())
        tied = sorted(n for n, v in options.items() if v[state.who] >= best - TIE)
        if tied[0] == 0 and len(tied) > 1 and self.rules.zero_dice(*state.mover_scores()) == 0:
            tied = tied[1:]  # a zero-point zero-dice turn only when nothing else is as good
        return tied[0], options[tied[0]]

    def reachable(self, players, roots) -> dict:
        """Every unfinished state reachable from ROOTS, by decreasing total
        score, with the outcomes of each of its choices."""
        moves: dict = {}
        frontier = list(roots)
        while frontier:
            state = frontier.pop()
            if state in moves or self.over(state):
                continue
            moves[state] = {n: self.outcomes(state, n) for n in self.choices(players, state)}
            frontier.extend(s for outcomes in moves[state].values() for _, s in outcomes)
        return {state: moves[state] for state in sorted(moves, key=lambda s: -sum(s.scores))}

    def solve(self, players, roots=(START,)) -> tuple[dict, dict]:
        """Chances (player 0's, player 1's) of every state reachable from
        ROOTS, and each state's choice: one sweep in order of decreasing total
        score, repeated while a sweep still moves a chance (only where a turn
        can keep the total score, a zero-point turn)."""
        moves = self.reachable(players, roots)
        chances: dict = {}
        choice: dict = {}
        moved = 1.0
        while moved > SETTLED:
            moved = 0.0
            for state, options in moves.items():
                pick, found = self.options(options, chances, state)
                before = chances.get(state, (0.0, 0.0))
                moved = max(moved, abs(found[0] - before[0]), abs(found[1] - before[1]))
                chances[state], choice[state] = found, pick
            if not self.cyclic:
                break
        return chances, choice

    @property
    def cyclic(self) -> bool:
        """Whether a zero-dice turn can score 0 points (and keep the total)."""
        goal = self.goal
        return any(self.rules.zero_dice(s, o) == 0 for s in range(goal) for o in range(goal))

    def first(self) -> float:
        """Player A's chance to win moving first."""
        return self.solve(self.strategies)[0][START][0]

    def first_second(self) -> tuple[float, float]:
        """Player A's chance to win moving first and moving second."""
        a, b = self.strategies
        return self.first(), self.solve((b, a))[0][START][1]

    def table_first_second(self) -> tuple[list[list[int]], float, float]:
        """Player 0's choices at every score pair below the goal (with no
        memory yet) and ``first_second()``, from one solve of every score pair
        (moving second is the start where player 1 moves)."""
        roots = [State((s, o), w) for s in range(self.goal) for o in range(self.goal) for w in (0, 1)]
        chances, choice = self.solve(self.strategies, roots)
        table = [[choice[State((s, o), 0)] for o in range(self.goal)] for s in range(self.goal)]
        return table, chances[START][0], chances[State((0, 0), 1)][0]
