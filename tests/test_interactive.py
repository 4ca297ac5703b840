"""The step-by-step game: same games as the reference loop, and honest reports."""

from __future__ import annotations

import importlib
import json
import random
from math import gcd

import pytest

from hog import game as reference
from hog.dice import make_fair_dice, make_test_dice
from hog.interactive import Game
from hog.rules import RULE_SETS, get_rules

RULES = tuple(RULE_SETS)
#: Rule sets whose course module has commentary (RULES.md).
WITH_COMMENTARY = ("more_boar", "hog_pile", "swine_align", "su21")


def varied(score: int, opponent_score: int) -> int:
    return (3 * score + opponent_score) % 11


def cautious(score: int, opponent_score: int) -> int:
    return 0 if score > opponent_score else 4


def play_through(game: Game, strategies) -> None:
    while not game.over:
        score, opponent = game.scores if game.who == 0 else game.scores[::-1]
        game.take_turn(strategies[game.who](score, opponent))


def never_stalling(rules: str):
    """``cautious``, but never rolling 0 where that scores 0 points (hefty_hogs could loop forever)."""
    zero_dice = get_rules(rules).zero_dice

    def strategy(score: int, opponent_score: int) -> int:
        num_rolls = cautious(score, opponent_score)
        return 4 if num_rolls == 0 and zero_dice(score, opponent_score) == 0 else num_rolls

    return strategy


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("seed", range(8))
def test_same_final_scores_as_the_reference_game(rules: str, seed: int) -> None:
    careful = never_stalling(rules)
    strategies = (varied, careful) if seed % 2 else (careful, varied)
    rng = random.Random(seed)  # sp17's four-sided dice draw from it too, as Game's do
    dice_of = lambda sides: make_fair_dice(sides, rng)  # noqa: E731
    expected = reference.play(*strategies, rules, dice=dice_of(6), dice_of=dice_of)
    game = Game(rules, seed=seed)
    play_through(game, strategies)
    assert game.scores == expected
    assert game.winner == (0 if expected[0] > expected[1] else 1)
    assert game.history[-1].scores_after == expected


@pytest.mark.parametrize("rules", WITH_COMMENTARY)
def test_commentary_is_what_the_course_play_prints(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    course = importlib.import_module(f"hog.cs61a.{rules}")
    say = course.both(
        course.announce_lead_changes(), course.both(course.announce_highest(0), course.announce_highest(1))
    )
    course.play(varied, cautious, dice=make_fair_dice(6, random.Random(5)), say=say)
    printed = capsys.readouterr().out.splitlines()
    game = Game(rules, seed=5)
    play_through(game, (varied, cautious))
    assert [line for report in game.history for line in report.commentary] == printed
    assert printed  # a whole game always has a lead change


@pytest.mark.parametrize("rules", [r for r in RULES if r not in WITH_COMMENTARY])
def test_no_commentary_without_course_commentary(rules: str) -> None:
    game = Game(rules, seed=2)
    play_through(game, (varied, never_stalling(rules)))
    assert all(report.commentary == () for report in game.history)


def test_dice_are_called_exactly_num_rolls_times() -> None:
    calls = []

    def dice() -> int:
        calls.append(1)
        return 1  # a 1 first: the course still rolls every die

    game = Game("swine_align", dice=dice)
    report = game.take_turn(7)
    assert len(calls) == 7 and report.outcomes == (1,) * 7 and report.points == 1
    game.take_turn(0)
    assert len(calls) == 7


def test_reports_follow_each_turn() -> None:
    game = Game("square_swine", dice=make_test_dice(3, 4, 2, 6))
    first = game.take_turn(2)
    assert (first.who, first.num_rolls, first.outcomes, first.points) == (0, 2, (3, 4), 7)
    assert (first.scores_before, first.scores_after, first.extra_turn) == ((0, 0), (7, 0), False)
    second = game.take_turn(2)
    assert (second.who, second.outcomes, second.scores_after) == (1, (2, 6), (7, 8))
    assert game.history == [first, second] and game.who == 0 and not game.over


def test_pig_out_event() -> None:
    report = Game("swine_swap", dice=make_test_dice(5, 1, 6), score0=10, score1=20).take_turn(3)
    assert report.points == 1 and report.outcomes == (5, 1, 6)
    assert report.events == ("Pig Out: a 1 was rolled, the turn scores 1",)


def test_zero_dice_event_names_the_rule() -> None:
    report = Game("square_swine", score1=46).take_turn(0)  # RULES.md: 46 -> 5
    assert report.outcomes == () and report.points == 5 and report.scores_after == (5, 46)
    assert report.events == ("Pig Tail: 5 points for rolling 0",)


def test_square_swine_event() -> None:
    game = Game("square_swine", dice=make_test_dice(6, 4, 3), score0=12)  # 12 + 13 = 25 -> 36
    report = game.take_turn(3)
    assert report.points == 13 and report.scores_after == (36, 0)
    assert report.events == ("Square Swine! 25 -> 36",)


def test_swine_swap_event() -> None:
    report = Game("swine_swap", dice=make_test_dice(2), score1=2).take_turn(2)  # 4 vs 2 -> swapped
    assert report.scores_after == (2, 4)
    assert report.events == ("Swine Swap! scores swapped",)


def test_hog_pile_doubles_a_tie() -> None:
    # RULES.md: 5 -> (5, 0); 5 ties -> (5, 10); 6 -> (11, 10); a pig out ties -> (11, 22).
    game = Game("hog_pile", dice=make_test_dice(5, 5, 6, 1, 3))
    reports = [game.take_turn(n) for n in (1, 1, 1, 2)]
    assert [r.scores_after for r in reports] == [(5, 0), (5, 10), (11, 10), (11, 22)]
    assert reports[1].events == ("Hog Pile! 5 -> 10 (doubled)",)
    assert reports[3].events == ("Pig Out: a 1 was rolled, the turn scores 1", "Hog Pile! 11 -> 22 (doubled)")


def test_more_boar_extra_turn() -> None:
    game = Game("more_boar", dice=make_test_dice(6), score0=15, score1=43)  # (21, 43): extra turn
    report = game.take_turn(1)
    assert report.extra_turn and game.who == 0
    assert report.events == ("More Boar: extra turn",)
    assert not game.take_turn(1).extra_turn and game.who == 1  # (27, 43): 7 > 3


@pytest.mark.parametrize("start, roll", [((14, 30), 6), ((26, 30), 2)])  # Swine Align (20, 30); Pig Pass (28, 30)
def test_swine_align_and_pig_pass_extra_turn(start: tuple[int, int], roll: int) -> None:
    game = Game("swine_align", dice=make_test_dice(roll), score0=start[0], score1=start[1])
    report = game.take_turn(1)
    score = start[0] + roll
    assert gcd(score, 30) >= 10 or 0 < 30 - score < 3
    assert report.extra_turn and game.who == 0
    assert report.events == ("Swine Align / Pig Pass: extra turn",)


def test_no_extra_turn_once_the_game_is_won() -> None:
    assert get_rules("more_boar").after_turn(101, 43)[2]  # the rule would grant one
    game = Game("more_boar", dice=make_test_dice(6), score0=95, score1=43)
    report = game.take_turn(1)
    assert game.over and game.winner == 0 and not report.extra_turn
    assert report.events == ()


@pytest.mark.parametrize("bad", [-1, 11, True, 2.0, "3", None])
def test_bad_counts_are_refused_with_the_range(bad: object) -> None:
    game = Game("hog_pile", seed=1)
    with pytest.raises(ValueError, match="0 to 10"):
        game.take_turn(bad)  # type: ignore[arg-type]
    assert game.history == [] and game.scores == (0, 0)


def test_no_turn_after_the_end() -> None:
    game = Game("square_swine", goal=10, dice=make_test_dice(6))
    game.take_turn(2)
    assert game.over and game.winner == 0
    with pytest.raises(ValueError, match="over"):
        game.take_turn(1)


def test_bad_setup_is_refused() -> None:
    with pytest.raises(KeyError, match="valid names"):
        Game("pig_latin")
    with pytest.raises(ValueError, match="goal"):
        Game("hog_pile", goal=0)
    with pytest.raises(ValueError, match="score1"):
        Game("hog_pile", score1=-3)
    with pytest.raises(ValueError, match="either dice or a seed"):
        Game("hog_pile", dice=make_test_dice(3), seed=1)


def test_seeded_games_repeat() -> None:
    games = [Game("swine_align", seed=42) for _ in range(2)]
    for game in games:
        play_through(game, (varied, varied))
    assert games[0].history == games[1].history


def test_to_dict_is_json() -> None:
    game = Game("more_boar", seed=9)
    game.take_turn(5)
    data = json.loads(json.dumps(game.to_dict()))
    last = game.history[-1]
    assert data["rules"] == "more_boar" and data["goal"] == 100 and data["over"] is False
    assert data["scores"] == list(game.scores) and data["who"] == game.who and data["winner"] is None
    assert data["history"][0]["outcomes"] == list(last.outcomes)
    assert data["history"][0]["commentary"] == list(last.commentary)


def test_hog_tied_and_piggy_back_are_reported() -> None:
    """su16 at 10 vs 7 (the sum ends in 7): five dice chosen, one rolled; sp16:
    a 0-point turn of three dice gives the opponent 3."""
    game = Game("su16", dice=make_test_dice(2), score0=10, score1=7)
    report = game.take_turn(5)
    assert (report.num_rolls, report.outcomes, game.scores) == (1, (2,), (13, 7))
    assert report.events[0] == "Hog Tied: 1 of the 5 dice chosen"
    game = Game("sp16", dice=make_test_dice(1), score0=10, score1=3)
    report = game.take_turn(3)
    assert game.scores == (10, 6) and report.events[-1] == "Piggy Back: 3 points for the opponent"
    assert not any("Swine Swap" in event for event in report.events)
