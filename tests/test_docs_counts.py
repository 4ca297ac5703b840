"""Counts the docs state, derived from the code: a doc that says a number says the code's."""

from __future__ import annotations

import ast
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


def _defined(path: Path) -> set[str]:
    """What PATH defines: its functions (a command's too, defined within
    ``register``) and classes, methods as ``Class.method``, module constants."""
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    tree = ast.parse(path.read_text())
    names = {node.name for node in ast.walk(tree) if isinstance(node, (*functions, ast.ClassDef))}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names |= {f"{node.name}.{item.name}" for item in node.body if isinstance(item, functions)}
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        names |= {target.id for target in targets if isinstance(target, ast.Name)}
    return names


def test_every_hop_the_architecture_names_exists():
    text = (ROOT / "docs" / "architecture.md").read_text()
    hops = re.findall(r"`([\w/]+\.py):([\w.]+)`", text)
    assert len(hops) > 15
    missing = [f"{file}:{name}" for file, name in hops if name not in _defined(ROOT / file)]
    assert not missing, f"docs/architecture.md names what is not there: {missing}"
