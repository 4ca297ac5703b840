"""Every rule set of Hog, each defined once (see ``hog.rules.model``).

``get_rules(name)`` takes a rule-set name (``sus_fuss``) or a semester code
(``fa24``). The rule functions live in ``zero_dice``, ``after_turn`` and
``numbers``; ``registry`` assembles them into rule sets.
"""

from hog.rules.after_turn import is_pig_pass, is_swine_align
from hog.rules.model import Memory, RuleSet, State, TurnResult, UnknownRuleSet
from hog.rules.numbers import (
    is_perfect_square,
    leading_digits,
    next_perfect_square,
    pi_digit,
    smallest_digit,
)
from hog.rules.registry import CURRENT_RULES, CURRENT_SEMESTER, DEFAULT_RULES, RULE_SETS, SEMESTERS, get_rules
from hog.rules.start import ORIGIN, Start
from hog.rules.zero_dice import tens_ones_points

__all__ = [
    "RuleSet",
    "Memory",
    "State",
    "TurnResult",
    "UnknownRuleSet",
    "Start",
    "ORIGIN",
    "RULE_SETS",
    "SEMESTERS",
    "CURRENT_SEMESTER",
    "CURRENT_RULES",
    "DEFAULT_RULES",
    "get_rules",
    "pi_digit",
    "smallest_digit",
    "leading_digits",
    "is_perfect_square",
    "next_perfect_square",
    "tens_ones_points",
    "is_swine_align",
    "is_pig_pass",
]
