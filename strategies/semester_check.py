"""Which semester a ``hog.py`` looks written for, from the course functions it defines.

A student's file defines the course's functions of its semester
(``free_bacon`` and ``is_swap`` in su20, ``sus_update`` and ``boar_brawl``
in fa24). :func:`semester_warning` reads the names of the file's top-level
functions from its tokens (the file is never imported or run here, and a
hostile 1 MB file costs no more than reading it) and compares them with the
course API of every rule set (``hog.cs61a``): when another rule set's API
has more of them than the rule set the file is submitted for, the file
looks written for that semester.
"""

from __future__ import annotations

import importlib
import io
import re
import tokenize
from functools import cache

from hog.rules import RULE_SETS, get_rules

__all__ = ["defined_functions", "semester_warning"]

#: A ``def`` at the start of a line: a cheap first look before reading the tokens.
_DEF = re.compile(r"^(?:async[ \t]+)?def[ \t]+(\w+)", re.MULTILINE)
#: Semesters named in one warning, at most.
_SHOWN = 4


@cache
def _course_functions() -> dict[str, frozenset[str]]:
    """The course functions of each rule set that has a course module."""
    apis = {}
    for name in RULE_SETS:
        try:
            module = importlib.import_module(f"hog.cs61a.{name}")
        except ImportError:
            continue
        apis[name] = frozenset(n for n in getattr(module, "__all__", ()) if callable(getattr(module, n, None)))
    return apis


def defined_functions(source: str) -> set[str]:
    """The names of the functions SOURCE defines at its top level (read
    from its tokens; a file Python cannot read gives what was read so far).

    >>> sorted(defined_functions("def a():\\n    def b(): pass\\nasync def c(): pass\\nx = '''\\ndef d'''\\n"))
    ['a', 'c']
    """
    names: set[str] = set()
    depth, line = 0, list[str]()  # the first tokens of the current logical line at the top level
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type in (tokenize.INDENT, tokenize.DEDENT):
                depth += 1 if token.type == tokenize.INDENT else -1
            elif token.type == tokenize.NEWLINE:
                line = []
            elif token.type not in (tokenize.NL, tokenize.COMMENT) and depth == 0 and len(line) < 3:
                if token.type == tokenize.NAME and line in (["def"], ["async", "def"]):
                    names.add(token.string)
                line.append(token.string)
    except (tokenize.TokenError, SyntaxError):
        pass
    return names


def semester_warning(source: str, rules: str) -> str | None:
    """A one-line warning if SOURCE looks written for another semester than
    RULES (see the module doc), else None."""
    candidates = set(_DEF.findall(source))
    apis = _course_functions()
    rules = get_rules(rules).name
    own = apis.get(rules)
    if own is None or not any(name in api for api in apis.values() for name in candidates - own):
        return None
    defined = defined_functions(source)
    foreign = sorted(defined - own & set().union(*apis.values()))
    if not foreign:
        return None
    score = {name: len(defined & api) for name, api in apis.items()}
    best = max(score.values())
    if best <= score[rules]:
        return None
    semesters = [code for name, api in apis.items() if score[name] == best for code in get_rules(name).semesters]
    shown = "/".join(semesters[:_SHOWN]) + ("/..." if len(semesters) > _SHOWN else "")
    return f"looks written for {shown}, not {rules}: it defines {', '.join(foreign[:3])}{', ...' * (len(foreign) > 3)}"
