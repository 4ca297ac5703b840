"""Compiling a rule set for exact analysis: its rules called at every score
pair a game can reach, kept as lookup arrays (``CompiledRules``), and the
dice's points distributions; ``hog.exact`` is the public face."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb, lcm

import numpy as np

from hog import kernels, trot_kernels
from hog.game import MAX_ROLLS
from hog.rules import RuleSet, get_rules
from hog.rules.dice_rules import PORK_CHOP, pig_out, rerolled_chances

__all__ = ["CompiledRules", "compile_rules", "fewest_first", "points_distribution", "row_choices"]


@dataclass(frozen=True, eq=False)
class CompiledRules:
    """A rule set as read-only arrays, for one goal and one kind of die.

    * ``zero_points[score, opponent_score]``: points of rolling zero dice;
    * ``after_score``, ``after_opponent``, ``after_extra``, indexed
      ``[score after the turn's points and bonus, opponent_score]``: the
      after-turn rule's result, for scores up to ``goal - 1 + max_points +
      max_bonus`` and opponent scores up to ``goal - 1 + max(gift)``;
    * ``dice_chances[kind, num_rolls, points]``: the exact chance of scoring
      POINTS (the points and cap rules applied) by rolling NUM_ROLLS dice of
      kind KIND (row 0 is unused); kind 0 is the game's dice, the others are
      those the rules pick at some states (Hog Wild's sides or re-rolls, Hog
      Tied's limit), ``kind_sides[kind]`` their sides, ``kind_dice[kind]``
      the most dice rolled (a choice of more rolls that many),
      ``kind_reroll[kind]`` whether an odd outcome is rolled again (fa16's
      Hog Wild) and ``dice_kind[score, opponent_score]`` the dice of each
      state; ``dice_probabilities`` is ``dice_chances[0]``. Where the rules
      offer Pork Chop (-1), every array indexed by the choice has a last row
      for it (so index -1 reads it; ``choices`` lists each row's choice):
      it rolls no dice and scores ``chop_points`` for sure;
    * ``points_bounds[kind, num_rolls]``: (the lowest possible points, the
      next lowest, the highest, the points the lowest gives the opponent),
      so that the kernels visit one lone value and one contiguous range;
    * ``gift[num_rolls, points]``: the points a turn gives the opponent
      (Piggy Back; only for a roll of 0 points), for the simulator;
    * ``roll_table[num_rolls, ones, rest]``: the points (points rule
      applied) of rolling NUM_ROLLS dice with ONES 1s and the others summing
      to REST, for the simulator;
    * ``bonus[previous, num_rolls]`` and ``remember[num_rolls, points]``:
      the memory's bonus and what a player remembers (one memory value and
      no bonus in rule sets without memory);
    * the same over the full state's memories, for the full-state kernels
      and the simulator: a memory value there is ``own * G + shared``, what
      the player remembers of its own turn (Feral Hogs) and the game's
      shared memory (``dice_swapped``: G = 2 where a rule exchanges the
      dice, else G = 1), which both players hold alike.
      ``memory_bonus[memory, num_rolls]``, ``memory_remember[memory,
      num_rolls, points]`` (the mover's memory after the turn),
      ``carry[memory, mover's new memory]`` (the other player's memory
      after the mover's turn: its own part kept, the shared part the
      mover's), ``memory_dice[memory, kind]`` (the dice kind a mover of
      that memory rolls at a state of ``dice_kind`` KIND) and
      ``listing[memory, num_rolls]`` (an id of what the turn's outcomes
      depend on: the bonus and the shared part); ``swaps[num_rolls,
      points]``: whether such a turn toggles the shared memory;
    * ``finished``, ``link_start``, ``link_entry``, ``link_state``,
      ``link_same``: where each turn's outcome leads, in the form the
      score-only and swap kernels read (see ``hog.kernels``; empty where
      the players have memory or a turn can score 0).

    ``full_state`` says the exact analysis needs the full state: the rules
    have memory, or a turn can score 0 points (``cyclic``). ``time_trot``
    is Time Trot's modulus (0: none): the analysis then runs over (scores,
    turn number mod it, whether the turn is a Time Trot extra turn).
    """

    name: str
    goal: int
    sides: int
    max_points: int
    zero_points: np.ndarray
    after_score: np.ndarray
    after_opponent: np.ndarray
    after_extra: np.ndarray
    dice_chances: np.ndarray
    dice_kind: np.ndarray
    kind_sides: np.ndarray
    kind_dice: np.ndarray
    kind_reroll: np.ndarray
    points_bounds: np.ndarray
    roll_table: np.ndarray
    bonus: np.ndarray
    remember: np.ndarray
    memory_bonus: np.ndarray
    memory_remember: np.ndarray
    carry: np.ndarray
    memory_dice: np.ndarray
    listing: np.ndarray
    swaps: np.ndarray
    gift: np.ndarray
    cyclic: bool
    time_trot: int
    finished: np.ndarray
    link_start: np.ndarray
    link_entry: np.ndarray
    link_state: np.ndarray
    link_same: np.ndarray

    @property
    def choices(self) -> np.ndarray:
        """The choice of each row of the arrays indexed by the choice: 0..10, then -1 where Pork Chop is one."""
        return row_choices(self.dice_chances.shape[1])

    @property
    def dice_probabilities(self) -> np.ndarray:
        """``dice_probabilities[num_rolls, points]``: the chances of the game's dice."""
        chances: np.ndarray = self.dice_chances[0]
        return chances

    @property
    def full_state(self) -> bool:
        """Whether exact analysis runs over the full state (memory, cycles or Time Trot)."""
        return self.memory_bonus.shape[0] > 1 or self.cyclic or self.time_trot > 0

    @property
    def method(self) -> str:
        """How the exact kernels solve this rule set, in words."""
        if self.time_trot:
            return (
                "dynamic programming over the full state (scores, turn, turn number mod "
                f"{self.time_trot}, whether the turn is a Time Trot extra turn)"
            )
        if self.cyclic:
            return "value iteration within each total score to 1e-15 (zero-point turns make cycles)"
        if self.full_state and self.dice_swaps:
            return "dynamic programming over the full state (scores, turn, whether the dice are exchanged)"
        if self.full_state:
            return "dynamic programming over the full state (scores, turn, each player's memory)"
        return "dynamic programming over (score, opponent score, turn)"

    @property
    def dice_swaps(self) -> bool:
        """Whether a rule exchanges the dice (the shared ``dice_swapped`` flag)."""
        return bool(self.swaps.any())

    @property
    def memory_pairs(self) -> np.ndarray:
        """``[own, opponent]``: whether a game can hold those memories (both
        players hold the shared part alike), as floats."""
        own = np.arange(self.carry.shape[0])
        held: np.ndarray = (self.carry[:, own].T == own[None, :]).astype(float)
        return held

    @cached_property
    def state_arrays(self) -> tuple[np.ndarray, ...]:
        """The arrays the full-state kernels take, in their order; made
        once, like ``exact_arrays``."""
        return (
            self.zero_points,
            self.dice_chances,
            self.after_score,
            self.after_opponent,
            self.after_extra,
            self.memory_bonus,
            self.memory_remember,
            self.dice_kind,
            self.points_bounds,
            self.carry,
            self.memory_dice,
            self.listing,
        )

    @property
    def swap_kernel(self) -> bool:
        """Whether pairs of tables run in ``hog.swap_kernels``: a rule exchanges
        the dice, and the players have no memory of their own, nor cycles."""
        return self.dice_swaps and self.bonus.shape[0] == 1 and not self.cyclic

    @cached_property
    def swap_arrays(self) -> tuple[np.ndarray, ...]:
        """The arrays ``hog.swap_kernels`` takes, in its order: a roll's
        chances split into those that keep the dice (``stay``) and, listed
        per (kind, dice count), the points that exchange them (``flip_points``,
        ``flip_count``; the lone lowest points are read whole, as
        ``dice_chances`` and ``swaps`` say)."""
        swapping = self.swaps[None].astype(bool) & (self.dice_chances > 0)
        kinds, rolls = np.indices(swapping.shape[:2])
        swapping[kinds, rolls, self.points_bounds[:, :, 0]] = False  # the lone lowest points: read on their own
        stay = np.where(swapping, 0.0, self.dice_chances)
        counts = swapping.sum(axis=2)
        flip_points = np.zeros(self.dice_chances.shape[:2] + (max(1, int(counts.max())),), dtype=np.int64)
        for kind, n in zip(*np.nonzero(counts), strict=True):
            found = np.nonzero(swapping[kind, n])[0]
            flip_points[kind, n, : len(found)] = found
        arrays = (
            self.zero_points,
            self.dice_chances,
            stay,
            flip_points,
            counts.astype(np.int64),
            self.swaps,
            self.finished,
            self.link_start,
            self.link_entry,
            self.link_state,
            self.link_same,
            self.dice_kind,
            self.memory_dice,
            self.points_bounds,
        )
        for array in arrays:
            array.setflags(write=False)
        return arrays

    @cached_property
    def exact_arrays(self) -> kernels.ExactArrays:
        """The arrays the score-only and Time Trot exact kernels take, in
        their order; ``dice_kind`` is None for plain dice, so the kernels are
        compiled once for such rules (``kernels.dice_of``, ``kernels.points_range``).
        Made once: every exact pair asks for them."""
        return (
            self.zero_points,
            self.dice_chances,
            self.finished,
            self.link_start,
            self.link_entry,
            self.link_state,
            self.link_same,
            None if self.plain_dice else self.dice_kind,
            self.points_bounds,
        )

    @property
    def plain_dice(self) -> bool:
        """Whether the dice never change and a roll of n scores 1 (Pig Out) or 2n to ``sides`` * n."""
        rolls = np.arange(1, MAX_ROLLS + 1)
        plain = np.stack([np.ones_like(rolls), 2 * rolls, self.sides * rolls, 0 * rolls], axis=1)
        if len(self.kind_sides) > 1 or self.points_bounds.shape[1] != MAX_ROLLS + 1:
            return False
        return bool((self.points_bounds[0, 1:] == plain).all())

    @property
    def game_arrays(self) -> tuple[np.ndarray, ...]:
        """The arrays the simulation kernels take, in their order."""
        return (
            self.zero_points,
            self.after_score,
            self.after_opponent,
            self.after_extra,
            self.memory_bonus,
            self.memory_remember,
            self.dice_kind,
            self.kind_sides,
            (np.uint64(1 << 32) % self.kind_sides).astype(np.uint64),
            self.roll_table,
            np.array([self.time_trot], dtype=np.int64),
            self.kind_dice,
            self.gift,
            self.carry,
            self.memory_dice,
            self.kind_reroll,
        )


def row_choices(rows: int) -> np.ndarray:
    """The choice of each of ROWS rows of an array indexed by the choice:
    0..10, then -1 (Pork Chop) in a twelfth row, which index -1 reads.

    >>> row_choices(11)[-1], row_choices(12)[-2:].tolist()
    (np.int8(10), [10, -1])
    """
    return np.array([*range(MAX_ROLLS + 1), PORK_CHOP][:rows], dtype=np.int8)


def fewest_first(rows: int) -> np.ndarray:
    """The rows of an array indexed by the choice in the solvers' order of
    preference among equals: -1 first where it is one, then the fewest dice.

    >>> fewest_first(11).tolist() == list(range(11)), fewest_first(12)[:2].tolist()
    (True, [11, 0])
    """
    return np.argsort(row_choices(rows), kind="stable")


def points_distribution(
    num_rolls: int, sides: int, roll_points: Callable[[Sequence[int]], int] = pig_out, rerolled: bool = False
) -> list[Fraction]:
    """The exact chance of each number of points (the list index) when rolling
    NUM_ROLLS >= 1 dice of SIDES sides scored by ROLL_POINTS (by default a
    turn with any 1 scores exactly 1), which is called once for each number
    of 1s and sum of the other outcomes (``hog.rules.dice_rules``); if
    REROLLED, each die's odd outcome is rolled once more (fa16's Hog Wild).

    >>> [str(p) for p in points_distribution(1, 6)]
    ['0', '1/6', '1/6', '1/6', '1/6', '1/6', '1/6']
    >>> str(points_distribution(2, 6)[1]), str(points_distribution(2, 6)[12])
    ('11/36', '1/36')
    >>> from hog.rules.dice_rules import pig_out_counting_ones
    >>> [str(p) for p in points_distribution(2, 4, pig_out_counting_ones)[:3]]
    ['0', '3/8', '1/16']
    >>> [str(p) for p in points_distribution(1, 6, rerolled=True)]
    ['0', '1/12', '1/4', '1/12', '1/4', '1/12', '1/4']
    """
    weights, whole = _face_weights(sides, rerolled)
    chances: dict[int, Fraction] = {}
    outcomes = whole**num_rolls
    for ones, rest, count in _ones_and_rest(num_rolls, weights):
        points = roll_points(_outcomes_of(num_rolls, ones, rest))
        chances[points] = chances.get(points, Fraction(0)) + Fraction(comb(num_rolls, ones) * count, outcomes)
    if min(chances) < 0:
        raise ValueError(f"rolling {num_rolls} dice scores {min(chances)} points; expected at least 0")
    listed = [Fraction(0)] * (max(max(chances), num_rolls * sides) + 1)
    for points, chance in chances.items():
        listed[points] = chance
    return listed


def _face_weights(sides: int, rerolled: bool) -> tuple[list[int], int]:
    """Integer weights of a die's outcomes 1..SIDES (index 0 unused) and their
    sum: 1 each for a fair die, the chances of ``rerolled_chances`` over a
    common denominator for a re-rolled one."""
    if not rerolled:
        return [0] + [1] * sides, sides
    chances = rerolled_chances(sides)
    whole = lcm(*(chance.denominator for chance in chances))
    return [int(chance * whole) for chance in chances], whole


def _ones_and_rest(num_rolls: int, weights: Sequence[int]) -> list[tuple[int, int, int]]:
    """(1s, sum of the other outcomes, their weight) of NUM_ROLLS dice whose
    outcome f weighs WEIGHTS[f]: the weight of the sequences with that many
    1s in given places and the others making that sum (the 1s' places not
    counted; fair dice weigh 1 an outcome, so the weight counts sequences)."""
    sides = len(weights) - 1
    ways = [[1]]  # ways[m][k]: weight of the sequences of m dice, none a 1, summing to k
    for _ in range(num_rolls):
        longer = [0] * (len(ways[-1]) + sides)
        for total, count in enumerate(ways[-1]):
            if count:
                for face in range(2, sides + 1):
                    longer[total + face] += count * weights[face]
        ways.append(longer)
    return [
        (num_rolls - others, rest, count * weights[1] ** (num_rolls - others))
        for others in range(num_rolls, -1, -1)
        for rest, count in enumerate(ways[others])
        if count
    ]


def _outcomes_of(num_rolls: int, ones: int, rest: int) -> list[int]:
    """One sequence of NUM_ROLLS outcomes with ONES 1s, the others (each at
    least 2) summing to REST."""
    others = num_rolls - ones
    faces = [2] * others
    extra = rest - 2 * others
    for i in range(others):
        faces[i] += extra // others + (1 if i < extra % others else 0)
    return [1] * ones + faces


def compile_rules(rules: RuleSet | str, goal: int = 100, sides: int = 6) -> CompiledRules:
    """RULES as lookup arrays for GOAL and SIDES-sided dice (cached).

    Raises ValueError if the rule set breaks what the analysis relies on:
    no turn scores below 0, the after-turn rule never lowers the total score
    nor makes a score negative, and a finished game has no tie.
    """
    for label, value in (("goal", goal), ("sides", sides)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
            raise ValueError(f"{label} must be a positive integer, not {value!r}")
    return _compile(get_rules(rules), int(goal), int(sides))


@lru_cache(maxsize=64)
def _compile(rules: RuleSet, goal: int, sides: int) -> CompiledRules:
    zero_points = np.array(
        [[rules.turn_score(0, rules.zero_dice(s, o))[1] for o in range(goal)] for s in range(goal)], dtype=np.int64
    )
    if zero_points.min() < 0:
        s, o = (int(i) for i in np.argwhere(zero_points < 0)[0])
        raise ValueError(f"rule set {rules.name}: rolling zero dice at scores ({s}, {o}) scores less than 0 points")
    shared = 2 if rules.swaps_dice is not None else 1
    kinds, dice_kind, shared_kind = _dice_kinds(rules, goal, sides, shared)
    kind_sides = np.array([kind_sides for kind_sides, _, _ in kinds], dtype=np.uint64)
    kind_dice = np.array([most for _, most, _ in kinds], dtype=np.int64)
    kind_reroll = np.array([again for _, _, again in kinds], dtype=np.bool_)
    choices = row_choices(len(rules.choices)).tolist()
    chances = [[_final_chances(rules, n, most, side, again) for n in choices] for side, most, again in kinds]
    roll_most = max(max(row[n]) for row in chances for n in range(1, len(choices)))
    max_points = max(MAX_ROLLS * int(kind_sides.max()), roll_most, int(zero_points.max()))
    bonus, remember = _memory_arrays(rules, max_points, choices)
    memory_bonus, memory_remember, carry, listing, swaps = _full_state_memory(rules, bonus, remember, shared, choices)
    memory_dice = shared_kind[np.arange(memory_bonus.shape[0]) % shared]
    gift = _gift_array(rules, max_points, choices)
    rows = goal + max_points + int(bonus.max())
    results = [[rules.after_turn(s, o) for o in range(goal + int(gift.max()))] for s in range(rows)]
    after_score = np.array([[r[0] for r in row] for row in results], dtype=np.int64)
    after_opponent = np.array([[r[1] for r in row] for row in results], dtype=np.int64)
    after_extra = np.array([[bool(r[2]) for r in row] for row in results], dtype=np.bool_)
    cyclic = bool(zero_points.min() == 0)
    if not 0 <= rules.time_trot <= trot_kernels.LANES:
        raise ValueError(f"rule set {rules.name}: Time Trot's modulus must be 0..{trot_kernels.LANES}")
    _check_after_turn(rules.name, goal, after_score, after_opponent, scores_zero=cyclic or bool(gift.any()))

    dice_chances = np.zeros((len(kind_sides), len(choices), max_points + 1))
    points_bounds = np.zeros((len(kind_sides), len(choices), 4), dtype=np.int64)
    points_bounds[:, 0] = (0, 1, 0, 0)
    for kind, row in enumerate(chances):
        for num_rolls in range(1, len(choices)):
            for points, chance in row[num_rolls].items():
                dice_chances[kind, num_rolls, points] = float(chance)
            support = sorted(points for points, chance in row[num_rolls].items() if chance)
            low = support[1] if len(support) > 1 else support[0] + 1
            gifts = gift[min(num_rolls, int(kind_dice[kind])) if num_rolls <= MAX_ROLLS else num_rolls, support]
            _check_gifts(rules.name, support, gifts)
            points_bounds[kind, num_rolls] = (support[0], low, support[-1], gifts[0])
    full_state = memory_bonus.shape[0] > 1 or cyclic
    if shared > 1 and rules.time_trot:
        raise ValueError(f"rule set {rules.name}: exchanged dice and Time Trot are not analysed together")
    if len(choices) > MAX_ROLLS + 1 and (memory_bonus.shape[0] == 1 or rules.time_trot):
        raise ValueError(f"rule set {rules.name}: Pork Chop is analysed only with a dice-swap rule, without Time Trot")
    if gift.any() and (full_state or rules.time_trot):
        raise ValueError(f"rule set {rules.name}: points for the opponent need the analysis over the two scores")
    links = (  # the score-only kernels' links serve the swap kernels too (no memory of the players' own)
        _NO_LINKS
        if bonus.shape[0] > 1 or cyclic
        else _outcome_links(goal, after_score, after_opponent, after_extra, bool(gift.any()))
    )
    compiled = CompiledRules(
        name=rules.name,
        goal=goal,
        sides=sides,
        max_points=max_points,
        zero_points=zero_points,
        after_score=after_score,
        after_opponent=after_opponent,
        after_extra=after_extra,
        dice_chances=dice_chances,
        dice_kind=np.ascontiguousarray(dice_kind, dtype=np.int64),
        kind_sides=kind_sides,
        kind_dice=kind_dice,
        kind_reroll=kind_reroll,
        points_bounds=points_bounds,
        roll_table=_roll_table(rules, int(kind_sides.max()), choices),
        bonus=bonus,
        remember=remember,
        memory_bonus=memory_bonus,
        memory_remember=memory_remember,
        carry=carry,
        memory_dice=memory_dice,
        listing=listing,
        swaps=swaps,
        gift=gift,
        cyclic=cyclic,
        time_trot=rules.time_trot,
        **{name: array.copy() for name, array in links.items()},
    )
    linked = (compiled.finished, compiled.link_start, compiled.link_entry, compiled.link_state, compiled.link_same)
    for array in (*compiled.state_arrays, *compiled.game_arrays, *linked):
        array.setflags(write=False)
    return compiled


def _dice_kinds(
    rules: RuleSet, goal: int, sides: int, shared: int
) -> tuple[list[tuple[int, int, bool]], np.ndarray, np.ndarray]:
    """The kinds of dice turns roll under RULES with SIDES-sided dice, as
    (sides, most dice, whether odd outcomes are re-rolled), the game's own
    (SIDES, no limit, no re-rolls) first; the kind of each score pair below
    GOAL with the dice as dealt (Hog Wild picks the sides or re-rolls, Hog
    Tied the limit); and ``shared_kind[swapped, kind]``, the kind a state of
    KIND rolls with the dice exchanged (SHARED 2) or not."""
    state = [
        [
            [
                (rules.dice_sides(s, o, sides, bool(g)), rules.dice_rolled(s, o, MAX_ROLLS), rules.rerolled(s, o))
                for o in range(goal)
            ]
            for s in range(goal)
        ]
        for g in range(shared)
    ]
    game = (sides, MAX_ROLLS, False)
    kinds = [game, *sorted({kind for layer in state for row in layer for kind in row} - {game})]
    if min(most for _, most, _ in kinds) < 1:
        raise ValueError(f"rule set {rules.name}: a limit rule allows fewer than 1 die")
    index = {kind: i for i, kind in enumerate(kinds)}
    layers = np.array([[[index[kind] for kind in row] for row in layer] for layer in state], dtype=np.int64)
    shared_kind = np.tile(np.arange(len(kinds), dtype=np.int64), (shared, 1))
    for g in range(1, shared):
        pairs = set(zip(layers[0].ravel().tolist(), layers[g].ravel().tolist(), strict=True))
        if len({dealt for dealt, _ in pairs}) < len(pairs):
            raise ValueError(f"rule set {rules.name}: the exchanged dice do not follow from the dice as dealt")
        for dealt, exchanged in pairs:
            shared_kind[g, dealt] = exchanged
    return kinds, layers[0], shared_kind


def _gift_array(rules: RuleSet, max_points: int, choices: list[int]) -> np.ndarray:
    """``gift[num_rolls, points]``: the points RULES give the opponent when a
    turn of NUM_ROLLS dice scores POINTS (all 0 without Piggy Back); never
    for rolling zero dice, nor for Pork Chop (a row per one of CHOICES)."""
    gift = np.zeros((len(choices), max_points + 1), dtype=np.int64)
    if rules.opponent_points is not None:
        gift[1 : MAX_ROLLS + 1] = [
            [rules.opponent_points(n, p) for p in range(max_points + 1)] for n in range(1, MAX_ROLLS + 1)
        ]
    if gift.min() < 0:
        raise ValueError(f"rule set {rules.name}: a turn gives the opponent less than 0 points")
    return gift


def _check_gifts(name: str, support: list[int], gifts: np.ndarray) -> None:
    """Insist that a roll scoring the points SUPPORT (in order) gives the
    opponent GIFTS only when it scores 0 points (so with its lowest, the
    kernels' lone value), and that it adds at least one point to the total."""
    if (gifts * np.array(support)).any():
        raise ValueError(f"rule set {name}: a turn gives the opponent points though it scores points itself")
    if support[0] + gifts[0] == 0:
        raise ValueError(f"rule set {name}: rolling dice can leave both scores as they were")


def _final_chances(rules: RuleSet, choice: int, most: int, sides: int, rerolled: bool) -> dict[int, Fraction]:
    """{points: chance} of choosing CHOICE under RULES with dice of SIDES
    sides, at most MOST of them rolled, odd outcomes REROLLED or not: the
    points and cap rules applied; nothing for 0 (the zero-dice rule's),
    Pork Chop's points for sure for -1."""
    if choice == PORK_CHOP and rules.chop_points is not None:
        return {rules.chop_points: Fraction(1)}
    if choice == 0:
        return {}
    num_rolls = min(choice, most)
    final: dict[int, Fraction] = {}
    for points, chance in enumerate(points_distribution(num_rolls, sides, rules.roll_points, rerolled)):
        if chance:
            scored = rules.turn_score(num_rolls, points)[1]
            final[scored] = final.get(scored, Fraction(0)) + chance
    return final


def _roll_table(rules: RuleSet, sides: int, choices: list[int]) -> np.ndarray:
    """``roll_table[num_rolls, ones, rest]`` (see ``CompiledRules``) for dice
    of up to SIDES sides, a row per one of CHOICES (Pork Chop's: its points
    at [-1, 0, 0])."""
    table = np.zeros((len(choices), MAX_ROLLS + 1, MAX_ROLLS * sides + 1), dtype=np.int64)
    for num_rolls in range(1, MAX_ROLLS + 1):
        for ones, rest, _ in _ones_and_rest(num_rolls, [0] + [1] * sides):
            points = rules.roll_points(_outcomes_of(num_rolls, ones, rest))
            table[num_rolls, ones, rest] = rules.turn_score(num_rolls, points)[1]
    if rules.chop_points is not None:
        table[PORK_CHOP, 0, 0] = rules.chop_points
    return table


_NO_LINKS = {
    "finished": np.zeros(0),
    "link_start": np.zeros(0, dtype=np.int64),
    "link_entry": np.zeros(0, dtype=np.int64),
    "link_state": np.zeros(0, dtype=np.int64),
    "link_same": np.zeros(0, dtype=np.bool_),
}


def _memory_arrays(rules: RuleSet, max_points: int, choices: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """``bonus[previous, num_rolls]`` and ``remember[num_rolls, points]`` of
    RULES' memory (one value, no bonus, without memory), a column or row per one of CHOICES."""
    memory = rules.memory
    if memory is None:
        return np.zeros((1, len(choices)), dtype=np.int64), np.zeros((len(choices), max_points + 1), dtype=np.int64)
    bonus = np.array([[memory.bonus(m, n) for n in choices] for m in range(memory.size)], dtype=np.int64)
    remember = np.array([[memory.remember(n, k) for k in range(max_points + 1)] for n in choices], dtype=np.int64)
    if bonus.min() < 0 or remember.min() < 0 or remember.max() >= memory.size:
        raise ValueError(
            f"rule set {rules.name}: a memory bonus is negative or a memory falls outside 0..{memory.size - 1}"
        )
    return bonus, remember


def _full_state_memory(
    rules: RuleSet, bonus: np.ndarray, remember: np.ndarray, shared: int, choices: list[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``memory_bonus``, ``memory_remember``, ``carry``, ``listing`` and ``swaps`` (see
    ``CompiledRules``): the players' own memory (BONUS, REMEMBER) joined with
    SHARED values of the game's shared memory, which a dice-swap rule toggles."""
    points = remember.shape[1]
    swaps = np.zeros_like(remember)
    if rules.swaps_dice is not None:
        swaps = np.array([[rules.swaps_dice(n, k) for k in range(points)] for n in choices], dtype=np.int64)
    memories = np.arange(bonus.shape[0] * shared)
    memory_bonus = bonus[memories // shared]
    memory_remember = remember[None] * shared + (memories[:, None, None] % shared + swaps[None]) % shared
    carry = memories[:, None] // shared * shared + memories[None, :] % shared
    listing = memory_bonus * shared + memories[:, None] % shared
    return memory_bonus, memory_remember, carry, listing, swaps


def _check_after_turn(
    name: str, goal: int, after_score: np.ndarray, after_opponent: np.ndarray, scores_zero: bool
) -> None:
    """Insist that the after-turn results allow the analysis (see compile_rules);
    an opponent score past the goal (points given to the opponent) comes with
    the mover's score below it."""
    score_after_points = np.arange(after_score.shape[0])[:, None]
    opponent = np.arange(after_score.shape[1])[None, :]
    finished = (after_score >= goal) | (after_opponent >= goal)
    problems = {
        "makes a score negative": (after_score < 0) | (after_opponent < 0),
        "lowers the total score": ~finished & (after_score + after_opponent < score_after_points + opponent),
        "ends the game in a tie": finished & (after_score == after_opponent),
    }
    reachable = (opponent < goal) | (score_after_points < goal)
    for problem, bad in problems.items():
        bad &= reachable
        if not scores_zero:
            bad[0] = False  # a turn scores at least 1 point: no score after points is 0
        if bad.any():
            s, o = (int(i) for i in np.argwhere(bad)[0])
            raise ValueError(f"rule set {name}: the after-turn rule at scores ({s}, {o}) {problem}")


def _outcome_links(
    goal: int, after_score: np.ndarray, after_opponent: np.ndarray, after_extra: np.ndarray, gifts: bool
) -> dict[str, np.ndarray]:
    """Where each outcome (score after points, opponent score) leads, as the
    exact kernels read it (see hog.kernels): indices run over
    ``opponent_score * (goal + max_points) + score_after_points``, opponent
    scores past the goal included where a turn gives the opponent points
    (GIFTS: then the mover's score after a turn can be 0)."""
    score, opponent = after_score.T.ravel(), after_opponent.T.ravel()
    extra = after_extra.T.ravel()
    ended = (score >= goal) | (opponent >= goal)
    finished = np.where(ended, (score > opponent).astype(float), np.nan)
    reachable = gifts | (np.arange(score.size) % after_score.shape[0] >= 1)  # else a turn scores >= 1 point
    (entry,) = np.nonzero(~ended & reachable)
    score, opponent, extra = score[entry], opponent[entry], extra[entry]
    order = np.argsort(score + opponent, kind="stable")
    entry, score, opponent, extra = entry[order], score[order], opponent[order], extra[order]
    state = np.where(extra, score * goal + opponent, opponent * goal + score)
    link_start = np.searchsorted(score + opponent, np.arange(2 * goal + 1))
    return {
        "finished": finished,
        "link_start": link_start.astype(np.int64),
        "link_entry": entry.astype(np.int64),
        "link_state": state.astype(np.int64),
        "link_same": extra.astype(np.bool_),
    }
