"""The current course's rule set: a semester the project does not know yet
names the latest one, and ``hog rules`` marks it and fits 80 columns."""

import json

from hog.rules import CURRENT_RULES, CURRENT_SEMESTER, RULE_SETS, SEMESTERS
from hog.rules.registry import semester_key, semester_span
from hog_arena.cli.main import main

FA26 = "unknown rule set or semester 'fa26'; the latest is sus_fuss (fa23–sp26): use --rules sus_fuss"


def test_the_current_course_is_the_latest_semester():
    assert (CURRENT_SEMESTER, CURRENT_RULES) == ("sp26", "sus_fuss")
    assert all(semester_key(code) <= semester_key(CURRENT_SEMESTER) for code in SEMESTERS if semester_key(code))
    assert semester_span(RULE_SETS["sus_fuss"].semesters) == "fa23–sp26"
    assert semester_span(("fa23", "sp24", "fa24")) == "fa23 sp24 fa24"  # su24 missing: not a run


def test_an_unknown_semester_names_the_latest_rule_set_in_one_line(capsys):
    for args in (["rules", "--rules", "fa26"], ["match", "always_roll(4)", "always_roll(5)", "--rules", "fa26"]):
        assert main(args) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and err.rstrip().endswith(FA26), err
        assert "valid names" not in err


def test_an_unknown_semester_in_hog_rules_is_blamed_on_hog_rules(capsys, monkeypatch):
    monkeypatch.setenv("HOG_RULES", "fa26")
    assert main(["match", "always_roll(4)", "always_roll(5)", "--goal", "10"]) == 1
    err = capsys.readouterr().err
    assert "the latest is sus_fuss (fa23–sp26)" in err and "--rules" not in err and "HOG_RULES" in err


def test_hog_rules_marks_the_current_course(capsys, monkeypatch):
    monkeypatch.setenv("HOG_RULES", "hog_pile")
    assert main(["rules", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["rules"]
    assert [r["name"] for r in listed if r["current"]] == ["sus_fuss"]
    assert [r["name"] for r in listed if r["default"]] == ["hog_pile"]
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines if "*" in line.split()[1:2]] == [["sus_fuss", "*"]]
    assert any(line.split()[:2] == ["hog_pile", "(default)"] for line in lines)


def test_hog_rules_is_one_line_per_rule_set_at_80_columns(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(map(len, lines)) <= 80
    rows = {line.split()[0]: line for line in lines if line.split() and line.split()[0] in RULE_SETS}
    assert list(rows) == list(RULE_SETS) and len(lines) <= len(RULE_SETS) + 8
    assert "fa23–sp26" in rows["sus_fuss"] and "Boar Brawl, Sus Fuss" in rows["sus_fuss"]
    assert main(["rules", "--only", "--rules", "fa24"]) == 0
    assert RULE_SETS["sus_fuss"].summary in capsys.readouterr().out
