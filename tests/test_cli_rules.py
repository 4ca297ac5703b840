"""`hog rules` and the command line's error contract."""

import json
import subprocess
import sys

from hog.rules import RULE_SETS


def hog(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "hog_arena.cli.main", *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_rules_json_lists_every_rule_set_once():
    result = hog("rules", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [r["name"] for r in data["rules"]] == list(RULE_SETS)
    assert [r["name"] for r in data["rules"] if r["default"]] == ["sus_fuss"]


def test_rules_table_names_each_rule_set():
    result = hog("rules")
    assert result.returncode == 0
    assert all(name in result.stdout for name in RULE_SETS)


def test_unknown_rule_set_is_one_line_with_the_valid_names():
    result = hog("rules", "--rules", "pig_latin")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "pig_latin" in lines[0] and "swine_align" in lines[0]
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
