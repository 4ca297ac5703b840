"""Families against plain-Python versions written straight from the rule text."""

from __future__ import annotations

import functools
import re
from fractions import Fraction

import numpy as np
import pytest

from hog import exact
from hog.rules import RULE_SETS, get_rules, is_perfect_square, next_perfect_square
from hog.rules.after_turn import more_boar, swine_align_or_pig_pass
from strategies.families import FAMILIES, LEAD, RESPONSE, ZERO_DICE
from strategies.family_framework import Parameter, ParameterError
from strategies.library import COURSE_STRATEGIES, builtins, entries, make

GOAL = 100
PAIRS = [(s, o) for s in range(GOAL) for o in range(GOAL)]


# --- plain-Python named strategies, from RULES.md and the seeds -------------


def zero_dice_points(rules):
    """The points of rolling 0 under RULES, the points rule (sp17's Hogtimus Prime) applied, then
    the cap (fa16's When Pigs Fly: 25 - 0 dice)."""
    r = get_rules(rules)

    def points(score, opp):
        points = (r.turn_points or int)(r.zero_dice(score, opp))
        return min(points, r.most_points(0)) if r.most_points else points

    return points


def zero_dice_strategy(rules, cutoff, num_rolls):
    """0 if the zero-dice points are at least CUTOFF, else NUM_ROLLS."""
    points = zero_dice_points(rules)
    return lambda score, opp: 0 if points(score, opp) >= cutoff else num_rolls


def more_boar_strategy(cutoff, num_rolls):
    """0 when rolling 0 gives More Boar's extra turn, else as piggypoints_strategy."""
    zero = zero_dice_strategy("more_boar", cutoff, num_rolls)
    points = get_rules("more_boar").zero_dice

    def strategy(score, opp):
        return 0 if more_boar(score + points(score, opp), opp)[2] else zero(score, opp)

    return strategy


def hog_pile_strategy(cutoff, num_rolls):
    """0 when rolling 0 makes the scores equal (the pile doubles), else as picky_piggy_strategy."""
    zero = zero_dice_strategy("hog_pile", cutoff, num_rolls)
    points = get_rules("hog_pile").zero_dice
    return lambda score, opp: 0 if score + points(score, opp) == opp else zero(score, opp)


def extra_turn_strategy(cutoff, num_rolls):
    """0 when rolling 0 gives Swine Align or Pig Pass, else as bacon_strategy."""
    zero = zero_dice_strategy("swine_align", cutoff, num_rolls)
    points = get_rules("swine_align").zero_dice
    return lambda score, opp: 0 if swine_align_or_pig_pass(score + points(score, opp), opp)[2] else zero(score, opp)


def swine_strategy(threshold, num_rolls):
    """0 when rolling 0, swap applied, leaves the player at least THRESHOLD higher."""
    points = get_rules("swine_swap").zero_dice

    def strategy(score, opp):
        new = score + points(score, opp)
        if is_perfect_square(new):
            new = opp
        return 0 if new - score >= threshold else num_rolls

    return strategy


def square_strategy(threshold, num_rolls):
    """0 when rolling 0, square raised, leaves the player at least THRESHOLD higher."""
    points = get_rules("square_swine").zero_dice

    def strategy(score, opp):
        new = score + points(score, opp)
        if is_perfect_square(new):
            new = next_perfect_square(new)
        return 0 if new - score >= threshold else num_rolls

    return strategy


def gain_strategy(rules):
    """sus_strategy / fuzzy_strategy: 0 when rolling 0, rule applied, gains at least THRESHOLD."""
    r = get_rules(rules)

    def named(threshold, num_rolls):
        def strategy(score, opp):
            new = r.after_turn(score + r.zero_dice(score, opp), opp)[0]
            return 0 if new - score >= threshold else num_rolls

        return strategy

    return named


def points_rule_strategy(rules):
    """pigs_on_prime_strategy / hog_pile_strategy (hefty_hogs) / more_boar_strategy (su21): 0 when
    the after-turn rule adds points or an extra turn after rolling 0, or the zero-dice points
    reach THRESHOLD."""
    r = get_rules(rules)

    def named(threshold, num_rolls):
        def strategy(score, opp):
            reached = score + r.zero_dice(score, opp)
            new, _, extra = r.after_turn(reached, opp)
            fires = new > reached or extra
            return 0 if fires or r.zero_dice(score, opp) >= threshold else num_rolls

        return strategy

    return named


def swap_strategy(rules, avoid_harmful=True):
    """swap_strategy (su16 .. su20): a good swap rolls 0, a harmful one num_rolls (not in su18 and
    su17), else bacon."""
    r, points = get_rules(rules), zero_dice_points(rules)

    def named(margin, num_rolls):
        def strategy(score, opp):
            new = score + points(score, opp)
            swaps = r.after_turn(new, opp)[:2] == (opp, new) and new != opp
            if swaps and opp > new:
                return 0
            if swaps and opp < new and avoid_harmful:
                return num_rolls
            return 0 if points(score, opp) >= margin else num_rolls

        return strategy

    return named


RULE_STRATEGIES = {
    "more_boar": more_boar_strategy,
    "hog_pile": hog_pile_strategy,
    "swine_swap": swine_strategy,
    "square_swine": square_strategy,
    "swine_align": extra_turn_strategy,
    "sus_fuss": gain_strategy("sus_fuss"),
    "fuzzy_factors": gain_strategy("fuzzy_factors"),
    "pigs_on_prime": points_rule_strategy("pigs_on_prime"),
    "hefty_hogs": points_rule_strategy("hefty_hogs"),
    "su21": points_rule_strategy("su21"),
    **{name: swap_strategy(name) for name in ("su20", "sp20", "fa19", "sp19", "su19", "fa18", "sp18", "fa17", "sp17")},
    **{name: swap_strategy(name) for name in ("fa17_contest", "fa18_contest", "sp19_contest")},
    **{name: swap_strategy(name, avoid_harmful=False) for name in ("su18", "su17")},
    **{name: swap_strategy(name) for name in ("fa16", "su16", "fa14", "fa13")},
    # sp16's swap_strategy has no margin: it never rolls 0 for the points alone.
    "sp16": lambda margin, num_rolls: swap_strategy("sp16")(GOAL, num_rolls),  # a margin no Free Bacon reaches
}


def plain_table(strategy):
    return np.array([[strategy(s, o) for o in range(GOAL)] for s in range(GOAL)])


def assert_same_everywhere(table, strategy):
    expected = plain_table(strategy)
    differ = np.argwhere(table.table != expected)
    assert not len(differ), f"first difference at (score, opponent) = {tuple(differ[0])}"


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("cutoff, num_rolls", [(None, None), (0, 3), (5, 10), (9, 1), (13, 6), (100, 4)])
def test_named_strategies_match_the_rule_text_at_every_score_pair(rules, cutoff, num_rolls):
    course = COURSE_STRATEGIES[rules]
    rule_cutoff = course.rule_default if cutoff is None and course.rule_default is not None else cutoff
    cutoff = course.default if cutoff is None else cutoff
    rule_cutoff = cutoff if rule_cutoff is None else rule_cutoff
    num_rolls = course.num_rolls if num_rolls is None else num_rolls
    kwargs = {course.key: cutoff, "num_rolls": num_rolls}
    zero = zero_dice_strategy(rules, cutoff, num_rolls)
    assert_same_everywhere(make(course.zero_dice, rules, GOAL, (), kwargs), zero)
    rule_kwargs = {course.key: rule_cutoff, "num_rolls": num_rolls} if course.rule_threshold else {}
    rule_kwargs["num_rolls"] = num_rolls
    rule = RULE_STRATEGIES[rules](rule_cutoff, num_rolls)
    assert_same_everywhere(make(course.rule, rules, GOAL, (), rule_kwargs), rule)


@pytest.mark.parametrize(
    "rules, name, score, opp, kwargs, expected",
    [
        # The seeds' unlocking tests (seed 000, more_boar; seed 002, hog_pile).
        ("more_boar", "piggypoints_strategy", 0, 3, {"cutoff": 8, "num_rolls": 5}, 0),
        ("more_boar", "piggypoints_strategy", 9, 0, {"cutoff": 6, "num_rolls": 5}, 5),
        ("more_boar", "piggypoints_strategy", 50, 2, {"cutoff": 7, "num_rolls": 5}, 0),
        ("more_boar", "piggypoints_strategy", 32, 0, {"cutoff": 8, "num_rolls": 4}, 4),
        ("more_boar", "piggypoints_strategy", 20, 1, {"cutoff": 1, "num_rolls": 4}, 0),
        ("more_boar", "more_boar_strategy", 3, 19, {"cutoff": 8, "num_rolls": 6}, 0),
        ("more_boar", "more_boar_strategy", 30, 54, {"cutoff": 7, "num_rolls": 6}, 6),
        ("more_boar", "more_boar_strategy", 17, 36, {"cutoff": 100, "num_rolls": 6}, 0),
        ("more_boar", "more_boar_strategy", 24, 3, {"cutoff": 8, "num_rolls": 6}, 0),
        ("hog_pile", "picky_piggy_strategy", 0, 4, {"cutoff": 7, "num_rolls": 5}, 0),
        ("hog_pile", "picky_piggy_strategy", 9, 0, {"cutoff": 6, "num_rolls": 5}, 0),
        ("hog_pile", "picky_piggy_strategy", 50, 3, {"cutoff": 7, "num_rolls": 5}, 5),
        ("hog_pile", "picky_piggy_strategy", 32, 0, {"cutoff": 8, "num_rolls": 4}, 4),
        ("hog_pile", "picky_piggy_strategy", 20, 0, {"cutoff": 1, "num_rolls": 4}, 0),
        ("hog_pile", "hog_pile_strategy", 2, 10, {"cutoff": 10, "num_rolls": 6}, 0),
        ("hog_pile", "hog_pile_strategy", 30, 54, {"cutoff": 10, "num_rolls": 6}, 6),
        ("hog_pile", "hog_pile_strategy", 20, 36, {"cutoff": 7, "num_rolls": 6}, 0),
        ("hog_pile", "hog_pile_strategy", 24, 5, {"cutoff": 8, "num_rolls": 6}, 6),
        # Seed 003: from 31 against 42, rolling 0 reaches 36, raised to 49: a gain of 18.
        ("square_swine", "square_strategy", 31, 42, {"threshold": 18, "num_rolls": 6}, 0),
        ("square_swine", "square_strategy", 31, 42, {"threshold": 19, "num_rolls": 6}, 6),
        ("square_swine", "tail_strategy", 31, 42, {"threshold": 6, "num_rolls": 6}, 6),
        # RULES.md: Swine Align at (20, 30), Pig Pass at (28, 30); free bacon
        # at opponent score 30 is 9 + 3 (pi's 30th decimal is 9), at 0 it is 6.
        ("swine_align", "extra_turn_strategy", 8, 30, {"cutoff": 100, "num_rolls": 6}, 0),
        ("swine_align", "extra_turn_strategy", 16, 30, {"cutoff": 100, "num_rolls": 6}, 0),
        ("swine_align", "extra_turn_strategy", 10, 30, {"cutoff": 100, "num_rolls": 6}, 6),
        ("swine_align", "bacon_strategy", 14, 0, {"cutoff": 6, "num_rolls": 5}, 0),
        ("swine_align", "bacon_strategy", 14, 0, {"cutoff": 7, "num_rolls": 5}, 5),
    ],
)
def test_course_examples(rules, name, score, opp, kwargs, expected):
    assert make(name, rules, GOAL, (), kwargs)(score, opp) == expected


def fa16_free_bacon(opponent_score):
    """Fall 2016's zero-dice points from its rules page alone: Free Bacon 1 + the larger digit of the
    opponent's score, Hogtimus Prime (a prime becomes the next prime), When Pigs Fly (at most 25 - 0)."""
    points = 1 + max(opponent_score // 10 % 10, opponent_score % 10)
    primes = [n for n in range(2, 30) if all(n % d for d in range(2, n))]
    return min(primes[primes.index(points) + 1] if points in primes else points, 25)


def test_fa16s_course_strategies_are_fall_2016s():
    """bacon_strategy rolls 0 exactly where Free Bacon after Hogtimus Prime reaches the margin 8, else
    4 dice; swap_strategy takes a swap to its gain and, as in sp17, avoids a harmful one."""
    bacon, swap = make("bacon_strategy", "fa16"), make("swap_strategy", "fa16")
    assert bacon.params == swap.params == {"margin": 8, "num_rolls": 4}
    expected = [[0 if fa16_free_bacon(o) >= 8 else 4 for o in range(GOAL)] for _ in range(GOAL)]
    assert bacon.table.tolist() == expected
    assert [fa16_free_bacon(o) for o in (0, 1, 6, 7, 10, 40, 99)] == [1, 3, 11, 8, 3, 7, 10]
    # (13, 40): 7 points make 20, half of 40: a swap to the gain. (6, 7): 8 points make 14, twice 7:
    # a harmful swap, which swap_strategy avoids though 8 reaches the margin.
    assert (swap(13, 40), bacon(13, 40), swap(6, 7), bacon(6, 7)) == (0, 4, 4, 0)


@pytest.mark.parametrize("rules", ["swine_swap", "square_swine"])
def test_catch_up_rolls_six_when_behind_and_five_otherwise(rules):
    assert_same_everywhere(make("catch_up", rules), lambda score, opp: 6 if score < opp else 5)


def test_course_defaults():
    square = make("square_strategy", "square_swine")
    assert square.params == {"threshold": 12, "num_rolls": 6}
    assert make("swine_strategy", "swine_swap").params == {"threshold": 8, "num_rolls": 6}
    assert make("more_boar_strategy", "more_boar").params == {"cutoff": 8, "num_rolls": 6}


@pytest.mark.parametrize("name, course_rate", [("tail_strategy", 0.57), ("square_strategy", 0.62)])
def test_square_swine_strategies_win_as_often_as_the_course_says(name, course_rate):
    """Seed 003: tail_strategy wins 'close to 57%', square_strategy 'close to 62%' against always_roll(6)."""
    rate = exact.win_probabilities(make(name, "square_swine").table, np.full((GOAL, GOAL), 6), "square_swine").rate
    assert abs(rate - course_rate) < 0.01


# --- the lead family ----------------------------------------------------------


@functools.cache
def points_chances(rules, num_rolls):
    """The exact chance of each number of points of NUM_ROLLS dice under RULES (worked out once)."""
    return exact.points_distribution(num_rolls, 6, get_rules(rules).roll_points)


def win_now_chance(rules, score, opp, num_rolls):
    """Plain-Python chance that NUM_ROLLS dice win the game this turn."""
    r = get_rules(rules)
    if num_rolls == 0:
        return Fraction(int(r.after_turn(score + zero_dice_points(rules)(score, opp), opp)[0] >= GOAL))
    chances = points_chances(rules, num_rolls)
    most = r.most_points(num_rolls) if r.most_points else GOAL  # fa16's When Pigs Fly
    wins = [
        p
        for points, p in enumerate(chances)
        if r.after_turn(score + min((r.turn_points or int)(points), most), opp)[0] >= GOAL
    ]
    return sum(wins, Fraction(0))


def plain_lead(rules, cutoff, num_rolls, lead, lead_rolls, trail, trail_rolls, extra_turn, close):
    r = get_rules(rules)

    def strategy(score, opp):
        if close and GOAL - score <= close:
            chances = [win_now_chance(rules, score, opp, n) for n in range(11)]
            if max(chances) > 0:
                return chances.index(max(chances))
        new, new_opp, extra = r.after_turn(score + zero_dice_points(rules)(score, opp), opp)
        if (new - score) - (new_opp - opp) + (extra_turn if extra else 0) >= cutoff:
            return 0
        if score - opp >= lead:
            return lead_rolls
        if opp - score >= trail:
            return trail_rolls
        return num_rolls

    return strategy


@pytest.mark.parametrize("rules", RULE_SETS)
def test_lead_matches_a_plain_python_version(rules):
    params = dict(cutoff=9, num_rolls=5, lead=12, lead_rolls=3, trail=7, trail_rolls=8, extra_turn=6, close=15)
    table = LEAD.table(rules, GOAL, **params)
    assert_same_everywhere(table, plain_lead(rules, *params.values()))


def test_lead_defaults_and_endgame_off():
    params = dict(cutoff=200, num_rolls=6, lead=100, lead_rolls=6, trail=100, trail_rolls=6, extra_turn=0, close=0)
    for rules in RULE_SETS:
        assert (LEAD.table(rules, GOAL, **params).table == 6).all()


# --- the response family ------------------------------------------------------


@pytest.mark.parametrize("rules", ["hog_pile", "swine_align"])
def test_response_is_the_best_response_to_its_lead_model(rules):
    params = dict(cutoff=11, num_rolls=4, lead=10, lead_rolls=3, trail=15, trail_rolls=7, extra_turn=3, close=12)
    model = LEAD.table(rules, GOAL, **params)
    response = RESPONSE.table(rules, GOAL, **params)
    # No other strategy tried here beats the model more often.
    rate = exact.win_probabilities(response.table, model.table, rules).rate
    for other in (model, make("final_strategy", rules), make("always_roll", rules, GOAL, (5,))):
        assert rate >= exact.win_probabilities(other.table, model.table, rules).rate - 1e-12
    # And a one-state change never helps (it is optimal in every state).
    rng = np.random.default_rng(1)
    for score, opp in rng.integers(0, GOAL, size=(5, 2)):
        changed = response.table.copy()
        changed[score, opp] = (changed[score, opp] + 1 + rng.integers(10)) % 11
        assert exact.win_probabilities(changed, model.table, rules).rate <= rate + 1e-12


# --- declared parameters ----------------------------------------------------------


@pytest.mark.parametrize("low, high, default", [(1, 0, None), (0, 10, 11), (5, 10, 4)])
def test_parameters_refuse_defaults_outside_their_bounds(low, high, default):
    with pytest.raises(ValueError, match="bounds"):
        Parameter("p", low, high, default)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_course_strategies_are_their_families_under_the_course_names(rules):
    """Each course strategy is its family with the threshold parameter (the
    family's first) renamed and the course's defaults: same bounds, same
    summary in the course's words, same tables."""
    course = COURSE_STRATEGIES[rules]
    if not course.rule_threshold:  # sp16's swap_strategy: the family with the threshold past every points
        entry, family = builtins(rules)[course.rule], course.rule_family
        assert [(p.name, p.default) for p in entry.parameters] == [("num_rolls", course.num_rolls)]
        for num_rolls in (course.num_rolls, 9):
            expected = family.table(rules, GOAL, family.parameters[0].high, num_rolls).table
            assert make(course.rule, rules, GOAL, (), {"num_rolls": num_rolls}).table.tolist() == expected.tolist()
    named = [(course.zero_dice, ZERO_DICE, course.default)]
    if course.rule_threshold:
        rule_default = course.default if course.rule_default is None else course.rule_default
        named.append((course.rule, course.rule_family, rule_default))
    for name, family, default in named:
        entry = builtins(rules)[name]
        first = family.parameters[0].name
        defaults = {course.key: default, "num_rolls": course.num_rolls}
        expected = [(course.key if p.name == first else p.name, p.low, p.high, p.help) for p in family.parameters]
        assert [(p.name, p.low, p.high, p.help) for p in entry.parameters] == expected
        assert {p.name: p.default for p in entry.parameters} == defaults
        assert entry.summary == re.sub(rf"\b{first}\b", course.key, family.summary)
        for threshold, num_rolls in ((default, course.num_rolls), (3, 9)):
            table = make(name, rules, GOAL, (), {course.key: threshold, "num_rolls": num_rolls})
            assert table.table.tolist() == family.table(rules, GOAL, threshold, num_rolls).table.tolist()
            assert table.origin == "builtin" and table.params == {course.key: threshold, "num_rolls": num_rolls}


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_summary_is_filled_in(rules):
    for entry in entries(rules).values():
        assert entry.summary and not set("{}") & set(entry.summary)


@pytest.mark.parametrize(
    "args, kwargs, message",
    [
        ((), {"cutoff": 101}, "out of bounds 0..100"),
        ((), {"num_rolls": 11}, "out of bounds 0..10"),
        ((), {"cut": 3}, "unknown parameter 'cut'"),
        ((1, 2, 3), {}, "at most 2 positional"),
        ((1,), {"cutoff": 1}, "given twice"),
        ((), {"cutoff": 2.5}, "must be an integer"),
        ((), {"cutoff": True}, "must be an integer"),
    ],
)
def test_bad_parameters_say_what_exists(args, kwargs, message):
    with pytest.raises(ParameterError, match=message) as error:
        FAMILIES["zero_dice"].bind(*args, **kwargs)
    assert "cutoff 0..100 (default 8), num_rolls 0..10 (default 6)" in str(error.value)


def test_required_parameter():
    with pytest.raises(ParameterError, match="missing parameter 'n'"):
        FAMILIES["always_roll"].bind()


class Solved(Exception):
    """Raised by a solver that a test forbids."""


@pytest.mark.parametrize("rules", ["sus_fuss", "fa19"])
def test_an_entry_calls_the_solver_exactly_when_it_is_classified_a_solver(monkeypatch, rules):
    def forbidden(*_args, **_kwargs):
        raise Solved

    for solver in ("best_response", "perfect_play", "best_response_to_always_roll"):
        monkeypatch.setattr(exact, solver, forbidden)
    goal = 23  # a goal no other test solves, so nothing comes from a cache
    for name, entry in entries(rules).items():
        args = [p.low for p in entry.parameters if p.default is None]
        if entry.solver:
            with pytest.raises(Solved):
                entry.table(rules, goal, *args)
        else:
            assert entry.table(rules, goal, *args).goal == goal, name
    assert {name for name, entry in entries(rules).items() if entry.solver} >= {"perfect", "best_response", "response"}
