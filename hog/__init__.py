"""Hog: the game, its five rule sets, and the exact and simulated analysis."""

from hog.rules import DEFAULT_RULES, RULE_SETS, RuleSet, get_rules

__all__ = ["DEFAULT_RULES", "RULE_SETS", "RuleSet", "get_rules"]
