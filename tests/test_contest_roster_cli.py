"""``hog contest roster``: a readable table, and ``--mail-merge FILE``, the
CSV of new tokens to send one e-mail per person."""

from __future__ import annotations

import csv
import json
import stat

import pytest

from arena.contest.service import Contests
from hog_arena.cli.main import main
from results.store import open_store

ROSTER = "email,team,role\ns16@berkeley.edu,t9\nada@berkeley.edu,t9\ncy@berkeley.edu,\nprof@berkeley.edu,,staff\n"


@pytest.fixture
def db(tmp_path) -> str:
    path = str(tmp_path / "class.db")
    assert main(["contest", "create", "fa26", "--rules", "sus_fuss", "--deadline", "2026-12-11T23:59:00-08:00",
                 "--team-size", "2", "--db", path]) == 0  # fmt: skip
    return path


def roster(tmp_path, text: str = ROSTER, name: str = "roster.csv") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def valid(db: str, token: str) -> str:
    """The email whose token TOKEN is in contest fa26."""
    with open_store(db, create=False) as store:
        contests = Contests(store)
        return contests.by_token(contests.contest("fa26"), token).email


def test_the_roster_is_a_table_of_aligned_columns_with_whole_tokens(tmp_path, db, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")  # narrower than a line: nothing is cut or wrapped
    assert main(["contest", "roster", "fa26", roster(tmp_path), "--db", db]) == 0
    lines = capsys.readouterr().out.splitlines()
    header, rows = lines[0], lines[1:5]
    assert header.split() == ["email", "team", "role", "token"]
    for row in rows:
        email, team, role, token = row.split()
        assert row[header.index("team") :].split()[0] == team and row[header.index("token") :] == token
        assert valid(db, token) == email
    assert rows[0].split()[:3] == ["s16@berkeley.edu", "t9", "student"] and rows[3].split()[1:3] == ["-", "staff"]
    assert lines[5] == "4 people on the roster of fa26, 4 new tokens; keep them secret"


def test_mail_merge_writes_only_the_new_tokens(tmp_path, db, capsys):
    first = tmp_path / "tokens.csv"
    assert main(["contest", "roster", "fa26", roster(tmp_path), "--db", db, "--mail-merge", str(first)]) == 0
    out, err = capsys.readouterr()
    assert "hog_" not in out and "(in " in out and f"wrote {first}: 4 new tokens" in err
    with first.open(newline="") as opened:
        people = list(csv.DictReader(opened))
    assert [(p["email"], p["team"]) for p in people] == [
        ("s16@berkeley.edu", "t9"), ("ada@berkeley.edu", "t9"), ("cy@berkeley.edu", "cy"), ("prof@berkeley.edu", ""),
    ]  # fmt: skip
    assert all(valid(db, p["token"]) == p["email"] for p in people)
    assert stat.S_IMODE(first.stat().st_mode) == 0o600 and not (tmp_path / "tokens.csv.part").exists()
    more = roster(tmp_path, "email,team\nada@berkeley.edu,t9\ndee@berkeley.edu,t10\n", "more.csv")
    second = tmp_path / "more-tokens.csv"
    assert main(["contest", "roster", "fa26", more, "--db", db, "--mail-merge", str(second), "--json"]) == 0
    assert [p["token"] is None for p in json.loads(capsys.readouterr().out)["participants"]] == [True, False]
    assert second.read_text().splitlines()[0] == "email,team,token"
    assert [line.split(",")[:2] for line in second.read_text().splitlines()[1:]] == [["dee@berkeley.edu", "t10"]]


def test_mail_merge_never_replaces_a_file_unless_forced(tmp_path, db, capsys):
    tokens = tmp_path / "tokens.csv"
    tokens.write_text("tokens not sent yet\n")
    assert main(["contest", "roster", "fa26", roster(tmp_path), "--db", db, "--mail-merge", str(tokens)]) == 1
    out, err = capsys.readouterr()
    assert (
        out == ""
        and err == f"hog: error: {tokens} exists: it may hold tokens not sent yet; give another file or --force\n"
    )
    assert tokens.read_text() == "tokens not sent yet\n"
    with open_store(db, create=False) as store:
        assert store.participant(Contests(store).contest("fa26"), "ada@berkeley.edu") is None  # nobody added
    args = ["contest", "roster", "fa26", "--rotate", "ADA@berkeley.edu", "--db", db, "--mail-merge", str(tokens)]
    assert main(["contest", "roster", "fa26", roster(tmp_path), "--db", db, "--json"]) == 0
    capsys.readouterr()
    assert main([*args, "--force"]) == 0
    assert capsys.readouterr().out == f"ADA@berkeley.edu: (in {tokens})\n"
    (line,) = tokens.read_text().splitlines()[1:]
    email, team, token = line.split(",")
    assert (email, team) == ("ada@berkeley.edu", "t9") and valid(db, token) == email


def test_a_mail_merge_file_that_cannot_be_written_leaves_the_tokens_shown(tmp_path, db, capsys):
    missing = tmp_path / "no-such-folder" / "tokens.csv"
    assert main(["contest", "roster", "fa26", roster(tmp_path), "--db", db, "--mail-merge", str(missing)]) == 1
    assert capsys.readouterr().err.startswith(f"hog: error: {missing}: no such folder")
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / "tokens.csv.part").mkdir()  # the file cannot be written: a folder is in the way
    assert (
        main(["contest", "roster", "fa26", roster(tmp_path), "--db", db, "--mail-merge", str(blocked / "tokens.csv")])
        == 1
    )
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "cannot be written" in err and "the new tokens are in the output" in err
    assert out.count("hog_") == 4  # shown, since they are nowhere else
