"""The Free Bacon / Swine Swap years, ``fa17`` to ``su20``: what tells one
semester's module from the others (COURSE_APIS.md), and the course cases
made from it.

Each semester's file gives its ``Semester``; ``course`` makes its ``Course``:
the sessions all these years share, sessions made from the semester's
examples (worked out by hand from the rules' text), its named strategies
and its ways to call ``play`` (with and without Feral Hogs).
"""

from __future__ import annotations

import dataclasses

from .common import Course, Named, Variant, rolls_zero_for_a_good_swap, rolls_zero_for_any_good_swap


@dataclasses.dataclass(frozen=True)
class Semester:
    """What tells one semester's module from the others (COURSE_APIS.md), and its examples."""

    is_swap: str  # is_swap's parameters
    threshold: str  # bacon_strategy's and swap_strategy's threshold parameter
    num_rolls: int  # their num_rolls default
    averaging: str  # make_averaged's and max_scoring_num_rolls' keyword
    leader: str  # announce_lead_changes' parameter
    highest: tuple[str, str]  # announce_highest's parameters after who
    plural_only: bool  # announce_highest says "1 point(s)!", not "1 point!"
    feral_hogs: bool
    free_bacon: dict[int, int]  # opponent's score -> points
    swaps: dict[tuple[int, int], bool]  # is_swap(player, opponent)
    strategies: dict[str, int]  # a call of a named strategy -> dice
    games: str = ""  # a session of play examples of this semester
    harmful_swaps: bool = True  # swap_strategy avoids a swap to a lower score (not in su18)


MULTIPLES = {(4, 12): True, (12, 4): True, (1, 5): False, (5, 7): False, (2, 2): True, (0, 5): False, (3, 99): True}
BACON_MIN_DIGIT = {35: 7, 9: 10, 0: 10, 47: 6, 99: 1}
# Sessions every year passes.
YEARS_SESSIONS = {
    "take_turn calls roll_dice": """
>>> import hog
>>> def roll_dice(num_rolls, dice):
...     print("Called roll dice!")
...     return 9002
...
>>> hog.roll_dice, old_roll_dice = roll_dice, hog.roll_dice
>>> hog.take_turn(5, 0) # Make sure you call roll_dice!
Called roll dice!
9002
>>> hog.roll_dice = old_roll_dice     # teardown
>>> hog.take_turn(2, 0, hog.make_test_dice(4, 5, 1)), hog.take_turn(3, 0, hog.make_test_dice(4, 6, 1))
(9, 1)
>>> hog.take_turn(10, 0, hog.make_test_dice(2, 3)), hog.take_turn(4, 99, hog.make_test_dice(6))
(25, 24)
""",
    # Messages end in "...": pytest rewrites the asserts of a module named on its command line,
    # which adds a line to their messages.
    "assertions": """
>>> from hog import *
>>> free_bacon(100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: The game should be over...
>>> take_turn(0, 100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: The game should be over...
>>> take_turn(11, 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Cannot roll more than 10 dice...
>>> take_turn(-1, 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Cannot roll a negative number of dice in take_turn...
>>> always_roll(11)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError...
""",
    "other and the goal": """
>>> from hog import *
>>> other(0), other(1), GOAL_SCORE
(1, 0, 100)
>>> play(always_roll(5), always_roll(5), goal=10, dice=make_test_dice(3)) # Goal score is not hardwired
(15, 0)
""",
    "final_strategy": """
>>> from hog import *
>>> [final_strategy(0, 0) in range(11), final_strategy(99, 98) in range(11)]
[True, True]
""",
    "commentary": """
>>> from hog import *
>>> f = both(say_scores, announce_lead_changes())
>>> f = f(1, 0)
Player 0 now has 1 and Player 1 now has 0
Player 0 takes the lead by 1
>>> f = f(1, 1)
Player 0 now has 1 and Player 1 now has 1
>>> f = f(2, 1)
Player 0 now has 2 and Player 1 now has 1
Player 0 takes the lead by 1
>>> f = f(2, 9)
Player 0 now has 2 and Player 1 now has 9
Player 1 takes the lead by 7
>>> silence(5, 7) is silence
True
""",
}


def free_bacon_session(semester: Semester) -> str:
    lines = [f">>> free_bacon({score})\n{points}" for score, points in semester.free_bacon.items()]
    lines += [f">>> take_turn(0, {score})\n{points}" for score, points in semester.free_bacon.items()]
    return "\n".join([">>> from hog import *", *lines])


def is_swap_session(semester: Semester) -> str:
    lines = [f">>> is_swap({player}, {opponent})\n{swap}" for (player, opponent), swap in semester.swaps.items()]
    return "\n".join([">>> from hog import *", *lines])


def strategies_session(semester: Semester) -> str:
    lines = [f">>> {call}\n{dice}" for call, dice in semester.strategies.items()]
    return "\n".join([">>> from hog import *", *lines])


def averaging_session(semester: Semester) -> str:
    return f"""
>>> from hog import *
>>> dice = make_test_dice(4, 2, 5, 1)
>>> averaged_dice = make_averaged(dice, {semester.averaging}=1000)
>>> averaged_dice()
3.0
>>> max_scoring_num_rolls(make_test_dice(1, 6), {semester.averaging}=10)
1
"""


def lead_changes_session(semester: Semester) -> str:
    return f"""
>>> from hog import *
>>> f1 = announce_lead_changes({semester.leader}=1)(3, 5)
>>> f2 = f1(7, 5)
Player 0 takes the lead by 2
>>> f3 = f2(7, 7)  # a tie: no leader
>>> f4 = f3(9, 7)
Player 0 takes the lead by 2
>>> f5 = f4(9, 20)
Player 1 takes the lead by 11
"""


def announced(semester: Semester, gain: int, who: int) -> str:
    """COURSE_APIS.md's record-gain wording of SEMESTER."""
    points = "point(s)" if semester.plural_only else "point" if gain == 1 else "points"
    return f"{gain} {points}! That's the biggest gain yet for Player {who}"


def highest_session(semester: Semester) -> str:
    """The course's announce_highest test (swaps make gains large or negative),
    the singular gain of 1, and the parameters' order."""

    def call(high: int, score: int) -> str:
        named = {"previous_high": high, "running_high": high, "previous_score": score, "last_score": score}
        return ", ".join(str(named[parameter]) for parameter in semester.highest)

    return f"""
>>> from hog import *
>>> f0 = announce_highest(1) # Only announce Player 1 score gains
>>> f1 = f0(12, 0)
>>> f2 = f1(12, 10)
{announced(semester, 10, 1)}
>>> f3 = f2(20, 10)
>>> f4 = f3(22, 20)
>>> f5 = f4(22, 35)
{announced(semester, 15, 1)}
>>> f6 = f5(30, 47) # Player 1 gets 12 points; not enough for a new high
>>> f7 = f6(31, 47)
>>> f8 = f7(32, 77)
{announced(semester, 30, 1)}
>>> f9 = f8(83, 32) # a swap: a negative gain
>>> f10 = f9(38, 83)
{announced(semester, 51, 1)}
>>> # The only side effect of a commentary function should be to print.
>>> f2_again = f1(11, 9)
{announced(semester, 9, 1)}
>>> f = announce_highest(0)(1, 0)
{announced(semester, 1, 0)}
>>> f = f(1, 5)
>>> f = announce_highest(1, {call(5, 20)})(0, 27)
{announced(semester, 7, 1)}
>>> f = announce_highest(1, {call(10, 20)})(0, 27)
>>> f = announce_highest(1, {call(10, 20)})(0, 31)
{announced(semester, 11, 1)}
"""


SESSION_MAKERS = {
    "free_bacon": free_bacon_session,
    "is_swap": is_swap_session,
    "named strategies": strategies_session,
    "averaging": averaging_session,
    "announce_lead_changes": lead_changes_session,
    "announce_highest": highest_session,
    "games": lambda semester: semester.games,
}


def without_feral_hogs(rules):
    """The rules without Feral Hogs (``play(..., feral_hogs=False)``)."""
    return dataclasses.replace(rules, memory=None)


def course(semester: Semester) -> Course:
    """SEMESTER's course cases."""
    made = {name: make(semester) for name, make in SESSION_MAKERS.items()}
    variants = {"full rules": Variant()}
    if semester.feral_hogs:
        variants["no Feral Hogs"] = Variant(options={"feral_hogs": False}, rules=without_feral_hogs)
    rolls_zero = rolls_zero_for_a_good_swap if semester.harmful_swaps else rolls_zero_for_any_good_swap
    return Course(
        sessions={**YEARS_SESSIONS, **{name: text for name, text in made.items() if text}},
        named=Named(
            "bacon_strategy",
            "swap_strategy",
            semester.threshold,
            rolls_zero,
            cases=((8, semester.num_rolls),),  # other thresholds: the strategies session
        ),
        variants=variants,
    )
