"""The rule model: what a rule set is, and what one turn does under it.

A game's state is the two scores, whose turn it is and, in rule sets with
memory, what each player remembers of its own previous turn (``previous``,
0 before a player's first turn). A rule set is a few small functions over
that state:

* ``zero_dice(score, opponent_score) -> points``: what rolling zero dice
  scores (it may be 0 in ``hefty_hogs``);
* ``memory`` (optional): what a player remembers of its turn,
  ``remember(num_rolls, points)``, reduced to what matters, and the bonus
  that memory earns on its next turn, ``bonus(previous, num_rolls)``;
* ``after_turn(score, opponent_score) -> (score, opponent_score, extra_turn)``:
  swaps, raises, doublings and extra turns once the points (and any bonus)
  are added.

Rolling dice scores what ``roll_points(outcomes)`` says (the sum, or 1 when
any die is a 1: ``pig_out_rule``). Older rule sets add what
``hog.rules.dice_rules`` describes: ``turn_dice(score, opponent_score)``
picks the dice of a turn from the state (None: the game's dice),
``turn_points(points)`` changes the turn's points before they are added,
``most_dice(score, opponent_score)`` caps the number of dice rolled (Hog
Tied), ``opponent_points(num_rolls, points)`` gives the opponent points
for the turn (Piggy Back), ``swaps_dice(num_rolls, points)`` toggles the
game's shared ``dice_swapped`` flag (Perfect Piggy, Pork Chop), which
exchanges the game's dice for both players, ``most_points(num_rolls)`` caps
a turn's points (When Pigs Fly) and ``rerolls(score, opponent_score)``
wraps the turn's dice in ``rerolled`` (fa16's Hog Wild). A rule set with
``chop_points`` also offers the choice -1 (Pork Chop), which rolls no dice
and scores that many points, which no points rule changes.
``RuleSet.next_state`` is the one definition of a turn's effect; the game
loop, the course modules, the exact solver and the simulator all use it or
arrays made by calling it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hog.rules.after_turn import AfterTurn
from hog.rules.dice_rules import MOST_DICE, PORK_CHOP, exchanged_sides, pig_out

__all__ = ["Memory", "RuleSet", "State", "TurnResult", "UnknownRuleSet"]


@dataclass(frozen=True)
class Memory:
    """What each player remembers of its own previous turn.

    ``remember(num_rolls, points)`` gives a value in ``0..size-1`` (points
    without any bonus; values that act alike are one value), and
    ``bonus(previous, num_rolls)`` the points it earns on the player's next
    turn.
    """

    rule: str
    what: str
    size: int
    remember: Callable[[int, int], int]
    bonus: Callable[[int, int], int]


@dataclass(frozen=True)
class State:
    """Scores (player 0, player 1), the player to move, each player's memory
    and the game's memory: the turn number modulo the Time Trot modulus
    (``turn``, 0 without Time Trot), whether this turn is a Time Trot
    extra turn (``trot``) and whether the dice are exchanged for both
    players (``dice_swapped``, Perfect Piggy)."""

    scores: tuple[int, int] = (0, 0)
    who: int = 0
    previous: tuple[int, int] = (0, 0)
    turn: int = 0
    trot: bool = False
    dice_swapped: bool = False

    def mover_scores(self) -> tuple[int, int]:
        """(the mover's score, the other player's score)."""
        return self.scores if self.who == 0 else (self.scores[1], self.scores[0])


@dataclass(frozen=True)
class TurnResult:
    """The state after a turn, the memory bonus it earned, whether the mover
    goes again and whether that is Time Trot's doing."""

    state: State
    bonus: int
    extra_turn: bool
    time_trot: bool = False


@dataclass(frozen=True)
class RuleSet:
    """One rule set: its name, semester codes, the names of its rules and its functions.

    ``roll_points``, ``turn_points``, ``turn_dice``, ``most_dice``,
    ``opponent_points``, ``swaps_dice``, ``most_points`` and ``rerolls`` are
    the rules of ``hog.rules.dice_rules`` (Pig Out by default, no points
    rule, the game's dice, no limit, nothing for the opponent, the dice never
    exchanged, no cap, no re-rolls); ``dice_rule``, ``points_rule``,
    ``limit_rule``, ``opponent_rule``, ``swap_rule`` and ``cap_rule`` name
    the points rule and the next four, and the re-roll rule is a dice rule.
    ``chop_points`` (None: no such choice) are the points of choosing -1
    (Pork Chop), named by ``chop_rule``. ``bidding(bid0, bid1, goal)``
    (fa14's ``bid_for_start``) gives the start (score0, score1, first
    player) a game may be played from instead of 0-0 (``Start.of_bids``).
    ``time_trot`` is the modulus M of Time Trot (0: no Time Trot): rolling
    ``turn number % M`` dice earns another turn, except on a turn that is
    itself a Time Trot extra turn.
    """

    name: str
    semesters: tuple[str, ...]
    summary: str
    zero_dice_rule: str
    after_turn_rule: str
    pig_out_rule: str
    zero_dice: Callable[[int, int], int]
    after_turn: AfterTurn
    memory: Memory | None = None
    roll_points: Callable[[Sequence[int]], int] = pig_out
    turn_points: Callable[[int], int] | None = None
    turn_dice: Callable[[int, int], int | None] | None = None
    points_rule: str = ""
    dice_rule: str = ""
    time_trot: int = 0
    most_dice: Callable[[int, int], int] | None = None
    opponent_points: Callable[[int, int], int] | None = None
    limit_rule: str = ""
    opponent_rule: str = ""
    swaps_dice: Callable[[int, int], bool] | None = None
    swap_rule: str = ""
    most_points: Callable[[int], int] | None = None
    cap_rule: str = ""
    rerolls: Callable[[int, int], bool] | None = None
    chop_points: int | None = None
    chop_rule: str = ""
    bidding: Callable[[int, int, int], tuple[int, int, int]] | None = None

    def __repr__(self) -> str:
        return f"RuleSet({self.name!r})"

    @property
    def memory_size(self) -> int:
        """How many values a player's memory takes (1 without memory)."""
        return self.memory.size if self.memory else 1

    @property
    def choices(self) -> range:
        """What a strategy may return: 0..10 dice, and -1 where Pork Chop is a choice.

        >>> from hog.rules import get_rules
        >>> get_rules("fa16").choices, get_rules("sp17").choices
        (range(-1, 11), range(0, 11))
        """
        return range(PORK_CHOP if self.chop_points is not None else 0, MOST_DICE + 1)

    def rerolled(self, score: int, opponent_score: int) -> bool:
        """Whether the dice of a turn at (SCORE, OPPONENT_SCORE) re-roll odd outcomes (fa16's Hog Wild).

        >>> from hog.rules import get_rules
        >>> get_rules("fa16").rerolled(3, 4), get_rules("fa16").rerolled(3, 5), get_rules("sp17").rerolled(3, 4)
        (True, False, False)
        """
        return bool(self.rerolls and self.rerolls(score, opponent_score))

    def dice_sides(self, score: int, opponent_score: int, sides: int, dice_swapped: bool = False) -> int:
        """The sides of the dice rolled at (SCORE, OPPONENT_SCORE) in a game
        played with SIDES-sided dice (exchanged while DICE_SWAPPED).

        >>> from hog.rules import get_rules
        >>> sp17 = get_rules("sp17")
        >>> sp17.dice_sides(3, 4, 6), sp17.dice_sides(3, 5, 6), get_rules("fa17").dice_sides(0, 0, 6)
        (4, 6, 6)
        """
        chosen = self.picked_sides(score, opponent_score, dice_swapped, sides)
        return sides if chosen is None else chosen

    def picked_sides(self, score: int, opponent_score: int, dice_swapped: bool, sides: int = 6) -> int | None:
        """The sides of the dice the rules pick at (SCORE, OPPONENT_SCORE)
        (Hog Wild; the exchanged dice while DICE_SWAPPED), or None where a
        game played with SIDES-sided dice rolls its own.

        >>> from hog.rules import get_rules
        >>> su17 = get_rules("su17")
        >>> su17.picked_sides(3, 4, False), su17.picked_sides(3, 4, True), get_rules("sp17").picked_sides(3, 4, False)
        (None, 4, 4)
        """
        chosen = self.turn_dice(score, opponent_score) if self.turn_dice else None
        return exchanged_sides(sides) if chosen is None and dice_swapped else chosen

    def dice_rolled(self, score: int, opponent_score: int, num_rolls: int) -> int:
        """The number of dice rolled at (SCORE, OPPONENT_SCORE) by a player who
        chose NUM_ROLLS: at most what the limit rule (Hog Tied) allows.

        >>> from hog.rules import get_rules
        >>> su16 = get_rules("su16")
        >>> su16.dice_rolled(3, 4, 5), su16.dice_rolled(3, 4, 0), su16.dice_rolled(3, 5, 5)
        (1, 0, 5)
        >>> get_rules("fa17").dice_rolled(3, 4, 5)
        5
        """
        return num_rolls if self.most_dice is None else min(num_rolls, self.most_dice(score, opponent_score))

    def turn_score(self, num_rolls: int, points: int) -> tuple[int, int]:
        """The POINTS of a turn of NUM_ROLLS (the dice's, or the zero-dice
        rule's) after the points rule (Hogtimus Prime), and after that the cap
        (When Pigs Fly); Pork Chop's points stay as they are.

        >>> from hog.rules import get_rules
        >>> fa16 = get_rules("fa16")
        >>> fa16.turn_score(6, 24), fa16.turn_score(2, 7), fa16.turn_score(-1, 1), get_rules("fa17").turn_score(2, 7)
        ((24, 19), (11, 11), (1, 1), (7, 7))
        """
        if num_rolls == PORK_CHOP:
            return points, points
        if self.turn_points is not None:
            points = self.turn_points(points)
        return points, points if self.most_points is None else min(points, self.most_points(num_rolls))

    def next_state(self, state: State, num_rolls: int, points: int) -> TurnResult:
        """The state after the player to move scored POINTS by rolling NUM_ROLLS
        dice (the dice rolled, after any limit; the points of the dice or of the
        zero-dice rule; the points rule, if any, applies here, then what the
        turn gives the opponent).

        >>> from hog.rules import get_rules
        >>> result = get_rules("fa19").next_state(State((3, 3), 0, (3, 1)), 1, 3)
        >>> result.state.scores, result.state.who, result.state.previous, result.bonus, result.extra_turn
        ((9, 3), 1, (1, 1), 3, False)
        >>> get_rules("sp17").next_state(State((10, 3), 0), 2, 7).state.scores  # 7 -> 11, then 21 vs 3
        (21, 3)
        >>> result = get_rules("sp19_contest").next_state(State((3, 0), 1, turn=1), 1, 3)  # 1 die on turn 1
        >>> result.state.scores, result.state.who, result.state.turn, result.state.trot, result.time_trot
        ((3, 3), 1, 2, True, True)
        >>> get_rules("sp16").next_state(State((10, 3), 0), 3, 0).state.scores  # Piggy Back: 3 for the opponent
        (10, 6)
        >>> result = get_rules("su17").next_state(State((10, 3), 0), 2, 9)  # Perfect Piggy: 9 exchanges the dice
        >>> result.state.scores, result.state.dice_swapped
        ((19, 3), True)
        >>> get_rules("fa16").next_state(State((10, 3), 0), 6, 24).state.scores  # When Pigs Fly: at most 19
        (29, 3)
        >>> result = get_rules("fa16").next_state(State((10, 3), 1), -1, 1)  # Pork Chop: 1 point, dice exchanged
        >>> result.state.scores, result.state.dice_swapped
        ((10, 4), True)
        """
        _, points = self.turn_score(num_rolls, points)
        who = state.who
        score, opponent = state.mover_scores()
        previous = list(state.previous)
        bonus = 0
        if self.memory is not None:
            bonus = self.memory.bonus(previous[who], num_rolls)
            previous[who] = self.memory.remember(num_rolls, points)
        if self.opponent_points is not None:
            opponent += self.opponent_points(num_rolls, points)
        score, opponent, extra = self.after_turn(score + points + bonus, opponent)
        scores = (score, opponent) if who == 0 else (opponent, score)
        swapped = state.dice_swapped != bool(self.swaps_dice and self.swaps_dice(num_rolls, points))
        trot = bool(self.time_trot) and not state.trot and num_rolls == state.turn
        extra = bool(extra) or trot
        next_who = who if extra else 1 - who
        turn = (state.turn + 1) % self.time_trot if self.time_trot else 0
        state = State(scores, next_who, (previous[0], previous[1]), turn, trot, swapped)
        return TurnResult(state, bonus, extra, trot)


class UnknownRuleSet(KeyError):
    """Raised for a rule-set name that does not exist; lists the valid ones,
    or for a name shaped like a semester code names LATEST, the latest rule
    set and its semesters (``("sus_fuss", "fa23–sp26")``)."""

    def __init__(self, name: str, valid: list[str], latest: tuple[str, str] | None = None):
        self.name = name
        self.valid = valid
        self.latest = latest
        super().__init__(name)

    @property
    def suggestion(self) -> str | None:
        """The rule set to use instead, if one is offered."""
        return None if self.latest is None else self.latest[0]

    def __str__(self) -> str:
        if self.latest is not None:
            rules, semesters = self.latest
            return f"unknown rule set or semester {self.name!r}; the latest is {rules} ({semesters})"
        return f"unknown rule set {self.name!r}; valid names: {', '.join(self.valid)} (or a semester code such as fa24)"
