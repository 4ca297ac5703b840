"""Every example of RULES.md for the rule sets beyond the seeds, the
semester codes, and whole turns through ``RuleSet.next_state``."""

import pytest

from hog.dice import make_test_dice
from hog.game import play, take_turn
from hog.rules import RULE_SETS, SEMESTERS, State, get_rules
from hog.rules.after_turn import hefty_pile_gain, is_more_boar_su21

ZERO_DICE = [
    # (rules, player score, opponent score, points)
    *[
        ("sus_fuss", s, o, p)
        for s, o, p in [
            (21, 46, 9),
            (45, 52, 1),
            (2, 5, 6),
            (52, 79, 15),
            (0, 0, 1),
            (7, 2, 21),
            (72, 29, 1),
            (5, 0, 15),
            (109, 99, 1),
        ]
    ],
    *[("fuzzy_factors", s, o, p) for s, o, p in [(21, 46, 9), (45, 52, 1), (7, 2, 21)]],
    *[("pigs_on_prime", 0, o, p) for o, p in [(46, 2), (73, 11), (27, 1), (7, 1), (584, 12), (12345, 3)]],
    *[
        ("hefty_hogs", s, o, p)
        for s, o, p in [(5, 123, 9), (5, 456, 29), (3, 56, 0), (12, 5, 0), (6, 2, 18), (40, 0, 1)]
    ],
    *[("su21", 0, o, p) for o, p in [(14, 7), (9, 13), (156, 5), (0, 4)]],
    ("fa17", 0, 0, 1),
    ("fa17", 0, 47, 8),
    ("sp18", 0, 47, 5),
    ("su18", 0, 47, 9),
    ("fa18", 0, 47, 1),
    ("fa18", 0, 71, 13),
    ("sp17", 0, 47, 8),  # 1 + max(4, 7); Hogtimus Prime is the turn's (below)
    ("sp17", 0, 0, 1),
    ("sp19", 0, 47, 5),
    ("sp19", 0, 0, 1),
    ("su19", 0, 35, 7),
    ("su19", 0, 9, 10),
    ("fa19", 0, 35, 7),
    ("fa19", 0, 9, 10),
    ("sp20", 0, 4, 3),
    ("sp20", 0, 1, 2),
    ("su20", 0, 4, 6),
    ("su20", 0, 1, 9),
    ("su16", 0, 47, 8),
    ("sp16", 0, 47, 8),
    ("fa13", 0, 47, 8),
    ("fa14", 0, 47, 4),  # 1 + |4 - 7|
    ("fa14", 0, 90, 10),
    ("fa14", 0, 0, 1),
]


@pytest.mark.parametrize("rules, score, opponent, points", ZERO_DICE)
def test_zero_dice_examples(rules, score, opponent, points):
    assert get_rules(rules).zero_dice(score, opponent) == points


@pytest.mark.parametrize(
    "rules, score, raised",
    [
        *[("sus_fuss", s, r) for s, r in [(21, 23), (25, 29), (62, 67), (64, 64), (86, 89), (100, 100), (1, 1)]],
        *[("fuzzy_factors", s, r) for s, r in [(25, 29), (75, 79), (80, 84), (50, 60), (39, 39), (100, 100)]],
        *[("pigs_on_prime", s, r) for s, r in [(7, 11), (11, 13), (2, 3), (0, 0), (5, 7), (1, 2)]],
    ],
)
def test_score_raising_examples(rules, score, raised):
    assert get_rules(rules).after_turn(score, 20) == (raised, 20, False)


@pytest.mark.parametrize(
    "rules, start, num_rolls, dice, end",
    [
        ("sus_fuss", (15, 37), 0, (), 23),  # 15 + 6 = 21 -> 23
        ("sus_fuss", (40, 22), 0, (), 47),  # 46 -> 47
        ("sus_fuss", (11, 12), 3, (4, 5, 6), 29),  # 26 -> 29
        ("fuzzy_factors", (14, 27), 0, (), 24),  # 20 -> 24
        ("fuzzy_factors", (41, 42), 0, (), 60),  # 50 -> 60, not 64
    ],
)
def test_whole_turn_examples(rules, start, num_rolls, dice, end):
    rules = get_rules(rules)
    points = take_turn(num_rolls, *start, rules, make_test_dice(*dice) if dice else None)
    result = rules.next_state(State(start), num_rolls, points)
    assert result.state.scores == (end, start[1]) and not result.extra_turn


@pytest.mark.parametrize("score, opponent, gain", [(12, 72, 2), (439, 709, 9), (26, 26, 6), (12, 13, 0), (10, 20, 0)])
def test_hefty_hog_pile_examples(score, opponent, gain):
    assert hefty_pile_gain(score, opponent) == gain
    assert get_rules("hefty_hogs").after_turn(score, opponent) == (score + gain, opponent, False)


def test_pigs_on_prime_points_added_examples():
    raise_score = get_rules("pigs_on_prime").after_turn
    assert [raise_score(s, o)[0] - s for s, o in [(7, 7), (11, 26), (2, 76), (0, 20)]] == [4, 2, 1, 0]


@pytest.mark.parametrize("score, opponent, extra", [(25, 43, True), (7, 10, False), (709, 897, False)])
def test_su21_more_boar_examples(score, opponent, extra):
    assert is_more_boar_su21(score, opponent) is extra
    assert get_rules("su21").after_turn(score, opponent) == (score, opponent, extra)


@pytest.mark.parametrize(
    "rules, score, opponent, swapped",
    [
        ("fa17", 4, 12, True),
        ("fa17", 1, 5, False),
        ("fa17", 5, 7, False),
        ("sp18", 12, 36, True),
        ("su18", 13, 31, True),
        ("su18", 13, 13, False),
        ("fa18", 13, 75, True),
        ("fa18", 13, 76, False),
        ("sp17", 10, 20, True),
        ("sp17", 42, 21, True),
        ("sp17", 10, 21, False),
        ("sp19", 117, 14, True),  # tens
        ("sp19", 20, 30, True),  # ones
        ("sp19", 108, 7, False),
        ("sp19", 20, 0, False),  # 0 has no digits
        ("su19", 123, 41, True),
        ("su19", 7, 18, False),
        ("fa19", 23, 32, True),
        ("fa19", 7, 17, False),
        ("sp20", 1, 1, True),  # 3 ** 2 = 9
        ("sp20", 2, 1, False),  # 27
        ("su20", 12, 24, True),
        ("su20", 12, 25, False),
        ("su16", 111, 96, True),  # one distinct digit, also past the goal
        ("su16", 7, 50, True),
        ("su16", 100, 5, False),
        ("su16", 12, 21, False),
        ("sp16", 19, 91, True),
        ("sp16", 2, 20, True),  # 2 reads as 02
        ("sp16", 55, 55, True),
        ("sp16", 107, 70, True),
        ("sp16", 71, 107, False),
        ("fa14", 10, 20, True),
        ("fa14", 10, 21, False),
        ("fa13", 42, 21, True),
        ("fa13", 10, 21, False),
    ],
)
def test_swap_examples(rules, score, opponent, swapped):
    after = (opponent, score) if swapped else (score, opponent)
    assert get_rules(rules).after_turn(score, opponent) == (*after, False)


@pytest.mark.parametrize(
    "outcomes, points",
    [((1, 1, 1, 2, 2, 2, 2, 2, 2, 2), 1), ((1, 1), 2), ((1, 4, 1), 2), ((4, 6), 10), ((1,), 1)],
)
def test_sp17_pig_out_counts_the_ones(outcomes, points):
    """10 dice with three 1s score 1 (at most 11 - 10); two dice both 1 score 2."""
    assert take_turn(len(outcomes), 0, 0, "sp17", make_test_dice(*outcomes)) == points


@pytest.mark.parametrize(
    "start, num_rolls, dice, end",
    [
        ((10, 3), 2, (3, 4), (21, 3)),  # 7 is prime -> 11
        ((10, 3), 2, (1, 1), (13, 3)),  # Pig Out: two 1s score 2 -> 3
        ((10, 3), 1, (4,), (14, 3)),  # 4 is not prime
        ((10, 24), 0, (), (17, 24)),  # Free Bacon 1 + 4 = 5 is prime -> 7
        ((10, 34), 0, (), (34, 17)),  # 5 -> 7: 17 + 17 = 34, double -> swap
        ((10, 10), 2, (4, 6), (10, 20)),  # 10 points: 20 is double 10 -> swap
        ((3, 0), 1, (1,), (4, 0)),  # 1 is not prime
    ],
)
def test_sp17_whole_turns(start, num_rolls, dice, end):
    rules = get_rules("sp17")
    points = take_turn(num_rolls, *start, rules, make_test_dice(*dice) if dice else None)
    assert rules.next_state(State(start), num_rolls, points).state.scores == end


@pytest.mark.parametrize("scores, sides", [((0, 0), 4), ((3, 4), 4), ((50, 20), 4), ((3, 5), 6), ((1, 0), 6)])
def test_sp17_hog_wild_four_sided_dice_on_multiples_of_7(scores, sides):
    assert get_rules("sp17").dice_sides(*scores, 6) == sides


def test_sp17_first_turn_rolls_four_sided_dice():
    """The first turn (0 + 0 is a multiple of 7) rolls the four-sided die, then six-sided."""
    rolled = []

    def dice_of(sides):
        return lambda: rolled.append(sides) or 3

    play(lambda s, o: 2, lambda s, o: 2, "sp17", dice=dice_of(6), goal=10, dice_of=dice_of)
    assert rolled[:4] == [4, 4, 6, 6]


@pytest.mark.parametrize(
    "rules, start, num_rolls, dice, end",
    [
        ("su16", (96, 0), 3, (5, 5, 5), (0, 111)),  # 96 + 15 = 111: one distinct digit, swapped at the goal
        ("su16", (10, 3), 2, (3, 4), (21, 3)),  # 7 is prime -> 11
        ("su16", (3, 4), 5, (2,), (4, 6)),  # Hog Tied: one die (2 -> 3); 6 has one digit: swapped
        ("sp16", (10, 3), 3, (4, 1, 6), (10, 6)),  # Pig Out scores 0: Piggy Back gives the opponent 3
        ("sp16", (50, 95), 6, (1,), (50, 101)),  # Piggy Back can reach the goal on the mover's turn
        ("sp16", (10, 3), 2, (3, 4), (21, 3)),  # 7 -> 11
        ("sp16", (12, 19), 2, (3, 4), (23, 19)),  # 12 + 11 = 23: no swap (23 vs 19)
        ("sp16", (10, 81), 2, (4, 4), (81, 18)),  # 18 and 81 read reversed: swapped
        ("fa14", (10, 24), 0, (), (13, 24)),  # Free Bacon 1 + |2 - 4| = 3, not prime-bumped
        ("fa14", (14, 32), 0, (), (32, 16)),  # 1 + |3 - 2| = 2: 16 is half of 32, swapped
        ("fa13", (10, 3), 2, (3, 4), (17, 3)),  # no Hogtimus Prime
        ("fa16", (10, 3), 10, (5, 4, 3, 2, 1), (13, 3)),  # two 1s score 2, no cap; 2 -> 3
        ("fa16", (10, 2), 6, (4,), (29, 2)),  # six 4s: 24, then When Pigs Fly: min(24, 19)
        ("fa16", (10, 2), 2, (3, 4), (21, 2)),  # 7 -> 11; the cap for 2 dice is 23
        ("fa16", (10, 97), 0, (), (20, 97)),  # Free Bacon 1 + 9 = 10, below the zero-dice cap of 25
        ("fa16", (3, 8), -1, (), (8, 4)),  # Pork Chop: 1 point, then 4 is half of 8: swapped
        ("fa16", (98, 50), -1, (), (99, 50)),  # Pork Chop's 1 point: 99, not double 50
        ("fa16", (99, 50), -1, (), (50, 100)),  # 100 is double 50: swapped at the goal, the opponent wins
    ],
)
def test_older_whole_turns(rules, start, num_rolls, dice, end):
    ruleset = get_rules(rules)
    rolled = ruleset.dice_rolled(*start, num_rolls)
    points = take_turn(rolled, *start, ruleset, make_test_dice(*dice) if dice else None)
    assert ruleset.next_state(State(start), rolled, points).state.scores == end


def test_fa16_pork_chop_exchanges_the_dice_for_both_players_and_hog_wild_re_rolls():
    """RULES.md (fa16): every -1 toggles the shared dice_swapped (six-sided <-> four-sided for
    both players); where the scores sum to a multiple of 7 each odd outcome is rolled once more."""
    fa16 = get_rules("fa16")
    state = fa16.next_state(State((1, 5)), -1, 1).state  # player 0 chops
    assert state.dice_swapped and state.who == 1
    assert fa16.dice_sides(*state.mover_scores(), 6, state.dice_swapped) == 4  # player 1 rolls four-sided dice
    assert not fa16.next_state(state, -1, 1).state.dice_swapped  # a second -1 exchanges them back
    assert fa16.rerolled(3, 4) and not fa16.rerolled(3, 5)
    outcomes = iter([3, 6, 2, 5])
    drawn = []

    def die():
        drawn.append(next(outcomes))
        return drawn[-1]

    # At 0-0 (a multiple of 7) two dice: 3 is odd, so 6 stands, then 2: 8 points. Player 1 rolls 0 at
    # 0-8: Free Bacon 1 + 8 = 9 reaches the goal.
    assert play(lambda s, o: 2, lambda s, o: 0, "fa16", dice=die, goal=9) == (8, 9)
    assert drawn == [3, 6, 2]


def test_time_trot_example_game():
    """RULES.md (sp19_contest, always 1 die, dice always 3): turn 1 (1 % 5 == 1)
    gives player 1 an extra turn, turn 2 none; then turn 6 (6 % 5 == 1) again."""
    movers = []

    def strategy(who):
        return lambda score, opponent_score: movers.append(who) or 1

    play(strategy(0), strategy(1), "sp19_contest", dice=make_test_dice(3), goal=20)
    assert movers[:8] == [0, 1, 1, 0, 1, 0, 1, 1]


@pytest.mark.parametrize("rules, modulus", [("fa17_contest", 8), ("fa18_contest", 5), ("sp19_contest", 5)])
def test_time_trot_never_twice_in_a_row(rules, modulus):
    rules = get_rules(rules)
    assert rules.time_trot == modulus
    first = rules.next_state(State((0, 0), 0, turn=3), 3, 4)  # 3 dice on turn 3
    assert first.extra_turn and first.time_trot and first.state == State((4, 0), 0, turn=4, trot=True)
    second = rules.next_state(first.state, 4, 4)  # 4 dice on turn 4, but a Time Trot turn
    assert not second.extra_turn and second.state == State((8, 0), 1, turn=5 % modulus, trot=False)
    assert rules.after_turn == get_rules(rules.name.removesuffix("_contest")).after_turn


def test_swap_at_the_goal_hands_the_win_to_the_opponent():
    """fa17: reaching 100 against 50 (a multiple) swaps: the opponent holds 100."""
    assert get_rules("fa17").after_turn(100, 50) == (50, 100, False)


def test_fa19_feral_hogs_example_game():
    said = []

    def say(score0, score1):
        said.append((score0, score1))
        return say

    final = play(lambda s, o: 1, lambda s, o: 1, "fa19", dice=make_test_dice(3), goal=5, say=say)
    assert said == [(3, 0), (3, 3), (6, 3)] and final == (6, 3)


@pytest.mark.parametrize("rules", ["fa19", "sp20", "su20"])
def test_feral_hogs_bonus_from_the_previous_turn(rules):
    """Player 0 rolls 3 then 1 (a difference of 2 from its dice count, or from
    points that equal a dice count of 3), player 1 rolls 5 then 5."""
    ruleset = get_rules(rules)
    state = State((0, 0))
    remembered = 3 if rules == "fa19" else 1  # fa19 remembers dice; sp20/su20 points
    for num_rolls, points in [(3, 1), (5, 1)]:  # both pig out for 1 point
        state = ruleset.next_state(state, num_rolls, points).state
    assert state.previous == (remembered, 5 if rules == "fa19" else 1)
    result = ruleset.next_state(state, 1 if rules == "fa19" else 3, 1)
    assert result.bonus == 3


def test_feral_hogs_points_above_12_are_one_memory():
    memory = get_rules("sp20").memory
    assert [memory.remember(4, p) for p in (12, 13, 14, 24)] == [12, 13, 13, 13]
    assert all(memory.bonus(13, n) == 0 for n in range(11))


@pytest.mark.parametrize(
    "code, name",
    [
        ("fa24", "sus_fuss"),
        ("sp26", "sus_fuss"),
        ("fa23", "sus_fuss"),
        ("su20", "su20"),
        ("SP19", "sp19"),
        ("sp17", "sp17"),
        ("fa22", "square_swine"),
        ("sp23", "square_swine"),
        ("su23", "fuzzy_factors"),
        ("sp22", "hefty_hogs"),
        ("su22", "pigs_on_prime"),
        ("fa20", "swine_align"),
        ("sp21", "more_boar"),
        ("fa21", "hog_pile"),
        ("nju24", "swine_swap"),
        ("fa16", "fa16"),
        ("su16", "su16"),
        ("sp16", "sp16"),
        ("fa14", "fa14"),
        ("fa13", "fa13"),
        ("sp14", "fa13"),
    ],
)
def test_semester_codes(code, name):
    assert get_rules(code).name == name


def test_every_rule_set_has_semesters_and_wording():
    assert len(RULE_SETS) == 29
    contests = {name for name, rules in RULE_SETS.items() if rules.time_trot}
    assert contests == {"fa17_contest", "fa18_contest", "sp19_contest"}
    assert set(SEMESTERS.values()) == set(RULE_SETS) - contests
    for rules in RULE_SETS.values():
        assert (rules.semesters or rules.time_trot) and rules.zero_dice_rule and rules.after_turn_rule
    assert get_rules("square_swine").pig_out_rule == "Sow Sad"
    assert get_rules("swine_align").pig_out_rule == "Pig Out"
