"""What the dice of a turn are and what they score, one function per rule.

* a dice rule ``(score, opponent_score) -> sides or None`` picks the dice
  of a turn from the state (Hog Wild); None means the game's dice;
* a roll rule ``(outcomes) -> points`` scores the dice rolled (Pig Out);
  it sees the outcomes, but may depend on them only through how many are
  1s and the sum of the others (the analysis calls it once per such pair);
* a points rule ``(points) -> points`` changes the turn's points before they
  are added (Hogtimus Prime);
* a limit rule ``(score, opponent_score) -> most dice`` caps the number of
  dice rolled (Hog Tied): a player who chooses more rolls that many;
* an opponent's-points rule ``(num_rolls, points) -> points`` gives the
  opponent points for the turn (Piggy Back); it may give them only for a
  roll of dice that scores 0 points, and must then give some;
* a dice-swap rule ``(num_rolls, points) -> bool`` says whether the turn
  exchanges the dice for both players for the rest of the game (Perfect
  Piggy, Pork Chop): the game's shared ``dice_swapped`` flag toggles, and
  while it is set the game's dice are ``exchanged_sides`` of what they were;
* a cap rule ``(num_rolls) -> most points`` caps a turn's points after the
  points rule (When Pigs Fly);
* a re-roll rule ``(score, opponent_score) -> bool`` says whether the
  turn's dice are wrapped by ``rerolled`` (fa16's Hog Wild): an odd outcome
  is rolled once more and the second outcome stands.

A rule set may also offer the choice ``PORK_CHOP`` (-1) besides 0..10 dice:
the turn then scores ``PORK_CHOP_POINTS`` and no dice are rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from hog.rules.numbers import is_perfect_cube, is_perfect_square, is_prime, next_prime

__all__ = [
    "MOST_DICE",
    "PORK_CHOP",
    "PORK_CHOP_POINTS",
    "pig_out",
    "pig_out_all_ones",
    "pig_out_counting_ones",
    "pig_out_zero",
    "hog_wild",
    "hogtimus_prime",
    "hog_tied",
    "piggy_back",
    "perfect_piggy",
    "exchanged_sides",
    "hog_wild_reroll",
    "rerolled",
    "rerolled_chances",
    "when_pigs_fly",
    "pork_chop",
]

#: The most dice a turn may roll where no rule limits them.
MOST_DICE = 10
#: The choice of Pork Chop (fa16), which a strategy returns instead of a dice count.
PORK_CHOP = -1
#: The points a Pork Chop turn scores (no other rule changes them).
PORK_CHOP_POINTS = 1


def pig_out(outcomes: Sequence[int]) -> int:
    """Pig Out / Sow Sad: the sum, or 1 if any outcome is a 1.

    >>> pig_out([4, 6]), pig_out([4, 6, 1]), pig_out([1, 1])
    (10, 1, 1)
    """
    return 1 if 1 in outcomes else sum(outcomes)


def pig_out_counting_ones(outcomes: Sequence[int]) -> int:
    """Pig Out (sp17): the number of 1s, at most 11 minus the number of dice,
    if any outcome is a 1; otherwise the sum.

    >>> pig_out_counting_ones([1, 1, 1, 2, 2, 2, 2, 2, 2, 2]), pig_out_counting_ones([1, 1])
    (1, 2)
    >>> pig_out_counting_ones([1, 5, 1]), pig_out_counting_ones([3, 5])
    (2, 8)
    """
    ones = sum(1 for outcome in outcomes if outcome == 1)
    return min(ones, 11 - len(outcomes)) if ones else sum(outcomes)


def pig_out_all_ones(outcomes: Sequence[int]) -> int:
    """Pig Out (fa16): the number of 1s, with no cap, if any outcome is a 1;
    otherwise the sum.

    >>> pig_out_all_ones([5, 4, 3, 2, 1, 5, 4, 3, 2, 1]), pig_out_all_ones([1] * 10), pig_out_all_ones([3, 5])
    (2, 10, 8)
    """
    ones = sum(1 for outcome in outcomes if outcome == 1)
    return ones if ones else sum(outcomes)


def pig_out_zero(outcomes: Sequence[int]) -> int:
    """Pig Out (sp16): 0 if any outcome is a 1, otherwise the sum.

    >>> pig_out_zero([4, 6]), pig_out_zero([4, 6, 1]), pig_out_zero([1])
    (10, 0, 0)
    """
    return 0 if 1 in outcomes else sum(outcomes)


def hog_wild(score: int, opponent_score: int) -> int | None:
    """Hog Wild (sp17): four-sided dice when the sum of the scores is a
    multiple of 7 (0 included), else the game's dice (None).

    >>> hog_wild(0, 0), hog_wild(3, 4), hog_wild(3, 5), hog_wild(50, 20)
    (4, 4, None, 4)
    """
    return 4 if (score + opponent_score) % 7 == 0 else None


def hogtimus_prime(points: int) -> int:
    """Hogtimus Prime (sp17): prime points become the next prime (1 is not prime).

    >>> [hogtimus_prime(p) for p in (2, 7, 1, 4, 59, 0)]
    [3, 11, 1, 4, 61, 0]
    """
    return next_prime(points) if is_prime(points) else points


def hog_tied(score: int, opponent_score: int) -> int:
    """Hog Tied (su16): at most one die when the sum of the scores ends in 7,
    else at most ``MOST_DICE``.

    >>> hog_tied(3, 4), hog_tied(50, 27), hog_tied(3, 5), hog_tied(0, 0)
    (1, 1, 10, 10)
    """
    return 1 if (score + opponent_score) % 10 == 7 else MOST_DICE


def piggy_back(num_rolls: int, points: int) -> int:
    """Piggy Back (sp16): a turn that scores 0 points gives the opponent
    NUM_ROLLS points.

    >>> piggy_back(4, 0), piggy_back(4, 9), piggy_back(0, 5)
    (4, 0, 0)
    """
    return num_rolls if points == 0 else 0


def perfect_piggy(num_rolls: int, points: int) -> bool:
    """Perfect Piggy (su17): a turn whose points (after Hogtimus Prime) are a
    perfect square or a perfect cube, but not 1, exchanges the dice.

    >>> [p for p in range(1, 30) if perfect_piggy(3, p)], perfect_piggy(0, 64), perfect_piggy(0, 1)
    ([4, 8, 9, 16, 25, 27], True, False)
    """
    return points != 1 and (is_perfect_square(points) or is_perfect_cube(points))


def exchanged_sides(sides: int) -> int:
    """The sides of the game's dice once exchanged: six-sided dice become
    four-sided and four-sided six-sided (others stay).

    >>> exchanged_sides(6), exchanged_sides(4), exchanged_sides(8)
    (4, 6, 8)
    """
    return {6: 4, 4: 6}.get(sides, sides)


def hog_wild_reroll(score: int, opponent_score: int) -> bool:
    """Hog Wild (fa16): the turn's dice are wrapped by ``rerolled`` when the
    sum of the scores is a multiple of 7 (0 included).

    >>> hog_wild_reroll(0, 0), hog_wild_reroll(3, 4), hog_wild_reroll(3, 5)
    (True, True, False)
    """
    return (score + opponent_score) % 7 == 0


def rerolled(dice: Callable[[], int]) -> Callable[[], int]:
    """DICE re-rolled once on an odd outcome: the second outcome stands.

    >>> from hog.dice import make_test_dice
    >>> die = rerolled(make_test_dice(3, 5, 4, 1, 1, 2))
    >>> die(), die(), die()  # 3 -> 5; 4; 1 -> 1
    (5, 4, 1)
    """

    def die() -> int:
        outcome = dice()
        return dice() if outcome % 2 else outcome

    return die


def rerolled_chances(sides: int) -> list[Fraction]:
    """The chance of each outcome 1..SIDES (index 0 unused) of a fair die of
    SIDES sides wrapped by ``rerolled``.

    >>> [str(p) for p in rerolled_chances(6)[1:]], [str(p) for p in rerolled_chances(4)[1:]]
    (['1/12', '1/4', '1/12', '1/4', '1/12', '1/4'], ['1/8', '3/8', '1/8', '3/8'])
    """
    chances = [Fraction(0)] * (sides + 1)
    for first in range(1, sides + 1):
        if first % 2 == 0:
            chances[first] += Fraction(1, sides)
        else:
            for second in range(1, sides + 1):
                chances[second] += Fraction(1, sides * sides)
    return chances


def when_pigs_fly(num_rolls: int) -> int:
    """When Pigs Fly (fa16): a turn of NUM_ROLLS dice scores at most 25 - NUM_ROLLS.

    >>> when_pigs_fly(0), when_pigs_fly(6), when_pigs_fly(10)
    (25, 19, 15)
    """
    return 25 - num_rolls


def pork_chop(num_rolls: int, points: int) -> bool:
    """Pork Chop (fa16): choosing ``PORK_CHOP`` (-1) exchanges the dice for
    both players; nothing else does.

    >>> pork_chop(-1, 1), pork_chop(1, 1), pork_chop(0, 9)
    (True, False, False)
    """
    return num_rolls == PORK_CHOP
