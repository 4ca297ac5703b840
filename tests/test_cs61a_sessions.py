"""The course modules run as the course runs them, one base for every rule set.

Per rule set (a key of the dicts below, its name):

* ``SESSIONS``: ok-style sessions (``>>> from hog import *`` ...) with every
  example RULES.md and COURSE_APIS.md give for it, run through
  ``hog.cs61a.check_course_session``; ``COMMON_SESSIONS`` run for every rule
  set, ``LEADER_COMMENTARY_SESSIONS`` for those with ``(leader, message)``
  commentary;
* ``NAMED``: the two named strategies, checked at every score pair against
  their definition over ``hog.rules``;
* ``GAMES``: how the module's ``play`` is called, for a call-for-call
  comparison with ``hog.game.play`` on the same seeded dice.

A new rule set is a new entry in each.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest

import hog.game
from hog.cs61a import check_course_session, course_module
from hog.rules import RuleSet, get_rules

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

SESSIONS: dict[str, dict[str, str]] = {
    "sus_fuss": {
        "boar_brawl": """
>>> from hog import *
>>> boar_brawl(21, 46), boar_brawl(45, 52), boar_brawl(2, 5), boar_brawl(52, 79), boar_brawl(0, 0)
(9, 1, 6, 15, 1)
>>> boar_brawl(7, 2), boar_brawl(72, 29), boar_brawl(5, 0), boar_brawl(109, 99)
(21, 1, 15, 1)
""",
        "take_turn": """
>>> from hog import *
>>> take_turn(2, 0, 0, make_test_dice(4, 5, 1))
9
>>> take_turn(3, 0, 0, make_test_dice(4, 6, 1))
1
>>> take_turn(0, 21, 46), take_turn(0, 72, 29)
(9, 1)
""",
        "num_factors and is_prime": """
>>> from hog import *
>>> num_factors(21), num_factors(25), num_factors(64), num_factors(1), num_factors(0)
(4, 3, 7, 1, 0)
>>> is_prime(23), is_prime(21), is_prime(1), is_prime(0)
(True, False, False, False)
""",
        "sus_points": """
>>> from hog import *
>>> [sus_points(score) for score in (21, 25, 62, 64, 86, 100, 1)]
[23, 29, 67, 64, 89, 100, 1]
""",
        "sus_update": """
>>> from hog import *
>>> simple_update(0, 15, 37), sus_update(0, 15, 37)
(21, 23)
>>> sus_update(0, 40, 22)
47
>>> simple_update(3, 11, 12, make_test_dice(4, 5, 6)), sus_update(3, 11, 12, make_test_dice(4, 5, 6))
(26, 29)
""",
        "play shows a Sus Fuss": """
>>> from hog import *
>>> play(always_roll(3), always_roll(0), sus_update, score0=11, score1=12, dice=make_test_dice(4, 5, 6), goal=30)
(44, 13)
>>> play(always_roll(3), always_roll(0), simple_update, score0=11, score1=12, dice=make_test_dice(4, 5, 6), goal=30)
(41, 13)
>>> play(always_roll(5), always_roll(3), sus_update, score0=91, score1=10, dice=make_test_dice(3))
(107, 10)
""",
        "is_always_roll": """
>>> from hog import *
>>> is_always_roll(always_roll_5), is_always_roll(always_roll(3)), is_always_roll(catch_up)
(True, True, False)
>>> late_change = lambda score, opponent_score: 5 if score < 150 else 6
>>> is_always_roll(late_change), is_always_roll(late_change, goal=200)
(True, False)
>>> is_always_roll(always_roll_5, goal=200)
True
>>> catch_up(9, 4), catch_up(17, 18)
(5, 6)
""",
        "make_averaged, either keyword": """
>>> from hog import *
>>> make_averaged(make_test_dice(3, 1, 5, 6), 1000)()
3.75
>>> make_averaged(roll_dice, times_called=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> make_averaged(roll_dice, samples_count=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> make_averaged(roll_dice, times_called=10, samples_count=10)
Traceback (most recent call last):
...
TypeError: make_averaged() takes times_called or samples_count, not both
""",
        "max_scoring_num_rolls, either keyword": """
>>> from hog import *
>>> max_scoring_num_rolls(make_test_dice(3), times_called=1000)
10
>>> max_scoring_num_rolls(make_test_dice(2), samples_count=1000)
10
>>> max_scoring_num_rolls(make_test_dice(1, 2))
1
>>> max_scoring_num_rolls(make_test_dice(3), times_called=10, samples_count=10)
Traceback (most recent call last):
...
TypeError: max_scoring_num_rolls() takes times_called or samples_count, not both
>>> import hog
>>> course_roll_dice = hog.roll_dice
>>> hog.roll_dice = lambda num_rolls, dice: {3: 9, 7: 9}.get(num_rolls, 4)
>>> max_scoring_num_rolls(six_sided, times_called=2)  # 3 and 7 tie: the lower
3
>>> hog.roll_dice = course_roll_dice
""",
        "strategies": """
>>> from hog import *
>>> boar_strategy(7, 2), boar_strategy(21, 46), boar_strategy(21, 46, threshold=9), boar_strategy(7, 2, num_rolls=4)
(0, 6, 0, 0)
>>> boar_strategy(21, 46, threshold=10, num_rolls=3)
3
>>> sus_strategy(15, 37), sus_strategy(15, 37, threshold=8), sus_strategy(40, 22, threshold=7)
(6, 0, 0)
>>> final_strategy(0, 0) in range(11), is_always_roll(final_strategy)
(True, False)
""",
    },
    "fuzzy_factors": {
        "boar_brawl": """
>>> from hog import *
>>> boar_brawl(21, 46), boar_brawl(45, 52), boar_brawl(2, 5), boar_brawl(52, 79), boar_brawl(0, 0)
(9, 1, 6, 15, 1)
>>> boar_brawl(7, 2), boar_brawl(72, 29), boar_brawl(5, 0), boar_brawl(109, 99)
(21, 1, 15, 1)
>>> take_turn(0, 14, 27), take_turn(2, 0, 0, make_test_dice(4, 5, 1))
(6, 9)
""",
        "hog_gcd, and no gcd": """
>>> from hog import *
>>> hog_gcd(0, 5), hog_gcd(5, 0), hog_gcd(12, 18), hog_gcd(25, 100)
(5, 5, 6, 25)
>>> 'gcd' in dir(), 'hog_gcd' in dir()
(False, True)
""",
        "fuzzy_points": """
>>> from hog import *
>>> [fuzzy_points(score) for score in (25, 75, 80, 50, 39, 100)]
[29, 79, 84, 60, 39, 100]
>>> simple_update(0, 14, 27), fuzzy_update(0, 14, 27)
(20, 24)
>>> simple_update(0, 41, 42), fuzzy_update(0, 41, 42)
(50, 60)
""",
        "play shows Fuzzy Factors": """
>>> from hog import *
>>> play(always_roll(0), always_roll(2), fuzzy_update, score0=41, score1=42, dice=make_test_dice(3), goal=70)
(72, 48)
>>> play(always_roll(0), always_roll(2), simple_update, score0=41, score1=42, dice=make_test_dice(3), goal=70)
(71, 54)
""",
        "is_always_roll": """
>>> from hog import *
>>> late_change = lambda score, opponent_score: 5 if opponent_score < 150 else 6
>>> is_always_roll(late_change), is_always_roll(late_change, goal=200), is_always_roll(catch_up)
(True, False, False)
""",
        "make_averaged and max_scoring_num_rolls": """
>>> from hog import *
>>> make_averaged(roll_dice, total_samples=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> max_scoring_num_rolls(make_test_dice(3), total_samples=1000), max_scoring_num_rolls(make_test_dice(1, 2))
(10, 1)
""",
        "strategies": """
>>> from hog import *
>>> boar_strategy(7, 2), boar_strategy(21, 46), boar_strategy(21, 46, threshold=9)
(0, 6, 0)
>>> boar_strategy(52, 79), boar_strategy(52, 79, threshold=16, num_rolls=2)
(0, 2)
>>> fuzzy_strategy(41, 42), fuzzy_strategy(14, 27), fuzzy_strategy(14, 27, threshold=10)
(0, 6, 0)
""",
    },
    "pigs_on_prime": {
        "oink_points": """
>>> from hog import *
>>> [oink_points(0, score) for score in (46, 73, 27, 7, 584, 12345)]
[2, 11, 1, 1, 12, 3]
>>> oink_points(99, 46)
2
""",
        "take_turn": """
>>> from hog import *
>>> take_turn(2, 0, 0, make_test_dice(4, 5, 1)), take_turn(0, 0, 73)
(9, 11)
>>> take_turn(0, 5, 100)
Traceback (most recent call last):
...
AssertionError: The game should be over.
>>> take_turn(0, 100, 5)
Traceback (most recent call last):
...
AssertionError: The game should be over.
>>> take_turn(0, 5, 100, goal=101)
1
""",
        "is_prime counts 1": """
>>> from hog import *
>>> is_prime(1), is_prime(2), is_prime(9), is_prime(0)
(True, True, False, False)
""",
        "pigs_on_prime": """
>>> from hog import *
>>> pigs_on_prime(7, 7), pigs_on_prime(11, 26), pigs_on_prime(2, 76), pigs_on_prime(0, 20), pigs_on_prime(1, 0)
(4, 2, 1, 0, 1)
>>> play(always_roll(2), always_roll(1), dice=make_test_dice(2, 3), goal=7)  # 5 rises to 7
(7, 0)
""",
        "play passes the leader on": """
>>> from hog import *
>>> def echo(score0, score1, leader):
...     print(score0, score1, leader)
...     return score0 + score1, None
>>> play(always_roll(1), always_roll(1), score0=10, score1=20, dice=make_test_dice(4), goal=30, say=echo)
14 20 None
14 24 34
18 24 38
18 28 42
22 28 46
22 32 50
(22, 32)
""",
        "play with commentary": """
>>> from hog import *
>>> commentary = both(say_scores, announce_lead_changes)
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=8, say=commentary)
Player 0 now has 5 and now Player 1 has 0
Player 0 takes the lead by 5
Player 0 now has 5 and now Player 1 has 5
Player 0 now has 8 and now Player 1 has 5
Player 0 takes the lead by 3
>>> s0, s1
(8, 5)
""",
        "make_averaged and max_scoring_num_rolls": """
>>> from hog import *
>>> make_averaged(roll_dice, total_samples=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> max_scoring_num_rolls(make_test_dice(3), total_samples=1000), max_scoring_num_rolls(make_test_dice(1, 2))
(10, 1)
""",
        "strategies": """
>>> from hog import *
>>> oink_points_strategy(0, 73), oink_points_strategy(0, 46), oink_points_strategy(0, 46, threshold=2)
(0, 6, 0)
>>> pigs_on_prime_strategy(5, 46), pigs_on_prime_strategy(4, 46), pigs_on_prime_strategy(4, 73)
(0, 6, 0)
>>> pigs_on_prime_strategy(4, 73, threshold=12, num_rolls=3)
3
""",
    },
    "hefty_hogs": {
        "hefty_hogs": """
>>> from hog import *
>>> hefty_hogs(5, 123), hefty_hogs(5, 456), hefty_hogs(3, 56), hefty_hogs(12, 5), hefty_hogs(6, 2), hefty_hogs(9, 0)
(9, 29, 0, 0, 18, 1)
>>> take_turn(0, 3, 56), take_turn(0, 5, 123, goal=200)
(0, 9)
>>> take_turn(0, 5, 123)
Traceback (most recent call last):
...
AssertionError: The game should be over.
""",
        "digit_fn": """
>>> from hog import *
>>> [digit_fn(digit)(5) for digit in range(10)]
[6, 25, 15, 1, 0, 5, 40, 44, 10, 5]
>>> digit_fn(6)(10), digit_fn(8)(200), digit_fn(4)(3)
(24, 40, -2)
>>> digit_fn(10)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
AssertionError: digit 10
>>> digit_fn(-1)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
AssertionError: digit -1
>>> digit_fn(2.0)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
AssertionError: digit 2.0
""",
        "hog_pile": """
>>> from hog import *
>>> hog_pile(12, 72), hog_pile(439, 709), hog_pile(26, 26), hog_pile(12, 13), hog_pile(10, 20)
(2, 9, 6, 0, 0)
""",
        "play passes the leader on": """
>>> from hog import *
>>> def echo(score0, score1, leader):
...     print(score0, score1, leader)
...     return score0 + score1, None
>>> play(always_roll(1), always_roll(1), score0=10, score1=21, dice=make_test_dice(4), goal=26, say=echo)
14 21 None
14 25 35
18 25 39
18 29 43
(18, 29)
""",
        "a zero-point turn and a Hog Pile": """
>>> from hog import *
>>> def echo(score0, score1, leader):
...     print(score0, score1)
...     return leader, None
>>> play(always_roll(0), always_roll(1), score0=3, score1=56, dice=make_test_dice(4), goal=61, say=echo)
3 56
3 60
5 60
5 64
(5, 64)
>>> play(always_roll(0), always_roll(1), score0=2, score1=36, dice=make_test_dice(5), goal=40, say=echo)
12 36
12 41
(12, 41)
""",
        "make_averaged and max_scoring_num_rolls": """
>>> from hog import *
>>> make_averaged(roll_dice, total_samples=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> max_scoring_num_rolls(make_test_dice(3), total_samples=1000), max_scoring_num_rolls(make_test_dice(1, 2))
(10, 1)
""",
        "strategies": """
>>> from hog import *
>>> hefty_hogs_strategy(5, 456), hefty_hogs_strategy(3, 56), hefty_hogs_strategy(5, 123, threshold=10)
(0, 6, 6)
>>> hog_pile_strategy(2, 36), hog_pile_strategy(0, 14), hog_pile_strategy(3, 56)
(0, 0, 6)
>>> hog_pile_strategy(0, 14, threshold=26, num_rolls=4)
4
""",
    },
    "su21": {
        "piggy_points and take_turn": """
>>> from hog import *
>>> piggy_points(14), piggy_points(9), piggy_points(156), piggy_points(0)
(7, 13, 5, 4)
>>> take_turn(0, 14), take_turn(2, 0, make_test_dice(4, 5, 1))
(7, 9)
>>> take_turn(0, 100)
Traceback (most recent call last):
...
AssertionError: The game should be over.
""",
        "more_boar": """
>>> from hog import *
>>> more_boar(25, 43), more_boar(7, 10), more_boar(709, 897), more_boar(26, 43), more_boar(43, 25)
(True, False, False, True, False)
""",
        "play with extra turns": """
>>> from hog import *
>>> def echo(score0, score1):
...     print(score0, score1)
...     return echo
>>> play(always_roll(0), always_roll(1), score0=21, score1=43, dice=make_test_dice(3), goal=50, say=echo)
26 43
31 43
31 46
37 46
43 46
43 49
52 49
(52, 49)
""",
        "commentary": """
>>> from hog import *
>>> f0 = announce_highest(1)
>>> f1 = f0(12, 0)
>>> f2 = f1(12, 10)
Player 1 has reached a new maximum point gain. 10 point(s)!
>>> f3 = f2(20, 15)
>>> f4 = f3(20, 26)
Player 1 has reached a new maximum point gain. 11 point(s)!
>>> f5 = f4(20, 20)
>>> f6 = f5(20, 31)
>>> f7 = f6(20, 43)
Player 1 has reached a new maximum point gain. 12 point(s)!
>>> h0 = both(say_scores, announce_lead_changes())
>>> h1 = h0(10, 3)
Player 0 now has 10 and Player 1 now has 3
Player 0 takes the lead by 7
>>> h2 = h1(10, 10)
Player 0 now has 10 and Player 1 now has 10
>>> h3 = h2(10, 13)
Player 0 now has 10 and Player 1 now has 13
Player 1 takes the lead by 3
>>> _ = announce_lead_changes(last_leader=1)(10, 13)
""",
        "make_averaged and max_scoring_num_rolls": """
>>> from hog import *
>>> make_averaged(roll_dice, trials_count=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> max_scoring_num_rolls(make_test_dice(3), trials_count=1000), max_scoring_num_rolls(make_test_dice(1, 2))
(10, 1)
""",
        "strategies": """
>>> from hog import *
>>> piggypoints_strategy(0, 9), piggypoints_strategy(0, 14), piggypoints_strategy(0, 14, cutoff=7, num_rolls=5)
(0, 6, 0)
>>> more_boar_strategy(21, 43), more_boar_strategy(0, 14), more_boar_strategy(0, 14, cutoff=7)
(0, 6, 0)
>>> more_boar_strategy(21, 43, cutoff=20, num_rolls=2)
0
""",
    },
}

#: Rule sets whose commentary returns (leader, message)
LEADER_COMMENTARY = ("pigs_on_prime", "hefty_hogs")


def sessions_of(rule_set: str) -> dict[str, str]:
    """Every session that RULE_SET's course module must pass."""
    shared = LEADER_COMMENTARY_SESSIONS if rule_set in LEADER_COMMENTARY else {}
    return {**COMMON_SESSIONS, **shared, **SESSIONS[rule_set]}


@pytest.mark.parametrize(
    "rule_set, name", [(rule_set, name) for rule_set in SESSIONS for name in sessions_of(rule_set)]
)
def test_ok_session(rule_set, name):
    assert check_course_session(rule_set, sessions_of(rule_set)[name], name) == ""


# --- the named strategies, at every score pair -------------------------------


def rolls_zero_for_a_gain(rules: RuleSet, score: int, opponent_score: int, threshold: int) -> bool:
    """Rolling 0 raises the score by THRESHOLD or more, after-turn rule included."""
    after = rules.after_turn(score + rules.zero_dice(score, opponent_score), opponent_score)
    return after[0] - score >= threshold


def rolls_zero_for_the_rule(rules: RuleSet, score: int, opponent_score: int, threshold: int) -> bool:
    """Rolling 0 makes the after-turn rule act, or scores THRESHOLD or more."""
    points = rules.zero_dice(score, opponent_score)
    acts = rules.after_turn(score + points, opponent_score) != (score + points, opponent_score, False)
    return acts or points >= threshold


@dataclass(frozen=True)
class Named:
    """A rule set's named strategies: the zero-dice one, the rule one, the
    keyword of their threshold, when the rule one rolls 0, and the defaults."""

    zero_dice: str
    rule: str
    keyword: str
    rolls_zero: Callable[[RuleSet, int, int, int], bool]
    default: int


NAMED = {
    "sus_fuss": Named("boar_strategy", "sus_strategy", "threshold", rolls_zero_for_a_gain, 11),
    "fuzzy_factors": Named("boar_strategy", "fuzzy_strategy", "threshold", rolls_zero_for_a_gain, 12),
    "pigs_on_prime": Named("oink_points_strategy", "pigs_on_prime_strategy", "threshold", rolls_zero_for_the_rule, 8),
    "hefty_hogs": Named("hefty_hogs_strategy", "hog_pile_strategy", "threshold", rolls_zero_for_the_rule, 8),
    "su21": Named("piggypoints_strategy", "more_boar_strategy", "cutoff", rolls_zero_for_the_rule, 8),
}


@pytest.mark.parametrize("rule_set", NAMED)
def test_named_strategies_follow_their_definition(rule_set):
    module, rules, named = course_module(rule_set), get_rules(rule_set), NAMED[rule_set]
    zero_dice, rule = getattr(module, named.zero_dice), getattr(module, named.rule)
    for threshold, num_rolls in ((named.default, 6), (5, 3)):
        keywords = {named.keyword: threshold, "num_rolls": num_rolls}
        for score in range(100):
            for opponent in range(100):
                by_points = 0 if rules.zero_dice(score, opponent) >= threshold else num_rolls
                by_rule = 0 if named.rolls_zero(rules, score, opponent, threshold) else num_rolls
                assert zero_dice(score, opponent, **keywords) == by_points, (score, opponent, keywords)
                assert rule(score, opponent, **keywords) == by_rule, (score, opponent, keywords)
    assert zero_dice(0, 0) == zero_dice(0, 0, **{named.keyword: named.default, "num_rolls": 6})
    assert all(rule(s, 50) == rule(s, 50, **{named.keyword: named.default, "num_rolls": 6}) for s in range(100))


# --- play, call for call against the rule engine ---------------------------------


@dataclass(frozen=True)
class Game:
    """How the course's ``play`` of a rule set is called: the update function
    it takes after the strategies (if any) and its commentary form ("old":
    ``say(score0, score1) -> say``; "leader": ``say(score0, score1, leader)
    -> (leader, message)``; None: no commentary)."""

    update: str | None = None
    say: str | None = "old"


GAMES = {
    "sus_fuss": Game(update="sus_update", say=None),
    "fuzzy_factors": Game(update="fuzzy_update", say=None),
    "pigs_on_prime": Game(say="leader"),
    "hefty_hogs": Game(say="leader"),
    "su21": Game(),
}

SEEDS = range(25)


def pairs(module) -> dict[str, tuple]:
    """Strategy pairs to play: fixed counts, the named strategies, every
    count (0..10) and the final strategy."""
    rule_set = module.__name__.split(".")[-1]
    return {
        "always 4 vs 6": (module.always_roll(4), module.always_roll(6)),
        "named": (getattr(module, NAMED[rule_set].rule), getattr(module, NAMED[rule_set].zero_dice)),
        "every count": (lambda s, o: (s + 2 * o) % 11, lambda s, o: (3 * s + o) % 11),
        "final vs always 6": (module.final_strategy, module.always_roll(6)),
    }


def scoring(strategy, rules: RuleSet):
    """STRATEGY, rolling 1 where rolling 0 would score nothing (hefty_hogs),
    so that two players cannot pass forever."""

    def chosen(score: int, opponent_score: int) -> int:
        num_rolls = strategy(score, opponent_score)
        return 1 if num_rolls == 0 and rules.zero_dice(score, opponent_score) == 0 else num_rolls

    return chosen


def recorded(play_game, strategy0, strategy1, seed: int, say_form: str | None):
    """Play with dice from random.Random(SEED), recording each strategy call
    and each commentary call; returns (final scores, record, next dice roll)."""
    record: list[tuple] = []
    rng = random.Random(seed)

    def recording(who, strategy):
        def chosen(score, opponent_score):
            num_rolls = strategy(score, opponent_score)
            record.append(("strategy", who, score, opponent_score, num_rolls))
            return num_rolls

        return chosen

    def say(score0, score1):
        record.append(("say", score0, score1))
        return say

    def say_with_leader(score0, score1, leader):
        record.append(("say", score0, score1))
        return leader, None

    commentary = {"old": {"say": say}, "leader": {"say": say_with_leader}, None: {}}[say_form]
    scores = play_game(recording(0, strategy0), recording(1, strategy1), lambda: rng.randint(1, 6), commentary)
    return scores, record, rng.random()


@pytest.mark.parametrize("pair", ["always 4 vs 6", "named", "every count", "final vs always 6"])
@pytest.mark.parametrize("rule_set", GAMES)
def test_play_matches_the_rule_engine_call_for_call(rule_set, pair):
    module, rules, game = course_module(rule_set), get_rules(rule_set), GAMES[rule_set]
    update = (getattr(module, game.update),) if game.update else ()
    strategy0, strategy1 = pairs(module)[pair]
    strategy1 = scoring(strategy1, rules)

    for seed in SEEDS:
        start = (seed % 3 * 20, seed % 5 * 15)

        def course_play(s0, s1, dice, commentary, start=start):
            return module.play(s0, s1, *update, *start, dice=dice, **commentary)

        def engine_play(s0, s1, dice, commentary, start=start):
            return hog.game.play(s0, s1, rules, *start, dice=dice, **commentary)

        ours = recorded(course_play, strategy0, strategy1, seed, game.say)
        theirs = recorded(engine_play, strategy0, strategy1, seed, "old" if game.say else None)
        assert ours == theirs, seed
        assert max(ours[0]) >= 100
