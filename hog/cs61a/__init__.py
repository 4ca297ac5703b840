"""The course's API: one module per rule set, as the CS 61A ``hog.py`` of
that semester named things.

``hog.cs61a.<rule set>`` (one for each semester's rule set of
``hog.rules``, e.g. ``sus_fuss``, ``square_swine``, ``fa19``) each offer the
course's functions with that semester's parameter names, defaults,
assertions and printed texts. Rules come from ``hog.rules``; the modules
only arrange them as the course did.

Course code written against ``import hog`` and ``import dice`` (ok tests,
``hog_gui.py``) runs unchanged inside ``as_course_hog``:

>>> with as_course_hog("square_swine"):
...     import hog
...     hog.play(hog.always_roll(5), hog.always_roll(3), hog.square_update, goal=10, dice=hog.make_test_dice(3))
(15, 0)
"""

from __future__ import annotations

import doctest
import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

import hog.dice
from hog.rules import get_rules

__all__ = ["OWN_MODULES", "course_module", "as_course_hog", "check_course_session"]


#: Semester codes with a course module of their own, apart from their rule
#: set's: the same rules, another strategies API (sp14 beside fa13).
OWN_MODULES = ("sp14",)


def course_module(rule_set: str) -> ModuleType:
    """The course module of RULE_SET, e.g. ``hog.cs61a.swine_align``; a
    semester code of ``OWN_MODULES`` gives its own (``hog.cs61a.sp14``).

    Raises ``hog.rules.UnknownRuleSet`` for a name that is not a rule set.

    >>> course_module("sp14").__name__, course_module("fa13").__name__, course_module("FA19").__name__
    ('hog.cs61a.sp14', 'hog.cs61a.fa13', 'hog.cs61a.fa19')
    """
    code = rule_set.strip().lower()
    name = code if code in OWN_MODULES else get_rules(rule_set).name
    return importlib.import_module(f"{__name__}.{name}")


@contextmanager
def as_course_hog(rule_set: str) -> Iterator[ModuleType]:
    """Make ``import hog`` give RULE_SET's course module and ``import dice``
    give ``hog.dice``, as course code expects; restore both afterwards."""
    module = course_module(rule_set)
    saved = {name: sys.modules.get(name) for name in ("hog", "dice")}
    sys.modules["hog"], sys.modules["dice"] = module, hog.dice
    try:
        yield module
    finally:
        for name, original in saved.items():
            if original is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = original


def check_course_session(rule_set: str, session: str, name: str = "session") -> str:
    """Run SESSION, interpreter text in the form of the course's ok tests
    (``>>> from hog import *`` ...), against RULE_SET's course module.

    Returns doctest's report of the examples that failed, "" if none did.
    """
    test = doctest.DocTestParser().get_doctest(session, {}, f"{rule_set}: {name}", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    with as_course_hog(rule_set):
        runner.run(test, out=report.append, clear_globs=True)
    return "".join(report)
