"""The names of the library's strategies, rule set by rule set, without the strategies.

Refusing a stored name that is, or looks like, a library strategy
(``strategies.names.strategy_name``) needs only the names, and building the
strategies needs numpy and the exact solver. So the names live here, with
nothing heavier than ``hog.rules`` under them: the course's two named
strategies of each rule set, the rule sets with ``catch_up``, the solved
built-ins and the families. ``strategies.library`` builds its entries from
these names, and a test checks that both give the same names, in the same
order, for every rule set.
"""

from __future__ import annotations

from hog.rules import get_rules

__all__ = ["COURSE_NAMES", "CATCH_UP_RULES", "SOLVED_NAMES", "FAMILY_NAMES", "library_names"]

#: Each rule set's two named course strategies: (the zero-dice strategy, the rule strategy).
COURSE_NAMES: dict[str, tuple[str, str]] = {
    "more_boar": ("piggypoints_strategy", "more_boar_strategy"),
    "hog_pile": ("picky_piggy_strategy", "hog_pile_strategy"),
    "swine_swap": ("picky_strategy", "swine_strategy"),
    "square_swine": ("tail_strategy", "square_strategy"),
    "swine_align": ("bacon_strategy", "extra_turn_strategy"),
    "sus_fuss": ("boar_strategy", "sus_strategy"),
    "fuzzy_factors": ("boar_strategy", "fuzzy_strategy"),
    "pigs_on_prime": ("oink_points_strategy", "pigs_on_prime_strategy"),
    "hefty_hogs": ("hefty_hogs_strategy", "hog_pile_strategy"),
    "su21": ("piggypoints_strategy", "more_boar_strategy"),
    **{
        rules: ("bacon_strategy", "swap_strategy")
        for rules in ("su20", "sp20", "fa19", "su19", "sp19", "fa18", "su18", "sp18", "fa17", "sp17")
        + ("su17", "fa16", "su16", "sp16", "fa14", "fa13")
    },
}
#: The contests' rule sets (Time Trot added to a semester's) keep the semester's strategies.
COURSE_NAMES |= {f"{name}_contest": COURSE_NAMES[name] for name in ("fa17", "fa18", "sp19")}
#: Rule sets whose course module has ``catch_up``.
CATCH_UP_RULES = ("swine_swap", "square_swine", "sus_fuss", "fuzzy_factors")
#: The solved built-ins every rule set has.
SOLVED_NAMES = ("perfect", "final_strategy", "best_response")
#: ``strategies.families.FAMILIES``' names, in its order.
FAMILY_NAMES = ("always_roll", "zero_dice", "trigger", "gain", "swap", "lead", "lookahead", "response")


def library_names(rules: str) -> list[str]:
    """Every name a library expression may use for RULES (a rule set or a
    semester code; UnknownRuleSet if neither), as ``strategies.library.names``."""
    name = get_rules(rules).name
    catch_up = ["catch_up"] if name in CATCH_UP_RULES else []
    built = ["always_roll", *COURSE_NAMES[name], *catch_up, *SOLVED_NAMES]
    return built + [family for family in FAMILY_NAMES if family not in built]
