"""The course cases of every rule set: data, one file per rule set.

``course_cases/<rule set>.toml`` holds a rule set's ok-style sessions,
examples, named strategies, ways to call ``play``, reference ranges and
replayed games; ``shared.toml`` the sessions several rule sets pass (each
names the ones it takes in ``shared``), and ``free_bacon_years.toml`` what
the Free Bacon years share. This loader builds from them the objects of
``common``:

* ``COURSES``: each rule set of ``hog.rules`` (in its order) -> its ``Course``,
  checked by ``test_cs61a_courses``;
* ``SEMESTERS``: each Free Bacon year -> its ``Semester``, from which its
  ``Course`` is made and ``test_cs61a_api`` reads its signatures;
* ``COMMON_SESSIONS``: the sessions every course module passes.

A rule set's file has the fields of ``Course`` (``say = "none"``: play takes
no commentary; ``named.rolls_zero`` and a variant's ``rules`` name functions
of ``common``; a reference names a ``course_reference`` function and ranges
of scores). Arrays stand for tuples, and an examples group is either call
text -> value or ``call`` (a template, ``{}`` for each argument) with
``cases`` (each the arguments, then the value).
"""

from __future__ import annotations

import string
from pathlib import Path

import course_reference as reference

from hog.rules import RULE_SETS

from .common import (
    Course,
    Named,
    Replay,
    Semester,
    Variant,
    announced,
    examples_session,
    highest_arguments,
    rolls_zero_for_a_gain,
    rolls_zero_for_a_good_swap,
    rolls_zero_for_any_good_swap,
    rolls_zero_for_the_rule,
    without_after_turn,
    without_feral_hogs,
)

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

HERE = Path(__file__).parent

# What the data names: the named strategies' definitions and the changes of a variant's rules.
ROLLS_ZERO = {
    "for_a_gain": rolls_zero_for_a_gain,
    "for_the_rule": rolls_zero_for_the_rule,
    "for_a_good_swap": rolls_zero_for_a_good_swap,
    "for_any_good_swap": rolls_zero_for_any_good_swap,
}
RULE_CHANGES = {"without_after_turn": without_after_turn, "without_feral_hogs": without_feral_hogs}
# The fields of the Free Bacon years' session templates, from the semester (and numbers after the name).
TEMPLATE_FIELDS = {
    "averaging": lambda semester: semester.averaging,
    "leader": lambda semester: semester.leader,
    "gain": announced,
    "arguments": highest_arguments,
}


def load(name: str) -> dict:
    with open(HERE / f"{name}.toml", "rb") as file:
        return tomllib.load(file)


def tuples(value):
    """VALUE with every list, at any depth, a tuple."""
    return tuple(tuples(item) for item in value) if isinstance(value, list) else value


def examples_group(group: dict) -> dict[str, object]:
    """Call text -> value, from either form of an examples group."""
    if "cases" not in group:
        return {call: tuples(value) for call, value in group.items()}
    return {group["call"].format(*case[:-1]): tuples(case[-1]) for case in group["cases"]}


def reference_cases(entry: dict) -> tuple:
    """(the course_reference function, the argument tuples) of a references entry."""
    scores = range(*entry["scores"])
    if "where" in entry:
        scores = [score for score in scores if getattr(reference, entry["where"])(score)]
    if "opponent_scores" in entry:
        opponent_scores = range(*entry["opponent_scores"])
        arguments = tuple((score, opponent) for score in scores for opponent in opponent_scores)
    else:
        arguments = tuple((score,) for score in scores)
    return getattr(reference, entry["reference"]), arguments


def variant(entry: dict) -> Variant:
    rules = RULE_CHANGES[entry["rules"]] if "rules" in entry else None
    return Variant(entry.get("update"), entry.get("options", {}), rules, entry.get("reference"))


def course(data: dict, shared: dict[str, str]) -> Course:
    """The Course of a rule set's data; SHARED holds the sessions it may name."""
    named = data["named"]
    say = data.get("say", "old")
    return Course(
        sessions={**{name: shared[name] for name in data.get("shared", ())}, **data.get("sessions", {})},
        named=Named(
            named["zero_dice"], named["rule"], named["keyword"], ROLLS_ZERO[named["rolls_zero"]], tuples(named["cases"])
        ),
        say=None if say == "none" else say,
        variants={name: variant(entry) for name, entry in data.get("variants", {"full rules": {}}).items()},
        examples={name: examples_group(group) for name, group in data.get("examples", {}).items()},
        references={name: reference_cases(entry) for name, entry in data.get("references", {}).items()},
        replays={
            name: Replay(*entry["start"], entry["goal"], entry.get("update"), tuples(entry["turns"]))
            for name, entry in data.get("replays", {}).items()
        },
    )


def semester(data: dict) -> Semester:
    return Semester(
        **{
            **data,
            "highest": tuple(data["highest"]),
            "free_bacon": {int(score): points for score, points in data["free_bacon"].items()},
            "swaps": {(player, opponent): swap for player, opponent, swap in data["swaps"]},
        }
    )


def fill(template: str, year: Semester) -> str:
    """TEMPLATE with each field ``{name}`` or ``{name_number_number}`` filled from YEAR."""
    fields = {field for _, field, _, _ in string.Formatter().parse(template) if field}
    values = {}
    for field in fields:
        name, *numbers = field.split("_")
        values[field] = TEMPLATE_FIELDS[name](year, *map(int, numbers))
    return template.format_map(values)


def year_course(year: Semester, years: dict) -> Course:
    """A Free Bacon year's Course: the sessions all those years pass, sessions
    made from the year's examples and templates, its named strategies and
    its ways to call ``play`` (with and without Feral Hogs)."""
    calls = {
        "free_bacon": {
            **{f"free_bacon({score})": points for score, points in year.free_bacon.items()},
            **{f"take_turn(0, {score})": points for score, points in year.free_bacon.items()},
        },
        "is_swap": {f"is_swap({player}, {opponent})": swap for (player, opponent), swap in year.swaps.items()},
        "named strategies": year.strategies,
    }
    made = {name: examples_session(examples) for name, examples in calls.items()}
    made |= {name: fill(template, year) for name, template in years["templates"].items()}
    made["games"] = year.games
    variants = {"full rules": Variant()}
    if year.feral_hogs:
        variants["no Feral Hogs"] = Variant(options={"feral_hogs": False}, rules=without_feral_hogs)
    rolls_zero = rolls_zero_for_a_good_swap if year.harmful_swaps else rolls_zero_for_any_good_swap
    return Course(
        sessions={**years["sessions"], **{name: text for name, text in made.items() if text}},
        # other thresholds: the named strategies session
        named=Named("bacon_strategy", "swap_strategy", year.threshold, rolls_zero, cases=((8, year.num_rolls),)),
        variants=variants,
    )


_SHARED = load("shared")
_YEARS = load("free_bacon_years")
#: Rule sets whose course module the cases here cannot call as they call the
#: others (their play takes no dice and no commentary): their own test file.
OWN_TESTS = {
    "sp17": "test_cs61a_sp17.py",
    "fa16": "test_cs61a_fa16.py",
    **dict.fromkeys(("su17", "su16", "sp16", "fa14", "fa13"), "test_cs61a_older.py"),
}
#: The contests' rule sets have no course module (COURSE_APIS.md): the contests took tables.
CONTESTS = ("fa17_contest", "fa18_contest", "sp19_contest")
_DATA = {name: load(name) for name in RULE_SETS if name not in OWN_TESTS and name not in CONTESTS}

COMMON_SESSIONS: dict[str, str] = {name: _SHARED["sessions"][name] for name in _SHARED["every"]}
SEMESTERS: dict[str, Semester] = {
    name: semester(data["semester"]) for name, data in _DATA.items() if "semester" in data
}
COURSES: dict[str, Course] = {
    name: year_course(SEMESTERS[name], _YEARS) if name in SEMESTERS else course(data, _SHARED["sessions"])
    for name, data in _DATA.items()
}
