"""swine_align (seed 004, fa20): the seed's and RULES.md's examples, the
course's ok test cases of that semester."""

import course_reference as reference

from .common import Course, Named, Variant, grid, rolls_zero_for_the_rule, singles


def pairs(text: str) -> list[tuple[int, int]]:
    return [tuple(map(int, pair.split(","))) for pair in text.split()]


# The course's free_bacon cases (opponent score -> points) and RULES.md's.
FREE_BACON = {0: 6, 1: 4, 2: 7, 3: 4, 4: 8, 13: 10, 44: 12, 37: 4, 40: 4, 24: 6, 46: 6, 99: 10, 10: 8, 47: 10, 67: 11}
FREE_BACON |= {92: 7, 9: 6, 25: 6, 75: 9, 82: 9, 88: 11, 72: 9, 41: 9, 15: 6, 42: 12, 93: 5, 73: 5, 83: 5, 34: 11}
FREE_BACON |= {53: 5, 19: 7, 85: 3}

# The course's cases of the extra-turn rules: (player, opponent) pairs.
SWINE_ALIGN_TRUE = """11,22 36,24 15,45 12,72 91,78 23,92 51,68 77,22 48,32 50,80 10,10 96,16 26,91 93,62 90,15
48,84 38,19 57,19 30,15 33,66 45,60 96,24 26,78 77,11 85,68 76,19 70,80 28,84 65,13 20,70 24,12 55,22 42,56 13,65
44,77 52,13 26,39 31,31 98,56 66,99 17,34 60,84 50,75 48,16 20,30 24,36 36,36 30,45"""
SWINE_ALIGN_FALSE = """2,4 27,13 23,22 15,0 47,64 15,72 24,3 46,55 73,99 92,54 48,74 12,5 19,69 3,64 62,90 87,16
7,88 91,7 35,12 51,92 64,49 35,45 51,81 45,40 96,11 57,96 24,81 11,87 38,54 63,40 60,51 75,73 86,24 8,36"""
PIG_PASS_TRUE = """28,30 22,23 28,29 27,29 27,28 96,98 11,12 1,3 2,3 75,77 18,20 56,57 9,11 76,78 24,25 97,98 5,7
7,9 92,94 98,99 43,44 55,56 43,45 15,16 46,48 83,84 19,21 20,21 64,66 97,99 52,54 12,13 51,52 65,67 94,96 24,26
38,39 79,81 82,83 88,89 95,97 10,12 29,30"""
PIG_PASS_FALSE = """5,4 13,10 7,10 23,23 3,92 47,64 15,72 24,3 46,55 73,99 92,54 48,74 12,5 19,69 3,64 62,90 87,16
7,88 91,7 35,12 51,92 64,49 35,45 51,81 45,40 96,11 57,96 24,81 11,87 38,54 63,40 60,51 75,73 86,24 19,46 18,46
11,10 9,12 12,12 13,12"""

# The course's extra_turn_strategy cases: score, opponent, cutoff, num_rolls -> dice.
EXTRA_TURN_STRATEGY = """
10 19 8 6 0; 30 54 7 6 6; 17 36 100 6 0; 24 5 1 6 0; 47 64 3 4 0; 66 78 14 1 0; 75 7 2 2 0; 24 3 8 1 1;
46 55 5 2 0; 65 55 3 2 0; 73 99 10 1 0; 46 56 2 1 0; 31 20 13 6 0; 92 54 1 7 0; 31 57 4 3 0; 32 45 12 5 0;
33 30 0 3 0; 48 74 16 7 7; 59 16 15 2 0; 12 5 0 8 0; 60 65 10 3 0; 84 89 3 4 0; 19 69 17 3 3; 22 34 5 2 0;
96 40 19 1 0; 66 71 1 9 0; 33 76 8 5 0; 68 22 11 9 0; 3 64 17 2 2; 23 44 18 9 9; 76 83 19 4 0; 90 76 7 3 0;
48 62 14 6 0; 34 40 0 10 0; 17 46 3 10 0; 87 16 2 8 0; 50 57 5 10 0; 7 88 2 3 0; 32 56 10 1 0; 11 11 8 10 0;
98 30 8 2 0; 51 75 16 5 0; 78 30 14 5 0; 1 66 1 2 0; 91 7 5 9 0; 35 12 2 1 0; 51 92 14 8 8; 64 49 16 4 4;
35 45 3 1 0; 24 12 17 7 0; 2 22 8 9 0; 72 95 1 8 0; 51 81 4 1 0; 45 40 18 6 6; 96 11 13 2 2; 57 96 9 6 0;
48 30 0 10 0; 61 33 2 8 0; 14 26 2 3 0; 75 98 15 2 0; 24 12 2 1 0; 16 40 7 9 0; 31 19 19 10 0; 11 36 7 10 0;
72 50 9 3 0; 78 54 18 1 0; 24 81 9 4 0; 11 87 18 1 1"""
EXTRA_TURN_CASES = [tuple(map(int, case.split())) for case in EXTRA_TURN_STRATEGY.split(";")]

COURSE = Course(
    sessions={
        "q02 free_bacon": """
>>> from hog import *
>>> free_bacon(0)
6
>>> free_bacon(1)
4
>>> free_bacon(2)
7
>>> free_bacon(3)
4
>>> free_bacon(4)
8
>>> free_bacon(13)
10
>>> FIRST_101_DIGITS_OF_PI == int("31415926535897932384626433832795028841971693993751"
...                               "058209749445923078164062862089986280348253421170679")
True
""",
        "q03 take_turn": """
>>> from hog import *
>>> take_turn(2, 0, make_test_dice(4, 5, 1))
9
>>> take_turn(3, 0, make_test_dice(4, 6, 1))
1
>>> take_turn(0, 2)
7
>>> take_turn(0, 0)
6
>>> take_turn(0, 1)
4
>>> take_turn(2, 0, make_test_dice(6))
12
>>> take_turn(9, 0, make_test_dice(4))
36
>>> take_turn(7, 0, make_test_dice(4))
28
>>> take_turn(8, 0, make_test_dice(5))
40
""",
        "q03 take_turn calls roll_dice": """
>>> import hog
>>> def roll_dice(num_rolls, dice):
...     print("Called roll dice!")
...     return 9002
...
>>> hog.roll_dice, old_roll_dice = roll_dice, hog.roll_dice
>>> hog.take_turn(5, 0) # Make sure you call roll_dice!
Called roll dice!
9002
>>> hog.roll_dice = old_roll_dice     # teardown
""",
        "q05 play": """
>>> import hog
>>> always_three = hog.make_test_dice(3)
>>> always = hog.always_roll
>>> # Play function stops at goal
>>> hog.play(always(5), always(3), score0=91, score1=10, dice=always_three)
(106, 10)
>>> # Goal score is not hardwired
>>> hog.play(always(5), always(5), goal=10, dice=always_three)
(15, 0)
>>> # Extra turn from swine align
>>> hog.play(always(5), always(5), goal=25, dice=always_three)
(15, 30)
>>> hog.play(always(5), always(5), goal=15, dice=always_three)
(15, 0)
>>> always_seven = hog.make_test_dice(7)
>>> strat0 = lambda score, opponent: opponent % 10
>>> strat1 = lambda score, opponent: max((score // 10) - 4, 0)
>>> hog.play(strat0, strat1, score0=71, score1=80, dice=always_seven)
(83, 108)
>>> # Player 0 win
>>> hog.play(always(4), always(4), score0=88, score1=87, dice=always_three)
(100, 87)
>>> # Free bacon refers to correct opponent score
>>> hog.play(always(0), always(0), score0=8, score1=95, dice=always_three)
(12, 107)
>>> # Handle multiple turns with stacking extra turns
>>> hog.play(always(1), always(1), goal=25, dice=hog.make_test_dice(5, 10, 3, 1, 11, 6))
(26, 10)
""",
        "q06 commentary in play": """
>>> from hog import play, always_roll
>>> from dice import make_test_dice
>>> def echo(s0, s1):
...     print(s0, s1)
...     return echo
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5, say=echo)
3 0
3 3
6 3
>>> def count(n):
...     def say(s0, s1):
...         print(n, s0)
...         return count(n + 1)
...     return say
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(5), goal=10, say=count(1))
1 5
2 5
3 10
>>> strat0 = lambda score, opponent: 1 - opponent // 10
>>> strat1 = always_roll(3)
>>> s0, s1 = play(strat0, strat1, dice=make_test_dice(4, 2, 6), goal=15, say=echo)
4 0
4 12
16 12
>>> # Ensure that say is properly updated within the body of play.
>>> def total(s0, s1):
...     print(s0 + s1)
...     return echo
>>> def echo(s0, s1):
...     print(s0, s1)
...     return total
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(2, 5), goal=10, say=echo)
2 0
7
4 5
14
9 7
21
""",
        "q06 both": """
>>> from hog import play, always_roll, both, announce_lead_changes, say_scores
>>> from dice import make_test_dice
>>> def echo_0(s0, s1):
...     print('*', s0)
...     return echo_0
>>> def echo_1(s0, s1):
...     print('**', s1)
...     return echo_1
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(2), goal=3, say=both(echo_0, echo_1))
* 2
** 0
* 2
** 2
* 4
** 2
>>> s0, s1 = play(always_roll(3), always_roll(3), dice=make_test_dice(1, 2, 3, 3), goal=8,
...               say=both(say_scores, announce_lead_changes()))
Player 0 now has 1 and Player 1 now has 0
Player 0 takes the lead by 1
Player 0 now has 1 and Player 1 now has 1
Player 0 now has 2 and Player 1 now has 1
Player 0 takes the lead by 1
Player 0 now has 2 and Player 1 now has 9
Player 1 takes the lead by 7
""",
        "q07 announce_highest": """
>>> from hog import *
>>> f0 = announce_highest(1) # Only announce Player 1 score gains
>>> f1 = f0(12, 0)
>>> f2 = f1(12, 10)
10 point(s)! The most yet for Player 1
>>> f3 = f2(20, 10)
>>> f4 = f3(22, 20)
>>> f5 = f4(22, 35)
15 point(s)! The most yet for Player 1
>>> f6 = f5(30, 47) # Player 1 gets 12 points; not enough for a new high
>>> f7 = f6(31, 47)
>>> f8 = f7(32, 77)
30 point(s)! The most yet for Player 1
>>> f9 = f8(83, 32)
>>> f10 = f9(38, 83)
51 point(s)! The most yet for Player 1
>>> # The only side effect of a commentary function should be to print.
>>> f2_again = f1(11, 9)
9 point(s)! The most yet for Player 1
>>> announce_both = both(announce_highest(0), announce_highest(1))
>>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(5, 3, 5), goal=10, say=announce_both)
5 point(s)! The most yet for Player 0
3 point(s)! The most yet for Player 1
5 point(s)! The most yet for Player 1
""",
        "q08 make_averaged": """
>>> from hog import *
>>> dice = make_test_dice(4, 2, 5, 1)
>>> averaged_dice = make_averaged(dice, 1000)
>>> averaged_dice()
3.0
""",
        "q09 max_scoring_num_rolls": """
>>> from hog import *
>>> dice = make_test_dice(1, 6)
>>> max_scoring_num_rolls(dice)
1
""",
        "other": """
>>> from hog import *
>>> other(0)
1
>>> other(1)
0
""",
        "extra turns stack": """
>>> from hog import *
>>> # RULES.md's clarification: 10 vs 20 (Swine Align), 18 vs 20 (Pig Pass),
>>> # 30 vs 20 (Swine Align), then a fourth turn in a row.
>>> counts = iter([1, 1, 2, 1])
>>> strategy = lambda score, opponent_score: next(counts)
>>> play(strategy, strategy, 0, 20, make_test_dice(10, 8, 6, 6, 2), goal=32, say=say_scores)
Player 0 now has 10 and Player 1 now has 20
Player 0 now has 18 and Player 1 now has 20
Player 0 now has 30 and Player 1 now has 20
Player 0 now has 32 and Player 1 now has 20
(32, 20)
""",
        "announce_highest wording": """
>>> from hog import *
>>> f = announce_highest(1)(0, 0)(0, 9)
9 point(s)! The most yet for Player 1
>>> f = f(12, 9)
""",
    },
    examples={
        "free_bacon (the course's and RULES.md's)": {
            f"free_bacon({score})": points for score, points in FREE_BACON.items()
        },
        "swine_align (the course's)": {
            **{f"swine_align({p}, {o})": True for p, o in pairs(SWINE_ALIGN_TRUE)},
            **{f"swine_align({p}, {o})": False for p, o in pairs(SWINE_ALIGN_FALSE)},
        },
        "pig_pass (the course's)": {
            **{f"pig_pass({p}, {o})": True for p, o in pairs(PIG_PASS_TRUE)},
            **{f"pig_pass({p}, {o})": False for p, o in pairs(PIG_PASS_FALSE)},
        },
        "extra_turn_strategy (the course's)": {
            f"extra_turn_strategy({s}, {o}, {cutoff}, {num_rolls})": dice
            for s, o, cutoff, num_rolls, dice in EXTRA_TURN_CASES
        },
    },
    named=Named(
        "bacon_strategy",
        "extra_turn_strategy",
        "cutoff",
        rolls_zero_for_the_rule,
        cases=((8, 6), (10, 5), (1, 4), (13, 2), (0, 10)),
    ),
    variants={"full rules": Variant(reference="swine_align")},
    references={
        "free_bacon": (reference.free_bacon, singles(range(1200))),
        "swine_align": (reference.swine_align, grid(range(150), range(150))),
        "pig_pass": (reference.pig_pass, grid(range(150), range(150))),
        "extra_turn": (
            lambda p, o: reference.swine_align(p, o) or reference.pig_pass(p, o),
            grid(range(150), range(150)),
        ),
    },
)
