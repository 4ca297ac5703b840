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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb

import numpy as np

from hog import kernels, state_kernels, trot_kernels
from hog.dice_counts import first_bad_count
from hog.game import MAX_ROLLS
from hog.rules import RuleSet, get_rules
from hog.rules.dice_rules import pig_out

__all__ = [
    "CompiledRules",
    "TableStack",
    "WinProbabilities",
    "Solution",
    "TIE_BREAK",
    "compile_rules",
    "points_distribution",
    "win_probabilities",
    "win_probabilities_pairs",
    "win_probabilities_many",
    "best_response",
    "best_response_to_always_roll",
    "perfect_play",
    "checked_table",
    "checked_tables",
]


@dataclass(frozen=True, eq=False)
class CompiledRules:
    """A rule set as read-only arrays, for one goal and one kind of die.

    * ``zero_points[score, opponent_score]``: points of rolling zero dice;
    * ``after_score``, ``after_opponent``, ``after_extra``, indexed
      ``[score after the turn's points and bonus, opponent_score]``: the
      after-turn rule's result, for scores up to ``goal - 1 + max_points +
      max_bonus`` and opponent scores up to ``goal - 1 + max(gift)``;
    * ``dice_chances[kind, num_rolls, points]``: the exact chance of scoring
      POINTS (the points rule applied) by rolling NUM_ROLLS dice of kind
      KIND (row 0 is unused); kind 0 is the game's dice, the others are
      those the rules pick at some states (Hog Wild's sides, Hog Tied's
      limit), ``kind_sides[kind]`` their sides, ``kind_dice[kind]`` the most
      dice rolled (a choice of more rolls that many) and
      ``dice_kind[score, opponent_score]`` the dice of each state;
      ``dice_probabilities`` is ``dice_chances[0]``;
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
    * ``finished``, ``link_start``, ``link_entry``, ``link_state``,
      ``link_same``: where each turn's outcome leads, in the form the
      score-only kernels read (see ``hog.kernels``; empty when
      ``full_state``).

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
    points_bounds: np.ndarray
    roll_table: np.ndarray
    bonus: np.ndarray
    remember: np.ndarray
    gift: np.ndarray
    cyclic: bool
    time_trot: int
    finished: np.ndarray
    link_start: np.ndarray
    link_entry: np.ndarray
    link_state: np.ndarray
    link_same: np.ndarray

    @property
    def dice_probabilities(self) -> np.ndarray:
        """``dice_probabilities[num_rolls, points]``: the chances of the game's dice."""
        chances: np.ndarray = self.dice_chances[0]
        return chances

    @property
    def full_state(self) -> bool:
        """Whether exact analysis runs over the full state (memory, cycles or Time Trot)."""
        return self.bonus.shape[0] > 1 or self.cyclic or self.time_trot > 0

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
        if self.full_state:
            return "dynamic programming over the full state (scores, turn, each player's memory)"
        return "dynamic programming over (score, opponent score, turn)"

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
            self.bonus,
            self.remember,
            self.dice_kind,
            self.points_bounds,
        )

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
        return len(self.kind_sides) == 1 and bool((self.points_bounds[0, 1:] == plain).all())

    @property
    def game_arrays(self) -> tuple[np.ndarray, ...]:
        """The arrays the simulation kernels take, in their order."""
        return (
            self.zero_points,
            self.after_score,
            self.after_opponent,
            self.after_extra,
            self.bonus,
            self.remember,
            self.dice_kind,
            self.kind_sides,
            (np.uint64(1 << 32) % self.kind_sides).astype(np.uint64),
            self.roll_table,
            np.array([self.time_trot], dtype=np.int64),
            self.kind_dice,
            self.gift,
        )


@dataclass(frozen=True)
class WinProbabilities:
    """A's chance to win moving first, moving second, and their mean."""

    first: float
    second: float
    rate: float


#: How the solvers choose among equally good counts, in words (``hog solve``'s method text).
TIE_BREAK = (
    "ties go to the fewest dice within 1e-12, but rolling 0 for 0 points (which keeps the scores) "
    "only when no other count is as good; so where both players could roll 0 for 0 points and each "
    "would rather the other did (hefty_hogs, goal 100: 72 against 75), optimal play is not unique: "
    "the table rolls at 72 and waits at 75, and the other way round is optimal too"
)


@dataclass(frozen=True, eq=False)
class Solution:
    """What a solver found: a table and its exact chances to win moving
    first, second, and their mean; how it was solved (``method``).

    For rule sets with memory the optimum is a *policy* over the full state
    (``policy[score, opponent, own memory, opponent memory]``; under Time
    Trot ``[score, opponent, turn mod M, extra turn]``) whose exact chances
    are ``optimal_first``/``optimal_second``/``optimal_rate``; the table is
    derived from it (the policy's choice at each score pair's most visited
    full state; a best response's table, and under Time Trot perfect play's
    against optimal play, is then improved round by round) and
    ``first``/``second``/``rate`` are the table's own exact chances (against
    the opponent, or itself), a best response's at most the policy's.
    Without memory the table is the optimum and both sets of chances are equal.
    """

    table: np.ndarray
    first: float
    second: float
    rate: float
    method: str = "dynamic programming over (score, opponent score, turn)"
    policy: np.ndarray | None = None
    optimal_first: float = 0.0
    optimal_second: float = 0.0
    optimal_rate: float = 0.0

    @property
    def table_is_optimal(self) -> bool:
        """Whether the table is optimal play itself: the rules have no memory
        (a full-state policy of one memory value is a table)."""
        return self.policy is None or self.policy.shape[2:] == (1, 1)


def _derived_solution(
    table: np.ndarray,
    first: float,
    second: float,
    compiled: CompiledRules,
    policy: np.ndarray,
    optimal_first: float,
    optimal_second: float,
) -> Solution:
    """The Solution of a TABLE derived from a full-state POLICY (both frozen
    here), with the table's own chances and the policy's optimal ones."""
    table.setflags(write=False)
    policy.setflags(write=False)
    return Solution(
        table,
        float(first),
        float(second),
        float((first + second) / 2),
        compiled.method,
        policy,
        optimal_first,
        optimal_second,
        (optimal_first + optimal_second) / 2,
    )


def points_distribution(
    num_rolls: int, sides: int, roll_points: Callable[[Sequence[int]], int] = pig_out
) -> list[Fraction]:
    """The exact chance of each number of points (the list index) when rolling
    NUM_ROLLS >= 1 dice of SIDES sides scored by ROLL_POINTS (by default a
    turn with any 1 scores exactly 1), which is called once for each number
    of 1s and sum of the other outcomes (``hog.rules.dice_rules``).

    >>> [str(p) for p in points_distribution(1, 6)]
    ['0', '1/6', '1/6', '1/6', '1/6', '1/6', '1/6']
    >>> str(points_distribution(2, 6)[1]), str(points_distribution(2, 6)[12])
    ('11/36', '1/36')
    >>> from hog.rules.dice_rules import pig_out_counting_ones
    >>> [str(p) for p in points_distribution(2, 4, pig_out_counting_ones)[:3]]
    ['0', '3/8', '1/16']
    """
    chances: dict[int, Fraction] = {}
    outcomes = sides**num_rolls
    for ones, rest, count in _ones_and_rest(num_rolls, sides):
        points = roll_points(_outcomes_of(num_rolls, ones, rest))
        chances[points] = chances.get(points, Fraction(0)) + Fraction(comb(num_rolls, ones) * count, outcomes)
    if min(chances) < 0:
        raise ValueError(f"rolling {num_rolls} dice scores {min(chances)} points; expected at least 0")
    listed = [Fraction(0)] * (max(max(chances), num_rolls * sides) + 1)
    for points, chance in chances.items():
        listed[points] = chance
    return listed


def _ones_and_rest(num_rolls: int, sides: int) -> list[tuple[int, int, int]]:
    """(1s, sum of the other outcomes, the ways the others make that sum) of
    NUM_ROLLS dice of SIDES sides (the 1s' places not counted)."""
    ways = [[1]]  # ways[m][k]: sequences of m dice, none a 1, summing to k
    for _ in range(num_rolls):
        longer = [0] * (len(ways[-1]) + sides)
        for total, count in enumerate(ways[-1]):
            for face in range(2, sides + 1):
                longer[total + face] += count
        ways.append(longer)
    return [
        (num_rolls - others, rest, count)
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
    points_rule = rules.turn_points or (lambda points: points)
    zero_points = np.array(
        [[points_rule(rules.zero_dice(s, o)) for o in range(goal)] for s in range(goal)], dtype=np.int64
    )
    if zero_points.min() < 0:
        s, o = (int(i) for i in np.argwhere(zero_points < 0)[0])
        raise ValueError(f"rule set {rules.name}: rolling zero dice at scores ({s}, {o}) scores less than 0 points")
    kinds, dice_kind = _dice_kinds(rules, goal, sides)
    kind_sides = np.array([kind_sides for kind_sides, _ in kinds], dtype=np.uint64)
    kind_dice = np.array([most for _, most in kinds], dtype=np.int64)
    chances = [
        [_final_chances(rules, min(n, most), side, points_rule) if n else {} for n in range(MAX_ROLLS + 1)]
        for side, most in kinds
    ]
    roll_most = max(max(row[n]) for row in chances for n in range(1, MAX_ROLLS + 1))
    max_points = max(MAX_ROLLS * int(kind_sides.max()), roll_most, int(zero_points.max()))
    bonus, remember = _memory_arrays(rules, max_points)
    gift = _gift_array(rules, max_points)
    rows = goal + max_points + int(bonus.max())
    results = [[rules.after_turn(s, o) for o in range(goal + int(gift.max()))] for s in range(rows)]
    after_score = np.array([[r[0] for r in row] for row in results], dtype=np.int64)
    after_opponent = np.array([[r[1] for r in row] for row in results], dtype=np.int64)
    after_extra = np.array([[bool(r[2]) for r in row] for row in results], dtype=np.bool_)
    cyclic = bool(zero_points.min() == 0)
    if not 0 <= rules.time_trot <= trot_kernels.LANES:
        raise ValueError(f"rule set {rules.name}: Time Trot's modulus must be 0..{trot_kernels.LANES}")
    _check_after_turn(rules.name, goal, after_score, after_opponent, scores_zero=cyclic or bool(gift.any()))

    dice_chances = np.zeros((len(kind_sides), MAX_ROLLS + 1, max_points + 1))
    points_bounds = np.zeros((len(kind_sides), MAX_ROLLS + 1, 4), dtype=np.int64)
    points_bounds[:, 0] = (0, 1, 0, 0)
    for kind, row in enumerate(chances):
        for num_rolls in range(1, MAX_ROLLS + 1):
            for points, chance in row[num_rolls].items():
                dice_chances[kind, num_rolls, points] = float(chance)
            support = sorted(points for points, chance in row[num_rolls].items() if chance)
            low = support[1] if len(support) > 1 else support[0] + 1
            gifts = gift[min(num_rolls, int(kind_dice[kind])), support]
            _check_gifts(rules.name, support, gifts)
            points_bounds[kind, num_rolls] = (support[0], low, support[-1], gifts[0])
    full_state = bonus.shape[0] > 1 or cyclic
    if gift.any() and (full_state or rules.time_trot):
        raise ValueError(f"rule set {rules.name}: points for the opponent need the analysis over the two scores")
    links = (
        _NO_LINKS if full_state else _outcome_links(goal, after_score, after_opponent, after_extra, bool(gift.any()))
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
        points_bounds=points_bounds,
        roll_table=_roll_table(rules, int(kind_sides.max()), points_rule),
        bonus=bonus,
        remember=remember,
        gift=gift,
        cyclic=cyclic,
        time_trot=rules.time_trot,
        **{name: array.copy() for name, array in links.items()},
    )
    linked = (compiled.finished, compiled.link_start, compiled.link_entry, compiled.link_state, compiled.link_same)
    for array in (*compiled.state_arrays, *compiled.game_arrays, *linked):
        array.setflags(write=False)
    return compiled


def _dice_kinds(rules: RuleSet, goal: int, sides: int) -> tuple[list[tuple[int, int]], np.ndarray]:
    """The kinds of dice turns roll under RULES with SIDES-sided dice, as
    (sides, most dice), the game's own (SIDES, no limit) first, and the kind
    of each score pair below GOAL (Hog Wild picks the sides, Hog Tied the limit)."""
    state = [
        [(rules.dice_sides(s, o, sides), rules.dice_rolled(s, o, MAX_ROLLS)) for o in range(goal)] for s in range(goal)
    ]
    game = (sides, MAX_ROLLS)
    kinds = [game, *sorted({kind for row in state for kind in row} - {game})]
    if min(most for _, most in kinds) < 1:
        raise ValueError(f"rule set {rules.name}: a limit rule allows fewer than 1 die")
    index = {kind: i for i, kind in enumerate(kinds)}
    return kinds, np.array([[index[kind] for kind in row] for row in state], dtype=np.int64)


def _gift_array(rules: RuleSet, max_points: int) -> np.ndarray:
    """``gift[num_rolls, points]``: the points RULES give the opponent when a
    turn of NUM_ROLLS dice scores POINTS (all 0 without Piggy Back); never
    for rolling zero dice."""
    gift = np.zeros((MAX_ROLLS + 1, max_points + 1), dtype=np.int64)
    if rules.opponent_points is not None:
        gift[1:] = [[rules.opponent_points(n, p) for p in range(max_points + 1)] for n in range(1, MAX_ROLLS + 1)]
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


def _final_chances(
    rules: RuleSet, num_rolls: int, sides: int, points_rule: Callable[[int], int]
) -> dict[int, Fraction]:
    """{points: chance} of rolling NUM_ROLLS SIDES-sided dice under RULES, the points rule applied."""
    final: dict[int, Fraction] = {}
    for points, chance in enumerate(points_distribution(num_rolls, sides, rules.roll_points)):
        if chance:
            final[points_rule(points)] = final.get(points_rule(points), Fraction(0)) + chance
    return final


def _roll_table(rules: RuleSet, sides: int, points_rule: Callable[[int], int]) -> np.ndarray:
    """``roll_table[num_rolls, ones, rest]`` (see ``CompiledRules``) for dice of up to SIDES sides."""
    table = np.zeros((MAX_ROLLS + 1, MAX_ROLLS + 1, MAX_ROLLS * sides + 1), dtype=np.int64)
    for num_rolls in range(1, MAX_ROLLS + 1):
        for ones, rest, _ in _ones_and_rest(num_rolls, sides):
            table[num_rolls, ones, rest] = points_rule(rules.roll_points(_outcomes_of(num_rolls, ones, rest)))
    return table


_NO_LINKS = {
    "finished": np.zeros(0),
    "link_start": np.zeros(0, dtype=np.int64),
    "link_entry": np.zeros(0, dtype=np.int64),
    "link_state": np.zeros(0, dtype=np.int64),
    "link_same": np.zeros(0, dtype=np.bool_),
}


def _memory_arrays(rules: RuleSet, max_points: int) -> tuple[np.ndarray, np.ndarray]:
    """``bonus[previous, num_rolls]`` and ``remember[num_rolls, points]`` of
    RULES' memory (one value, no bonus, without memory)."""
    memory = rules.memory
    if memory is None:
        return np.zeros((1, MAX_ROLLS + 1), dtype=np.int64), np.zeros((MAX_ROLLS + 1, max_points + 1), dtype=np.int64)
    bonus = np.array([[memory.bonus(m, n) for n in range(MAX_ROLLS + 1)] for m in range(memory.size)], dtype=np.int64)
    remember = np.array(
        [[memory.remember(n, k) for k in range(max_points + 1)] for n in range(MAX_ROLLS + 1)], dtype=np.int64
    )
    if bonus.min() < 0 or remember.min() < 0 or remember.max() >= memory.size:
        raise ValueError(
            f"rule set {rules.name}: a memory bonus is negative or a memory falls outside 0..{memory.size - 1}"
        )
    return bonus, remember


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


def checked_tables(tables: np.ndarray, label: str = "tables") -> np.ndarray:
    """A stack (n, goal, goal) of tables as a contiguous int8 array, or a
    ValueError naming the first bad table and score pair."""
    array = np.asarray(tables)
    if array.ndim != 3 or array.shape[1] != array.shape[2] or array.shape[1] < 1:
        raise ValueError(f"{label}: shape {array.shape}; expected (n, goal, goal)")
    return _checked_values(array, lambda i: f"{label}[{i}]")


def checked_table(table: np.ndarray, label: str = "table") -> np.ndarray:
    """One goal x goal table as a contiguous int8 array, or a ValueError
    naming the first bad score pair."""
    array = np.asarray(table)
    if array.ndim != 2 or array.shape[0] != array.shape[1] or array.shape[0] < 1:
        raise ValueError(f"{label}: shape {array.shape}; expected (goal, goal)")
    checked: np.ndarray = _checked_values(array[None], lambda i: label)[0]
    return checked


def _checked_values(array: np.ndarray, name: Callable[[int], str]) -> np.ndarray:
    """ARRAY (n, goal, goal) as int8 if every value is an integer 0..10."""
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"{name(0)}: {array.dtype} values; expected integers 0..{MAX_ROLLS}")
    bad = first_bad_count(array)
    if bad is not None:
        (i, s, o), value = bad
        raise ValueError(f"{name(i)}: {int(value)} at score {s}, opponent score {o}; expected 0..{MAX_ROLLS}")
    return np.ascontiguousarray(array, dtype=np.int8)


@dataclass(frozen=True, eq=False)
class TableStack:
    """A stack ``(n, goal, goal)`` of tables checked once: read-only,
    contiguous int8 dice counts 0..10. The exact functions take it as it is,
    without checking the tables again; make one with ``TableStack.of``.
    """

    tables: np.ndarray

    def __post_init__(self) -> None:
        array = self.tables
        if not isinstance(array, np.ndarray) or array.dtype != np.int8 or array.ndim != 3 or array.flags.writeable:
            raise TypeError("a TableStack holds a read-only int8 (n, goal, goal) array; use TableStack.of")

    @classmethod
    def of(cls, tables: np.ndarray | TableStack, label: str = "tables") -> TableStack:
        """TABLES checked (see ``checked_tables``), or TABLES itself if it is a TableStack."""
        if isinstance(tables, TableStack):
            return tables
        array = checked_tables(tables, label)
        if np.may_share_memory(array, tables):
            array = array.copy()  # never freeze the caller's array
        array.setflags(write=False)
        return cls(array)

    @property
    def goal(self) -> int:
        return int(self.tables.shape[1])

    def __len__(self) -> int:
        return len(self.tables)


def win_probabilities_pairs(
    tables: np.ndarray | TableStack, pairs: np.ndarray | list[list[int]], rules: RuleSet | str, sides: int = 6
) -> np.ndarray:
    """For each row (i, j) of PAIRS, [first, second]: table i's chances to win
    against table j moving first and moving second. TABLES is (n, goal, goal),
    checked here unless it is a TableStack (checked already)."""
    tables = tables.tables if isinstance(tables, TableStack) else checked_tables(tables)
    pairs = np.asarray(pairs)
    if pairs.ndim != 2 or pairs.shape[1] != 2 or not (pairs.size == 0 or np.issubdtype(pairs.dtype, np.integer)):
        raise ValueError(f"pairs: shape {pairs.shape} of {pairs.dtype}; expected (m, 2) integers")
    bad = np.argwhere((pairs < 0) | (pairs >= len(tables)))
    if len(bad):
        row = int(bad[0][0])
        raise ValueError(f"pairs[{row}]: {pairs[row].tolist()} names a table outside 0..{len(tables) - 1}")
    compiled = compile_rules(rules, tables.shape[1], sides)
    pairs = np.ascontiguousarray(pairs, dtype=np.int64)
    if not len(pairs):
        return np.zeros((0, 2))
    if compiled.time_trot:
        used, which = np.unique(pairs, return_inverse=True)
        which = np.ascontiguousarray(which.reshape(pairs.shape), dtype=np.int64)
        trotted: np.ndarray = trot_kernels.pair_win_probabilities(
            np.ascontiguousarray(tables[used]), which, compiled.time_trot, compiled.exact_arrays
        )
        return trotted
    if compiled.full_state:
        used, which = np.unique(pairs, return_inverse=True)
        policies = np.stack([as_policy(tables[i], compiled) for i in used])
        which = np.ascontiguousarray(which.reshape(pairs.shape), dtype=np.int64)
        chances: np.ndarray = state_kernels.pair_win_probabilities(
            policies, which, compiled.cyclic, compiled.state_arrays
        )
        return chances
    return kernels.pair_win_probabilities(tables, pairs, compiled.exact_arrays)


def as_policy(table: np.ndarray, compiled: CompiledRules) -> np.ndarray:
    """A goal x goal table as a full-state policy that ignores the memories."""
    memories = compiled.bonus.shape[0]
    return np.ascontiguousarray(np.broadcast_to(table[:, :, None, None], table.shape + (memories, memories)))


def trot_policy(table: np.ndarray) -> np.ndarray:
    """A goal x goal table as a Time Trot policy (``policy[score, opponent,
    turn mod M, extra turn]``) that ignores the turn: shape (goal, goal, 1, 1)."""
    return np.ascontiguousarray(table[:, :, None, None])


def _trot_solution(opponent: np.ndarray | None, compiled: CompiledRules, improve: bool) -> Solution:
    """Optimal play over the Time Trot state (against OPPONENT's table, or
    perfect play if None), and the table derived from it (the policy's choice
    at each score pair's most visited turn state), if IMPROVE improved round
    by round against OPPONENT or, in perfect play, against optimal play
    (``_improved_table``), with its own exact chances (against OPPONENT or
    itself)."""
    goal, modulus, arrays = compiled.goal, compiled.time_trot, compiled.exact_arrays
    opposing = trot_policy(np.zeros((goal, goal), np.int8) if opponent is None else opponent)
    policy, optimal_first, optimal_second = trot_kernels.analyse(
        opposing, opposing, True, opponent is None, modulus, arrays
    )
    after = (compiled.after_score, compiled.after_opponent, compiled.after_extra)
    if opponent is None:
        opposing = policy
    visits = trot_kernels.occupancy(policy, opposing, modulus, arrays, after)
    flat = visits.reshape(goal, goal, -1).argmax(axis=2)
    table = np.take_along_axis(policy.reshape(goal, goal, -1), flat[:, :, None], axis=2)[:, :, 0]

    def evaluate(candidate: np.ndarray) -> tuple[float, float, np.ndarray]:
        own = trot_policy(candidate)
        seen = trot_kernels.occupancy(own, opposing, modulus, arrays, after)
        gains, first, second = trot_kernels.table_gains(own, opposing, modulus, arrays, seen)
        return first, second, gains

    table = np.ascontiguousarray(table)
    if improve:
        table, first, second = _improved_table(table, evaluate)
    if opponent is None or not improve:
        against = table if opponent is None else opponent
        first, second = win_probabilities_pairs(np.stack([table, against]), [[0, 1]], compiled.name, compiled.sides)[0]
    return _derived_solution(table, first, second, compiled, policy, optimal_first, optimal_second)


def win_probabilities_many(
    table: np.ndarray, opponents: np.ndarray | TableStack, rules: RuleSet | str, sides: int = 6
) -> np.ndarray:
    """[first, second] of TABLE against each of OPPONENTS (k, goal, goal),
    checked here unless they are a TableStack (checked already)."""
    table = checked_table(table, "table")
    opponents = opponents.tables if isinstance(opponents, TableStack) else checked_tables(opponents, "opponents")
    if opponents.shape[1:] != table.shape:
        raise ValueError(f"opponents: {opponents.shape[1:]} tables, but the table is {table.shape}")
    stack = np.concatenate([table[None], opponents])
    stack.setflags(write=False)
    pairs = np.column_stack([np.zeros(len(opponents), dtype=np.int64), np.arange(1, len(stack))])
    return win_probabilities_pairs(TableStack(stack), pairs, rules, sides)


def win_probabilities(
    table_a: np.ndarray, table_b: np.ndarray, rules: RuleSet | str, sides: int = 6
) -> WinProbabilities:
    """Exact chances of TABLE_A to win against TABLE_B, moving first and second."""
    table_a, table_b = checked_table(table_a, "table_a"), checked_table(table_b, "table_b")
    if table_a.shape != table_b.shape:
        raise ValueError(f"table_b: shape {table_b.shape}, but table_a is {table_a.shape}; both need the same goal")
    first, second = win_probabilities_pairs(np.stack([table_a, table_b]), [[0, 1]], rules, sides)[0]
    return WinProbabilities(float(first), float(second), float((first + second) / 2))


def _solution(table: np.ndarray, first: float, second: float, compiled: CompiledRules) -> Solution:
    table.setflags(write=False)
    first, second = float(first), float(second)
    rate = (first + second) / 2
    return Solution(table, first, second, rate, compiled.method, None, first, second, rate)


#: At most this many rounds of improving a table derived from optimal
#: full-state play (a best response with memory; Time Trot).
IMPROVE_ROUNDS = 10


def _full_state_solution(opponent: np.ndarray | None, compiled: CompiledRules, improve: bool) -> Solution:
    """Optimal full-state play (against OPPONENT's table, or perfect play if
    None), and the table derived from it with its own exact chances; against
    a table, if IMPROVE, the derived table improved (``_improved_table``)."""
    arrays, cyclic = compiled.state_arrays, compiled.cyclic
    goal = compiled.goal
    opposing = as_policy(np.zeros((goal, goal), np.int8) if opponent is None else opponent, compiled)
    policy, win, other = state_kernels.analyse(opposing, opposing, True, opponent is None, cyclic, arrays)
    optimal_first, optimal_second = float(win[0, 0, 0, 0, 0]), float(other[1, 0, 0, 0, 0])
    if policy.shape[2] == 1:
        table = np.ascontiguousarray(policy[:, :, 0, 0])
    else:
        visits, _ = state_kernels.occupancy(policy, policy if opponent is None else opposing, arrays)
        flat = visits.reshape(goal, goal, -1).argmax(axis=2)
        table = np.take_along_axis(policy.reshape(goal, goal, -1), flat[:, :, None], axis=2)[:, :, 0]
        table = np.ascontiguousarray(table)
    if opponent is None:
        first, second = win_probabilities_pairs(np.stack([table, table]), [[0, 1]], compiled.name, compiled.sides)[0]
    elif improve and policy.shape[2] > 1:
        table, first, second = _improved_table(table, lambda candidate: _memory_gains(candidate, opposing, compiled))
    else:
        first, second = win_probabilities_pairs(np.stack([table, opponent]), [[0, 1]], compiled.name, compiled.sides)[0]
    return _derived_solution(table, first, second, compiled, policy, optimal_first, optimal_second)


def _memory_gains(table: np.ndarray, opposing: np.ndarray, compiled: CompiledRules) -> tuple[float, float, np.ndarray]:
    """TABLE's exact chances moving first and second against the policy
    OPPOSING (rules with memory, no cycles), and its gains
    (``state_kernels.table_gains``, weighted by how often each memory is found)."""
    arrays = compiled.state_arrays
    policy = as_policy(table, compiled)
    _, win, other = state_kernels.analyse(policy, opposing, False, False, False, arrays)
    visits, _ = state_kernels.occupancy(policy, opposing, arrays)
    return float(win[0, 0, 0, 0, 0]), float(other[1, 0, 0, 0, 0]), state_kernels.table_gains(win, other, visits, arrays)


def _improved_table(
    table: np.ndarray, evaluate: Callable[[np.ndarray], tuple[float, float, np.ndarray]]
) -> tuple[np.ndarray, float, float]:
    """TABLE, derived from optimal full-state play, improved round by round.
    EVALUATE(table) gives its exact chances moving first and second against
    the opponent and ``gains[score, opponent, n]``: its chance to win by
    rolling n at that score pair, then playing on as the table, summed over
    the full states there weighted by how often they are visited. Each
    round moves every score pair to its best count where that gains more
    than 1e-12. Returns the best table seen and its chances."""
    best = (table, -1.0, -1.0)
    for _ in range(IMPROVE_ROUNDS):
        first, second, gains = evaluate(table)
        if first + second > best[1] + best[2]:
            best = (table, first, second)
        current = np.take_along_axis(gains, table[:, :, None].astype(np.int64), axis=2)[:, :, 0]
        better = gains.max(axis=2) > current + 1e-12
        if not better.any():
            break
        table = np.ascontiguousarray(np.where(better, gains.argmax(axis=2), table), dtype=np.int8)
    return best


def best_response(opponent: np.ndarray, rules: RuleSet | str, sides: int = 6, improve: bool = True) -> Solution:
    """The table that maximises its chance to win against OPPONENT in every
    state, so whether moving first or second (ties: the lowest count within
    1e-12). With memory or Time Trot: optimal full-state play and a table
    derived from it (see ``Solution``), then improved round by round unless
    not IMPROVE (a few seconds instead of under one)."""
    opponent = checked_table(opponent, "opponent")
    compiled = compile_rules(rules, opponent.shape[0], sides)
    if compiled.time_trot:
        return _trot_solution(opponent, compiled, improve)
    if compiled.full_state:
        return _full_state_solution(opponent, compiled, improve)
    return _solution(*kernels.solve(opponent, False, compiled.exact_arrays), compiled)


def best_response_to_always_roll(num_rolls: int, rules: RuleSet | str, goal: int = 100) -> Solution:
    """``best_response`` to always_roll(NUM_ROLLS) at GOAL with six-sided
    dice, solved once per process (the table is read-only). With NUM_ROLLS 6,
    the course's baseline, it is every ``final_strategy`` of the project: the
    library's and each course module's."""
    return _best_response_to_always_roll(int(num_rolls), get_rules(rules), int(goal))


@lru_cache(maxsize=128)
def _best_response_to_always_roll(num_rolls: int, rules: RuleSet, goal: int) -> Solution:
    return best_response(np.full((goal, goal), num_rolls, dtype=np.int8), rules)


def perfect_play(rules: RuleSet | str, goal: int = 100, sides: int = 6) -> Solution:
    """The optimal table when both players play optimally (ties: the lowest
    count within 1e-12). ``first`` is the first mover's chance to win;
    against itself the table wins ``second = 1 - first`` moving second
    (less where a game can go on forever). With memory: optimal full-state
    play and a table derived from it (see ``Solution``); under Time Trot
    the table is improved round by round against optimal play."""
    compiled = compile_rules(rules, goal, sides)
    if compiled.time_trot:
        return _trot_solution(None, compiled, improve=True)
    if compiled.full_state:
        return _full_state_solution(None, compiled, improve=False)
    placeholder = np.zeros((compiled.goal, compiled.goal), dtype=np.int8)
    return _solution(*kernels.solve(placeholder, True, compiled.exact_arrays), compiled)
