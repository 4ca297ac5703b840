"""Taking a team's submission: the deadline and the rate first, then the
file in the strategy sandbox, then the entry queued in place of the team's
previous one. Every refusal is a ``results.errors.ContestRefusal`` whose
status says why (400 a refused file, 409, 423, 429)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from arena.contest.teams import clean_team_name, declared_team_name
from results.contest_records import EntryRecord, ParticipantRecord
from results.errors import ContestRefusal
from results.store import Store
from strategies.submission import check_file_in_fresh_process

__all__ = ["submit_entry", "team_name_for"]


def team_name_for(source: str | None, field: str | None, team: str) -> str:
    """The team's display name: the file's TEAM_NAME, else FIELD, else the
    team id, cleaned (``clean_team_name``); a 400 refusal if it is not fit."""
    declared = declared_team_name(source) if source else None
    chosen = declared if declared is not None else (field if field and field.strip() else team)
    try:
        return clean_team_name(chosen)
    except ValueError as error:
        raise ContestRefusal(f"{error} ({chosen[:60]!r})", 400) from None


def submit_entry(
    store: Store,
    name: str,
    person: ParticipantRecord,
    path: Path,
    *,
    filename: str,
    team_name: str | None,
    received: datetime,
) -> EntryRecord:
    """Check the file at PATH (uploaded as FILENAME by PERSON at RECEIVED)
    for contest NAME and queue it as PERSON's team's entry. Raises
    SandboxError when the checker itself cannot run (that attempt does not
    count for the rate, nor does one the server never finished)."""
    contest = store.get_contest(name)
    attempt = store.take_attempt(contest, person, received)
    submission = check_file_in_fresh_process(path, contest.rules, contest.goal)
    try:
        if submission.table is None:
            raise ContestRefusal(f"refused: {submission.error}", 400)
        source = submission.source if path.suffix.lower() == ".py" else None
        return store.accept_entry(
            contest,
            person,
            table=submission.table.table,
            sha256=submission.table.sha256,
            source=submission.source,
            filename=filename,
            team_name=team_name_for(source, team_name, person.team),
            received=received,
            attempt=attempt,
        )
    except ContestRefusal:
        store.attempt_checked(attempt)  # a verdict all the same: it counts for the rate
        raise
