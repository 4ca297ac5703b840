"""The shape of a rule set's course cases, and the sessions several share.

A rule set's entry (``COURSE`` in ``course_cases/<rule set>.py``) is a
``Course``: its ok-style sessions, example calls, named strategies, how its
``play`` is called, and, where the course's code is retold in
``course_reference``, the functions to compare with it. ``test_cs61a_courses``
runs one parametrised test per kind of check over every entry.
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


def examples_session(calls: Mapping[str, object]) -> str:
    """CALLS (call text -> value) as an ok-style session."""
    return "\n".join([">>> from hog import *", *(f">>> {call}\n{value!r}" for call, value in calls.items())]) + "\n"


def grid(scores: Iterable[int], opponent_scores: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Every (score, opponent score) pair."""
    opponent_scores = tuple(opponent_scores)
    return tuple((s, o) for s in scores for o in opponent_scores)


def singles(scores: Iterable[int]) -> tuple[tuple[int], ...]:
    return tuple((s,) for s in scores)


# Sessions every course module passes.
COMMON_SESSIONS = {
    "roll_dice": """
>>> from hog import *
>>> roll_dice(2, make_test_dice(4, 6, 1))
10
>>> roll_dice(3, make_test_dice(4, 6, 1))
1
>>> roll_dice(4, make_test_dice(2, 2, 3))
9
>>> counted_dice = make_test_dice(4, 1, 2, 6)
>>> roll_dice(3, counted_dice)  # every die is rolled, also after a 1
1
>>> roll_dice(1, counted_dice)
6
""",
    "always_roll": """
>>> from hog import *
>>> always_roll(0)(99, 99), always_roll(10)(0, 0), always_roll_5(3, 4)
(0, 10, 5)
>>> always_roll(11)
Traceback (most recent call last):
...
AssertionError
""",
}

# Sessions of the rule sets whose commentary returns (leader, message).
LEADER_COMMENTARY_SESSIONS = {
    "commentary (leader, message)": """
>>> from hog import *
>>> silence(1, 2), silence(1, 2, 0)
((None, None), (0, None))
>>> say_scores(2, 0)
(None, 'Player 0 now has 2 and now Player 1 has 0')
>>> leader, message = announce_lead_changes(5, 0)
>>> leader, message
(0, 'Player 0 takes the lead by 5')
>>> leader, message = announce_lead_changes(5, 12, leader)
>>> leader, message
(1, 'Player 1 takes the lead by 7')
>>> announce_lead_changes(8, 12, leader)
(1, None)
>>> announce_lead_changes(8, 8, 1)
(None, None)
>>> announce_lead_changes(8, 9, None)
(1, 'Player 1 takes the lead by 1')
>>> both(say_scores, announce_lead_changes)(10, 0)
(0, 'Player 0 now has 10 and now Player 1 has 0\\nPlayer 0 takes the lead by 10')
>>> both(announce_lead_changes, silence)(3, 0)
(None, 'Player 0 takes the lead by 3')
>>> both(silence, say_scores)(3, 0, 1)
(1, 'Player 0 now has 3 and now Player 1 has 0')
>>> both(silence, silence)(3, 0)
(None, None)
>>> 'announce_highest' in dir()
False
""",
}

# The seeds' ok sessions of the course's first questions, shared by more_boar and hog_pile.
PLAY_SESSIONS = {
    "q00 test dice": """
>>> from hog import *
>>> test_dice = make_test_dice(4, 1, 2)
>>> test_dice()
4
>>> test_dice() # Second call
1
>>> test_dice() # Third call
2
>>> test_dice() # Fourth call
4
""",
    "q05 play stops at goal": """
>>> import hog
>>> always_three = hog.make_test_dice(3)
>>> always = hog.always_roll
>>> s0, s1 = hog.play(always(5), always(3), score0=91, score1=10, dice=always_three)
>>> s0
106
>>> s1
10
""",
    "q05 goal is not hardwired": """
>>> import hog
>>> always_three = hog.make_test_dice(3)
>>> always = hog.always_roll
>>> s0, s1 = hog.play(always(5), always(5), goal=10, dice=always_three)
>>> s0
15
>>> s1
0
""",
}

# The seeds' commentary examples, shared by more_boar and hog_pile.
COMMENTARY_EXAMPLES = """
>>> from hog import *
>>> f0 = announce_lead_changes()
>>> f1 = f0(5, 0)
Player 0 takes the lead by 5
>>> f2 = f1(5, 12)
Player 1 takes the lead by 7
>>> f3 = f2(8, 12)
>>> f4 = f3(8, 13)
>>> f5 = f4(15, 13)
Player 0 takes the lead by 2
>>> h0 = both(say_scores, announce_lead_changes())
>>> h1 = h0(10, 0)
Player 0 now has 10 and Player 1 now has 0
Player 0 takes the lead by 10
>>> h2 = h1(10, 8)
Player 0 now has 10 and Player 1 now has 8
>>> h3 = h2(10, 17)
Player 0 now has 10 and Player 1 now has 17
Player 1 takes the lead by 7
"""


def without_after_turn(rules):
    """The rules ``play`` follows with ``simple_update``: no after-turn rule."""
    return dataclasses.replace(rules, after_turn=lambda score, opponent_score: (score, opponent_score, False))
