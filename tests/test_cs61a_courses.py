"""The course modules ``hog.cs61a.<rule set>`` run as the course runs them,
one base for every rule set.

Each rule set is a data entry, ``course_cases/<rule set>.toml`` (loaded as a
``course_cases.common.Course``); each kind of check below is one test
parametrised over the entries:

* ok-style sessions (the course's ok tests, RULES.md's and COURSE_APIS.md's
  examples), through ``hog.cs61a.check_course_session``;
* the named strategies at every score pair, against their definition over
  the rules (``course_reference``'s plain retelling where it has the rule
  set, else ``hog.rules``);
* ``play``, call for call, against ``hog.game.play`` (and
  ``course_reference.play``) on the same seeded dice;
* course functions against ``course_reference`` over wide ranges;
* games printed by the course's tests, replayed.

A new rule set is a new data file in ``course_cases``.
"""

from __future__ import annotations

import dataclasses
import random
from functools import partial
from pathlib import Path

import course_reference as reference
import pytest
from course_cases import COMMON_SESSIONS, CONTESTS, COURSES, OWN_TESTS
from course_cases.common import examples_session

import hog.game
from hog.cs61a import check_course_session, course_module
from hog.rules import RULE_SETS, RuleSet, get_rules


def test_every_rule_set_has_an_entry():
    assert list(COURSES) == [name for name in RULE_SETS if name not in OWN_TESTS and name not in CONTESTS]
    assert all(get_rules(name).time_trot for name in CONTESTS)
    assert all((Path(__file__).parent / test_file).is_file() for test_file in OWN_TESTS.values())


# --- ok-style sessions -----------------------------------------------------------


def sessions_of(rule_set: str) -> dict[str, str]:
    """Every session that RULE_SET's course module must pass."""
    course = COURSES[rule_set]
    examples = {f"examples: {name}": examples_session(calls) for name, calls in course.examples.items()}
    return {**COMMON_SESSIONS, **course.sessions, **examples}


@pytest.mark.parametrize("rule_set, name", [(rule_set, name) for rule_set in COURSES for name in sessions_of(rule_set)])
def test_ok_session(rule_set, name):
    assert check_course_session(rule_set, sessions_of(rule_set)[name], name) == ""


# --- the named strategies, at every score pair -------------------------------


def oracle(rule_set: str):
    """The rules the expectations are computed from: the course's code retold
    plainly where ``course_reference`` tells RULE_SET, else ``hog.rules``."""
    return reference.Rules(rule_set) if rule_set in reference.ZERO_DICE else get_rules(rule_set)


@pytest.mark.parametrize("rule_set", COURSES)
def test_named_strategies_follow_their_definition(rule_set):
    module, rules, named = course_module(rule_set), oracle(rule_set), COURSES[rule_set].named
    zero_dice, rule = getattr(module, named.zero_dice), getattr(module, named.rule)
    calls = [((), {}, *named.cases[0])]  # the defaults
    for place, (threshold, num_rolls) in enumerate(named.cases[1:], 1):
        keywords = {named.keyword: threshold, "num_rolls": num_rolls}
        calls.append(
            ((), keywords, threshold, num_rolls) if place % 2 else ((threshold, num_rolls), {}, *keywords.values())
        )
    for score in range(100):
        for opponent in range(100):
            points = rules.zero_dice(score, opponent)
            after = rules.after_turn(score + points, opponent)
            for args, keywords, threshold, num_rolls in calls:
                by_points = 0 if points >= threshold else num_rolls
                by_rule = 0 if named.rolls_zero(score, opponent, points, after, threshold) else num_rolls
                assert zero_dice(score, opponent, *args, **keywords) == by_points, (score, opponent, args, keywords)
                assert rule(score, opponent, *args, **keywords) == by_rule, (score, opponent, args, keywords)


# --- play, call for call against the rule engine and the course's code ---------

SEEDS = range(16)


def pairs(module, named) -> dict[str, tuple]:
    """Strategy pairs to play: fixed counts, the named strategies, every
    count (0..10), counts two apart (Feral Hogs) and the final strategy."""
    found = {
        "always 4 vs 6": (module.always_roll(4), module.always_roll(6)),
        "named": (getattr(module, named.rule), getattr(module, named.zero_dice)),
        "every count": (lambda s, o: (s + 2 * o) % 11, lambda s, o: (3 * s + o) % 11),
        "counts two apart": (lambda s, o: (s % 3) * 2, lambda s, o: 2 + (o % 2) * 2 + (s % 5 == 0) * 6),
        "final vs always 6": (module.final_strategy, module.always_roll(6)),
    }
    if hasattr(module, "catch_up"):
        found["rule strategy vs catch_up"] = (getattr(module, named.rule), module.catch_up)
    return found


def scoring(strategy, rules: RuleSet):
    """STRATEGY, rolling 1 where rolling 0 would score nothing (hefty_hogs),
    so that two players cannot pass forever."""

    def chosen(score: int, opponent_score: int) -> int:
        num_rolls = strategy(score, opponent_score)
        return 1 if num_rolls == 0 and rules.zero_dice(score, opponent_score) == 0 else num_rolls

    return chosen


def recorded(play_game, strategy0, strategy1, seed: int, say_form: str | None):
    """Play from a start and with dice given by SEED (even: from 0-0 with the
    default dice, the global ``random`` seeded; odd: from a later start with
    dice of their own), recording each strategy call and each commentary
    call; returns (final scores, record, the dice's next random number)."""
    record: list[tuple] = []
    random.seed(seed)
    rng = random.Random(seed)
    start, dice = (
        ((0, 0), {}) if seed % 2 == 0 else ((seed % 3 * 20, seed % 5 * 15), {"dice": lambda: rng.randint(1, 6)})
    )

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
    scores = play_game(recording(0, strategy0), recording(1, strategy1), *start, **dice, **commentary)
    return scores, record, (rng if dice else random).random()


def game_cases():
    for rule_set, course in COURSES.items():
        names = pairs(course_module(rule_set), course.named)
        for variant in course.variants:
            for pair in names:
                yield rule_set, variant, pair


def variant_plays(rule_set: str, name: str):
    """The module's play, hog.game.play and course_reference.play (or None),
    for variant NAME of RULE_SET, each called as ``play(s0, s1, score0,
    score1, dice=..., say=...)``."""
    module, variant = course_module(rule_set), COURSES[rule_set].variants[name]
    update = (getattr(module, variant.update),) if variant.update else ()
    rules = variant.rules(get_rules(rule_set)) if variant.rules else get_rules(rule_set)

    def course_play(s0, s1, *start, **options):
        return module.play(s0, s1, *update, *start, **options, **variant.options)

    def engine_play(s0, s1, *start, **options):
        return hog.game.play(s0, s1, rules, *start, **options)

    course_reference = partial(reference.play, variant.reference) if variant.reference else None
    return course_play, engine_play, course_reference, rules


@pytest.mark.parametrize("rule_set, variant, pair", list(game_cases()))
def test_play_matches_the_rule_engine_call_for_call(rule_set, variant, pair):
    course = COURSES[rule_set]
    course_play, engine_play, course_reference, rules = variant_plays(rule_set, variant)
    strategy0, strategy1 = pairs(course_module(rule_set), course.named)[pair]
    strategy1 = scoring(strategy1, rules)
    engine_say = "old" if course.say else None
    for seed in SEEDS:
        ours = recorded(course_play, strategy0, strategy1, seed, course.say)
        assert ours == recorded(engine_play, strategy0, strategy1, seed, engine_say), seed
        if course_reference:
            assert ours == recorded(course_reference, strategy0, strategy1, seed, engine_say), seed
        assert max(ours[0]) >= 100


@pytest.mark.parametrize(
    "rule_set, variant",
    [(rule_set, name) for rule_set, course in COURSES.items() for name in list(course.variants)[1:]],
)
def test_variants_make_a_difference(rule_set, variant):
    """Each variant's games differ from the full rules' in many seeds."""
    course = COURSES[rule_set]
    full, *_ = variant_plays(rule_set, next(iter(course.variants)))
    other, *_ = variant_plays(rule_set, variant)
    strategies = pairs(course_module(rule_set), course.named)
    differ = sum(
        recorded(full, *strategies[pair], seed, course.say) != recorded(other, *strategies[pair], seed, course.say)
        for pair in ("every count", "counts two apart")
        for seed in SEEDS
    )
    assert differ > len(SEEDS) // 2


# --- course functions against the course's code retold ---------------------------


@pytest.mark.parametrize(
    "rule_set, function", [(rule_set, name) for rule_set, course in COURSES.items() for name in course.references]
)
def test_functions_match_the_course_reference(rule_set, function):
    ours = getattr(course_module(rule_set), function)
    theirs, arguments = COURSES[rule_set].references[function]
    differ = []
    for args in arguments:
        mine, course = ours(*args), theirs(*args)
        if (type(mine), mine) != (type(course), course):
            differ.append((args, mine, course))
    assert differ == []


# --- games printed by the course's tests ---------------------------------------------


@pytest.mark.parametrize(
    "rule_set, name", [(rule_set, name) for rule_set, course in COURSES.items() for name in course.replays]
)
def test_course_games_replay(rule_set, name):
    module, replay = course_module(rule_set), COURSES[rule_set].replays[name]
    update = (getattr(module, replay.update),) if replay.update else ()
    counts = iter([len(outcomes) for outcomes, _ in replay.turns])
    seen = []

    def strategy(score, opponent_score):
        seen.append((score, opponent_score))
        return next(counts)

    dice = module.make_test_dice(*[o for outcomes, _ in replay.turns for o in outcomes])
    scores = module.play(strategy, strategy, *update, replay.score0, replay.score1, dice, replay.goal)
    assert scores == replay.turns[-1][1]
    after = [(replay.score0, replay.score1)] + [scores for _, scores in replay.turns[:-1]]
    assert seen == [(a, b) if turn % 2 == 0 else (b, a) for turn, (a, b) in enumerate(after)]


# --- the Free Bacon years: course scripts replace module functions --------------------

SWAP_YEARS = [rule_set for rule_set in COURSES if hasattr(course_module(rule_set), "is_swap")]


def scores_after_each_turn(play_game, strategy0, strategy1, seed: int) -> list[tuple[int, int]]:
    scores: list[tuple[int, int]] = []

    def record(score0: int, score1: int):
        scores.append((score0, score1))
        return record

    final = play_game(strategy0, strategy1, dice=hog.dice.make_fair_dice(6, random.Random(seed)), say=record)
    assert final == scores[-1]
    return scores


@pytest.mark.parametrize("rule_set", SWAP_YEARS)
def test_play_uses_the_module_is_swap_and_take_turn(rule_set, monkeypatch):
    module = course_module(rule_set)
    asked = []

    def no_swap(player_score: int, opponent_score: int) -> bool:
        asked.append((player_score, opponent_score))
        return False

    monkeypatch.setattr(module, "is_swap", no_swap)
    rules = dataclasses.replace(get_rules(rule_set), after_turn=lambda score, opponent: (score, opponent, False))
    strategies = (lambda s, o: (s + 2 * o) % 11, lambda s, o: (3 * s + o + 1) % 11)
    scores = scores_after_each_turn(module.play, *strategies, 3)
    engine = lambda s0, s1, **options: hog.game.play(s0, s1, rules, **options)  # noqa: E731
    assert scores == scores_after_each_turn(engine, *strategies, 3)
    assert asked == [(s[k % 2], s[1 - k % 2]) for k, s in enumerate(scores)]

    monkeypatch.setattr(module, "take_turn", lambda num_rolls, opponent_score, dice: 40)
    monkeypatch.setattr(module, "is_swap", lambda player_score, opponent_score: player_score == 40)
    # 40 swaps with 0, 80 vs 0 stays, 40 swaps with 80, 80 ties 80, 120 wins
    assert module.play(module.always_roll(5), module.always_roll(5)) == (120, 80)


@pytest.mark.parametrize("rule_set", SWAP_YEARS)
def test_module_functions_call_the_module_globals(rule_set, monkeypatch):
    module = course_module(rule_set)
    monkeypatch.setattr(module, "free_bacon", lambda score: 50 + score)
    assert module.take_turn(0, 7) == 57
    assert module.bacon_strategy(0, 7) == 0
    monkeypatch.setattr(module, "is_swap", lambda player_score, opponent_score: False)
    monkeypatch.setattr(module, "bacon_strategy", lambda *args: 7)
    assert module.swap_strategy(0, 7) == 7
