"""``hog.cs61a.square_swine``: the seed's and RULES.md's examples, the course's
ok test cases of that semester run as the course runs them, replayed course
games, and play against a plain reference of the course's code with the
same seeded dice."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hog.cs61a import check_course_session, square_swine as course

sys.path.insert(0, str(Path(__file__).resolve().parent))
import course_reference as reference  # noqa: E402

# The course's ok tests of the semester (the seed describes the functions).
OK_SESSIONS = {
    "q02 tail_points": """
>>> from hog import *
>>> tail_points(25)
7
>>> tail_points(52)
7
>>> tail_points(0)
1
>>> tail_points(7)
15
>>> tail_points(22)
1
>>> tail_points(122)
1
>>> tail_points(584)
9
>>> a = tail_points(23)
>>> a # check that the value is being returned, not printed
3
>>> tail_points(12345)
3
""",
    "q04 squares": """
>>> from hog import *
>>> perfect_square(9)
True
>>> perfect_square(1)
True
>>> perfect_square(2)
False
>>> perfect_square(144)
True
>>> perfect_square(150)
False
>>> perfect_square(8)
False
>>> next_perfect_square(1)
4
>>> next_perfect_square(9)
16
>>> next_perfect_square(64)
81
>>> next_perfect_square(144)
169
>>> next_perfect_square(81)
100
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
""",
    "q10 tail_strategy": """
>>> from hog import *
>>> tail_strategy(40, 51, threshold=7, num_rolls=2)
0
>>> tail_strategy(40, 53, threshold=7, num_rolls=2)
2
>>> tail_strategy(40, 51, threshold=12, num_rolls=5)
5
>>> tail_strategy(40, 52, threshold=7, num_rolls=2)
0
>>> s = 0
>>> while s < 100:
...     if tail_points(s) >= 10:
...         assert tail_strategy(90, s, threshold=10, num_rolls=3) == 0
...     else:
...         assert tail_strategy(90, s, threshold=10, num_rolls=3) == 3
...     s += 1
""",
    "q11 square_strategy": """
>>> from hog import *
>>> square_strategy(40, 51, threshold=7, num_rolls=2)
0
>>> square_strategy(40, 53, threshold=7, num_rolls=2)
2
>>> square_strategy(44, 53, threshold=7, num_rolls=2)
0
>>> square_strategy(44, 53, threshold=12, num_rolls=5)
0
>>> s = 0
>>> while s < 100:
...     if square_update(0, 20, s) - 20 >= 10:
...         assert square_strategy(20, s, threshold=10, num_rolls=3) == 0
...     else:
...         assert square_strategy(20, s, threshold=10, num_rolls=3) == 3
...     s += 1
""",
}


@pytest.mark.parametrize("name", OK_SESSIONS)
def test_ok_session(name):
    assert check_course_session("square_swine", OK_SESSIONS[name], name) == ""


@pytest.mark.parametrize("opponent, points", [(46, 5), (73, 9)])
def test_tail_points_examples(opponent, points):
    assert course.tail_points(opponent) == points


@pytest.mark.parametrize(
    "score, outcomes, num_rolls, simple, square",
    [
        (12, (4, 5, 4), 3, 25, 36),  # 12 + 13 = 25 -> 36
        (12, (4,), 3, 24, 24),  # 12 + 12 = 24 stays
        (0, (2, 1, 3, 4, 5), 5, 1, 4),  # Sow Sad: 0 + 1 = 1 -> 4
        (80, (1, 1, 1, 2, 3, 4, 5, 6, 2, 3), 10, 81, 100),  # 80 + 1 = 81 -> 100
    ],
)
def test_square_swine_examples(score, outcomes, num_rolls, simple, square):
    assert course.simple_update(num_rolls, score, 0, course.make_test_dice(*outcomes)) == simple
    assert course.square_update(num_rolls, score, 0, course.make_test_dice(*outcomes)) == square


def test_rolling_zero_can_climb_two_squares_worth():
    """The seed's Problem 11: at 31 against 42, rolling 0 gives 5 -> 36 -> 49."""
    assert course.square_update(0, 31, 42) == 49
    assert course.simple_update(0, 31, 42) == 36
    assert (course.tail_strategy(31, 42), course.square_strategy(31, 42)) == (6, 0)


def test_rules_match_the_reference_everywhere():
    assert all(course.tail_points(s) == reference.tens_ones(s) for s in range(1000))
    assert all(course.perfect_square(s) == reference.perfect_square(s) for s in range(1000))
    squares = [s for s in range(1000) if reference.perfect_square(s)]
    assert all(course.next_perfect_square(s) == reference.next_perfect_square(s) for s in squares)


def test_a_square_wins_the_game():
    """80 + 1 = 81 rises to 100: player 0 wins on the rule."""
    dice = course.make_test_dice(1)
    assert course.play(course.always_roll(10), course.always_roll(1), course.square_update, 80, 0, dice) == (100, 0)


def test_play_calls_update_as_the_course_does():
    calls = []

    def update(*args):
        calls.append(args)
        return args[1] + 30

    dice = course.make_test_dice(2)
    assert course.play(course.always_roll(4), course.always_roll(7), update, 5, 9, dice, 50) == (65, 39)
    assert calls == [(4, 5, 9, dice), (7, 9, 35, dice), (4, 35, 39, dice)]


# Games printed by the course's ok tests (tests/play_utils.describe_game):
# start scores, goal, update, then each turn's dice outcomes (none: rolled 0)
# and the scores after it.
COURSE_GAMES = {
    "simple 15-10 to 32": (
        (15, 10, 32, course.simple_update),
        [((2, 1, 6, 6, 6, 5, 4, 4), (16, 10)), ((4, 2, 4, 6, 2), (16, 28)), ((1, 1, 5), (17, 28)), ((), (17, 41))],
    ),
    "square 64-24 to 88": (
        (64, 24, 88, course.square_update),
        [
            ((5, 5, 1, 4, 6, 6, 2, 4, 1), (65, 24)),
            ((5, 6, 5, 4, 1, 5, 1, 1), (65, 36)),
            ((4, 3, 2, 6, 5, 5, 3, 6, 6), (105, 36)),
        ],
    ),
    "square 0-20 to 66": (
        (0, 20, 66, course.square_update),
        [
            ((5, 1, 4, 1), (4, 20)),
            ((6, 2), (4, 28)),
            ((5, 6, 6), (21, 28)),
            ((), (21, 31)),
            ((6, 5, 6, 4, 1, 5, 3, 6, 6, 6), (22, 31)),
            ((2, 6, 4, 1, 4, 3), (22, 32)),
            ((4, 2, 2, 5, 4), (39, 32)),
            ((), (39, 45)),
            ((), (42, 45)),
            ((4, 3, 2, 3), (42, 57)),
            ((4, 4, 6, 6, 6, 2, 3), (73, 57)),
        ],
    ),
}


@pytest.mark.parametrize("name", COURSE_GAMES)
def test_course_games_replay(name):
    (score0, score1, goal, update), turns = COURSE_GAMES[name]
    counts = iter([len(outcomes) for outcomes, _ in turns])
    seen = []

    def strategy(score, opponent_score):
        seen.append((score, opponent_score))
        return next(counts)

    dice = course.make_test_dice(*[o for outcomes, _ in turns for o in outcomes])
    assert course.play(strategy, strategy, update, score0, score1, dice, goal) == turns[-1][1]
    after = [(score0, score1)] + [scores for _, scores in turns[:-1]]
    assert seen == [(a, b) if turn % 2 == 0 else (b, a) for turn, (a, b) in enumerate(after)]


@pytest.mark.parametrize("threshold, num_rolls", [(12, 6), (11, 5), (7, 2), (1, 4), (0, 10)])
def test_named_strategies_match_the_reference(threshold, num_rolls):
    for score in range(100):
        for opponent in range(100):
            points = reference.tens_ones(opponent)
            after = score + points
            after = reference.next_perfect_square(after) if reference.perfect_square(after) else after
            by_points = 0 if points >= threshold else num_rolls
            by_gain = 0 if after - score >= threshold else num_rolls
            assert course.tail_strategy(score, opponent, threshold, num_rolls) == by_points
            assert course.square_strategy(score, opponent, threshold, num_rolls) == by_gain


STRATEGY_PAIRS = {
    "always 4 vs 6": (course.always_roll(4), course.always_roll(6)),
    "named": (course.square_strategy, course.tail_strategy),
    "every count": (lambda s, o: (s + 2 * o) % 11, lambda s, o: (3 * s + o) % 11),
}


@pytest.mark.parametrize("update, rules", [(course.square_update, "square_swine"), (course.simple_update, "pig_tail")])
@pytest.mark.parametrize("pair", STRATEGY_PAIRS)
@pytest.mark.parametrize("seed", [0, 1, 61])
def test_play_matches_the_course_call_for_call(update, rules, pair, seed):
    def ours(strategy0, strategy1):
        return course.play(strategy0, strategy1, update)

    def theirs(strategy0, strategy1):
        return reference.play(rules, strategy0, strategy1)

    strategies = STRATEGY_PAIRS[pair]
    recorded = [reference.recorded_game(play, seed, *strategies, commentary=False) for play in (ours, theirs)]
    assert recorded[0] == recorded[1]
