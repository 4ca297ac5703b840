"""Names, authors and league names are printed as they are: never read as
rich markup, never with control characters; help shows flags as flags."""

from __future__ import annotations

import numpy as np
import pytest

from hog_arena.cli.main import main
from hog_arena.cli.text import plain
from results.records import MatchResult
from results.store import MatchKey, open_store
from strategies.table import StrategyTable

RULES = "square_swine"
GOAL = 20
#: Rich markup that would vanish (or make a link) if read as markup.
NAME = "[blink]evil[/blink]"
AUTHOR = "[link=https://example.com]me[/link]"
#: Control characters: clear the screen, return to the line start, reverse the text.
CONTROLS = "\x1b[2J\r\u202e"


def hog(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A store holding two strategies with hostile names and a league of them."""
    monkeypatch.setenv("COLUMNS", "200")
    url = str(tmp_path / "arena.db")
    rng = np.random.default_rng(5)
    with open_store(url) as store:
        records = [
            store.add_strategy(StrategyTable(rng.integers(0, 11, (GOAL, GOAL)), RULES, name), author=author)[0]
            for name, author in ((NAME, AUTHOR), (f"red{CONTROLS}name", f"x{CONTROLS}y"))
        ]
        league = store.create_league(f"cup{CONTROLS}[b]", MatchKey(RULES, GOAL), [r.id for r in records])
        store.store_matches(MatchKey(RULES, GOAL), [MatchResult(records[0].sha256, records[1].sha256, 0.6, 0.6, 0.6)])
        store.finish_league(league.id)
    return url


def assert_clean(text: str) -> None:
    assert plain(text.replace("\n", "")) == text.replace("\n", ""), repr(text)


def test_plain_drops_control_characters_only():
    assert plain(f"a{CONTROLS}b\x00\x7f\x9b[c]") == "a[2Jb[c]"


@pytest.mark.parametrize("command", ["strategies", "leaderboard"])
def test_tables_show_names_and_authors_literally(capsys, db, command):
    code, out, err = hog(capsys, command, "--rules", RULES, "--goal", GOAL, "--db", db)
    assert code == 0, err
    assert NAME in out and AUTHOR in out
    assert "red[2Jname" in out and "x[2Jy" in out
    assert_clean(out)


def test_league_name_in_the_title_is_literal(capsys, db):
    code, out, _ = hog(capsys, "leaderboard", "--rules", RULES, "--goal", GOAL, "--db", db)
    assert code == 0 and "'cup" in out and "[b]" in out
    assert_clean(out)


@pytest.mark.parametrize(
    "args",
    [
        ["match", NAME, f"red{CONTROLS}name"],
        ["show", f"red{CONTROLS}name"],
        ["solve", "--vs", f"red{CONTROLS}name"],
    ],
)
def test_commands_print_stored_names_without_control_characters(capsys, db, args):
    code, out, err = hog(capsys, *args, "--rules", RULES, "--goal", GOAL, "--db", db)
    assert code == 0, err
    assert "red[2Jname" in out
    assert_clean(out)


def test_error_lines_have_no_control_characters(capsys, monkeypatch):
    def refuse(spec, *_args):
        raise ValueError(f"cannot read {spec}")

    monkeypatch.setattr("hog_arena.cli.show_cmd.resolve", refuse)
    code, out, err = hog(capsys, "show", f"x{CONTROLS}y")
    assert (code, out, err) == (1, "", "hog: error: cannot read x[2J y\n")


@pytest.mark.parametrize("command", [[], ["league"], ["evolve-plot"], ["play"]])
def test_help_shows_flags_without_a_value_type(capsys, command):
    code, out, _ = hog(capsys, *command, "--help")
    assert code == 0
    assert "--help" in out and "<bool>" not in out
