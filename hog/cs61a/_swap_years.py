"""What the eight course modules of the Free Bacon / Swine Swap years
(``fa17`` to ``su20``) share, written once.

Each module ``hog.cs61a.<semester>`` keeps its semester's signatures,
parameter names and docstrings and delegates here, passing its own
functions (``free_bacon``, ``roll_dice``, ``take_turn``, ``is_swap``,
``bacon_strategy``) as found in its globals at call time, so that a course
script that replaces one of them in the module is heard. The rules (Free
Bacon, the swap tests, the swap itself and the Feral Hogs memory) come from
``hog.rules``; the game loop from ``hog.cs61a._course``.

The old-style commentary of these years is here too:
``announce_lead_changes(previous_leader=None)`` and
``announce_highest(who, previous_high=0, previous_score=0)`` with the
years' wordings.
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Callable, MutableMapping
from typing import Any

from hog import commentary
from hog.commentary import Commentary
from hog.cs61a import _course, _semester
from hog.dice import Dice, six_sided
from hog.game import GOAL, Strategy, Turn
from hog.rules import Memory, RuleSet
from hog.rules.after_turn import swapping

__all__ = [
    "free_bacon",
    "take_turn",
    "play",
    "make_play",
    "swap_move",
    "other",
    "announce_lead_changes",
    "make_announce_highest",
    "gain_in_points_parenthesised",
    "gain_in_point_or_points",
    "SU20_HIGHEST_MESSAGE",
]

#: ``take_turn(num_rolls, opponent_score, dice) -> points``, the module's own.
TakeTurn = Callable[[int, int, Dice], int]


def free_bacon(bacon: Callable[[int], int], score: int) -> int:
    """The course's ``free_bacon``: SCORE (the opponent's) must be below 100;
    the points are the rule BACON of it.

    >>> from hog.rules.zero_dice import bacon_min_digit
    >>> free_bacon(bacon_min_digit, 35)
    7
    >>> free_bacon(bacon_min_digit, 100)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: The game should be over...
    """
    assert score < 100, "The game should be over."
    return bacon(score)


def take_turn(
    num_rolls: int,
    opponent_score: int,
    dice: Dice,
    free_bacon: Callable[[int], int],
    roll_dice: Callable[[int, Dice], int],
) -> int:
    """The course's ``take_turn`` of these years: the assertions on NUM_ROLLS,
    then ``opponent_score < 100``, then FREE_BACON of the opponent's score or
    ROLL_DICE (the module's own functions)."""
    return _course.take_turn(num_rolls, opponent_score, dice, free_bacon, roll_dice, goal=GOAL)


def _turn(take_turn: TakeTurn, dice: Dice, is_swap: Callable[[int, int], bool], memory: Memory | None) -> Turn:
    """One turn of these years: the points of TAKE_TURN, the Feral Hogs bonus
    of MEMORY (None: no Feral Hogs), then the swap when IS_SWAP(player,
    opponent) holds.

    As the course's ``play`` did, each player's memory of its previous turn
    is kept here (0 before its first turn); these years have no extra turns,
    so the players alternate and the k-th turn (from 0) is player k % 2's.
    """
    previous = [0, 0]
    turns = itertools.count()
    swap = swapping(is_swap)

    def turn(num_rolls: int, score: int, opponent_score: int) -> tuple[int, int, bool]:
        who = next(turns) % 2
        points = take_turn(num_rolls, opponent_score, dice)
        bonus = 0
        if memory is not None:
            bonus = memory.bonus(previous[who], num_rolls)
            previous[who] = memory.remember(num_rolls, points)
        return swap(score + points + bonus, opponent_score)

    return turn


def play(
    rules: RuleSet,
    strategy0: Strategy,
    strategy1: Strategy,
    score0: int,
    score1: int,
    dice: Dice,
    goal: int,
    say: Commentary,
    take_turn: TakeTurn,
    is_swap: Callable[[int, int], bool],
    feral_hogs: bool = False,
) -> tuple[int, int]:
    """The course's ``play`` of these years under RULES, with the module's
    TAKE_TURN and IS_SWAP; with FERAL_HOGS, RULES' memory gives the bonus.

    >>> from hog.dice import make_test_dice
    >>> from hog.rules import get_rules
    >>> from hog.rules.after_turn import swap_leading_times_ones as is_swap
    >>> def take_turn(num_rolls, opponent_score, dice):
    ...     return sum(dice() for _ in range(num_rolls))
    >>> def always(n):
    ...     return lambda score, opponent_score: n
    >>> fa19 = get_rules("fa19")
    >>> play(fa19, always(2), always(2), 0, 0, make_test_dice(3), 20, commentary.say_scores, take_turn, is_swap, True)
    Player 0 now has 9 and Player 1 now has 0
    Player 0 now has 9 and Player 1 now has 9
    Player 0 now has 15 and Player 1 now has 9
    Player 0 now has 15 and Player 1 now has 15
    Player 0 now has 21 and Player 1 now has 15
    (21, 15)
    """
    memory = rules.memory if feral_hogs else None
    turn = _turn(take_turn, dice, is_swap, memory)
    return _course.play(strategy0, strategy1, turn, score0, score1, goal, say)


def make_play(namespace: MutableMapping[str, Any], rules: RuleSet, feral_hogs: bool) -> Callable[..., tuple[int, int]]:
    """The course's ``play(strategy0, strategy1, score0=0, score1=0,
    dice=six_sided, goal=GOAL_SCORE, say=silence)`` of a year under RULES,
    with ``feral_hogs=True`` last in the years that had Feral Hogs; it plays
    with the ``take_turn`` and ``is_swap`` found in NAMESPACE (the module's
    globals) at call time.

    >>> from hog.cs61a import fa19
    >>> fa19.play(fa19.always_roll(2), fa19.always_roll(2), dice=fa19.make_test_dice(3), goal=12)
    (15, 9)
    >>> fa19.play(fa19.always_roll(2), fa19.always_roll(2), dice=fa19.make_test_dice(3), goal=12, feral_hogs=False)
    (12, 6)
    """
    parameters = [
        _semester.parameter("strategy0", "Strategy"),
        _semester.parameter("strategy1", "Strategy"),
        _semester.parameter("score0", "int", 0),
        _semester.parameter("score1", "int", 0),
        _semester.parameter("dice", "Dice", six_sided),
        _semester.parameter("goal", "int", GOAL),
        _semester.parameter("say", "Commentary", commentary.silence),
    ]
    if feral_hogs:
        parameters.append(_semester.parameter("feral_hogs", "bool", True))

    def game(*arguments: Any) -> tuple[int, int]:
        return play(rules, *arguments[:7], namespace["take_turn"], namespace["is_swap"], *arguments[7:])

    signature = inspect.Signature(parameters, return_annotation="tuple[int, int]")
    doc = "Play a game from SCORE0, SCORE1 to GOAL and return the final scores, Player 0's first."
    return _semester.bound(namespace, "play", signature, game, doc)


def swap_move(
    score: int,
    opponent_score: int,
    free_bacon: Callable[[int], int],
    is_swap: Callable[[int, int], bool],
    num_rolls: int,
    avoid_harmful_swaps: bool = True,
) -> int | None:
    """What ``swap_strategy`` does because of the swap that rolling 0 would
    cause: 0 for a good swap (the opponent is ahead of the score Free Bacon
    gives), NUM_ROLLS for a harmful one (unless AVOID_HARMFUL_SWAPS is
    false, as in su18), None when the swap decides nothing (then the course
    falls back to ``bacon_strategy``).

    >>> from hog.rules.after_turn import swap_multiples
    >>> bacon = lambda opponent_score: 2
    >>> swap_move(4, 12, bacon, swap_multiples, 4), swap_move(10, 6, bacon, swap_multiples, 4)
    (0, 4)
    >>> swap_move(10, 6, bacon, swap_multiples, 4, avoid_harmful_swaps=False)
    >>> swap_move(5, 12, bacon, swap_multiples, 4)
    """
    new_score = score + free_bacon(opponent_score)
    if is_swap(new_score, opponent_score):
        if opponent_score > new_score:
            return 0
        if avoid_harmful_swaps and opponent_score < new_score:
            return num_rolls
    return None


def other(who: int) -> int:
    """Return the other player, for a player WHO numbered 0 or 1.

    >>> other(0)
    1
    >>> other(1)
    0
    """
    return _course.next_player(who)


def announce_lead_changes(previous_leader: int | None = None) -> Commentary:
    """Return a commentary function that announces lead changes.

    >>> f0 = announce_lead_changes()
    >>> f1 = f0(5, 0)
    Player 0 takes the lead by 5
    >>> f2 = f1(5, 12)
    Player 1 takes the lead by 7
    >>> f3 = f2(8, 12)
    >>> f4 = f3(8, 13)
    >>> f5 = f4(15, 13)
    Player 0 takes the lead by 2
    """
    return commentary.announce_lead_changes(previous_leader)


def gain_in_points_parenthesised(gain: int, who: int) -> str:
    """The record-gain announcement of sp20, fa19, su19, fa18 and su18.

    >>> gain_in_points_parenthesised(1, 0)
    "1 point(s)! That's the biggest gain yet for Player 0"
    """
    return f"{gain} point(s)! That's the biggest gain yet for Player {who}"


def gain_in_point_or_points(gain: int, who: int) -> str:
    """The record-gain announcement of sp18 and fa17: singular for a gain of 1.

    >>> gain_in_point_or_points(1, 0)
    "1 point! That's the biggest gain yet for Player 0"
    >>> gain_in_point_or_points(10, 1)
    "10 points! That's the biggest gain yet for Player 1"
    """
    points = "point" if gain == 1 else "points"
    return f"{gain} {points}! That's the biggest gain yet for Player {who}"


#: su20's record-gain announcement, for ``hog.commentary.make_announce_highest``.
SU20_HIGHEST_MESSAGE = "{gain} point(s)! That's the biggest gain yet for Player {who}"


def make_announce_highest(wording: Callable[[int, int], str]) -> Callable[..., Commentary]:
    """The course's ``announce_highest(who, previous_high=0, previous_score=0)``
    of sp20 and earlier, announcing with ``wording(gain, who)``.

    >>> announce_highest = make_announce_highest(gain_in_point_or_points)
    >>> f1 = announce_highest(1)(11, 0)
    >>> f2 = f1(11, 9)
    9 points! That's the biggest gain yet for Player 1
    >>> f3 = f2(20, 10)
    >>> f4 = f3(20, 20)
    10 points! That's the biggest gain yet for Player 1
    """

    def announce_highest(who: int, previous_high: int = 0, previous_score: int = 0) -> Commentary:
        """Return a commentary function that announces when WHO's score
        increases by more than ever before in the game."""
        assert who == 0 or who == 1, "The who argument should indicate a player."

        def say(score0: int, score1: int) -> Commentary:
            score = score0 if who == 0 else score1
            gain = score - previous_score
            if gain > previous_high:
                print(wording(gain, who))
                return announce_highest(who, gain, score)
            return announce_highest(who, previous_high, score)

        return say

    return announce_highest
