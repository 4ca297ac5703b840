"""The reference game loop: worked games for each rule set and properties."""

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hog.dice import make_fair_dice, make_test_dice
from hog.game import StrategyError, play, roll_dice, take_turn
from hog.rules import RULE_SETS, State, get_rules


class Recorder:
    """A strategy that follows a script of dice counts and records its calls."""

    def __init__(self, who, counts, log):
        self.who, self.counts, self.log = who, counts, log

    def __call__(self, score, opponent_score):
        self.log.append((self.who, score, opponent_score))
        return self.counts(score, opponent_score)


def recorded_play(rules, counts0, counts1, dice, **kwargs):
    calls, said = [], []

    def say(score0, score1):
        said.append((score0, score1))
        return say

    final = play(Recorder(0, counts0, calls), Recorder(1, counts1, calls), rules, dice=dice, say=say, **kwargs)
    return final, calls, said


def test_more_boar_extra_turns_chain():
    final, calls, said = recorded_play(
        "more_boar", lambda s, o: 1, lambda s, o: 1, make_test_dice(1, 1, 6), score0=21, score1=43, goal=50
    )
    assert calls == [
        (0, 21, 43),
        (0, 22, 43),
        (1, 43, 23),
        (0, 23, 49),
        (0, 24, 49),
        (0, 25, 49),
        (0, 31, 49),
        (0, 32, 49),
        (0, 33, 49),
        (1, 49, 39),
    ]
    assert said[-1] == final == (39, 50)
    assert len(said) == len(calls)


def test_hog_pile_example_from_the_rules_page():
    """P0 5, P1 5 (tie: doubles), P0 6, P1 pigs out into a tie and doubles to 22."""
    final, _, said = recorded_play("hog_pile", lambda s, o: 1, lambda s, o: 1, make_test_dice(5, 5, 6, 1), goal=22)
    assert said == [(5, 0), (5, 10), (11, 10), (11, 22)]
    assert final == (11, 22)


def test_swine_swap_hands_the_goal_to_the_opponent():
    final, _, said = recorded_play(
        "swine_swap", lambda s, o: 1, lambda s, o: 1, make_test_dice(6), score0=94, score1=30
    )
    assert said == [(30, 100)]
    assert final == (30, 100)


def test_square_swine_raises_to_the_goal():
    final, _, _ = recorded_play(
        "square_swine", lambda s, o: 2, lambda s, o: 2, make_test_dice(1, 5), score0=80, score1=7
    )
    assert final == (100, 7)


def test_swine_align_extra_turns_chain_through_a_tie():
    script = {(20, 36): 1, (24, 36): 2, (36, 36): 1}
    final, calls, said = recorded_play(
        "swine_align",
        lambda s, o: script[(s, o)],
        lambda s, o: 5,
        make_test_dice(4, 6, 6, 4),
        score0=20,
        score1=36,
        goal=40,
    )
    assert calls == [(0, 20, 36), (0, 24, 36), (0, 36, 36)]
    assert said == [(24, 36), (36, 36), (40, 36)]
    assert final == (40, 36)


def test_game_over_at_start_plays_no_turn():
    final, calls, said = recorded_play("hog_pile", lambda s, o: 1, lambda s, o: 1, make_test_dice(3), score0=100)
    assert final == (100, 0) and calls == [] and said == []


@pytest.mark.parametrize("value", [11, -1, 1.5, "3", None, True])
def test_bad_strategy_value_is_named_in_the_error(value):
    def sneaky(score, opponent_score):
        return value

    with pytest.raises(StrategyError) as caught:
        play(sneaky, lambda s, o: 1, "square_swine", score0=3, score1=4)
    message = str(caught.value)
    assert "sneaky" in message and repr(value) in message and "score 3" in message and "opponent score 4" in message


def test_roll_dice_pig_out_and_sum():
    assert roll_dice(2, make_test_dice(4, 6, 1)) == 10
    assert roll_dice(3, make_test_dice(4, 6, 1)) == 1
    assert roll_dice(4, make_test_dice(2, 2, 3)) == 9
    assert roll_dice(9, make_test_dice(6)) == 54
    assert roll_dice(7, make_test_dice(2, 2, 2, 2, 2, 2, 1)) == 1


def test_take_turn_uses_the_zero_dice_rule_of_each_rule_set():
    assert [take_turn(0, 21, 46, name) for name in RULE_SETS] == [
        RULE_SETS[name].zero_dice(21, 46) for name in RULE_SETS
    ]
    assert take_turn(0, 21, 46, "sus_fuss") == 9 and take_turn(0, 45, 52, "sus_fuss") == 1
    with pytest.raises(AssertionError):
        take_turn(11, 0, 0, "hog_pile")


class CountingDice:
    def __init__(self, seed, sides=6):
        self.die = make_fair_dice(sides, random.Random(seed))
        self.calls = 0
        self.outcomes = []

    def __call__(self):
        self.calls += 1
        self.outcomes.append(self.die())
        return self.outcomes[-1]


@given(st.integers(1, 10), st.integers(0, 2**32))
def test_roll_dice_calls_the_dice_exactly_num_rolls_times(num_rolls, seed):
    dice = CountingDice(seed)
    points = roll_dice(num_rolls, dice)
    assert dice.calls == num_rolls
    assert points == 1 or 2 * num_rolls <= points <= 6 * num_rolls


@given(
    st.sampled_from(sorted(RULE_SETS)),
    st.integers(0, 10),
    st.integers(0, 150),
    st.integers(0, 150),
    st.integers(0, 12),
    st.integers(0, 2**32),
)
def test_every_turn_raises_the_total_by_at_least_one(rules, num_rolls, score, opponent, previous, seed):
    """... except a zero-point turn of hefty_hogs, which keeps it."""
    rules = get_rules(rules)
    previous = min(previous, rules.memory_size - 1)
    points = take_turn(num_rolls, score, opponent, rules, CountingDice(seed))
    after = rules.next_state(State((score, opponent), 0, (previous, 0)), num_rolls, points).state
    least = 0 if rules.name == "hefty_hogs" and num_rolls == 0 else 1
    assert sum(after.scores) >= score + opponent + least
    assert after.previous[1] == 0 and 0 <= after.previous[0] < rules.memory_size


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(RULE_SETS)),
    st.integers(1, 120),
    st.integers(0, 2**32),
    st.lists(st.integers(-1, 10), min_size=7, max_size=7),
)
def test_play_properties(rules, goal, seed, weights):
    """One call per turn, dice called as many times as the dice rolled (at most what su16's Hog
    Tied allows of the count chosen; none for fa16's Pork Chop, -1; twice for an odd outcome of
    fa16's Hog Wild), exactly one winner at or over the goal."""
    rolled = []
    rerolled = []
    choices = get_rules(rules).choices

    def strategy(score, opponent_score):
        num_rolls = max(weights[(score * 3 + opponent_score) % 7], choices.start)
        rolled.append(max(0, get_rules(rules).dice_rolled(score, opponent_score, num_rolls)))
        rerolled.append(get_rules(rules).rerolled(score, opponent_score))
        return num_rolls

    turns = []

    def say(score0, score1):
        turns.append((score0, score1))
        return say

    dice = CountingDice(seed)
    dice_of = lambda sides: dice  # noqa: E731 (sp17's four-sided turns count too)
    score0, score1 = play(strategy, strategy, rules, dice=dice, goal=goal, say=say, max_turns=10_000, dice_of=dice_of)
    assert len(rolled) == len(turns)
    draws = iter(dice.outcomes)
    for count, again in zip(rolled, rerolled, strict=True):
        for _ in range(count):
            if next(draws) % 2 and again:
                next(draws)
    assert next(draws, None) is None
    totals = [0] + [a + b for a, b in turns]
    if rules == "hefty_hogs":  # zero-point turns can repeat forever; the cap stops them
        assert (score0 >= goal) != (score1 >= goal) or len(turns) == 10_000
        assert all(later >= earlier for earlier, later in pairwise(totals))
    else:
        assert (score0 >= goal) != (score1 >= goal)
        assert all(later >= earlier + 1 for earlier, later in pairwise(totals))
