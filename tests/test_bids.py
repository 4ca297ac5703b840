"""fa14's bidding for the start (``bid_for_start``): exact chances and simulated games from the
start the bids give, against the plain-Python reference and the reference game loop."""

import numpy as np
import pytest
import reference_exact as reference

from hog.exact import win_probabilities, win_probabilities_pairs
from hog.game import play
from hog.rules import ORIGIN, Start, State, get_rules
from hog.simulate import simulate, simulate_scores, stream_dice

FA14 = get_rules("fa14")


def random_tables(seed: int, goal: int, count: int = 2) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 11, size=(count, goal, goal), dtype=np.int8)


def as_strategy(table: np.ndarray):
    return lambda score, opponent_score: int(table[score, opponent_score])


def reference_from(a: np.ndarray, b: np.ndarray, start: Start) -> tuple[float, float]:
    """A's chances as player 0 and as player 1 from START, by the plain reference."""
    goal = a.shape[0]
    root = State((start.score0, start.score1), start.first)
    as_zero = reference.Game(as_strategy(a), as_strategy(b), FA14, goal).solve(
        (as_strategy(a), as_strategy(b)), (root,)
    )[0][root][0]
    as_one = reference.Game(as_strategy(b), as_strategy(a), FA14, goal).solve(
        (as_strategy(b), as_strategy(a)), (root,)
    )[0][root][1]
    return as_zero, as_one


@pytest.mark.parametrize("bids", [(9, 2), (2, 9), (8, 3), (3, 8), (0, 1), (4, 0)])
def test_exact_chances_from_the_bids_match_the_reference(bids):
    goal = 24
    start = Start.of_bids(FA14, *bids, goal)
    a, b = random_tables(sum(bids), goal)
    result = win_probabilities(a, b, "fa14", start=start)
    assert (result.first, result.second) == pytest.approx(reference_from(a, b, start), abs=1e-12)
    plain = win_probabilities(a, b, "fa14")
    assert (plain.first, plain.second) != pytest.approx((result.first, result.second), abs=1e-9)


def test_a_start_at_0_0_with_player_1_first_swaps_the_seatings_bit_for_bit():
    """At 0-0, player 1 moving first is the usual game with the seatings swapped: A's chance as
    player 0 is its chance moving second, as player 1 its chance moving first, to the last bit."""
    tables = random_tables(5, 100, 4)
    pairs = [[0, 1], [2, 3], [1, 0]]
    usual = win_probabilities_pairs(tables, pairs, "fa14", start=ORIGIN)
    player_1_first = win_probabilities_pairs(tables, pairs, "fa14", start=Start(0, 0, 1))
    assert (player_1_first == usual[:, ::-1]).all()
    assert (usual[:, 0] != usual[:, 1]).all()  # the seatings differ, so a mix-up would show


def test_simulated_games_from_the_bids_are_the_reference_loop_s():
    start = Start.of_bids(FA14, 2, 9, 100)  # (9, 2), player 1 first
    assert start == Start(9, 2, 1)
    a, b = random_tables(7, 100)
    scores = simulate_scores(a, b, "fa14", games=40, seed=3, start=start)
    for game in range(40):
        for seating, (zero, one) in enumerate(((a, b), (b, a))):
            dice_of = stream_dice(3, game)
            played = play(as_strategy(zero), as_strategy(one), "fa14", 9, 2, dice=dice_of(6), dice_of=dice_of, first=1)
            assert tuple(scores[game, seating]) == played


def test_exact_from_the_bids_agrees_with_simulation():
    start = Start.of_bids(FA14, 8, 3, 100)  # player 0 starts at 10 and moves first
    a, b = np.full((100, 100), 4, np.int8), np.full((100, 100), 6, np.int8)
    result = win_probabilities(a, b, "fa14", start=start)
    simulated = simulate(a, b, "fa14", games=40_000, seed=8, start=start)
    assert abs(simulated.rate - result.rate) <= 4 * simulated.stderr
    assert result.first > win_probabilities(a, b, "fa14").first


@pytest.mark.parametrize(
    "rules, bids, message",
    [
        ("fa13", (9, 2), "rule set fa13 has no bidding for the start"),
        ("fa14", (3, 3), "equal bids"),
        ("fa14", (-1, 3), "a bid must be a non-negative integer"),
        ("fa14", (150, 3), "start a player at 150"),
    ],
)
def test_bids_that_give_no_game_are_refused_in_one_line(rules, bids, message):
    with pytest.raises(ValueError, match=message) as raised:
        Start.of_bids(get_rules(rules), *bids, 100)
    assert "\n" not in str(raised.value)


def test_a_start_needs_the_analysis_over_the_two_scores():
    table = np.full((100, 100), 4, np.int8)
    with pytest.raises(ValueError, match="only over the two scores"):
        win_probabilities(table, table, "fa19", start=Start(5, 0, 0))
    with pytest.raises(ValueError, match="scores must be 0..99"):
        win_probabilities(table, table, "fa14", start=Start(100, 0, 0))
