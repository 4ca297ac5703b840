"""The lookahead family: its decision is the one a plain per-pair reference
makes (rule functions called directly, exact dice chances as fractions,
ROUNDS rounds of the player's turn and the opponent's reply searched; with
Feral Hogs, each turn with and without the bonus, mixed by the memory that
the table's lower score pairs leave), and
a short evolution gets most of the way to the best response."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import cache, partial

import numpy as np
import pytest

from evolve.run import continue_run, start_run
from evolve.settings import Settings
from hog import exact
from hog.rules import get_rules
from hog.rules.dice_rules import rerolled_chances
from hog.rules.model import RuleSet
from results.store import open_store
from strategies.families import get_family
from strategies.lookahead import BETWEEN, PARAMETERS, ROUNDS, SCALE, TIE

GOAL = 100


def dice_chances(
    num_rolls: int, sides: int = 6, rules: RuleSet | None = None, rerolled: bool = False
) -> dict[int, Fraction]:
    """Chance of each number of points rolling NUM_ROLLS fair dice of SIDES sides (each odd outcome
    rolled once more if REROLLED: fa16's Hog Wild), by plain convolution over (1s rolled, sum of the
    others): any 1 scores 1, or as RULES' dice, points and cap rules say."""
    face_chances = rerolled_chances(sides) if rerolled else [Fraction(1, sides)] * (sides + 1)
    rolls = {(0, 0): Fraction(1)}
    for _ in range(num_rolls):
        longer: dict[tuple[int, int], Fraction] = {}
        for (ones, total), chance in rolls.items():
            for face in range(1, sides + 1):
                key = (ones + 1, total) if face == 1 else (ones, total + face)
                longer[key] = longer.get(key, Fraction(0)) + chance * face_chances[face]
        rolls = longer
    chances: dict[int, Fraction] = {}
    for (ones, total), chance in rolls.items():
        others = num_rolls - ones  # faces of 2..SIDES summing to TOTAL
        faces = [2 + min(sides - 2, max(0, total - 2 * others - (sides - 2) * i)) for i in range(others)]
        assert sum(faces) == total
        points = 1 if ones else total
        if rules is not None:
            points = rules.roll_points([1] * ones + faces)
            points = rules.turn_points(points) if rules.turn_points else points
            points = min(points, rules.most_points(num_rolls)) if rules.most_points else points
        chances[points] = chances.get(points, Fraction(0)) + chance
    return chances


@cache
def float_chances(
    sides: int, rules: RuleSet | None = None, rerolled: bool = False
) -> dict[int, list[tuple[int, float]]]:
    """``{num_rolls: [(points, chance), ...]}`` in increasing points, as floats."""
    return {
        n: sorted((k, float(c)) for k, c in dice_chances(n, sides, rules, rerolled).items() if c) for n in range(1, 11)
    }


CHANCES = {n: dice_chances(n) for n in range(1, 11)}
#: The best chance of scoring at least NEED (the index) in one roll.
FINISH = [
    max(float(sum((c for k, c in CHANCES[n].items() if k >= need), Fraction(0))) for n in range(1, 11))
    for need in range(GOAL + 1)
]


class Reference:
    """The family's decision at one score pair, computed plainly from the rule set's functions."""

    def __init__(self, rules: str, params: dict[str, int]) -> None:
        self.rules = get_rules(rules)
        self.reply = params["reply"]
        self.p = {name: value / SCALE for name, value in params.items()}
        # Pairs recur across score pairs.
        self.after_turn = cache(self.rules.after_turn)
        turn_points = self.rules.turn_points or (lambda points: points)
        most = self.rules.most_points(0) if self.rules.most_points else GOAL  # fa16's When Pigs Fly
        self.zero_dice = lambda mover, waiter: min(turn_points(self.rules.zero_dice(mover, waiter)), most)
        self.estimate = cache(self.estimate)  # type: ignore[method-assign]
        self.value = cache(self.value)  # type: ignore[method-assign]

    def estimate(self, score: int, opponent: int, again: bool) -> float:
        mover, waiter = (score, opponent) if again else (opponent, score)
        new_mover, new_waiter, _ = self.rules.after_turn(mover + self.zero_dice(mover, waiter), waiter)
        if new_mover >= GOAL and new_mover > new_waiter:
            return 1.0 if again else 0.0
        a, b, p = GOAL - score, GOAL - opponent, self.p
        bonus = p["bacon"] * max((new_mover - mover) - (new_waiter - waiter) - p["base"], 0.0)
        ahead = p["other"] * b - p["own"] * a + (p["again"] + bonus if again else p["wait"] - bonus)
        z = ahead / math.sqrt(p["spread_own"] * a + p["spread_other"] * b + p["spread"])
        race = (1 + z / math.sqrt(1 + z * z)) / 2
        return FINISH[a] + (1 - FINISH[a]) * race if again else (1 - FINISH[b]) * race

    def turn(self, mover: int, waiter: int, num_rolls: int, value, bonus: int = 0) -> float:
        """The expected VALUE(mover's score, waiter's score, extra turn) after rolling NUM_ROLLS (+BONUS points)."""
        if num_rolls == 0:
            outcomes = [(1.0, self.zero_dice(mover, waiter))]
        else:  # the dice the rules pick there (Hog Wild; as dealt: a table cannot see exchanged dice)
            sides, rerolled = self.rules.dice_sides(mover, waiter, 6), self.rules.rerolled(mover, waiter)
            outcomes = [(c, k) for k, c in float_chances(sides, self.rules, rerolled)[num_rolls]]
        total = 0.0
        for chance, points in outcomes:
            new_mover, new_waiter, extra = self.after_turn(mover + points + bonus, waiter)
            if new_mover >= GOAL or new_waiter >= GOAL:
                total += chance * value(new_mover, new_waiter, None)
            else:
                total += chance * value(new_mover, new_waiter, bool(extra))
        return total

    def value(self, score: int, opponent: int, ours: bool, rounds: int) -> float:
        """The player's chance with it (OURS) or the opponent to move, ROUNDS rounds weighed."""
        if rounds == 0 or (not ours and self.reply == 12):
            return self.estimate(score, opponent, ours)
        if ours:
            return max(self.turn(score, opponent, n, partial(self.ours, rounds)) for n in range(11))
        replies = range(11) if self.reply == 11 else [self.reply]
        return min(self.turn(opponent, score, n, partial(self.theirs, rounds)) for n in replies)

    def ours(self, rounds: int, score: int, opponent: int, extra: bool | None) -> float:
        """After the player's turn: an extra turn starts the next round, else the opponent replies."""
        if extra is None:
            return float(score > opponent)
        return self.value(score, opponent, True, rounds - 1) if extra else self.value(score, opponent, False, rounds)

    def theirs(self, rounds: int, opponent: int, score: int, extra: bool | None) -> float:
        """After the opponent's reply: the next round, the opponent to move again after an extra turn."""
        if extra is None:
            return float(score > opponent)
        return self.value(score, opponent, not extra, rounds - 1)

    def turn_values(self, score: int, opponent: int, table: np.ndarray) -> list[float]:
        """Each count's value; with a memory, its turn with and without the bonus mixed by ``earned``."""
        plain = [self.turn(score, opponent, n, partial(self.ours, ROUNDS)) for n in range(11)]
        memory = self.rules.memory
        if memory is None:
            return plain
        size = max(memory.bonus(m, n) for m in range(memory.size) for n in range(11))
        bonus = [self.turn(score, opponent, n, partial(self.ours, ROUNDS), size) for n in range(11)]
        earned = self.earned(score, opponent, table)
        return [(1 - e) * v + e * b for v, b, e in zip(plain, bonus, earned, strict=True)]

    def earned(self, score: int, opponent: int, table: np.ndarray) -> list[float]:
        """Each count's chance of the memory bonus: the player came to (SCORE, OPPONENT) from a
        lower score pair of TABLE, scoring x there, after which the opponent scored y."""
        memory = self.rules.memory
        assert memory is not None
        weights = {0: 1.0} if score == 0 else {}
        between = self.reply if 1 <= self.reply <= 10 else BETWEEN
        for x in range(1, score + 1):
            for y, chance_y in float_chances(6)[between]:
                if y <= opponent:
                    before = score - x, opponent - y
                    n = int(table[before])
                    scored = dict(float_chances(6)[n]).get(x, 0.0) if n else self.zero_dice(*before) == x
                    weights[memory.remember(n, x)] = weights.get(memory.remember(n, x), 0.0) + scored * chance_y
        total = sum(weights.values()) or 1.0
        return [sum(w for m, w in weights.items() if memory.bonus(m, n)) / total for n in range(11)]


@pytest.mark.parametrize(
    ("rules", "reply"),
    [("sus_fuss", 6), ("hog_pile", 11), ("swine_align", 0), ("more_boar", 12), ("hefty_hogs", 3), ("fa19", 11)]
    + [("sp20", 6), ("su20", 0), ("sp17", 3), ("sp17", 11), ("fa16", 3), ("fa16", 11)],
)
def test_the_decision_is_the_plain_references_best_turn(rules, reply):
    rng = random.Random(rules)
    params = {name: rng.randint(low, high) for name, low, high, *_ in PARAMETERS}
    params["reply"] = reply
    table = get_family("lookahead").table(rules, GOAL, **params).table
    assert table.min() >= 0 and table.max() <= 10  # never fa16's Pork Chop (-1): it searches 0..10
    reference = Reference(rules, params)
    unique = 0
    for _ in range(40):
        score, opponent = rng.randrange(GOAL), rng.randrange(GOAL)
        values = reference.turn_values(score, opponent, table)
        chosen = int(table[score, opponent])
        assert values[chosen] >= max(values) - 1e-8, (score, opponent, chosen, values)
        others = [v for n, v in enumerate(values) if n < chosen]
        assert all(v < values[chosen] - TIE + 1e-8 for v in others), (score, opponent, chosen, values)
        unique += sorted(values)[-2] < max(values) - 1e-6
    assert unique > 20  # most pairs have one clearly best count, so the checks above bite


def test_a_short_evolution_beats_the_course_strategies_and_nears_the_best_response(tmp_path):
    rules = "square_swine"
    settings = Settings(population=6, generations=2, hall_of_fame=2)
    with open_store(f"sqlite:///{tmp_path / 'hog.db'}") as store:
        run = start_run(store, rules, GOAL, family="lookahead", settings=settings, seed=2)
        outcome = continue_run(store, run.id, jobs=1)
    opponent = get_family("always_roll").table(rules, GOAL, 6).table
    rate = exact.win_probabilities(outcome.best.table, opponent, rules).rate
    assert rate == pytest.approx(outcome.win_rate)
    ceiling = exact.best_response(opponent, rules).rate
    course = exact.win_probabilities(get_family("gain").table(rules, GOAL).table, opponent, rules).rate
    assert rate > course + 0.03
    assert ceiling - rate < 0.08, (rate, ceiling)


def test_the_defaults_make_a_sound_strategy_everywhere():
    for rules in ("sus_fuss", "swine_swap", "su20"):
        table = get_family("lookahead").table(rules, GOAL).table
        opponent = np.full((GOAL, GOAL), 6, dtype=np.int8)
        assert exact.win_probabilities(table, opponent, rules).rate > 0.6
