"""fuzzy_factors (Boar Brawl + Fuzzy Factors; su23): RULES.md's and COURSE_APIS.md's examples."""

from .common import Course, Named, Variant, rolls_zero_for_a_gain, without_after_turn

COURSE = Course(
    say=None,
    variants={
        "full rules": Variant(update="fuzzy_update"),
        "simple_update": Variant(update="simple_update", rules=without_after_turn),
    },
    sessions={
        "boar_brawl": """
>>> from hog import *
>>> boar_brawl(21, 46), boar_brawl(45, 52), boar_brawl(2, 5), boar_brawl(52, 79), boar_brawl(0, 0)
(9, 1, 6, 15, 1)
>>> boar_brawl(7, 2), boar_brawl(72, 29), boar_brawl(5, 0), boar_brawl(109, 99)
(21, 1, 15, 1)
>>> take_turn(0, 14, 27), take_turn(2, 0, 0, make_test_dice(4, 5, 1))
(6, 9)
""",
        "hog_gcd, and no gcd": """
>>> from hog import *
>>> hog_gcd(0, 5), hog_gcd(5, 0), hog_gcd(12, 18), hog_gcd(25, 100)
(5, 5, 6, 25)
>>> 'gcd' in dir(), 'hog_gcd' in dir()
(False, True)
""",
        "fuzzy_points": """
>>> from hog import *
>>> [fuzzy_points(score) for score in (25, 75, 80, 50, 39, 100)]
[29, 79, 84, 60, 39, 100]
>>> simple_update(0, 14, 27), fuzzy_update(0, 14, 27)
(20, 24)
>>> simple_update(0, 41, 42), fuzzy_update(0, 41, 42)
(50, 60)
""",
        "play shows Fuzzy Factors": """
>>> from hog import *
>>> play(always_roll(0), always_roll(2), fuzzy_update, score0=41, score1=42, dice=make_test_dice(3), goal=70)
(72, 48)
>>> play(always_roll(0), always_roll(2), simple_update, score0=41, score1=42, dice=make_test_dice(3), goal=70)
(71, 54)
""",
        "is_always_roll": """
>>> from hog import *
>>> late_change = lambda score, opponent_score: 5 if opponent_score < 150 else 6
>>> is_always_roll(late_change), is_always_roll(late_change, goal=200), is_always_roll(catch_up)
(True, False, False)
""",
        "make_averaged and max_scoring_num_rolls": """
>>> from hog import *
>>> make_averaged(roll_dice, total_samples=1000)(2, make_test_dice(3, 1, 5, 6))
6.0
>>> max_scoring_num_rolls(make_test_dice(3), total_samples=1000), max_scoring_num_rolls(make_test_dice(1, 2))
(10, 1)
""",
        "strategies": """
>>> from hog import *
>>> boar_strategy(7, 2), boar_strategy(21, 46), boar_strategy(21, 46, threshold=9)
(0, 6, 0)
>>> boar_strategy(52, 79), boar_strategy(52, 79, threshold=16, num_rolls=2)
(0, 2)
>>> fuzzy_strategy(41, 42), fuzzy_strategy(14, 27), fuzzy_strategy(14, 27, threshold=10)
(0, 6, 0)
""",
    },
    named=Named("boar_strategy", "fuzzy_strategy", "threshold", rolls_zero_for_a_gain, cases=((12, 6), (5, 3))),
)
