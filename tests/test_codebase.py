"""What the codebase keeps true of itself: no two classes share a name."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("hog", "arena", "results", "strategies", "evolve", "hog_arena")


def test_no_two_classes_share_a_name():
    where = defaultdict(list)
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ClassDef):
                    where[node.name].append(str(path.relative_to(ROOT)))
    assert len(where) > 100
    shared = {name: places for name, places in where.items() if len(places) > 1}
    assert not shared, f"classes of the same name: {shared}"
