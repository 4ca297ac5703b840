"""`hog rules` and the command line's error contract."""

import json
import os
import subprocess
import sys
from dataclasses import fields

from hog.rules import RULE_SETS, get_rules
from hog.rules.registry import PIG_OUT
from hog_arena.cli.rules_cmd import rules_in_short


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


def test_every_rule_of_every_rule_set_is_named_once_in_short():
    for rules in RULE_SETS.values():
        named = {getattr(rules, f.name) for f in fields(rules) if f.name.endswith("_rule")} - {"", PIG_OUT}
        named |= {rules.memory.rule} if rules.memory else set()
        short = rules_in_short(rules)
        assert all(name in short for name in named), (rules.name, named, short)
        assert len(short.split(", ")) == len(set(short.split(", "))), short


def test_fa16_is_listed_with_its_semester_and_every_rule_within_80_columns():
    result = hog("rules", env={**os.environ, "COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == ["fa16"])
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith(" "))
    row = lines[start:end]  # the row, then the lines its rules wrap onto
    assert lines[start].split()[1] == "fa16"
    words = " ".join(" ".join(row).split()[2:])
    assert words == "Free Bacon, Swine Swap, Hogtimus Prime, Hog Wild, When Pigs Fly, Pork Chop"
    only = hog("rules", "--only", "--rules", "fa16")
    assert only.returncode == 0, only.stderr
    assert f"fa16: {get_rules('fa16').summary}" in only.stdout
