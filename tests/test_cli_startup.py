"""The ``hog`` command starts without its commands' heavy libraries; help still lists everything."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer.main

from arena.match import METHODS
from arena.parallel import BACKENDS
from arena.ranking import WIN_THRESHOLD
from evolve.objectives import BALANCED, LEAGUE_PREFIX
from evolve.run import DEFAULT_FAMILY, DEFAULT_OPPONENT, FITNESSES
from hog.rules import RULE_SETS
from hog_arena.cli import choices
from hog_arena.cli.main import COMMAND_MODULES, app
from strategies import library
from strategies.families import FAMILIES
from strategies.library_names import library_names

#: Libraries (and the project's packages built on them) a command loads only when it runs.
HEAVY = ("numpy", "numba", "sqlalchemy", "alembic", "deap", "joblib", "matplotlib", "results", "arena")


def _loaded_after(code: str) -> set[str]:
    """Top-level packages of HEAVY in sys.modules after a fresh interpreter runs CODE."""
    probe = f"import sys\n{code}\nprint(' '.join(sorted({{m.split('.')[0] for m in sys.modules}})))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split()) & set(HEAVY)


def test_the_help_screens_copies_equal_their_sources():
    assert choices.BACKENDS == BACKENDS
    assert choices.METHODS == METHODS
    assert choices.FAMILY_NAMES == tuple(FAMILIES)
    assert choices.SOLVER_FAMILIES == tuple(name for name, family in FAMILIES.items() if family.solver)
    assert (choices.DEFAULT_FAMILY, choices.DEFAULT_OPPONENT, choices.FITNESSES) == (
        DEFAULT_FAMILY,
        DEFAULT_OPPONENT,
        FITNESSES,
    )
    assert (choices.LEAGUE_PREFIX, choices.BALANCED, choices.WIN_THRESHOLD) == (LEAGUE_PREFIX, BALANCED, WIN_THRESHOLD)


def test_importing_the_command_line_loads_no_heavy_library():
    assert _loaded_after("import hog_arena.cli.main") == set()


def test_help_lists_every_command_without_loading_a_heavy_library():
    code = "from hog_arena.cli.main import main\nassert main(['--help']) == 0"
    assert _loaded_after(code) == set()
    done = subprocess.run(
        [sys.executable, "-m", "hog_arena.cli.main", "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    names = [info.name for info in app.registered_commands]
    click_app = typer.main.get_command(app)
    groups = {info.name: click_app.commands[info.name].help or "" for info in app.registered_groups}
    assert len(names) + len(groups) >= len(COMMAND_MODULES)
    for name, help_text in groups.items():
        assert name in done.stdout and " ".join(help_text.split()[:3]) in " ".join(done.stdout.split()), name
    for info in app.registered_commands:
        assert info.name in done.stdout
        summary = " ".join((info.callback.__doc__ or "").split()[:3])
        assert summary and summary in " ".join(done.stdout.split()), info.name


def test_a_command_that_needs_no_database_does_not_load_one():
    assert _loaded_after("from hog_arena.cli.main import main\nassert main(['rules', '--json']) == 0") == set()


def test_refusing_a_library_name_loads_neither_the_library_nor_numpy():
    code = (
        "from strategies.names import BadName, strategy_name\n"
        "try:\n    strategy_name('Final_Strategy', 'fa24')\nexcept BadName:\n    pass\n"
        "else:\n    raise SystemExit('not refused')\n"
        "assert 'strategies.library' not in sys.modules and 'hog.exact' not in sys.modules"
    )
    assert _loaded_after(code) == set()


@pytest.mark.parametrize("rules", [*RULE_SETS, "fa24", "sp14"])
def test_the_library_s_names_without_the_library_are_its_names(rules):
    assert library_names(rules) == library.names(rules)
