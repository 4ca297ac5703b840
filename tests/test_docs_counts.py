"""Counts the docs state, derived from the code: a doc that says a number says the code's."""

from __future__ import annotations

import re
from pathlib import Path

from hog.exact import compile_rules
from hog.rules import RULE_SETS

ROOT = Path(__file__).resolve().parent.parent


def test_the_score_only_rule_sets_the_architecture_counts():
    score_only = [name for name in RULE_SETS if not compile_rules(name).full_state]
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    stated = re.search(r"scores at least 1 \((\d+) of the (\d+);", text)
    assert stated is not None, "docs/architecture.md no longer states the count"
    assert (int(stated[1]), int(stated[2])) == (len(score_only), len(RULE_SETS))


def test_the_readme_counts_the_rule_sets():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"in (\d+) rule sets", " ".join(text.split()))
    assert stated is not None and int(stated[1]) == len(RULE_SETS)
