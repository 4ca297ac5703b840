"""`hog rules` and the command line's error contract."""

import json
import os
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


def test_a_bad_hog_rules_is_blamed_on_hog_rules_and_hog_rules_still_lists_them():
    env = {**os.environ, "HOG_RULES": "pig_latin"}
    match = hog("match", "always_roll(4)", "always_roll(5)", "--goal", "10", env=env)
    assert (match.returncode, match.stdout) == (1, "")
    assert match.stderr.startswith("hog: error: HOG_RULES: unknown rule set 'pig_latin'; valid names: ")
    assert match.stderr.endswith("; fix or unset HOG_RULES\n") and "--rules" not in match.stderr
    given = hog("match", "always_roll(4)", "always_roll(5)", "--goal", "10", "--rules", "fa24", "--json", env=env)
    assert given.returncode == 0 and json.loads(given.stdout)["rules"] == "sus_fuss"
    listed = hog("rules", "--json", env=env)
    assert listed.returncode == 0, listed.stderr
    assert [r["name"] for r in json.loads(listed.stdout)["rules"]] == list(RULE_SETS)
    assert listed.stderr.startswith("hog: warning: HOG_RULES: unknown rule set 'pig_latin'")
