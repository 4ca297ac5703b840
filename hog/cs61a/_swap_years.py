"""The nine course modules of the Free Bacon / Swine Swap years (``fa17``
to ``su20``), written once.

The years' ``hog.py`` files are one file with a few differences: the Free
Bacon and swap rules, some parameter names and defaults, Feral Hogs, the
commentary's wording. ``YEARS`` lists those differences, one entry a year,
and ``define_year`` makes a year's functions in its module
``hog.cs61a.<semester>`` with that year's names, signatures, defaults and
assertions. Each function finds the others (``free_bacon``, ``roll_dice``,
``take_turn``, ``is_swap``, ``bacon_strategy``, ``play``) in the module's
globals at call time, so that a course script that replaces one of them in
the module is heard. The rules (Free Bacon, the swap tests, the swap itself
and the Feral Hogs memory) come from ``hog.rules``; the game loop from
``hog.cs61a._course``.

The old-style commentary of these years is here too:
``announce_lead_changes(previous_leader=None)`` and
``announce_highest(who, previous_high=0, previous_score=0)`` with the
years' wordings.
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from hog import commentary
from hog.commentary import Commentary
from hog.cs61a import _course, _semester
from hog.dice import Dice, six_sided
from hog.game import GOAL, Turn
from hog.rules import Memory, RuleSet, get_rules
from hog.rules.after_turn import (
    swap_digit_difference,
    swap_leading_ones,
    swap_leading_times_ones,
    swap_multiples,
    swap_ones_difference,
    swap_ones_tens,
    swap_power_of_three,
    swap_same_place_digit,
    swapping,
)
from hog.rules.zero_dice import (
    bacon_cube,
    bacon_difference,
    bacon_largest_digit,
    bacon_min_digit,
    bacon_product,
    bacon_smaller_digit,
    bacon_tens_minus_ones,
    bacon_twice_tens,
)

__all__ = [
    "Year",
    "YEARS",
    "define_year",
    "free_bacon",
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

    def turn(dice: Dice, goal: int, feral_hogs: bool = False) -> Turn:
        memory = rules.memory if feral_hogs else None
        return _turn(namespace["take_turn"], dice, namespace["is_swap"], memory)

    extra = [_semester.parameter("feral_hogs", "bool", True)] if feral_hogs else []
    return _semester.make_play(namespace, turn, extra=extra)


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
    """``hog.commentary.announce_lead_changes`` with these years' parameter name.

    >>> _ = announce_lead_changes(previous_leader=1)(5, 0)
    Player 0 takes the lead by 5
    """
    return commentary.announce_lead_changes(previous_leader)


def gain_in_points_parenthesised(gain: int, who: int) -> str:
    """The record-gain announcement of sp20, fa19, sp19, su19, fa18 and su18.

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


@dataclass(frozen=True)
class Year:
    """What tells one Free Bacon year's ``hog.py`` from the others: its rule
    set, its Free Bacon and swap rules, and the names and defaults its course
    gave the same functions."""

    bacon: Callable[[int], int]
    swap: Callable[[int, int], bool]
    #: the final strategy's win rate against always_roll(6), as its docstring states it
    final_rate: str
    #: is_swap's parameters
    swap_names: tuple[str, str] = ("player_score", "opponent_score")
    #: announce_highest's record-gain announcement
    wording: Callable[[int, int], str] = gain_in_points_parenthesised
    #: bacon_strategy's and swap_strategy's threshold parameter and num_rolls default
    threshold: str = "margin"
    num_rolls: int = 4
    averaging: str = "num_samples"
    feral_hogs: bool = False
    #: swap_strategy avoids a swap to a lower score (not in su18)
    harmful_swaps: bool = True
    #: announce_lead_changes(last_leader=None) and su20's wording, as in the later semesters
    later_commentary: bool = False


#: The names of a Free Bacon year's ``hog.py``, in the course's order.
YEAR_NAMES = """
    GOAL_SCORE roll_dice make_test_dice make_fair_dice six_sided four_sided free_bacon take_turn is_swap other
    silence play say_scores announce_lead_changes both announce_highest always_roll always_roll_5 make_averaged
    max_scoring_num_rolls winner average_win_rate run_experiments bacon_strategy swap_strategy final_strategy
""".split()


_SCORES = ("score0", "score1")

#: The nine years, as COURSE_APIS.md tells them apart.
YEARS = {
    "fa17": Year(bacon_largest_digit, swap_multiples, "80.4%", swap_names=_SCORES, wording=gain_in_point_or_points),
    "sp18": Year(bacon_difference, swap_multiples, "79.3%", swap_names=_SCORES, wording=gain_in_point_or_points),
    "su18": Year(bacon_product, swap_ones_tens, "79.9%", swap_names=_SCORES, harmful_swaps=False),
    "fa18": Year(bacon_twice_tens, swap_digit_difference, "82.6%"),
    "sp19": Year(bacon_smaller_digit, swap_same_place_digit, "81.3%"),
    "su19": Year(bacon_min_digit, swap_leading_ones, "85.2%"),
    "fa19": Year(bacon_min_digit, swap_leading_times_ones, "76.5%", feral_hogs=True),
    "sp20": Year(bacon_cube, swap_power_of_three, "84.3%", num_rolls=6, feral_hogs=True),
    "su20": Year(
        bacon_tens_minus_ones,
        swap_ones_difference,
        "87.1%",
        threshold="cutoff",
        num_rolls=6,
        averaging="trials_count",
        feral_hogs=True,
        later_commentary=True,
    ),
}


def define_year(namespace: MutableMapping[str, Any], rule_set: str) -> list[str]:
    """Define the course functions of the year RULE_SET (its entry in
    ``YEARS``) in NAMESPACE, the module's globals, and return their names,
    the module's ``__all__``.

    Each function finds the others (``free_bacon``, ``roll_dice``,
    ``take_turn``, ``is_swap``, ``bacon_strategy``) in NAMESPACE at call time,
    as the course's file did, so that replacing one in the module is heard.
    """
    year, rules = YEARS[rule_set], get_rules(rule_set)
    parameter = _semester.parameter

    def named(name: str, function: Callable[..., Any], doc: str) -> Callable[..., Any]:
        return _semester.named(function, namespace, name, doc)

    def free_bacon_of(score: int) -> int:
        return free_bacon(year.bacon, score)

    def take_turn_of(num_rolls: int, opponent_score: int, dice: Dice = six_sided) -> int:
        free_bacon, roll_dice = namespace["free_bacon"], namespace["roll_dice"]
        return _course.take_turn(num_rolls, opponent_score, dice, free_bacon, roll_dice, goal=GOAL)

    swap_signature = inspect.Signature([parameter(name, "int") for name in year.swap_names], return_annotation="bool")
    strategy_signature = inspect.Signature(
        [
            parameter("score", "int"),
            parameter("opponent_score", "int"),
            parameter(year.threshold, "int", 8),
            parameter("num_rolls", "int", year.num_rolls),
        ],
        return_annotation="int",
    )

    def bacon_strategy(score: int, opponent_score: int, threshold: int, num_rolls: int) -> int:
        return 0 if namespace["free_bacon"](opponent_score) >= threshold else num_rolls

    def swap_strategy(score: int, opponent_score: int, threshold: int, num_rolls: int) -> int:
        free_bacon, is_swap = namespace["free_bacon"], namespace["is_swap"]
        move = swap_move(score, opponent_score, free_bacon, is_swap, num_rolls, year.harmful_swaps)
        return namespace["bacon_strategy"](score, opponent_score, threshold, num_rolls) if move is None else move

    def final_strategy(score: int, opponent_score: int) -> int:
        return _course.final_strategy_move(rules, score, opponent_score)

    leader_changes: Callable[..., Commentary] = announce_lead_changes
    highest = make_announce_highest(year.wording)
    if year.later_commentary:
        leader_changes = commentary.announce_lead_changes
        highest = commentary.make_announce_highest(SU20_HIGHEST_MESSAGE)
    threshold = year.threshold.upper()
    final_how = (
        "the best table against always_roll(6) from optimal play over the full state (Feral Hogs memory included)"
        if year.feral_hogs
        else "the exact best response to always_roll(6)"
    )
    namespace.update(
        _semester.BASICS,
        GOAL_SCORE=GOAL,
        free_bacon=named(
            "free_bacon", free_bacon_of, "The points of rolling 0 dice (Free Bacon) against an opponent at SCORE."
        ),
        take_turn=named("take_turn", take_turn_of, "The points of a turn rolling NUM_ROLLS DICE, or Free Bacon for 0."),
        is_swap=_semester.bound(namespace, "is_swap", swap_signature, year.swap, "Whether the two scores swap."),
        other=other,
        silence=commentary.silence,
        play=make_play(namespace, rules, year.feral_hogs),
        say_scores=commentary.say_scores,
        announce_lead_changes=leader_changes,
        both=commentary.both,
        announce_highest=highest,
        make_averaged=_semester.make_averaged(namespace, year.averaging),
        max_scoring_num_rolls=_semester.max_scoring_num_rolls(namespace, year.averaging),
    )
    namespace["winner"], namespace["average_win_rate"], namespace["run_experiments"] = _semester.experiments(
        namespace, "always_roll(8) bacon_strategy swap_strategy"
    )
    namespace.update(
        bacon_strategy=_semester.bound(
            namespace,
            "bacon_strategy",
            strategy_signature,
            bacon_strategy,
            f"Roll 0 dice if Free Bacon gives at least {threshold} points, and NUM_ROLLS otherwise.",
        ),
        swap_strategy=_semester.bound(
            namespace,
            "swap_strategy",
            strategy_signature,
            swap_strategy,
            "Roll 0 dice for a swap that helps, NUM_ROLLS for one that hurts"
            + ("" if year.harmful_swaps else " (not in this year: Free Bacon decides)")
            + f", else as bacon_strategy with {threshold}.",
        ),
        final_strategy=named(
            "final_strategy",
            final_strategy,
            f"The project's best strategy for these rules: {final_how}. Wins {year.final_rate} against always_roll(6).",
        ),
    )
    return list(YEAR_NAMES)
