"""The shapes of a rule set's course cases, and the logic the data names.

The cases themselves are data, ``course_cases/<rule set>.toml``; the loader
(``course_cases/__init__.py``) builds a ``Course`` from each (and, for the
Free Bacon years, a ``Semester`` first). ``test_cs61a_courses`` runs one
parametrised test per kind of check over every entry.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

# When a rule strategy rolls 0, from the score, the zero-dice points and the
# rules' (score, opponent score, extra turn) after rolling 0.
RollsZero = Callable[[int, int, int, tuple[int, int, bool], int], bool]


def rolls_zero_for_a_gain(score: int, opponent_score: int, points: int, after: tuple, threshold: int) -> bool:
    """Rolling 0 raises the score by THRESHOLD or more, after-turn rule included."""
    return after[0] - score >= threshold


def rolls_zero_for_the_rule(score: int, opponent_score: int, points: int, after: tuple, threshold: int) -> bool:
    """Rolling 0 makes the after-turn rule act, or scores THRESHOLD or more."""
    return after != (score + points, opponent_score, False) or points >= threshold


def rolls_zero_for_a_good_swap(score: int, opponent_score: int, points: int, after: tuple, threshold: int) -> bool:
    """The Free Bacon years' swap_strategy: 0 for a swap to a higher score,
    ``num_rolls`` for a swap to a lower one, else as bacon_strategy."""
    new = score + points
    return after[0] > new or (after[0] == new and points >= threshold)


def rolls_zero_for_any_good_swap(score: int, opponent_score: int, points: int, after: tuple, threshold: int) -> bool:
    """su18's swap_strategy: a harmful swap is not avoided."""
    return after[0] > score + points or points >= threshold


def without_after_turn(rules):
    """The rules ``play`` follows with ``simple_update``: no after-turn rule."""
    return dataclasses.replace(rules, after_turn=lambda score, opponent_score: (score, opponent_score, False))


def without_feral_hogs(rules):
    """The rules without Feral Hogs (``play(..., feral_hogs=False)``)."""
    return dataclasses.replace(rules, memory=None)


@dataclass(frozen=True)
class Named:
    """The two named strategies: the zero-dice one rolls 0 when the zero-dice
    points reach the threshold, the rule one when ``rolls_zero`` says so.
    ``cases`` are (threshold, num_rolls) pairs checked at every score pair;
    the first must be the defaults (called without them), the others are
    passed by keyword (odd places) or position (even places)."""

    zero_dice: str
    rule: str
    keyword: str
    rolls_zero: RollsZero
    cases: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Variant:
    """One way to call ``play``: the update function it takes after the
    strategies (if any), keyword options, the change to ``hog.rules``' rule
    set it must then follow, and the ``course_reference`` rule set that tells
    the same game (if any)."""

    update: str | None = None
    options: Mapping[str, object] = field(default_factory=dict)
    rules: Callable[[object], object] | None = None
    reference: str | None = None


@dataclass(frozen=True)
class Replay:
    """A game printed by the course's ok tests: start scores, goal, the update
    function, then each turn's dice outcomes (none: rolled 0) and the scores
    after it."""

    score0: int
    score1: int
    goal: int
    update: str | None
    turns: tuple[tuple[tuple[int, ...], tuple[int, int]], ...]


@dataclass(frozen=True)
class Course:
    """Everything the course tests check of one rule set's module.

    * ``sessions``: ok-style sessions (``>>> from hog import *`` ...) by name;
    * ``examples``: by name, call text -> the value it returns, run as a session;
    * ``named``: the named strategies, checked at every score pair;
    * ``say``: play's commentary form ("old": ``say(score0, score1) -> say``;
      "leader": ``say(score0, score1, leader) -> (leader, message)``; None);
    * ``variants``: how play is called, each compared call for call with
      ``hog.game.play`` (and ``course_reference.play``) on the same dice;
    * ``references``: a course function -> (a plain reference, the argument
      tuples to compare it at);
    * ``replays``: games printed by the course's tests.
    """

    sessions: Mapping[str, str]
    named: Named
    say: str | None = "old"
    variants: Mapping[str, Variant] = field(default_factory=lambda: {"full rules": Variant()})
    examples: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    references: Mapping[str, tuple[Callable[..., object], Iterable[tuple[int, ...]]]] = field(default_factory=dict)
    replays: Mapping[str, Replay] = field(default_factory=dict)


@dataclass(frozen=True)
class Semester:
    """What tells one Free Bacon year's module from the others (COURSE_APIS.md), and its examples."""

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


def examples_session(calls: Mapping[str, object]) -> str:
    """CALLS (call text -> value) as an ok-style session."""
    return "\n".join([">>> from hog import *", *(f">>> {call}\n{value!r}" for call, value in calls.items())]) + "\n"


def announced(semester: Semester, gain: int, who: int) -> str:
    """COURSE_APIS.md's record-gain wording of SEMESTER."""
    points = "point(s)" if semester.plural_only else "point" if gain == 1 else "points"
    return f"{gain} {points}! That's the biggest gain yet for Player {who}"


def highest_arguments(semester: Semester, high: int, score: int) -> str:
    """announce_highest's arguments after ``who``, in SEMESTER's parameter order."""
    named = {"previous_high": high, "running_high": high, "previous_score": score, "last_score": score}
    return ", ".join(str(named[parameter]) for parameter in semester.highest)
