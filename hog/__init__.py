"""Hog: the game, every rule set the course has used (``RULE_SETS``), and
the exact and simulated analysis.

>>> len(RULE_SETS), DEFAULT_RULES
(29, 'sus_fuss')
"""

from hog.rules import DEFAULT_RULES, RULE_SETS, RuleSet, get_rules

__all__ = ["DEFAULT_RULES", "RULE_SETS", "RuleSet", "get_rules"]
