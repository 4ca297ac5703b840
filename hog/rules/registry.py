"""Every rule set of the course, by name and by semester code."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from hog.rules import after_turn as after
from hog.rules import dice_rules, start
from hog.rules import zero_dice as zero
from hog.rules.model import Memory, RuleSet, UnknownRuleSet

__all__ = [
    "RULE_SETS",
    "SEMESTERS",
    "CURRENT_SEMESTER",
    "CURRENT_RULES",
    "DEFAULT_RULES",
    "get_rules",
    "semester_key",
    "semester_span",
    "FERAL_HOGS_DICE",
    "FERAL_HOGS_POINTS",
]

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


_ALL: tuple[RuleSet, ...] = (
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
        "sp19",
        zero.bacon_smaller_digit,
        after.swap_same_place_digit,
        "Free Bacon (1 + smaller digit); swap when the scores share a digit in the same place",
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
    RuleSet(
        "sp17",
        ("sp17",),
        "Hog Wild (4-sided dice on multiples of 7); Pig Out counts the 1s; Free Bacon (1 + larger digit); "
        "Hogtimus Prime; swap when one score doubles the other",
        "Free Bacon",
        "Swine Swap",
        PIG_OUT,
        _of_opponent(zero.bacon_largest_digit),
        after.swapping(after.swap_double),
        roll_points=dice_rules.pig_out_counting_ones,
        turn_points=dice_rules.hogtimus_prime,
        turn_dice=dice_rules.hog_wild,
        points_rule="Hogtimus Prime",
        dice_rule="Hog Wild",
    ),
    RuleSet(
        "su17",
        ("su17",),
        "Free Bacon (1 + larger digit); Hogtimus Prime; Perfect Piggy (a square or cube turn score exchanges "
        "six- and four-sided dice for both players); swap when one score doubles the other",
        "Free Bacon",
        "Swine Swap",
        PIG_OUT,
        _of_opponent(zero.bacon_largest_digit),
        after.swapping(after.swap_double),
        turn_points=dice_rules.hogtimus_prime,
        points_rule="Hogtimus Prime",
        swaps_dice=dice_rules.perfect_piggy,
        swap_rule="Perfect Piggy",
    ),
    RuleSet(
        "fa16",
        ("fa16",),
        "Hog Wild (odd outcomes re-rolled on multiples of 7); Pig Out counts the 1s (no cap); Free Bacon "
        "(1 + larger digit); Hogtimus Prime; When Pigs Fly (at most 25 - dice); Pork Chop (-1 scores 1 and "
        "exchanges six- and four-sided dice for both players); swap when one score doubles the other",
        "Free Bacon",
        "Swine Swap",
        PIG_OUT,
        _of_opponent(zero.bacon_largest_digit),
        after.swapping(after.swap_double),
        roll_points=dice_rules.pig_out_all_ones,
        turn_points=dice_rules.hogtimus_prime,
        points_rule="Hogtimus Prime",
        rerolls=dice_rules.hog_wild_reroll,
        dice_rule="Hog Wild",
        most_points=dice_rules.when_pigs_fly,
        cap_rule="When Pigs Fly",
        swaps_dice=dice_rules.pork_chop,
        swap_rule="Pork Chop",
        chop_points=dice_rules.PORK_CHOP_POINTS,
        chop_rule="Pork Chop",
    ),
    RuleSet(
        "su16",
        ("su16",),
        "Hog Wild (4-sided dice on multiples of 7); Hog Tied (at most 1 die when the sum ends in 7); "
        "Free Bacon (1 + larger digit); Hogtimus Prime; swap when the mover's score has one distinct digit",
        "Free Bacon",
        "Swine Swap",
        PIG_OUT,
        _of_opponent(zero.bacon_largest_digit),
        after.swapping(after.swap_one_digit),
        turn_points=dice_rules.hogtimus_prime,
        turn_dice=dice_rules.hog_wild,
        points_rule="Hogtimus Prime",
        dice_rule="Hog Wild",
        most_dice=dice_rules.hog_tied,
        limit_rule="Hog Tied",
    ),
    RuleSet(
        "sp16",
        ("sp16",),
        "Hog Wild (4-sided dice on multiples of 7); Pig Out scores 0; Piggy Back (a 0-point turn gives the "
        "opponent the dice count); Free Bacon (1 + larger digit); Hogtimus Prime; swap on reversed last two digits",
        "Free Bacon",
        "Swine Swap",
        PIG_OUT,
        _of_opponent(zero.bacon_largest_digit),
        after.swapping(after.swap_reversed_digits),
        roll_points=dice_rules.pig_out_zero,
        turn_points=dice_rules.hogtimus_prime,
        turn_dice=dice_rules.hog_wild,
        points_rule="Hogtimus Prime",
        dice_rule="Hog Wild",
        opponent_points=dice_rules.piggy_back,
        opponent_rule="Piggy Back",
    ),
    RuleSet(
        "fa14",
        ("fa14",),
        "Hog Wild (4-sided dice on multiples of 7); Free Bacon (1 + |tens - ones|); "
        "swap when one score doubles the other; bid_for_start may set the start",
        "Free Bacon",
        "Swine Swap",
        PIG_OUT,
        _of_opponent(zero.bacon_one_plus_difference),
        after.swapping(after.swap_double),
        turn_dice=dice_rules.hog_wild,
        dice_rule="Hog Wild",
        bidding=start.bid_for_start,
    ),
    RuleSet(
        "fa13",
        ("fa13", "sp14"),
        "Hog Wild (4-sided dice on multiples of 7); Free Bacon (1 + larger digit); "
        "swap when one score doubles the other",
        "Free Bacon",
        "Swine Swap",
        PIG_OUT,
        _of_opponent(zero.bacon_largest_digit),
        after.swapping(after.swap_double),
        turn_dice=dice_rules.hog_wild,
        dice_rule="Hog Wild",
    ),
)


def _contest(semester: RuleSet, modulus: int) -> RuleSet:
    """The rule set of SEMESTER's strategy contest: its rules plus Time Trot modulo MODULUS."""
    return replace(
        semester,
        name=f"{semester.name}_contest",
        semesters=(),
        summary=f"{semester.summary}; Time Trot (M = {modulus}): rolling turn number mod {modulus} dice "
        "earns an extra turn, never twice in a row",
        after_turn_rule=f"{semester.after_turn_rule}, Time Trot",
        time_trot=modulus,
    )


_BY_NAME = {rules.name: rules for rules in _ALL}
_ALL += (_contest(_BY_NAME["fa17"], 8), _contest(_BY_NAME["fa18"], 5), _contest(_BY_NAME["sp19"], 5))

RULE_SETS: dict[str, RuleSet] = {rules.name: rules for rules in _ALL}

#: Semester code -> rule-set name.
SEMESTERS: dict[str, str] = {code: rules.name for rules in _ALL for code in rules.semesters}

#: The terms of a year, in order, as semester codes begin.
_TERMS = ("sp", "su", "fa")
#: What a semester code looks like (``fa26``, ``nju24``), known or not.
_SEMESTER_CODE = re.compile(r"[a-z]{2,3}[0-9]{2}")


def semester_key(code: str) -> tuple[int, int] | None:
    """(year, term) of a semester code for ordering (spring, summer, fall); None if it is not one.

    >>> semester_key("fa23") < semester_key("sp24") < semester_key("su24"), semester_key("nju24")
    (True, None)
    """
    term, year = code[:2], code[2:]
    if term not in _TERMS or len(year) != 2 or not year.isdigit():
        return None
    return int(year), _TERMS.index(term)


def _next_semester(key: tuple[int, int]) -> tuple[int, int]:
    year, term = key
    return (year + 1, 0) if term == len(_TERMS) - 1 else (year, term + 1)


def semester_span(codes: Sequence[str]) -> str:
    """CODES for people: three or more consecutive semesters as ``first–last``.

    >>> semester_span(("fa23", "sp24", "su24", "fa24")), semester_span(("fa22", "sp23"))
    ('fa23–fa24', 'fa22 sp23')
    >>> semester_span(("fa17", "fa18", "fa19"))
    'fa17 fa18 fa19'
    """
    keys = [key for key in map(semester_key, codes) if key is not None]
    steps = zip(keys, keys[1:], strict=False)
    if len(codes) < 3 or len(keys) < len(codes) or any(_next_semester(a) != b for a, b in steps):
        return " ".join(codes)
    return f"{codes[0]}–{codes[-1]}"


def _latest_semester() -> str:
    known = {code: key for code in SEMESTERS if (key := semester_key(code)) is not None}
    return max(known, key=known.__getitem__)


#: The latest semester the project knows, and its rule set (the current course's).
CURRENT_SEMESTER: str = _latest_semester()
CURRENT_RULES: str = SEMESTERS[CURRENT_SEMESTER]


def get_rules(name: str | RuleSet) -> RuleSet:
    """The rule set of that name or semester code (a RuleSet passes through).

    >>> get_rules("hog_pile").name, get_rules("fa24").name, get_rules("FA19").name
    ('hog_pile', 'sus_fuss', 'fa19')
    >>> get_rules("pig_latin")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hog.rules.model.UnknownRuleSet: unknown rule set 'pig_latin'; valid names: more_boar, hog_pile, ...
    >>> get_rules("fa26")
    Traceback (most recent call last):
    ...
    hog.rules.model.UnknownRuleSet: unknown rule set or semester 'fa26'; the latest is sus_fuss (fa23–sp26)
    """
    if isinstance(name, RuleSet):
        return name
    if isinstance(name, str):
        key = name.strip().lower()
        key = SEMESTERS.get(key, key)
        if key in RULE_SETS:
            return RULE_SETS[key]
        if _SEMESTER_CODE.fullmatch(key):
            latest = (CURRENT_RULES, semester_span(RULE_SETS[CURRENT_RULES].semesters))
            raise UnknownRuleSet(name, list(RULE_SETS), latest)
    raise UnknownRuleSet(name, list(RULE_SETS))
