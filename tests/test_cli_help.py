"""Help screens: readable at 80 columns, real defaults, and examples that run as shown.

Every command's help has one or two ``Example: hog ...`` lines; they run here
in one folder, in the order a new user would type them (each may use what an
earlier one stored). The README's "Everyday commands" block runs the same way.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.main

from hog.rules import DEFAULT_RULES, RULE_SETS
from hog_arena.cli.main import app, main
from hog_arena.cli.strategy_io import SPEC_HELP
from strategies.spec import resolve_spec

README = Path(__file__).parent.parent / "README.md"
STUDENT = Path(__file__).parent / "fixtures" / "submissions" / "realistic" / "sus_fuss.py.txt"
EXAMPLE = re.compile(r"^\s*Example: (hog .+)$", re.MULTILINE)

#: The order the help examples run in (each a command's path), and the commands whose examples do not run, with why.
ORDER = [
    ("rules",),
    ("match",),
    ("solve",),
    ("coach",),
    ("show",),
    ("submit",),
    ("strategies",),
    ("strategies", "list"),
    ("league",),
    ("leagues",),
    ("leagues", "list"),
    ("leagues", "pin"),
    ("leaderboard",),
    ("ecosystem",),
    ("leagues", "unpin"),
    ("evolve",),
    ("evolve", "plot"),
    ("evolve", "list"),
    ("strategies", "rename"),
    ("strategies", "remove"),
    ("contest", "create"),
    ("contest", "roster"),
    ("contest",),
    ("contest", "list"),
    ("contest", "show"),
    ("contest", "worker"),
    ("contest", "extend"),
    ("contest", "close"),
    ("contest", "export"),
    ("contest", "import"),
    ("contest", "delete"),
    ("db",),
    ("db", "status"),
    ("db", "list"),
    ("db", "upgrade"),
    ("db", "backup"),
]
NOT_RUN = {
    ("contest", "submit"): "it sends the file to a contest server (tests/test_contest_server.py submits to one)",
    ("contest", "disqualify"): "it needs an entry in the contest (tests/test_contest_store.py disqualifies one)",
    ("contest", "bar"): "it needs a team on the contest's roster (tests/test_contest_trust.py bars one)",
    ("contest", "baseline"): "it needs a table file (tests/test_contest_trust.py adds a baseline)",
    ("play",): "interactive: it waits for a player at the keyboard (tests/test_play_cli.py plays it)",
    ("serve",): "a server that runs until it is stopped (tests/test_web_*.py serve the same app)",
}
#: README lines that do not run here, with why.
README_NOT_RUN = {
    "hog evolve": "a full evolution (25 generations of 40) takes 10-25 s; the help's small evolve example runs here",
    "hog play": "interactive: it waits for a player at the keyboard (tests/test_play_cli.py plays it)",
}


def commands(group=None, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], object]]:
    """Every command of ``hog`` (groups too) with its path."""
    group = group or typer.main.get_command(app)
    for name, command in sorted(group.commands.items()):
        yield (*path, name), command
        yield from commands(command, (*path, name)) if hasattr(command, "commands") else ()


def examples(command) -> list[str]:
    return EXAMPLE.findall(command.help or "")


def readme_commands() -> list[str]:
    """The lines of the README's "Everyday commands" block, without their comments."""
    block = README.read_text().split("## Everyday commands", 1)[1].split("```bash\n", 1)[1].split("```", 1)[0]
    return [shlex.split(line, comments=True) and line.split("  #")[0].strip() for line in block.splitlines()]


def run(capsys, line: str) -> None:
    args = shlex.split(line)
    assert args[0] == "hog"
    code = main(args[1:])
    out, err = capsys.readouterr()
    assert code == 0, f"{line}: {err}"


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """A class folder: a student's hog.py (also in subs/ada/, and another in
    subs/bob/), a contest roster, the default database, no HOG_* settings."""
    monkeypatch.chdir(tmp_path)
    for variable in ("HOG_DB", "HOG_RULES"):
        monkeypatch.delenv(variable, raising=False)
    (tmp_path / "hog.py").write_bytes(STUDENT.read_bytes())
    (tmp_path / "subs" / "ada").mkdir(parents=True)
    (tmp_path / "subs" / "ada" / "hog.py").write_bytes(STUDENT.read_bytes())
    (tmp_path / "subs" / "bob").mkdir()
    bob = "def final_strategy(score, opponent_score):\n    return 5 if score < 50 else 3\n"
    (tmp_path / "subs" / "bob" / "hog.py").write_text(bob)
    (tmp_path / "roster.csv").write_text("email,team\nada@example.edu,pigs\nbob@example.edu,pigs\n")
    return tmp_path


def test_every_command_has_one_or_two_examples_and_each_runs_as_shown(capsys, folder):
    paths = {path: command for path, command in commands()}
    assert set(paths) == set(ORDER) | set(NOT_RUN)
    for path, command in paths.items():
        assert 1 <= len(examples(command)) <= 2, path
        assert all(example.startswith(" ".join(("hog", *path)) + " ") for example in examples(command)), path
    for path in ORDER:
        for example in examples(paths[path]):
            run(capsys, example)
    assert (folder / "best.py").exists() and (folder / "matrix.png").exists() and (folder / "evolution.png").exists()


def test_the_readme_s_everyday_commands_run_as_shown(capsys, folder):
    lines = readme_commands()
    assert len(lines) > 10
    for line in lines:
        if any(line.startswith(prefix) for prefix in README_NOT_RUN):
            continue
        run(capsys, line)
    assert (folder / "eco.png").exists() and (folder / "best.py").exists()


def test_the_spec_help_s_expressions_name_strategies_of_the_default_rules():
    expressions = re.findall(r"\w+\([^)]*\)|perfect|final_strategy", SPEC_HELP.split("), a .py file")[0])
    assert len(expressions) == 4
    for expression in expressions:
        assert resolve_spec(expression, DEFAULT_RULES).name == expression


@pytest.mark.parametrize("path", [path for path, _ in commands()], ids=" ".join)
def test_help_is_readable_at_80_columns(capsys, monkeypatch, path):
    monkeypatch.setenv("COLUMNS", "80")
    assert main([*path, "--help"]) == 0
    text = capsys.readouterr().out
    assert max(len(line) for line in text.splitlines()) <= 80
    if path != ("rules",):  # `hog rules` lists them; other commands point to it
        assert sum(name in text for name in RULE_SETS) <= 5, "the rule sets are listed"
    # descriptions start at most 42 columns in: at least 36 left for the words
    for line in text.splitlines():
        if "Print one JSON object" in line:
            assert line.index("Print one JSON object") <= 42, line
    assert "Example: hog" in text or path in NOT_RUN


@pytest.mark.parametrize(
    "command, default", [(("league",), "10,000"), (("match", "a", "b"), "100,000")], ids=["league", "match"]
)
def test_games_shows_its_real_default(capsys, monkeypatch, command, default):
    monkeypatch.setenv("COLUMNS", "200")
    assert main([command[0], "--help"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("│ --games"))
    assert f"(default: {default}; simulate only)" in line and "default: 0" not in line


@pytest.mark.parametrize(
    "command", [["league", "always_roll(4)", "always_roll(5)"], ["match", "always_roll(4)", "always_roll(5)"]]
)
@pytest.mark.parametrize("options", [["--games", "500"], ["--seed", "3"], ["--games", "500", "--seed", "3"]])
def test_simulation_options_on_an_exact_method_are_refused(capsys, folder, command, options):
    code = main([*command, "--rules", "fa24", "--goal", "20", *options])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "only to --method simulate, not exact" in err
    assert all(option in err for option in options if option.startswith("--"))
    assert not (folder / "hog_arena.db").exists()
