"""One command-line vocabulary: each concept has one spelling in every help.

- A league is ``--league NAME`` (``--objective league:NAME`` is a value of
  --objective, not another option).
- The strategy played against is ``--opponent SPEC``, in ``hog solve`` as in
  ``hog evolve``.
- Every group has a ``list`` command.
- A default is written ``(default: X)`` in the help text, never ``[default: X]``.

``test_every_help_has_one_spelling_per_concept`` reads every command's help
and fails on a second spelling. The older spellings still work for existing
scripts, hidden from help: ``hog league --name NAME``, the positional LEAGUE
of ``hog ecosystem`` and ``hog leagues pin``, ``hog solve --vs SPEC``,
``hog strategies`` and ``hog leagues`` alone (they list), and
``hog evolve-plot`` (now ``hog evolve plot``), which says so on stderr.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
import typer
import typer.main

from hog_arena.cli.flags import FlagTyper
from hog_arena.cli.main import app, main

RULES, GOAL = "sus_fuss", "30"


def hog(capsys, *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def hog_json(capsys, *args: object) -> dict:
    code, out, err = hog(capsys, *args, "--rules", RULES, "--goal", GOAL, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture
def db(capsys, tmp_path) -> str:
    """A database with two leagues: ``first``, then ``second`` (on show)."""
    path = str(tmp_path / "hog.db")
    for name, specs in (("first", ("always_roll(3)", "always_roll(4)")), ("second", ("always_roll(5)", "perfect"))):
        hog_json(capsys, "league", *specs, "--league", name, "--db", path, "--jobs", "1")
    return path


# --- a league is --league NAME -------------------------------------------------


def test_league_takes_its_name_as_league_and_still_as_name(capsys, db):
    assert hog_json(capsys, "leaderboard", "--db", db)["league"]["name"] == "second"
    data = hog_json(capsys, "league", "--name", "third", "always_roll(2)", "always_roll(6)", "--db", db, "--jobs", "1")
    assert data["league"]["name"] == "third"
    added = hog_json(capsys, "league", "--name", "third", "--add", "always_roll(1)", "--db", db, "--jobs", "1")
    assert added["league"]["name"] == "third" and added["entries"] == 3
    again = hog_json(capsys, "league", "--league", "third", "--name", "third", "--add", "always_roll(7)", "--db", db)
    assert again["entries"] == 4


@pytest.mark.parametrize(
    "args",
    [
        ["league", "--league", "first", "--name", "second", "--add", "always_roll(6)"],
        ["ecosystem", "first", "--league", "second"],
        ["leagues", "pin", "first", "--league", "second"],
    ],
    ids=["league", "ecosystem", "pin"],
)
def test_a_league_named_twice_two_ways_is_refused(capsys, db, args):
    code, out, err = hog(capsys, *args, "--rules", RULES, "--goal", GOAL, "--db", db)
    assert (code, out) == (2, "")
    assert err.startswith("hog: usage error: ") and "give --league once" in err and len(err.splitlines()) == 1


def test_ecosystem_and_pin_take_league_and_still_the_positional(capsys, db):
    eco = ["ecosystem", "--db", db, "--steps", "10", "--generations", "5"]
    assert hog_json(capsys, *eco, "--league", "first")["league"]["name"] == "first"
    assert hog_json(capsys, *eco, "first")["league"]["name"] == "first"
    assert hog_json(capsys, "leagues", "pin", "--league", "first", "--db", db)["pinned"]["name"] == "first"
    assert hog_json(capsys, "leaderboard", "--db", db)["league"]["name"] == "first"
    assert hog_json(capsys, "leagues", "pin", "second", "--db", db)["pinned"]["name"] == "second"
    assert hog_json(capsys, "leaderboard", "--db", db)["league"]["name"] == "second"


def test_pin_without_a_league_is_a_usage_error(capsys, db):
    code, out, err = hog(capsys, "leagues", "pin", "--rules", RULES, "--goal", GOAL, "--db", db)
    assert (code, out) == (2, "")
    assert err == "hog: usage error: Missing option '--league': the league to pin, by name or id.\n"


@pytest.mark.parametrize("path", [["ecosystem"], ["leagues", "pin"]], ids=" ".join)
def test_the_positional_league_is_not_in_the_help(capsys, monkeypatch, path):
    monkeypatch.setenv("COLUMNS", "100")
    code, out, _ = hog(capsys, *path, "--help")
    assert code == 0
    assert f"Usage: hog {' '.join(path)} [OPTIONS]" in [line.strip() for line in out.splitlines()]
    assert "LEAGUE" not in out and "--league" in out


# --- the strategy played against is --opponent SPEC ------------------------------


def test_solve_takes_the_opponent_as_opponent_and_still_as_vs(capsys):
    new = hog_json(capsys, "solve", "--opponent", "always_roll(5)")
    assert new["vs"] == "always_roll(5)"
    assert hog_json(capsys, "solve", "--vs", "always_roll(5)") == new
    assert hog_json(capsys, "solve", "--vs", "always_roll(5)", "--opponent", "always_roll(5)") == new
    code, out, err = hog(capsys, "solve", "--vs", "always_roll(5)", "--opponent", "always_roll(4)")
    assert (code, out) == (2, "") and "--vs is an older spelling of --opponent" in err


# --- hog evolve is a group: its own action evolves, plot draws a run -----------


def test_evolve_plot_and_its_older_name(capsys, tmp_path):
    db, png = tmp_path / "hog.db", tmp_path / "e.png"
    small = ["--family", "lead", "--population", 4, "--generations", 1, "--jobs", 1, "--no-store"]
    code, out, err = hog(capsys, "evolve", "--rules", "hog_pile", "--goal", GOAL, *small, "--db", db, "--json")
    assert code == 0, err
    run = json.loads(out)["run"]
    code, new, err = hog(capsys, "evolve", "plot", run, "--db", db, "--png", png, "--json")
    assert (code, err) == (0, "") and json.loads(new)["run"] == run
    png.unlink()
    code, old, err = hog(capsys, "evolve-plot", run, "--db", db, "--png", png, "--json")
    assert (code, old, err) == (0, new, "hog: note: `hog evolve-plot` is now `hog evolve plot`\n") and png.exists()
    code, out, err = hog(capsys, "evolve-plot", 9, "--db", db, "--png", png)
    assert (code, out) == (1, "") and err == f"hog: error: no evolution run #9 in {db}\n"  # an error stays one line


def test_options_of_the_evolve_group_before_plot_are_refused(capsys, tmp_path):
    code, out, err = hog(capsys, "evolve", "--rules", "hog_pile", "--json", "plot", 1, "--png", tmp_path / "e.png")
    assert (code, out) == (2, "")
    assert "'--rules' / '--json': give them after 'hog evolve plot'" in err and len(err.splitlines()) == 1


def test_the_older_names_are_not_in_the_help(capsys):
    code, out, _ = hog(capsys, "--help")
    assert code == 0 and "evolve-plot" not in out and "evolve " in out


# --- every group lists with list; the bare group still lists ---------------------


@pytest.mark.parametrize("group", ["strategies", "leagues"])
def test_a_group_lists_with_list_and_still_alone(capsys, db, group):
    listed = hog_json(capsys, group, "list", "--db", db)
    assert listed == hog_json(capsys, group, "--db", db) and listed[group]
    code, out, err = hog(capsys, group, "--db", db, "list")
    assert (code, out) == (2, "") and "give it after 'hog " + group + " list'" in err


def test_every_group_has_a_list_command():
    groups = {info.name: info.typer_instance for info in app.registered_groups}
    assert {"strategies", "leagues", "evolve", "contest", "db"} <= set(groups)
    for name, group in groups.items():
        commands = {command.name for command in group.registered_commands}
        assert "list" in commands, f"hog {name} has no list command"


def test_evolve_list_shows_each_run_with_its_progress_and_best(capsys, tmp_path):
    path = str(tmp_path / "hog.db")
    args = ("--family", "gain", "--population", 3, "--generations", 1, "--jobs", 1, "--db", path)
    first = hog_json(capsys, "evolve", *args)
    second = hog_json(capsys, "evolve", *args, "--seed", 2, "--no-store")
    runs = hog_json(capsys, "evolve", "list", "--db", path)["runs"]
    assert [run["id"] for run in runs] == [second["run"], first["run"]]
    assert [(run["family"], run["status"], run["generation"], run["generations"]) for run in runs] == [
        ("gain", "done", 1, 1),
        ("gain", "done", 1, 1),
    ]
    assert runs[1]["best"] == first["strategy"]["name"] and runs[0]["best"] is None
    assert runs[0]["against"] == "always_roll(6)"
    code, out, err = hog(capsys, "evolve", "list", "--db", path, "--rules", RULES, "--goal", 99, "--json")
    assert (code, json.loads(out)) == (0, {"runs": []}), err
    code, out, _ = hog(capsys, "evolve", "list", "--db", path)
    assert code == 0 and f"{first['run']}" in out and "1 of 1" in out


@pytest.mark.parametrize("group", ["strategies", "leagues"])
def test_a_group_s_help_shows_its_commands_and_list_its_options(capsys, group):
    def options(*path: str) -> list[str]:
        code, out, _ = hog(capsys, *path, "--help")
        assert code == 0
        return [line.split()[1] for line in out.splitlines() if line.startswith("│ --")]

    assert options(group) == ["--help"]
    assert {"--rules", "--goal", "--db", "--json"} < set(options(group, "list"))


# --- every help: one spelling per concept -----------------------------------------

#: Help text that says a parameter's value is a league (its name or id).
LEAGUE_VALUE = re.compile(r"^(the )?league\b|\bleague name\b|\bthis stored league\b", re.IGNORECASE)
#: Help text that says a parameter's value is the strategy played against.
OPPONENT_VALUE = re.compile(r"\b(against|response to) this\b|^(the )?opponent\b", re.IGNORECASE)
#: Options whose values have a syntax of their own that may name a league (league:NAME).
VALUE_SYNTAX = {"--objective"}
#: Other words for the concepts, refused as option names.
SYNONYMS = {"--vs", "--versus", "--against", "--rival", "--league-name", "--in-league", "--ls", "--show-all"}
#: Groups without a list command yet, with why.
NO_LIST = {("evolve",): "listing evolution runs needs a store query (results/run_store.py has none yet)"}
#: ``(default X)``, ``Default X`` and the like: a default not written ``default: X``.
OTHER_DEFAULT = re.compile(r"\bdefault\b(?!:)", re.IGNORECASE)


def every_command(group=None, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], object]]:
    group = group or typer.main.get_command(app)
    for name, command in sorted(group.commands.items()):
        yield (*path, name), command
        yield from every_command(command, (*path, name)) if hasattr(command, "commands") else ()


def shown_params(command, path: tuple[str, ...]) -> list:
    """COMMAND's parameters as its help shows them (help text with defaults in words), hidden ones left out."""
    ctx = typer.Context(command, info_name=" ".join(path))
    return [p for p in command.get_params(ctx) if not getattr(p, "hidden", False) and p.name != "help"]


def spelling_problems(path: tuple[str, ...], command) -> list[str]:
    """What in PATH's help spells a concept another way, in words."""
    problems = []
    for param in shown_params(command, path):
        text = " ".join((param.help or "").split())
        takes_value = not getattr(param, "is_flag", False)
        names = param.opts if param.param_type_name == "option" else [f"positional {param.name}"]
        what = f"hog {' '.join(path)} {names[0]}"
        if takes_value and names[0] not in VALUE_SYNTAX and LEAGUE_VALUE.search(text):
            if names != ["--league"] or param.metavar != "NAME":
                problems.append(f"{what} names a league: spell it --league NAME ({text!r})")
        if any("league" in name for name in names) and names != ["--league"]:
            problems.append(f"{what}: a league option is spelled --league")
        if takes_value and OPPONENT_VALUE.search(text) and (names != ["--opponent"] or param.metavar != "SPEC"):
            problems.append(f"{what} is the strategy played against: spell it --opponent SPEC ({text!r})")
        if any(name in SYNONYMS or "opponent" in name for name in names) and names != ["--opponent"]:
            problems.append(f"{what}: another word for an option that has one name")
        if OTHER_DEFAULT.search(text):
            problems.append(f"{what}: write its default as (default: X) ({text!r})")
    if hasattr(command, "commands") and path not in NO_LIST and "list" not in command.commands:
        problems.append(f"hog {' '.join(path)}: a group lists with a list command")
    return problems


def test_every_help_has_one_spelling_per_concept(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    problems = []
    for path, command in every_command():
        problems += spelling_problems(path, command)
        assert main([*path, "--help"]) == 0, path
        text = capsys.readouterr().out
        if "[default:" in text:
            problems.append(f"hog {' '.join(path)}: a default shown as [default: X], not (default: X)")
        if hasattr(command, "commands") and path not in NO_LIST and not re.search(r"^│ list ", text, re.MULTILINE):
            problems.append(f"hog {' '.join(path)}: its help does not list its list command")
    assert problems == []
    assert {path for path, command in every_command() if hasattr(command, "commands")} >= {
        ("strategies",),
        ("leagues",),
        ("evolve",),
        ("contest",),
    }


def spoiled_app(flag: str, help_text: str) -> typer.Typer:
    """An application whose ``spoiled`` command has one option FLAG with HELP_TEXT, and a group without list."""
    spoiled = FlagTyper()

    @spoiled.command("spoiled")
    def spoiled_command(value: str | None = typer.Option(None, flag, help=help_text)) -> None:
        """Spoiled."""

    things = FlagTyper()

    @things.command("remove")
    def remove_command() -> None:
        """Remove a thing."""

    spoiled.add_typer(things, name="things")
    return spoiled


@pytest.mark.parametrize(
    "flag, help_text, problem",
    [
        ("--name", "League name (default: derived).", "names a league: spell it --league NAME"),
        ("--against", "Evolve against every entry of this stored league.", "names a league: spell it --league NAME"),
        ("--league-name", "The name.", "a league option is spelled --league"),
        ("--vs", "Solve the best response to this.", "is the strategy played against: spell it --opponent SPEC"),
        ("--versus", "A strategy.", "another word for an option that has one name"),
        ("--population", "Population size (default 40).", "write its default as (default: X)"),
    ],
)
def test_the_guard_catches_a_second_spelling(flag, help_text, problem):
    root = typer.main.get_command(spoiled_app(flag, help_text))
    assert any(problem in line for line in spelling_problems(("spoiled",), root.commands["spoiled"]))
    assert spelling_problems(("things",), root.commands["things"]) == ["hog things: a group lists with a list command"]
