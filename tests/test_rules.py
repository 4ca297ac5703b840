"""Every example of RULES.md for the five seeded rule sets, and the registry
(the other rule sets: tests/test_rules_examples.py)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hog.rules import RULE_SETS, UnknownRuleSet, get_rules, pi_digit

PI_50 = "31415926535897932384626433832795028841971693993751"


@pytest.mark.parametrize(
    "rules, opponent_score, points",
    [
        ("more_boar", 4, 4),
        ("more_boar", 10, 3),
        ("more_boar", 94, 6),
        ("more_boar", 0, 3),
        ("more_boar", 24, 8),
        ("hog_pile", 0, 7),
        ("hog_pile", 1, 1),
        ("hog_pile", 2, 4),
        ("hog_pile", 3, 2),
        ("hog_pile", 5, 5),
        ("hog_pile", 14, 4),
        ("hog_pile", 24, 7),
        ("swine_swap", 46, 5),
        ("swine_swap", 73, 9),
        ("square_swine", 46, 5),
        ("square_swine", 73, 9),
        ("swine_align", 0, 6),
        ("swine_align", 1, 4),
        ("swine_align", 2, 7),
        ("swine_align", 42, 12),
    ],
)
def test_zero_dice_examples(rules, opponent_score, points):
    assert get_rules(rules).zero_dice(0, opponent_score) == points


@pytest.mark.parametrize(
    "score, opponent_score, extra",
    [(21, 43, True), (22, 43, True), (43, 21, False), (12, 12, False), (7, 8, False)],
)
def test_more_boar_examples(score, opponent_score, extra):
    assert get_rules("more_boar").after_turn(score, opponent_score) == (score, opponent_score, extra)


def test_more_boar_uses_first_two_digits_of_long_scores():
    more_boar = get_rules("more_boar").after_turn
    assert more_boar(12, 234)[2] is True  # (1, 2) vs (2, 3)
    assert more_boar(123, 234)[2] is True  # (1, 2) vs (2, 3)
    assert more_boar(19, 234)[2] is False  # 9 is not below 3
    assert more_boar(5, 16)[2] is True  # "05" vs "16"
    assert more_boar(5, 6)[2] is False  # "05" vs "06": equal leading digits


def test_hog_pile_example_game_from_rules():
    """(0,0): P0 scores 5, P1 scores 5 -> tie -> (5,10); P0 6; P1 pigs out -> (11,22)."""
    pile = get_rules("hog_pile").after_turn
    assert pile(5, 0) == (5, 0, False)
    assert pile(5, 5) == (10, 5, False)
    assert pile(11, 10) == (11, 10, False)
    assert pile(11, 11) == (22, 11, False)


@pytest.mark.parametrize(
    "score, opponent, after", [(4, 2, (2, 4)), (11, 5, (11, 5)), (99, 16, (99, 16)), (100, 7, (7, 100))]
)
def test_swine_swap_examples(score, opponent, after):
    assert get_rules("swine_swap").after_turn(score, opponent) == (*after, False)


@pytest.mark.parametrize("score, raised", [(25, 36), (24, 24), (1, 4), (81, 100), (100, 121)])
def test_square_swine_examples(score, raised):
    assert get_rules("square_swine").after_turn(score, 3) == (raised, 3, False)


@pytest.mark.parametrize(
    "score, opponent, extra",
    [
        (8, 36, False),
        (20, 30, True),
        (24, 36, True),
        (36, 36, True),
        (15, 0, False),
        (11, 10, False),
        (7, 10, False),
        (28, 30, True),
    ],
)
def test_swine_align_and_pig_pass_examples(score, opponent, extra):
    assert get_rules("swine_align").after_turn(score, opponent) == (score, opponent, extra)


def test_pi_digits_match_known_digits_and_extend_beyond_the_course_table():
    assert "".join(str(pi_digit(n)) for n in range(50)) == PI_50
    # the Feynman point: six 9s from the 762nd digit; digits 991..1000 end in the 1000th, a 9
    assert "".join(str(pi_digit(n)) for n in range(762, 768)) == "999999"
    assert "".join(str(pi_digit(n)) for n in range(991, 1001)) == "2164201989"


def test_free_bacon_supports_any_score():
    free_bacon = get_rules("swine_align").zero_dice
    assert [free_bacon(0, n) for n in (100, 101, 150, 999)] == [pi_digit(n) + 3 for n in (100, 101, 150, 999)]


def test_unknown_rule_set_lists_valid_names():
    with pytest.raises(UnknownRuleSet) as caught:
        get_rules("pig_latin")
    message = str(caught.value)
    assert "pig_latin" in message and all(name in message for name in RULE_SETS)


@given(st.sampled_from(sorted(RULE_SETS)), st.integers(0, 300), st.integers(0, 300))
def test_after_turn_never_lowers_the_total(rules, score, opponent):
    new_score, new_opponent, extra = get_rules(rules).after_turn(score, opponent)
    assert new_score + new_opponent >= score + opponent
    assert isinstance(extra, bool)


@given(st.sampled_from(sorted(set(RULE_SETS) - {"hefty_hogs"})), st.integers(0, 500), st.integers(0, 500))
def test_zero_dice_scores_at_least_one(rules, score, opponent):
    assert get_rules(rules).zero_dice(score, opponent) >= 1


@given(st.integers(0, 500), st.integers(0, 500))
def test_hefty_hogs_scores_0_to_29(score, opponent):
    assert 0 <= get_rules("hefty_hogs").zero_dice(score, opponent) < 30
