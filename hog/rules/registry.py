"""Every rule set of the course, by name and by semester code."""

from __future__ import annotations

from collections.abc import Callable

from hog.rules import after_turn as after
from hog.rules import zero_dice as zero
from hog.rules.model import Memory, RuleSet, UnknownRuleSet

__all__ = ["RULE_SETS", "SEMESTERS", "DEFAULT_RULES", "get_rules", "FERAL_HOGS_DICE", "FERAL_HOGS_POINTS"]

DEFAULT_RULES = "sus_fuss"

PIG_OUT = "Pig Out"
SOW_SAD = "Sow Sad"


def _of_opponent(rule: Callable[[int], int]) -> Callable[[int, int], int]:
    """RULE of the opponent's score in the common form ``(score, opponent_score)``."""

    def zero_dice(score: int, opponent_score: int) -> int:
        return rule(opponent_score)

    zero_dice.__name__ = zero_dice.__qualname__ = rule.__name__
    zero_dice.__doc__ = rule.__doc__
    return zero_dice


def _remember_dice(num_rolls: int, points: int) -> int:
    """Feral Hogs (fa19) remembers the dice count."""
    return num_rolls


def _remember_points(num_rolls: int, points: int) -> int:
    """Feral Hogs (sp20, su20) remembers the points (13 and more act alike).

    >>> _remember_points(5, 12), _remember_points(5, 13), _remember_points(5, 40)
    (12, 13, 13)
    """
    return min(points, 13)


FERAL_HOGS_DICE = Memory("Feral Hogs", "dice count", 11, _remember_dice, after.feral_hogs_bonus)
FERAL_HOGS_POINTS = Memory("Feral Hogs", "points", 14, _remember_points, after.feral_hogs_bonus)


def _swap_years(
    name: str, bacon: Callable[[int], int], is_swap: Callable[[int, int], bool], summary: str, memory: Memory | None
) -> RuleSet:
    """A rule set of the Free Bacon / Swine Swap years (fa17 .. su20)."""
    return RuleSet(
        name,
        (name,),
        summary,
        "Free Bacon",
        "Swine Swap",
        PIG_OUT,
        _of_opponent(bacon),
        after.swapping(is_swap),
        memory,
    )


_ALL = (
    RuleSet(
        "more_boar",
        ("sp21",),
        "Piggy Points (smallest digit of opp^2 + 3); More Boar extra turns",
        "Piggy Points",
        "More Boar",
        PIG_OUT,
        _of_opponent(zero.piggy_points),
        after.more_boar,
    ),
    RuleSet(
        "hog_pile",
        ("fa21",),
        "Picky Piggy (digits of 1/7); Hog Pile doubles a score that ties",
        "Picky Piggy",
        "Hog Pile",
        PIG_OUT,
        _of_opponent(zero.picky_piggy_sevenths),
        after.hog_pile,
    ),
    RuleSet(
        "swine_swap",
        ("nju24",),
        "Picky Piggy (2|tens-ones|+1); Swine Swap on perfect squares",
        "Picky Piggy",
        "Swine Swap",
        PIG_OUT,
        _of_opponent(zero.tens_ones_points),
        after.swine_swap,
    ),
    RuleSet(
        "square_swine",
        ("fa22", "sp23"),
        "Pig Tail (2|tens-ones|+1); Square Swine raises perfect squares",
        "Pig Tail",
        "Square Swine",
        SOW_SAD,
        _of_opponent(zero.tens_ones_points),
        after.square_swine,
    ),
    RuleSet(
        "swine_align",
        ("fa20",),
        "Free Bacon (pi digits + 3); Swine Align and Pig Pass extra turns",
        "Free Bacon",
        "Swine Align / Pig Pass",
        PIG_OUT,
        _of_opponent(zero.free_bacon_pi),
        after.swine_align_or_pig_pass,
    ),
    RuleSet(
        "sus_fuss",
        ("fa23", "sp24", "su24", "fa24", "sp25", "su25", "fa25", "sp26"),
        "Boar Brawl (3|opp tens - own ones|); Sus Fuss: 3 or 4 divisors rise to the next prime",
        "Boar Brawl",
        "Sus Fuss",
        SOW_SAD,
        zero.boar_brawl,
        after.sus_fuss,
    ),
    RuleSet(
        "fuzzy_factors",
        ("su23",),
        "Boar Brawl (3|opp tens - own ones|); Fuzzy Factors: gcd with 100 above 10 adds 2 x its tens",
        "Boar Brawl",
        "Fuzzy Factors",
        SOW_SAD,
        zero.boar_brawl,
        after.fuzzy_factors,
    ),
    RuleSet(
        "pigs_on_prime",
        ("su22",),
        "Oink Points (2 x tens - ones); Pigs on Prime: a prime score rises to the next prime",
        "Oink Points",
        "Pigs on Prime",
        SOW_SAD,
        zero.oink_points,
        after.pigs_on_prime,
    ),
    RuleSet(
        "hefty_hogs",
        ("sp22",),
        "Hefty Hogs (digit functions, can score 0); Hog Pile: equal ones digits add that digit",
        "Hefty Hogs",
        "Hog Pile",
        SOW_SAD,
        zero.hefty_hogs,
        after.hefty_hog_pile,
    ),
    RuleSet(
        "su21",
        ("su21",),
        "Piggy Points (4 + |tens - ones|); More Boar (smallest/largest digit) extra turns",
        "Piggy Points",
        "More Boar",
        PIG_OUT,
        _of_opponent(zero.piggy_points_su21),
        after.more_boar_su21,
    ),
    _swap_years(
        "su20",
        zero.bacon_tens_minus_ones,
        after.swap_ones_difference,
        "Free Bacon (10 + tens - ones); Feral Hogs (previous points); swap when |ones - ones| = opp tens",
        FERAL_HOGS_POINTS,
    ),
    _swap_years(
        "sp20",
        zero.bacon_cube,
        after.swap_power_of_three,
        "Free Bacon (digits of the cube); Feral Hogs (previous points); swap on powers of 3",
        FERAL_HOGS_POINTS,
    ),
    _swap_years(
        "fa19",
        zero.bacon_min_digit,
        after.swap_leading_times_ones,
        "Free Bacon (10 - min digit); Feral Hogs (previous dice); swap when first x last digit match",
        FERAL_HOGS_DICE,
    ),
    _swap_years(
        "su19",
        zero.bacon_min_digit,
        after.swap_leading_ones,
        "Free Bacon (10 - min digit); swap when the leading digit equals the opponent's ones",
        None,
    ),
    _swap_years(
        "fa18",
        zero.bacon_twice_tens,
        after.swap_digit_difference,
        "Free Bacon (2 x tens - ones); swap when |tens - ones| match",
        None,
    ),
    _swap_years(
        "su18",
        zero.bacon_product,
        after.swap_ones_tens,
        "Free Bacon (1 + tens x ones mod 10); swap when own ones equals the opponent's tens",
        None,
    ),
    _swap_years(
        "sp18",
        zero.bacon_difference,
        after.swap_multiples,
        "Free Bacon (2 + |tens - ones|); swap on multiples",
        None,
    ),
    _swap_years(
        "fa17",
        zero.bacon_largest_digit,
        after.swap_multiples,
        "Free Bacon (1 + largest digit); swap on multiples",
        None,
    ),
)

RULE_SETS: dict[str, RuleSet] = {rules.name: rules for rules in _ALL}

#: Semester code -> rule-set name.
SEMESTERS: dict[str, str] = {code: rules.name for rules in _ALL for code in rules.semesters}


def get_rules(name: str | RuleSet) -> RuleSet:
    """The rule set of that name or semester code (a RuleSet passes through).

    >>> get_rules("hog_pile").name, get_rules("fa24").name, get_rules("FA19").name
    ('hog_pile', 'sus_fuss', 'fa19')
    >>> get_rules("pig_latin")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hog.rules.model.UnknownRuleSet: unknown rule set 'pig_latin'; valid names: more_boar, hog_pile, ...
    """
    if isinstance(name, RuleSet):
        return name
    if isinstance(name, str):
        key = name.strip().lower()
        key = SEMESTERS.get(key, key)
        if key in RULE_SETS:
            return RULE_SETS[key]
    raise UnknownRuleSet(name, list(RULE_SETS))
