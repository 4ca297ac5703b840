"""sus_fuss (Boar Brawl + Sus Fuss; fa23 to sp26): RULES.md's and COURSE_APIS.md's examples."""

from .common import Course, Named, Variant, rolls_zero_for_a_gain, without_after_turn

COURSE = Course(
    say=None,
    variants={
        "full rules": Variant(update="sus_update"),
        "simple_update": Variant(update="simple_update", rules=without_after_turn),
    },
    sessions={
        "boar_brawl": """
>>> from hog import *
>>> boar_brawl(21, 46), boar_brawl(45, 52), boar_brawl(2, 5), boar_brawl(52, 79), boar_brawl(0, 0)
(9, 1, 6, 15, 1)
>>> boar_brawl(7, 2), boar_brawl(72, 29), boar_brawl(5, 0), boar_brawl(109, 99)
(21, 1, 15, 1)
""",
        "take_turn": """
>>> from hog import *
>>> take_turn(2, 0, 0, make_test_dice(4, 5, 1))
9
>>> take_turn(3, 0, 0, make_test_dice(4, 6, 1))
1
>>> take_turn(0, 21, 46), take_turn(0, 72, 29)
(9, 1)
""",
        "num_factors and is_prime": """
>>> from hog import *
>>> num_factors(21), num_factors(25), num_factors(64), num_factors(1), num_factors(0)
(4, 3, 7, 1, 0)
>>> is_prime(23), is_prime(21), is_prime(1), is_prime(0)
(True, False, False, False)
""",
        "sus_points": """
>>> from hog import *
>>> [sus_points(score) for score in (21, 25, 62, 64, 86, 100, 1)]
[23, 29, 67, 64, 89, 100, 1]
""",
        "sus_update": """
>>> from hog import *
>>> simple_update(0, 15, 37), sus_update(0, 15, 37)
(21, 23)
>>> sus_update(0, 40, 22)
47
>>> simple_update(3, 11, 12, make_test_dice(4, 5, 6)), sus_update(3, 11, 12, make_test_dice(4, 5, 6))
(26, 29)
""",
        "play shows a Sus Fuss": """
>>> from hog import *
>>> play(always_roll(3), always_roll(0), sus_update, score0=11, score1=12, dice=make_test_dice(4, 5, 6), goal=30)
(44, 13)
>>> play(always_roll(3), always_roll(0), simple_update, score0=11, score1=12, dice=make_test_dice(4, 5, 6), goal=30)
(41, 13)
>>> play(always_roll(5), always_roll(3), sus_update, score0=91, score1=10, dice=make_test_dice(3))
(107, 10)
""",
        "is_always_roll": """
>>> from hog import *
>>> is_always_roll(always_roll_5), is_always_roll(always_roll(3)), is_always_roll(catch_up)
(True, True, False)
>>> late_change = lambda score, opponent_score: 5 if score < 150 else 6
>>> is_always_roll(late_change), is_always_roll(late_change, goal=200)
(True, False)
>>> is_always_roll(always_roll_5, goal=200)
True
>>> catch_up(9, 4), catch_up(17, 18)
(5, 6)
""",
        "make_averaged, either keyword": """
>>> from hog import *
>>> make_averaged(make_test_dice(3, 1, 5, 6), 1000)()
3.75
>>> make_averaged(roll_dice, times_called=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> make_averaged(roll_dice, samples_count=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> make_averaged(roll_dice, times_called=10, samples_count=10)
Traceback (most recent call last):
...
TypeError: make_averaged() takes times_called or samples_count, not both
""",
        "max_scoring_num_rolls, either keyword": """
>>> from hog import *
>>> max_scoring_num_rolls(make_test_dice(3), times_called=1000)
10
>>> max_scoring_num_rolls(make_test_dice(2), samples_count=1000)
10
>>> max_scoring_num_rolls(make_test_dice(1, 2))
1
>>> max_scoring_num_rolls(make_test_dice(3), times_called=10, samples_count=10)
Traceback (most recent call last):
...
TypeError: max_scoring_num_rolls() takes times_called or samples_count, not both
>>> import hog
>>> course_roll_dice = hog.roll_dice
>>> hog.roll_dice = lambda num_rolls, dice: {3: 9, 7: 9}.get(num_rolls, 4)
>>> max_scoring_num_rolls(six_sided, times_called=2)  # 3 and 7 tie: the lower
3
>>> hog.roll_dice = course_roll_dice
""",
        "strategies": """
>>> from hog import *
>>> boar_strategy(7, 2), boar_strategy(21, 46), boar_strategy(21, 46, threshold=9), boar_strategy(7, 2, num_rolls=4)
(0, 6, 0, 0)
>>> boar_strategy(21, 46, threshold=10, num_rolls=3)
3
>>> sus_strategy(15, 37), sus_strategy(15, 37, threshold=8), sus_strategy(40, 22, threshold=7)
(6, 0, 0)
>>> final_strategy(0, 0) in range(11), is_always_roll(final_strategy)
(True, False)
""",
    },
    named=Named("boar_strategy", "sus_strategy", "threshold", rolls_zero_for_a_gain, cases=((11, 6), (5, 3))),
)
