"""``hog.cs61a.swine_swap``: the seed's and RULES.md's examples, the course's
docstring examples run as the course runs them, worked games, and play
against a plain reference of the course's code with the same seeded dice."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

import pytest

from hog.cs61a import check_course_session, swine_swap as course

sys.path.insert(0, str(Path(__file__).resolve().parent))
import course_reference as reference  # noqa: E402

# The seed describes these functions; the examples are the course's docstrings.
OK_SESSIONS = {
    "q00 test dice": """
>>> from hog import *
>>> test_dice = make_test_dice(4, 1, 2)
>>> test_dice()
4
""",
    "q01 pig out": """
>>> from hog import *
>>> roll_dice(7, make_test_dice(1, 1, 1, 1, 1, 2, 3))
1
>>> roll_dice(4, make_test_dice(3))
12
""",
    "q02 picky_piggy": """
>>> from hog import *
>>> picky_piggy(46)
5
>>> picky_piggy(73)
9
""",
    "q04 swine_swap": """
>>> from hog import *
>>> swine_swap(4)
True
>>> swine_swap(11)
False
>>> swine_swap(99)
False
""",
    "q06 always_roll": """
>>> from hog import *
>>> strategy = always_roll(3)
>>> strategy(0, 0)
3
>>> strategy(99, 99)
3
""",
    "q07 is_always_roll": """
>>> from hog import *
>>> is_always_roll(always_roll_5)
True
>>> is_always_roll(always_roll(3))
True
>>> is_always_roll(catch_up)
False
>>> catch_up(9, 4)
5
>>> catch_up(17, 18)
6
""",
    "q08 make_averaged": """
>>> from hog import *
>>> dice = make_test_dice(4, 2, 5, 1)
>>> averaged_dice = make_averaged(roll_dice, 40)
>>> averaged_dice(1, dice)  # The avg of 10 4's, 10 2's, 10 5's, and 10 1's
3.0
""",
    "q09 max_scoring_num_rolls": """
>>> from hog import *
>>> dice = make_test_dice(1, 6)
>>> max_scoring_num_rolls(dice)
1
>>> max_scoring_num_rolls(make_test_dice(3), total_samples=10)
10
""",
}


@pytest.mark.parametrize("name", OK_SESSIONS)
def test_ok_session(name):
    assert check_course_session("swine_swap", OK_SESSIONS[name], name) == ""


@pytest.mark.parametrize("opponent, points", [(46, 5), (73, 9), (0, 1), (7, 15), (122, 1), (584, 9), (12345, 3)])
def test_picky_piggy_examples(opponent, points):
    assert course.picky_piggy(opponent) == points


@pytest.mark.parametrize("score, swapped", [(4, True), (11, False), (99, False), (0, True), (1, True), (100, True)])
def test_swine_swap_examples(score, swapped):
    assert course.swine_swap(score) is swapped


def test_rules_match_the_reference_everywhere():
    assert all(course.picky_piggy(s) == reference.tens_ones(s) for s in range(1000))
    assert all(course.swine_swap(s) == reference.perfect_square(s) for s in range(1000))


@pytest.mark.parametrize(
    "call, scores",
    [
        ((course.always_roll(5), course.always_roll(3), 91, 10, course.make_test_dice(3)), (106, 10)),
        ((course.always_roll(5), course.always_roll(5), 0, 0, course.make_test_dice(3), 10), (15, 0)),
        ((lambda s, o: o % 10, lambda s, o: max(s // 10 - 4, 0), 71, 80, course.make_test_dice(7)), (88, 108)),
        # 85 + 15 = 100 is a square: swapped at the goal, so player 1 wins
        ((course.always_roll(5), course.always_roll(3), 85, 10, course.make_test_dice(3)), (10, 100)),
    ],
)
def test_worked_games(call, scores):
    assert course.play(*call) == scores


def test_swaps_chain_through_a_game():
    """Everyone rolls 0: 0 + 1 = 1 swaps; 13 + 3 = 16 swaps; 19 + 11 = 30 wins."""
    seen = []

    def zero(score, opponent_score):
        seen.append((score, opponent_score))
        return 0

    assert course.play(zero, zero, goal=30) == (30, 27)
    assert seen == [(0, 0), (1, 0), (0, 2), (2, 5), (5, 13), (13, 10), (16, 10), (10, 19), (19, 27)]


@pytest.mark.parametrize("threshold, num_rolls", [(8, 6), (9, 5), (1, 4), (20, 2), (0, 10)])
def test_named_strategies_match_the_reference(threshold, num_rolls):
    for score in range(100):
        for opponent in range(100):
            points = reference.tens_ones(opponent)
            after = opponent if reference.perfect_square(score + points) else score + points
            by_points = 0 if points >= threshold else num_rolls
            by_gain = 0 if after - score >= threshold else num_rolls
            assert course.picky_strategy(score, opponent, threshold, num_rolls) == by_points
            assert course.swine_strategy(score, opponent, threshold, num_rolls) == by_gain


@pytest.mark.parametrize(
    "scores, picky, swine",
    [((0, 4), 0, 6), ((0, 11), 6, 0), ((1, 7), 0, 6), ((1, 10), 6, 0), ((62, 9), 0, 6)],
)
def test_swine_strategy_counts_the_swap(scores, picky, swine):
    assert (course.picky_strategy(*scores), course.swine_strategy(*scores)) == (picky, swine)


STRATEGY_PAIRS = {
    "always 4 vs 6": (course.always_roll(4), course.always_roll(6)),
    "named": (course.swine_strategy, course.catch_up),
    "every count": (lambda s, o: (s + 2 * o) % 11, lambda s, o: (3 * s + o) % 11),
}


@pytest.mark.parametrize("pair", STRATEGY_PAIRS)
@pytest.mark.parametrize("seed", [0, 1, 61])
def test_play_matches_the_course_call_for_call(pair, seed):
    course_play = partial(reference.play, "swine_swap")
    ours = reference.recorded_game(course.play, seed, *STRATEGY_PAIRS[pair], commentary=False)
    assert ours == reference.recorded_game(course_play, seed, *STRATEGY_PAIRS[pair], commentary=False)
