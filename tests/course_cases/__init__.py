"""The course cases of every rule set, one module per rule set.

``COURSES`` maps each rule set of ``hog.rules`` (in its order) to the
``COURSE`` of ``course_cases/<rule set>.py``; ``test_cs61a_courses`` checks
them all. ``SEMESTERS`` holds the ``Semester`` of each Free Bacon year, from
which ``test_cs61a_api`` also reads that year's signatures.
"""

from __future__ import annotations

from importlib import import_module

from hog.rules import RULE_SETS

from .common import Course
from .free_bacon_years import Semester

_MODULES = {name: import_module(f"{__name__}.{name}") for name in RULE_SETS}
COURSES: dict[str, Course] = {name: module.COURSE for name, module in _MODULES.items()}
SEMESTERS: dict[str, Semester] = {
    name: module.SEMESTER for name, module in _MODULES.items() if hasattr(module, "SEMESTER")
}
