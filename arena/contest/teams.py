"""What people write for a contest, read strictly: team names, a roster
CSV, a submission rate and a deadline. Each reader raises ValueError with
one line saying what is wrong and where."""

from __future__ import annotations

import ast
import csv
import io
import re
from dataclasses import dataclass
from datetime import datetime

from arena.contest.emails import fold_email
from strategies.names import clean_name

__all__ = [
    "TEAM_NAME_CHARS",
    "RosterLine",
    "clean_team_name",
    "declared_team_name",
    "parse_deadline",
    "parse_rate",
    "parse_timezone",
    "shown_time",
    "read_roster",
]

#: The longest team name shown.
TEAM_NAME_CHARS = 40
#: The course template's TEAM_NAME before a team changes it.
_PLACEHOLDERS = {"", "placeholder", "<your team name>"}
_RATE = re.compile(r"\s*(\d+)\s*/\s*(\d*)\s*(s|sec|second|min|minute|h|hour|day)s?\s*", re.IGNORECASE)
_UNIT_SECONDS = {"s": 1, "sec": 1, "second": 1, "min": 60, "minute": 60, "h": 3600, "hour": 3600, "day": 86400}
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+")


def clean_team_name(text: str) -> str:
    """TEXT as a team name (``strategies.names.clean_name``: NFKC, invisible
    characters removed, runs of spaces made one); a ValueError unless 1 to
    40 characters remain.

    >>> clean_team_name("  Ｔｅａｍ\\u200b  Ｏｎｅ ")
    'Team One'
    """
    return clean_name(text, TEAM_NAME_CHARS)


def declared_team_name(source: str) -> str | None:
    """The string a module-level ``TEAM_NAME = '...'`` of SOURCE assigns
    (the course's contest template), read without running it; None if
    there is none or it is still the template's placeholder.

    >>> declared_team_name("TEAM_NAME = 'Pig Latin'  # Change this line!")
    'Pig Latin'
    >>> declared_team_name("TEAM_NAME = 'PLACEHOLDER'") is None
    True
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    found = None
    for node in tree.body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        value = getattr(node, "value", None)
        if any(isinstance(t, ast.Name) and t.id == "TEAM_NAME" for t in targets):
            found = value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) else None
    if found is None or found.strip().casefold() in _PLACEHOLDERS:
        return None
    return found


def parse_rate(text: str) -> tuple[int, int]:
    """(submissions, seconds) of a rate such as ``1/min``, ``3/10min``,
    ``2/hour``; ``none`` means no limit, (0, 60).

    >>> parse_rate("1/min"), parse_rate("3/10min"), parse_rate("none")
    ((1, 60), (3, 600), (0, 60))
    """
    if text.strip().lower() in ("none", "0", "unlimited"):
        return 0, 60
    match = _RATE.fullmatch(text)
    if match is None or int(match.group(1)) < 1:
        raise ValueError(f"rate {text!r} is not of the form N/min, N/hour, N/10min (or none)")
    count, times, unit = match.groups()
    return int(count), int(times or 1) * _UNIT_SECONDS[unit.lower()]


def parse_deadline(text: str) -> datetime:
    """An ISO 8601 time with its time zone (``2026-12-01T23:59:00-08:00``).

    >>> parse_deadline("2026-12-01T23:59:00-08:00").isoformat()
    '2026-12-01T23:59:00-08:00'
    """
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"deadline {text!r} is not an ISO 8601 time such as 2026-12-01T23:59:00-08:00") from None
    if when.tzinfo is None:
        raise ValueError(f"deadline {text!r} has no time zone; add one, such as -08:00 or Z")
    return when


def parse_timezone(text: str) -> str:
    """TEXT as an IANA time zone name (``America/Los_Angeles``, ``UTC``), checked.

    >>> parse_timezone("America/Los_Angeles")
    'America/Los_Angeles'
    """
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    name = text.strip()
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"time zone {text!r} is not an IANA name such as America/Los_Angeles or UTC") from None
    return name


def shown_time(instant: datetime, zone: str) -> str:
    """INSTANT as a course reads it: in ZONE, with the UTC instant beside it.

    >>> from datetime import timezone
    >>> shown_time(datetime(2026, 12, 2, 7, 59, tzinfo=timezone.utc), "America/Los_Angeles")
    '2026-12-01 23:59 PST (2026-12-02 07:59 UTC)'
    >>> shown_time(datetime(2026, 12, 2, 7, 59, tzinfo=timezone.utc), "UTC")
    '2026-12-02 07:59 UTC'
    """
    from zoneinfo import ZoneInfo

    utc_text = f"{instant.astimezone(ZoneInfo('UTC')):%Y-%m-%d %H:%M} UTC"
    if zone == "UTC":
        return utc_text
    return f"{instant.astimezone(ZoneInfo(zone)):%Y-%m-%d %H:%M %Z} ({utc_text})"


@dataclass(frozen=True)
class RosterLine:
    email: str
    team: str | None
    role: str


def read_roster(text: str, where: str) -> list[RosterLine]:
    """The people of a roster CSV with columns ``email,team[,role]`` (a
    header line naming them; ``role`` is ``staff`` or empty). A student
    without a team is a team of one (its id, never shown publicly, is the
    email's local part); staff without a team are in none (they add
    baselines, not entries). Emails are folded (``fold_email``); a person
    listed twice is an error."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [h.strip().lower() for h in reader.fieldnames or []]
    if "email" not in header:
        raise ValueError(f"{where}: the first line must name the columns email,team[,role]")
    reader.fieldnames = header
    people: list[RosterLine] = []
    seen: set[str] = set()
    for number, row in enumerate(reader, start=2):
        email = fold_email(row.get("email") or "")
        if not email and not any((v or "").strip() for v in row.values() if isinstance(v, str)):
            continue
        if not _EMAIL.fullmatch(email):
            raise ValueError(f"{where}, line {number}: {email!r} is not an email address")
        if email in seen:
            raise ValueError(f"{where}, line {number}: {email} is listed twice")
        seen.add(email)
        role = (row.get("role") or "").strip().lower() or "student"
        if role not in ("student", "staff"):
            raise ValueError(f"{where}, line {number}: role {role!r} is not staff or empty")
        team = " ".join((row.get("team") or "").split())
        if team.casefold().startswith("baseline:"):
            raise ValueError(f"{where}, line {number}: team ids beginning with 'baseline:' are staff's baselines")
        people.append(RosterLine(email, team or None, role))
    if not people:
        raise ValueError(f"{where}: no one is listed")
    return _solo_teams(people)


def _solo_teams(people: list[RosterLine]) -> list[RosterLine]:
    """PEOPLE with a team of one for each person without a team: named
    after the email's local part, or the whole email where that is taken."""
    locals_ = [p.email.split("@")[0] for p in people if not p.team]
    taken = {p.team for p in people if p.team}
    out = []
    for person in people:
        if person.team or person.role == "staff":
            out.append(person)
            continue
        local = person.email.split("@")[0]
        team = local if local not in taken and locals_.count(local) == 1 else person.email
        out.append(RosterLine(person.email, team, person.role))
    return out
