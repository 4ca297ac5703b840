"""The course modules ``hog.cs61a.<rule set>``: every name and signature of
RULES.md's and COURSE_APIS.md's tables, and the behaviour all semesters
share (averaging, experiments, winner, seating, assertions, the final
strategy), checked the same way for each of the eighteen. A rule set is a
data entry in the dicts below, keyed by its name (the Free Bacon years' are
made from their ``Semester`` in ``course_cases``, and the named strategies
and update functions are read from the course cases); ``EXPECTED`` lists the
rule sets. Each rule set's sessions, named strategies and games are in
``test_cs61a_courses``."""

from __future__ import annotations

import functools
import inspect
import random
import re
import sys
from math import sqrt

import course_reference as reference
import numpy as np
import pytest
from course_cases import COURSES, SEMESTERS
from course_cases.common import Semester

import hog.dice
import hog.game
from hog.commentary import silence
from hog.cs61a import _leader_commentary, as_course_hog, check_course_session, course_module
from hog.exact import win_probabilities
from hog.rules import UnknownRuleSet

EVERYWHERE = {
    "roll_dice": "num_rolls, dice=six_sided",
    "make_test_dice": "*outcomes",
    "make_fair_dice": "sides, rng=None",  # the course's (sides), plus an optional random.Random
    "six_sided": "",
    "four_sided": "",
    "always_roll": "n",
    "always_roll_5": "score, opponent_score",
    "winner": "strategy0, strategy1",
    "average_win_rate": "strategy, baseline=always_roll(6)",
    "run_experiments": "",
    "final_strategy": "score, opponent_score",
}
COMMENTARY = {
    "silence": "score0, score1",
    "say_scores": "score0, score1",
    "announce_lead_changes": "last_leader=None",
    "both": "f, g",
    "announce_highest": "who, last_score=0, running_high=0",
}
# COURSE_APIS.md: the commentary of pigs_on_prime and hefty_hogs, (leader, message)
LEADER_COMMENTARY = {
    "silence": "score0, score1, leader=None",
    "say_scores": "score0, score1, player=None",
    "announce_lead_changes": "score0, score1, last_leader=None",
    "both": "f, g",
}
TURN_WITH_GOAL = "num_rolls, opponent_score, dice=six_sided, goal=100"
TURN = "num_rolls, opponent_score, dice=six_sided"
TURN_OF_BOTH = "num_rolls, player_score, opponent_score, dice=six_sided"
TURN_OF_BOTH_WITH_GOAL = "num_rolls, player_score, opponent_score, dice=six_sided, goal=100"
PLAY_WITH_SAY = "strategy0, strategy1, score0=0, score1=0, dice=six_sided, goal=100, say=silence"
PLAY_WITH_UPDATE = "strategy0, strategy1, update, score0=0, score1=0, dice=six_sided, goal=100"
UPDATE = "num_rolls, player_score, opponent_score, dice=six_sided"
SCORES = "player_score, opponent_score"

# more_boar's names and signatures; su21 (Piggy Points + More Boar) has the same.
MORE_BOAR = {
    **EVERYWHERE,
    **COMMENTARY,
    "piggy_points": "score",
    "more_boar": SCORES,
    "next_player": "who",
    "take_turn": TURN_WITH_GOAL,
    "play": PLAY_WITH_SAY,
    "make_averaged": "original_function, trials_count=1000",
    "max_scoring_num_rolls": "dice=six_sided, trials_count=1000",
    "piggypoints_strategy": "score, opponent_score, cutoff=8, num_rolls=6",
    "more_boar_strategy": "score, opponent_score, cutoff=8, num_rolls=6",
}

# RULES.md, "The course API, per rule set", and COURSE_APIS.md, one entry per module.
EXPECTED = {
    "more_boar": MORE_BOAR,
    "hog_pile": {
        **EVERYWHERE,
        **COMMENTARY,
        "picky_piggy": "score",
        "hog_pile": SCORES,
        "next_player": "who",
        "take_turn": TURN_WITH_GOAL,
        "play": PLAY_WITH_SAY,
        "make_averaged": "original_function, trials_count=1000",
        "max_scoring_num_rolls": "dice=six_sided, trials_count=1000",
        "picky_piggy_strategy": "score, opponent_score, cutoff=8, num_rolls=6",
        "hog_pile_strategy": "score, opponent_score, cutoff=8, num_rolls=6",
    },
    "swine_swap": {
        **EVERYWHERE,
        "picky_piggy": "score",
        "swine_swap": "score",
        "take_turn": TURN,
        "play": "strategy0, strategy1, score0=0, score1=0, dice=six_sided, goal=100",
        "make_averaged": "original_function, total_samples=1000",
        "max_scoring_num_rolls": "dice=six_sided, total_samples=1000",
        "picky_strategy": "score, opponent_score, threshold=8, num_rolls=6",
        "swine_strategy": "score, opponent_score, threshold=8, num_rolls=6",
        "is_always_roll": "strategy, goal=100",
        "catch_up": "score, opponent_score",
    },
    "square_swine": {
        **EVERYWHERE,
        "tail_points": "opponent_score",
        "perfect_square": "score",
        "next_perfect_square": "score",
        "simple_update": "num_rolls, player_score, opponent_score, dice=six_sided",
        "square_update": "num_rolls, player_score, opponent_score, dice=six_sided",
        "take_turn": TURN,
        "play": "strategy0, strategy1, update, score0=0, score1=0, dice=six_sided, goal=100",
        "make_averaged": "original_function, total_samples=1000",
        "max_scoring_num_rolls": "dice=six_sided, total_samples=1000",
        "tail_strategy": "score, opponent_score, threshold=12, num_rolls=6",
        "square_strategy": "score, opponent_score, threshold=12, num_rolls=6",
        "is_always_roll": "strategy, goal=100",
        "catch_up": "score, opponent_score",
    },
    "swine_align": {
        **EVERYWHERE,
        **COMMENTARY,
        "free_bacon": "score",
        "swine_align": SCORES,
        "pig_pass": SCORES,
        "extra_turn": SCORES,
        "other": "who",
        "take_turn": TURN,
        "play": PLAY_WITH_SAY,
        "make_averaged": "original_function, trials_count=1000",
        "max_scoring_num_rolls": "dice=six_sided, trials_count=1000",
        "bacon_strategy": "score, opponent_score, cutoff=8, num_rolls=6",
        "extra_turn_strategy": "score, opponent_score, cutoff=8, num_rolls=6",
    },
    "sus_fuss": {
        **EVERYWHERE,
        "boar_brawl": SCORES,
        "take_turn": TURN_OF_BOTH,
        "simple_update": UPDATE,
        "is_prime": "n",
        "num_factors": "n",
        "sus_points": "score",
        "sus_update": UPDATE,
        "play": PLAY_WITH_UPDATE,
        "catch_up": "score, opponent_score",
        "is_always_roll": "strategy, goal=100",
        "make_averaged": "original_function, times_called=1000, *, samples_count=1000",
        "max_scoring_num_rolls": "dice=six_sided, times_called=1000, *, samples_count=1000",
        "boar_strategy": "score, opponent_score, threshold=11, num_rolls=6",
        "sus_strategy": "score, opponent_score, threshold=11, num_rolls=6",
    },
    "fuzzy_factors": {
        **EVERYWHERE,
        "boar_brawl": SCORES,
        "take_turn": TURN_OF_BOTH,
        "simple_update": UPDATE,
        "hog_gcd": "x, y",
        "fuzzy_points": "score",
        "fuzzy_update": UPDATE,
        "play": PLAY_WITH_UPDATE,
        "catch_up": "score, opponent_score",
        "is_always_roll": "strategy, goal=100",
        "make_averaged": "original_function, total_samples=1000",
        "max_scoring_num_rolls": "dice=six_sided, total_samples=1000",
        "boar_strategy": "score, opponent_score, threshold=12, num_rolls=6",
        "fuzzy_strategy": "score, opponent_score, threshold=12, num_rolls=6",
    },
    "pigs_on_prime": {
        **EVERYWHERE,
        **LEADER_COMMENTARY,
        "oink_points": SCORES,
        "take_turn": TURN_OF_BOTH_WITH_GOAL,
        "is_prime": "n",
        "pigs_on_prime": SCORES,
        "next_player": "who",
        "play": PLAY_WITH_SAY,
        "make_averaged": "original_function, total_samples=1000",
        "max_scoring_num_rolls": "dice=six_sided, total_samples=1000",
        "oink_points_strategy": "score, opponent_score, threshold=8, num_rolls=6",
        "pigs_on_prime_strategy": "score, opponent_score, threshold=8, num_rolls=6",
    },
    "hefty_hogs": {
        **EVERYWHERE,
        **LEADER_COMMENTARY,
        "digit_fn": "digit",
        "hefty_hogs": SCORES,
        "take_turn": TURN_OF_BOTH_WITH_GOAL,
        "hog_pile": SCORES,
        "next_player": "who",
        "play": PLAY_WITH_SAY,
        "make_averaged": "original_function, total_samples=1000",
        "max_scoring_num_rolls": "dice=six_sided, total_samples=1000",
        "hefty_hogs_strategy": "score, opponent_score, threshold=8, num_rolls=6",
        "hog_pile_strategy": "score, opponent_score, threshold=8, num_rolls=6",
    },
    "su21": MORE_BOAR,
}


def free_bacon_year(semester: Semester) -> dict[str, str]:
    """COURSE_APIS.md's names and parameters of a Free Bacon year."""
    strategy = f"score, opponent_score, {semester.threshold}=8, num_rolls={semester.num_rolls}"
    return {
        **EVERYWHERE,
        "free_bacon": "score",
        "take_turn": TURN,
        "is_swap": semester.is_swap,
        "other": "who",
        "play": PLAY_WITH_SAY + (", feral_hogs=True" if semester.feral_hogs else ""),
        "silence": "score0, score1",
        "say_scores": "score0, score1",
        "both": "f, g",
        "announce_lead_changes": f"{semester.leader}=None",
        "announce_highest": f"who, {semester.highest[0]}=0, {semester.highest[1]}=0",
        "make_averaged": f"original_function, {semester.averaging}=1000",
        "max_scoring_num_rolls": f"dice=six_sided, {semester.averaging}=1000",
        "bacon_strategy": strategy,
        "swap_strategy": strategy,
    }


EXPECTED |= {rule_set: free_bacon_year(semester) for rule_set, semester in SEMESTERS.items()}
RULE_SETS = list(EXPECTED)
CONSTANTS = {
    "more_boar": {"GOAL_SCORE": 100},
    "hog_pile": {"GOAL_SCORE": 100},
    "swine_swap": {"GOAL_SCORE": 100},
    "square_swine": {"GOAL": 100},
    "swine_align": {
        "GOAL_SCORE": 100,
        "FIRST_101_DIGITS_OF_PI": int(
            "31415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679"
        ),
    },
    "sus_fuss": {"GOAL": 100},
    "fuzzy_factors": {"GOAL": 100},
    "pigs_on_prime": {"GOAL_SCORE": 100},
    "hefty_hogs": {"GOAL_SCORE": 100},
    "su21": {"GOAL_SCORE": 100},
    **dict.fromkeys(SEMESTERS, {"GOAL_SCORE": 100}),
}
# The averaging keywords of make_averaged and max_scoring_num_rolls (several: any one of them).
AVERAGING = {
    "more_boar": ("trials_count",),
    "hog_pile": ("trials_count",),
    "swine_swap": ("total_samples",),
    "square_swine": ("total_samples",),
    "swine_align": ("trials_count",),
    "sus_fuss": ("times_called", "samples_count"),
    "fuzzy_factors": ("total_samples",),
    "pigs_on_prime": ("total_samples",),
    "hefty_hogs": ("total_samples",),
    "su21": ("trials_count",),
    **{rule_set: (semester.averaging,) for rule_set, semester in SEMESTERS.items()},
}
ZERO_DICE = {
    "more_boar": "piggy_points",
    "hog_pile": "picky_piggy",
    "swine_swap": "picky_piggy",
    "square_swine": "tail_points",
    "swine_align": "free_bacon",
    "sus_fuss": "boar_brawl",
    "fuzzy_factors": "boar_brawl",
    "pigs_on_prime": "oink_points",
    "hefty_hogs": "hefty_hogs",
    "su21": "piggy_points",
    **dict.fromkeys(SEMESTERS, "free_bacon"),
}
# (zero-dice strategy, rule strategy) per rule set, and the update function
# of the full rules where play takes one: from the course cases' data.
NAMED = {rule_set: (course.named.zero_dice, course.named.rule) for rule_set, course in COURSES.items()}
UPDATE_FUNCTION = {
    rule_set: course.variants["full rules"].update
    for rule_set, course in COURSES.items()
    if course.variants["full rules"].update
}


def default_text(value: object) -> str:
    """How the table writes a default value."""
    if value is hog.dice.six_sided:
        return "six_sided"
    if value is silence or value is _leader_commentary.silence:
        return "silence"
    if callable(value) and all(value(s, o) == 6 for s in range(0, 100, 7) for o in range(0, 100, 9)):
        return "always_roll(6)"
    return repr(value)


def parameters_text(function: object) -> str:
    parts = []
    starred = False
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind is parameter.KEYWORD_ONLY and not starred:
            parts.append("*")
        starred = starred or parameter.kind in (parameter.VAR_POSITIONAL, parameter.KEYWORD_ONLY)
        text = ("*" if parameter.kind is parameter.VAR_POSITIONAL else "") + parameter.name
        if parameter.default is not parameter.empty:
            text += "=" + default_text(parameter.default)
        parts.append(text)
    return ", ".join(parts)


def rule_set_of(module) -> str:
    return module.__name__.split(".")[-1]


def update_args(module) -> tuple:
    """What play takes after the strategies: the update of the full rules, if any."""
    name = UPDATE_FUNCTION.get(rule_set_of(module))
    return (getattr(module, name),) if name else ()


def play_of(module):
    """The module's play with the course's full rules (some take their update)."""
    update = update_args(module)
    return lambda strategy0, strategy1, *args, **kwargs: module.play(strategy0, strategy1, *update, *args, **kwargs)


def score_count(module) -> int:
    """How many scores take_turn takes before the dice (1: the opponent's; 2: both)."""
    return sum(name.endswith("score") for name in inspect.signature(module.take_turn).parameters)


@pytest.fixture(params=RULE_SETS)
def module(request):
    return course_module(request.param)


# The statistical and solver checks of the final strategy (a thousand games a
# side, several exact evaluations) run for the ten rule sets after the Free
# Bacon years; those years' final strategies are checked exactly against
# their docstrings, and call for call in test_cs61a_courses.
@pytest.fixture(params=[rule_set for rule_set in RULE_SETS if rule_set not in SEMESTERS])
def later_module(request):
    return course_module(request.param)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_exports_exactly_the_course_names(rule_set):
    module = course_module(rule_set)
    assert sorted(module.__all__) == sorted([*EXPECTED[rule_set], *CONSTANTS[rule_set]])


@pytest.mark.parametrize("rule_set, name", [(rule_set, name) for rule_set, names in EXPECTED.items() for name in names])
def test_signature_matches_the_table(rule_set, name):
    function = getattr(course_module(rule_set), name)
    assert callable(function)
    assert parameters_text(function) == EXPECTED[rule_set][name]


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_constants(rule_set):
    module = course_module(rule_set)
    for name, value in CONSTANTS[rule_set].items():
        assert getattr(module, name) == value


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_dice_are_the_project_dice(rule_set):
    module = course_module(rule_set)
    for name in ("make_test_dice", "make_fair_dice", "six_sided", "four_sided"):
        assert getattr(module, name) is getattr(hog.dice, name)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_star_import_gives_the_course_names(rule_set):
    namespace: dict = {}
    with as_course_hog(rule_set):
        exec("from hog import *\nfrom dice import make_test_dice as dice_maker", namespace)
    names = set(namespace) - {"__builtins__"}
    assert names == {*EXPECTED[rule_set], *CONSTANTS[rule_set], "dice_maker"}
    assert namespace["dice_maker"] is hog.dice.make_test_dice


def test_as_course_hog_restores_the_modules():
    before = sys.modules["hog"], sys.modules.get("dice")
    with as_course_hog("hog_pile") as module:
        import hog as course_hog

        assert course_hog is module is sys.modules["hog"]
        assert sys.modules["dice"] is hog.dice
    assert (sys.modules["hog"], sys.modules.get("dice")) == before


def test_as_course_hog_restores_after_an_error():
    before = sys.modules["hog"]
    with pytest.raises(ZeroDivisionError), as_course_hog("more_boar"):
        _ = 1 / 0
    assert sys.modules["hog"] is before


def test_unknown_rule_set_is_refused():
    with pytest.raises(UnknownRuleSet, match="pig_latin"):
        course_module("pig_latin")


@pytest.mark.parametrize(
    "rule_set, session, got", [("more_boar", ">>> piggy_points(4)\n5", 4), ("fa17", ">>> free_bacon(47)\n5", 8)]
)
def test_check_course_session_reports_a_failed_example(rule_set, session, got):
    report = check_course_session(rule_set, f">>> from hog import *\n{session}\n")
    assert f"Expected:\n    5\nGot:\n    {got}" in report


# --- behaviour shared by every semester -----------------------------------------


def test_always_roll_asserts_its_range(module):
    assert [module.always_roll(n)(17, 42) for n in (0, 10)] == [0, 10]
    assert module.always_roll_5(99, 0) == 5
    for n in (-1, 11):
        with pytest.raises(AssertionError):
            module.always_roll(n)


def test_make_averaged_calls_the_function_with_the_same_arguments(module):
    seen = []

    def spy(*args):
        seen.append(args)
        return len(seen) % 2  # 1, 0, 1, 0, ...

    marker = object()
    assert module.make_averaged(spy, 5)(marker, 7) == 3 / 5
    assert seen == [(marker, 7)] * 5
    seen.clear()
    assert module.make_averaged(spy)() == 0.5
    assert len(seen) == 1000
    for keyword in AVERAGING[rule_set_of(module)]:
        seen.clear()
        module.make_averaged(spy, **{keyword: 3})()
        assert len(seen) == 3


@pytest.mark.parametrize("rule_set", [name for name, keywords in AVERAGING.items() if len(keywords) > 1])
def test_averaging_keyword_under_two_names_at_once_is_a_type_error(rule_set):
    module = course_module(rule_set)
    keywords = dict.fromkeys(AVERAGING[rule_set], 1000)
    with pytest.raises(TypeError, match="not both"):
        module.make_averaged(module.roll_dice, **keywords)
    with pytest.raises(TypeError, match="not both"):
        module.max_scoring_num_rolls(hog.dice.six_sided, **keywords)


def test_max_scoring_num_rolls_tries_1_to_10_in_order(module, monkeypatch):
    calls = []

    def fake_roll_dice(num_rolls, dice):
        calls.append(num_rolls)
        return {3: 9, 7: 9}.get(num_rolls, 4)  # 3 and 7 tie for the best

    monkeypatch.setattr(module, "roll_dice", fake_roll_dice)
    for keyword in AVERAGING[rule_set_of(module)]:
        calls.clear()
        assert module.max_scoring_num_rolls(hog.dice.six_sided, **{keyword: 2}) == 3
        assert calls == [n for n in range(1, 11) for _ in range(2)]
    calls.clear()
    assert module.max_scoring_num_rolls(hog.dice.six_sided) == 3
    assert calls == [n for n in range(1, 11) for _ in range(1000)]


def test_winner_plays_with_the_defaults(module, monkeypatch):
    games = []

    def fake_play(*args, **kwargs):
        games.append((args, kwargs))
        return scores

    monkeypatch.setattr(module, "play", fake_play)
    a, b = module.always_roll(1), module.always_roll(2)
    for scores, expected in (((100, 3), 0), ((3, 100), 1)):  # noqa: B007 (fake_play returns scores)
        assert module.winner(a, b) == expected
    assert games == [((a, b, *update_args(module)), {})] * 2


def test_average_win_rate_seats_the_strategy_first_then_second(module, monkeypatch):
    seatings = []

    def fake_winner(strategy0, strategy1):
        seatings.append((strategy0, strategy1))
        if strategy0 is strategy:  # wins 3 in 4 games moving first
            return 1 if len(seatings) % 4 == 0 else 0
        return 1 if len(seatings) % 5 else 0  # wins 4 in 5 moving second

    monkeypatch.setattr(module, "winner", fake_winner)
    strategy, baseline = module.always_roll(4), module.always_roll(7)
    assert module.average_win_rate(strategy, baseline) == pytest.approx((0.75 + 0.8) / 2)
    assert seatings == [(strategy, baseline)] * 1000 + [(baseline, strategy)] * 1000
    seatings.clear()
    module.average_win_rate(strategy)
    assert {s1(50, 50) for s0, s1 in seatings[:1000]} == {6}


def test_run_experiments_reports_each_strategy(module, monkeypatch, capsys):
    rated = []
    monkeypatch.setattr(module, "max_scoring_num_rolls", lambda dice: 6 if dice is hog.dice.six_sided else None)
    monkeypatch.setattr(module, "average_win_rate", lambda strategy: rated.append(strategy) or 0.25)
    module.run_experiments()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Max scoring num rolls for six-sided dice: 6"
    labels = [line.removesuffix(" win rate: 0.25") for line in lines[1:]]
    rule_set = rule_set_of(module)
    assert {"always_roll(8)", *NAMED[rule_set], "final_strategy"} <= set(labels)
    named = [rated[labels.index(name)] for name in (*NAMED[rule_set], "final_strategy")]
    assert named == [getattr(module, name) for name in (*NAMED[rule_set], "final_strategy")]


@pytest.mark.parametrize(
    "bad, message",
    [
        (11, "Cannot roll more than 10 dice."),
        (-1, "Cannot roll a negative number of dice in take_turn."),
        (2.0, "num_rolls must be an integer."),
        (True, "num_rolls must be an integer."),
    ],
)
def test_a_bad_dice_count_fails_as_in_the_course(module, bad, message):
    with pytest.raises(AssertionError, match=message):
        play_of(module)(lambda s, o: bad, module.always_roll(1), dice=hog.dice.make_test_dice(3))
    with pytest.raises(AssertionError, match=message):
        module.take_turn(bad, *[0] * score_count(module), hog.dice.make_test_dice(3))


def test_take_turn_calls_the_module_functions(module, monkeypatch, capsys):
    """As the course's test does: replace roll_dice in the module, take_turn uses it."""
    monkeypatch.setattr(module, "roll_dice", lambda num_rolls, dice: print("Called roll dice!") or 9002)
    monkeypatch.setattr(module, ZERO_DICE[rule_set_of(module)], lambda *scores: 77)
    scores = [0] * score_count(module)
    assert module.take_turn(5, *scores) == 9002
    assert capsys.readouterr().out == "Called roll dice!\n"
    assert module.take_turn(0, *scores) == 77


def test_play_uses_the_module_take_turn(module, monkeypatch):
    turns = []

    def fake_take_turn(num_rolls, *args, **kwargs):
        turns.append((num_rolls, *args[: score_count(module)]))
        return 40

    monkeypatch.setattr(module, "take_turn", fake_take_turn)
    scores = play_of(module)(module.always_roll(2), module.always_roll(9), score0=4, score1=3, goal=50)
    # 44 and 43 trigger no after-turn rule before the opponent moves
    both_scores = score_count(module) == 2
    assert turns[:2] == [(2, 4, 3), (9, 3, 44)] if both_scores else [(2, 3), (9, 44)]
    assert max(scores) >= 50


def test_strategy_called_once_per_turn_dice_exactly_num_rolls_times(module):
    outcomes = iter([2, 3, 1, 6, 4, 5] * 40)
    rolled = []

    def dice():
        rolled.append(next(outcomes))
        return rolled[-1]

    asked = []

    def strategy(score, opponent_score):
        asked.append((score, opponent_score))
        return (score + opponent_score) % 4 + 1

    play_of(module)(strategy, strategy, dice=dice, goal=40)
    assert len(rolled) == sum((s + o) % 4 + 1 for s, o in asked)


def test_final_strategy_is_a_valid_table_better_than_the_named_ones(later_module):
    rule_set = rule_set_of(later_module)

    def table(strategy):
        return np.array([[strategy(s, o) for o in range(100)] for s in range(100)], dtype=np.int8)

    final = table(later_module.final_strategy)
    assert {type(later_module.final_strategy(s, o)) for s in range(100) for o in range(100)} == {int}
    assert final.min() >= 0 and final.max() <= 10
    baseline = table(later_module.always_roll(6))

    def rate(t):
        return 1 - win_probabilities(baseline, t, rule_set).rate

    assert rate(final) > 0.5
    assert all(rate(final) >= rate(table(getattr(later_module, name))) for name in NAMED[rule_set])


def test_fair_dice_draw_from_the_global_random(module):
    random.seed(61)
    ours = [module.roll_dice(3) for _ in range(20)]
    random.seed(61)
    theirs = [random.randint(1, 6) for _ in range(60)]
    expected = [1 if 1 in theirs[i : i + 3] else sum(theirs[i : i + 3]) for i in range(0, 60, 3)]
    assert ours == expected


@pytest.mark.parametrize("rule_set", [name for name, names in EXPECTED.items() if "is_always_roll" in names])
def test_is_always_roll_checks_every_pair_below_the_goal(rule_set):
    module = course_module(rule_set)
    assert not module.is_always_roll(lambda s, o: 1 if (s, o) == (0, 0) else 2)
    assert not module.is_always_roll(lambda s, o: 1 if (s, o) == (99, 99) else 2)
    assert module.is_always_roll(lambda s, o: 1 if (s, o) == (99, 99) else 2, goal=99)
    assert not module.is_always_roll(lambda s, o: 1 if (s, o) == (129, 3) else 2, goal=130)
    assert [module.catch_up(s, o) for s, o in ((9, 4), (17, 18), (50, 50))] == [5, 6, 5]


def course_average_win_rate(rule_set, strategy, baseline):
    """The course's average_win_rate over the plain reference game (the
    project's reference game loop for the rule sets it does not tell)."""

    def winner(strategy0, strategy1):
        if rule_set in reference.ZERO_DICE:
            score0, score1 = reference.play(rule_set, strategy0, strategy1)
        else:
            score0, score1 = hog.game.play(strategy0, strategy1, rule_set)
        return 0 if score0 > score1 else 1

    def averaged_winner(*args):
        total = 0
        for _ in range(1000):
            total += winner(*args)
        return total / 1000

    return ((1 - averaged_winner(strategy, baseline)) + averaged_winner(baseline, strategy)) / 2


def test_average_win_rate_is_the_course_computation(later_module):
    """Seeded: the same number as the course's code; and within 4 standard
    errors of the exact win rate."""
    rule_set = rule_set_of(later_module)
    random.seed(2024)
    ours = later_module.average_win_rate(later_module.final_strategy)
    random.seed(2024)
    assert ours == course_average_win_rate(rule_set, later_module.final_strategy, later_module.always_roll(6))

    def table(strategy):
        return np.array([[strategy(s, o) for o in range(100)] for s in range(100)], dtype=np.int8)

    exact = 1 - win_probabilities(table(later_module.always_roll(6)), table(later_module.final_strategy), rule_set).rate
    assert abs(ours - exact) < 4 * sqrt(exact * (1 - exact) / 2000)


def test_final_strategy_refuses_a_finished_game(later_module):
    """The table itself (the library's final_strategy) is checked in test_final_strategy."""
    with pytest.raises(AssertionError, match="game should be over"):
        later_module.final_strategy(100, 3)


def test_final_strategy_wins_as_its_docstring_says(module):
    table = np.array([[module.final_strategy(s, o) for o in range(100)] for s in range(100)], dtype=np.int8)
    six = np.full((100, 100), 6, dtype=np.int8)
    rate = 1 - win_probabilities(six, table, rule_set_of(module)).rate
    stated = float(re.search(r"Wins (\d+\.\d)%", module.final_strategy.__doc__).group(1))
    assert round(100 * rate, 1) == stated


def test_final_strategy_solves_inside_as_course_hog(later_module, monkeypatch):
    """A course script's first call of hog.final_strategy solves the rules
    while "hog" is the course module (with a fresh cache for this test, so
    that the other tests keep the solved tables)."""
    from hog import exact_solve

    solve = exact_solve._best_response_to_always_roll
    monkeypatch.setattr(exact_solve, "_best_response_to_always_roll", functools.cache(solve.__wrapped__))
    with as_course_hog(rule_set_of(later_module)):
        import hog as course_hog

        assert course_hog.final_strategy(0, 0) in range(11)
