"""A plain re-telling of the course's ``hog.py`` for each rule set, for the tests.

Nothing here uses ``hog.rules`` or ``hog.game``: the rule functions are
written from the seeds' text and examples (digits by arithmetic, squares by
search, pi by a spigot), and ``play`` is the course's loop. Tests run the
project's course modules and this reference side by side, with the same
seeded dice, and compare every call (``test_cs61a_courses``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

GOAL = 100


# --- the rules, as the course students wrote them --------------------------


def piggy_points(score: int) -> int:
    """more_boar: 3 + the smallest digit of the opponent's score squared."""
    square, smallest = score * score, 9
    while True:
        smallest = min(smallest, square % 10)
        square //= 10
        if square == 0:
            return smallest + 3


def leading_two(score: int) -> tuple[int, int]:
    """The first two digits; a one-digit score reads as 0 then that digit."""
    while score >= 100:
        score //= 10
    return score // 10, score % 10


def more_boar(player_score: int, opponent_score: int) -> bool:
    (p1, p2), (o1, o2) = leading_two(player_score), leading_two(opponent_score)
    return p1 < o1 and p2 < o2


def sevenths_digit(score: int) -> int:
    """hog_pile: the score-th digit of 1/7 after the point; 7 for score 0."""
    return 7 if score == 0 else 10**score // 7 % 10


def hog_pile(player_score: int, opponent_score: int) -> int:
    return player_score if player_score == opponent_score else 0


def tens_ones(score: int) -> int:
    """swine_swap and square_swine: 2 * |tens - ones| + 1."""
    return 2 * abs(score // 10 % 10 - score % 10) + 1


def perfect_square(score: int) -> bool:
    root = 0
    while root * root < score:
        root += 1
    return root * root == score


def next_perfect_square(score: int) -> int:
    root = 0
    while root * root <= score:
        root += 1
    return root * root


def pi_digits(count: int) -> list[int]:
    """The first COUNT decimal digits of pi, 3 first (Gibbons' spigot)."""
    digits: list[int] = []
    q, r, t, k, n, m = 1, 0, 1, 1, 3, 3
    while len(digits) < count:
        if 4 * q + r - t < n * t:
            digits.append(n)
            q, r, n = 10 * q, 10 * (r - n * t), 10 * (3 * q + r) // t - 10 * n
        else:
            q, r, t, k, n, m = q * k, (2 * q + r) * m, t * m, k + 1, (q * (7 * k + 2) + r * m) // (t * m), m + 2
    return digits


PI_DIGITS = pi_digits(1200)


def free_bacon(score: int) -> int:
    """swine_align: 3 + the score-th digit of pi after the point (0: the 3)."""
    return PI_DIGITS[score] + 3


def gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def swine_align(player_score: int, opponent_score: int) -> bool:
    return player_score > 0 and opponent_score > 0 and gcd(player_score, opponent_score) >= 10


def pig_pass(player_score: int, opponent_score: int) -> bool:
    return player_score < opponent_score and opponent_score - player_score < 3


def extra_turn(player_score: int, opponent_score: int) -> bool:
    return swine_align(player_score, opponent_score) or pig_pass(player_score, opponent_score)


ZERO_DICE = {
    "more_boar": piggy_points,
    "hog_pile": sevenths_digit,
    "swine_swap": tens_ones,
    "square_swine": tens_ones,
    "pig_tail": tens_ones,  # square_swine played with simple_update
    "swine_align": free_bacon,
}


def after_turn(rule_set: str, score: int, opponent_score: int) -> tuple[int, int, bool]:
    """(score, opponent score, extra turn) once the turn's points are added."""
    if rule_set == "more_boar":
        return score, opponent_score, more_boar(score, opponent_score)
    if rule_set == "hog_pile":
        return score + hog_pile(score, opponent_score), opponent_score, False
    if rule_set == "swine_swap":
        return (opponent_score, score, False) if perfect_square(score) else (score, opponent_score, False)
    if rule_set == "square_swine":
        return (next_perfect_square(score) if perfect_square(score) else score), opponent_score, False
    if rule_set == "pig_tail":
        return score, opponent_score, False
    return score, opponent_score, extra_turn(score, opponent_score)


class Rules:
    """RULE_SET's zero-dice and after-turn rules, in the shape of ``hog.rules.RuleSet``'s."""

    def __init__(self, rule_set: str):
        self.name = rule_set

    def zero_dice(self, score: int, opponent_score: int) -> int:
        return ZERO_DICE[self.name](opponent_score)

    def after_turn(self, score: int, opponent_score: int) -> tuple[int, int, bool]:
        return after_turn(self.name, score, opponent_score)


# --- the course's functions ------------------------------------------------


def six_sided() -> int:
    return random.randint(1, 6)


def roll_dice(num_rolls: int, dice: Callable[[], int] = six_sided) -> int:
    total, pig_out = 0, False
    for _ in range(num_rolls):
        outcome = dice()
        pig_out = pig_out or outcome == 1
        total += outcome
    return 1 if pig_out else total


def take_turn(rule_set: str, num_rolls: int, opponent_score: int, dice: Callable[[], int] = six_sided) -> int:
    return ZERO_DICE[rule_set](opponent_score) if num_rolls == 0 else roll_dice(num_rolls, dice)


def play(rule_set, strategy0, strategy1, score0=0, score1=0, dice=six_sided, goal=GOAL, say=None):
    """The course's play: one strategy call and one take_turn per turn, the
    after-turn rule, commentary after every turn, stop at the goal."""
    who = 0
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(rule_set, strategy0(score0, score1), score1, dice)
            score0, score1, extra = after_turn(rule_set, score0, score1)
        else:
            score1 += take_turn(rule_set, strategy1(score1, score0), score0, dice)
            score1, score0, extra = after_turn(rule_set, score1, score0)
        if say is not None:
            say = say(score0, score1)
        if not extra:
            who = 1 - who
    return score0, score1
