"""strategies.loader: strategy files run in the sandbox, and every bad file is refused.

The realistic fixtures are course-style ``hog.py`` files, one per rule set;
the hostile ones each misbehave in one way. Every refusal is checked for its
exact one-line message, and the limits are short so that the file runs fast.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import socket
import sys
from pathlib import Path

import numpy as np
import pytest

import hog.dice
from hog.rules import get_rules
from strategies.loader import Limits, SubmissionError, load_file, load_source, table_from_source
from strategies.table import StrategyTable

FIXTURES = Path(__file__).parent / "fixtures" / "submissions"
HOSTILE = FIXTURES / "hostile"
MB = 1 << 20
#: The wall-clock limit only bounds a file that would otherwise run on: far enough that a loaded machine never hits it.
FAST = Limits(cpu_seconds=2, wall_seconds=30, memory_bytes=256 * MB)

#: The zero-dice helper each realistic file defines, by rule set.
ZERO_DICE_HELPER = {
    "more_boar": "piggy_points",
    "hog_pile": "picky_piggy",
    "swine_swap": "picky_piggy",
    "square_swine": "tail_points",
    "swine_align": "free_bacon",
}


def refusal(path: Path, rules: str = "square_swine", limits: Limits = FAST, **kwargs) -> str:
    """The one-line message a file is refused with."""
    with pytest.raises(SubmissionError) as caught:
        load_file(path, rules, limits=limits, **kwargs)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path.name}: ")
    return message


def import_in_process(path: Path, monkeypatch: pytest.MonkeyPatch):
    """Import one of our own fixture files here, with the course's dice and ucb modules."""
    monkeypatch.setitem(sys.modules, "dice", hog.dice)
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "strategies" / "sandbox_modules"))
    monkeypatch.delitem(sys.modules, "ucb", raising=False)
    spec = importlib.util.spec_from_file_location(f"fixture_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- real files ---------------------------------------------------------------


@pytest.mark.parametrize("rules", list(ZERO_DICE_HELPER))
def test_course_style_file_gives_the_table_its_function_defines(rules, monkeypatch, student_file):
    """Each file imports dice and ucb and has @main or __main__ code that must not run."""
    path = student_file(f"{rules}.py")
    table = load_file(path, rules, limits=FAST)
    module = import_in_process(path, monkeypatch)
    expected = [[module.final_strategy(s, o) for o in range(100)] for s in range(100)]
    assert table.table.tolist() == expected
    assert len(np.unique(table.table)) >= 3  # a real strategy, not a constant
    assert (table.name, table.rules, table.origin, table.goal) == (rules, rules, "file", 100)
    assert table.params == {"function": "final_strategy", "file": f"{rules}.py"}


@pytest.mark.parametrize("rules", list(ZERO_DICE_HELPER))
def test_course_style_files_implement_their_rule_set(rules, monkeypatch, student_file):
    module = import_in_process(student_file(f"{rules}.py"), monkeypatch)
    helper = getattr(module, ZERO_DICE_HELPER[rules])
    assert [helper(s) for s in range(100)] == [get_rules(rules).zero_dice(0, s) for s in range(100)]  # of the opponent


def test_ucb_shim_never_runs_the_main_function(monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "strategies" / "sandbox_modules"))
    monkeypatch.delitem(sys.modules, "ucb", raising=False)
    import ucb

    calls = []

    def run(*args):
        calls.append(args)

    assert ucb.main(run) is run and ucb.trace(run) is run
    assert (ucb.interact(), ucb.log("x"), ucb.log_current_line(), calls) == (None, None, None, [])


def test_another_function_name_and_goal(monkeypatch, student_file):
    path = student_file("more_boar.py")
    table = load_file(path, "more_boar", goal=40, function="more_boar_strategy", name="boar", limits=FAST)
    module = import_in_process(path, monkeypatch)
    assert table.table.tolist() == [[module.more_boar_strategy(s, o) for o in range(40)] for s in range(40)]
    assert (table.name, table.goal, table.params["function"]) == ("boar", 40, "more_boar_strategy")


def test_source_is_the_files_text(student_file):
    path = student_file("square_swine.py")
    assert load_source(path) == path.read_text(encoding="utf-8")


def test_json_table_is_read_without_running_anything(tmp_path):
    values = [[(s * 7 + o) % 11 for o in range(100)] for s in range(100)]
    path = tmp_path / "contest.json"
    path.write_text(json.dumps(values))
    table = load_file(path, "swine_swap")
    assert table.table.tolist() == values
    assert (table.name, table.origin, table.params) == ("contest", "file", {"file": "contest.json"})


def test_integer_subclasses_count_as_integers(tmp_path):
    path = tmp_path / "enums.py"
    path.write_text(
        "import enum\n"
        "class Dice(enum.IntEnum):\n    FEW = 2\n    MANY = 8\n"
        "def final_strategy(score, opponent_score):\n    return Dice.FEW if score > opponent_score else Dice.MANY\n"
    )
    table = load_file(path, "hog_pile", goal=10, limits=FAST)
    assert table.table.tolist() == [[2 if s > o else 8 for o in range(10)] for s in range(10)]


# --- files that are refused -----------------------------------------------------


def test_syntax_error():
    assert refusal(HOSTILE / "syntax_error.py") == (
        "syntax_error.py: cannot be imported: SyntaxError: expected ':' (line 4)"
    )


def test_missing_function():
    assert refusal(HOSTILE / "no_function.py") == "no_function.py: defines no function final_strategy"


def test_wrong_number_of_parameters():
    assert refusal(HOSTILE / "wrong_arity.py") == (
        "wrong_arity.py: final_strategy cannot be called as final_strategy(score, opponent_score): "
        "too many positional arguments"
    )


def test_raises_at_one_score_pair():
    assert refusal(HOSTILE / "raises.py") == (
        "raises.py: final_strategy(12, 34) raised ValueError: no plan for 12 to 34"
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("returns_11.py", "final_strategy(0, 51) returned 11, not an integer 0..10"),
        (
            "returns_negative.py",
            "final_strategy(90, 0) returned -1, not an integer 0..10 (-1, Pork Chop, is a choice only in fa16)",
        ),
        ("returns_float.py", "final_strategy(0, 0) returned 0.0 (a float), not an integer 0..10"),
        ("returns_string.py", "final_strategy(6, 0) returned '3' (a str), not an integer 0..10"),
        ("returns_none.py", "final_strategy(0, 0) returned None, not an integer 0..10"),
        ("returns_bool.py", "final_strategy(0, 0) returned False (a bool), not an integer 0..10"),
    ],
)
def test_values_that_are_not_dice_counts(name, message):
    assert refusal(HOSTILE / name) == f"{name}: {message}"


ONE_SECOND = Limits(cpu_seconds=1, wall_seconds=10)
OUT_OF_TIME = (
    "was still running when the 1 s CPU time limit ran out "
    "(the time to import the file and call final_strategy on all 10000 score pairs)"
)


def test_infinite_loop_hits_the_cpu_limit():
    assert refusal(HOSTILE / "infinite_loop.py", limits=ONE_SECOND) == (
        f"infinite_loop.py: final_strategy(0, 0) {OUT_OF_TIME}"
    )


def test_cpu_limit_names_the_score_pair_that_was_running():
    assert refusal(HOSTILE / "hangs_at_one_pair.py", limits=ONE_SECOND) == (
        f"hangs_at_one_pair.py: final_strategy(37, 12) {OUT_OF_TIME}"
    )


def test_cpu_limit_while_being_imported():
    assert refusal(HOSTILE / "loops_at_import.py", limits=ONE_SECOND) == (
        "loops_at_import.py: used up the 1 s CPU time limit while being imported"
    )


def test_cpu_limit_is_for_one_evaluation_the_purity_check_gets_as_much_again(student_file):
    """About 1.2 s for each of the two evaluations: 2.4 s in all, under 2 s each (a margin that a
    loaded machine's slower start-up does not eat)."""
    two_seconds = Limits(cpu_seconds=2, wall_seconds=20)
    table = load_file(student_file("slow_but_fair.py"), "hog_pile", limits=two_seconds)
    assert table.table.tolist() == [[4 if s < o else 3 for o in range(100)] for s in range(100)]


def test_sleeping_forever_hits_the_wall_clock_limit():
    """The file sleeps in its first call: 5 s leave a loaded machine the time to start it and import it."""
    limits = Limits(cpu_seconds=2, wall_seconds=5)
    assert refusal(HOSTILE / "sleeps.py", limits=limits) == (
        "sleeps.py: did not finish within the 5 s wall-clock limit while evaluating final_strategy"
    )


def test_unbounded_memory_hits_the_memory_limit():
    assert refusal(HOSTILE / "memory_hog.py") == (
        "memory_hog.py: final_strategy(0, 0) raised MemoryError (over the 256 MB memory limit)"
    )


def test_cannot_fork():
    assert refusal(HOSTILE / "forks.py") == (
        "forks.py: final_strategy(0, 0) raised PermissionError: [Errno 1] Operation not permitted"
    )


def test_cannot_start_processes():
    assert refusal(HOSTILE / "starts_process.py") == (
        "starts_process.py: raised PermissionError: [Errno 1] Operation not permitted while being imported"
    )


def test_cannot_write_outside_its_folder(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    outside.chmod(0o777)  # only the sandbox stands in the way
    target = outside / "escaped.txt"
    path = tmp_path / "writes_outside.py"
    path.write_text((HOSTILE / "writes_outside.py").read_text().replace("{target}", str(target)))
    assert refusal(path) == (
        f"writes_outside.py: final_strategy(0, 0) raised PermissionError: [Errno 1] Operation not permitted: '{target}'"
    )
    assert not target.exists()


def test_environment_is_empty(monkeypatch):
    monkeypatch.setenv("HOG_ARENA_SECRET", "7")
    assert refusal(HOSTILE / "reads_environment.py") == (
        "reads_environment.py: final_strategy(0, 0) raised FileNotFoundError: "
        "[Errno 2] No such file or directory: '/proc/0/environ'"  # no parent to see, no /proc
    )


def test_no_network(tmp_path):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        server.setblocking(False)
        port = server.getsockname()[1]
        path = tmp_path / "network.py"
        path.write_text((HOSTILE / "network.py").read_text().replace("{port}", str(port)))
        message = refusal(path)
        with pytest.raises(BlockingIOError):
            server.accept()  # nobody called
    assert message == "network.py: final_strategy(0, 0) raised PermissionError: [Errno 1] Operation not permitted"


def test_cannot_signal_the_parent():
    assert refusal(HOSTILE / "kills_parent.py") == (
        "kills_parent.py: final_strategy(0, 0) raised PermissionError: [Errno 1] Operation not permitted"
    )


def test_forged_results_are_not_trusted():
    assert refusal(HOSTILE / "forges_result.py") == (
        "forges_result.py: wrote something that is not a strategy table on the result channel"
    )


def test_sys_exit_at_import():
    assert refusal(HOSTILE / "exits_at_import.py") == "exits_at_import.py: called sys.exit(3) while being imported"


def test_os_exit_at_import():
    assert refusal(HOSTILE / "os_exit_at_import.py") == (
        "os_exit_at_import.py: exited with status 0 while being imported without sending a table; "
        "its last output: 'bye'"
    )


def test_sys_exit_while_evaluating():
    assert refusal(HOSTILE / "exits_in_strategy.py") == (
        "exits_in_strategy.py: final_strategy(50, 0) raised SystemExit: done at 50"
    )


def test_os_exit_while_evaluating():
    assert refusal(HOSTILE / "os_exit_in_strategy.py") == (
        "os_exit_in_strategy.py: exited with status 7 while evaluating final_strategy without sending a table"
    )


def test_printing_megabytes_hits_the_output_limit():
    assert refusal(HOSTILE / "prints_megabytes.py") == (
        "prints_megabytes.py: printed more than 1 MB of output (the limit) while evaluating final_strategy"
    )


def test_small_prints_are_fine(tmp_path):
    path = tmp_path / "chatty.py"
    path.write_text("print('loading')\ndef final_strategy(score, opponent_score):\n    print(score)\n    return 4\n")
    assert load_file(path, "square_swine", goal=20, limits=FAST).table.tolist() == [[4] * 20] * 20


def test_file_over_the_size_limit_is_refused_before_running(tmp_path):
    path = tmp_path / "huge.py"
    with open(path, "wb") as file:
        file.write(b"def final_strategy(score, opponent_score):\n    return 4\n")
        file.truncate(50 * MB)
    assert refusal(path) == "huge.py: file is 50 MB, over the 1 MB limit for strategy files"


def test_file_in_the_encoding_its_coding_line_declares(monkeypatch, student_file):
    path = student_file("declares_latin1.py")
    module = import_in_process(path, monkeypatch)  # Python's own reading of the file
    table = load_file(path, "more_boar", limits=FAST)
    assert table.table.tolist() == [[module.final_strategy(s, o) for o in range(100)] for s in range(100)]
    assert module.MOTTO == "\u00e0 fond" and load_source(path) == path.read_bytes().decode("latin-1")


def test_file_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "bom.py"
    path.write_bytes(b"\xef\xbb\xbf# \xc3\xa9t\xc3\xa9\ndef final_strategy(score, opponent_score):\n    return 7\n")
    assert load_file(path, "square_swine", goal=10, limits=FAST).table.tolist() == [[7] * 10] * 10


def test_file_declaring_an_unknown_encoding(tmp_path):
    path = tmp_path / "klingon.py"
    path.write_text("# coding: klingon\ndef final_strategy(score, opponent_score):\n    return 7\n")
    assert refusal(path) == "klingon.py: cannot be read as Python source: unknown encoding: klingon"


def test_module_beside_the_file_is_not_there():
    assert refusal(HOSTILE / "imports_sibling.py") == (
        "imports_sibling.py: raised ModuleNotFoundError: No module named 'best_moves' while being imported; "
        "a strategy file runs on its own: it may import the standard library and the course's dice and ucb only"
    )


def test_file_that_is_not_utf8():
    assert refusal(HOSTILE / "latin1.py") == ("latin1.py: not UTF-8 text (byte 0xe9 on line 1); save the file as UTF-8")


def test_random_strategy_is_not_pure():
    assert re.fullmatch(
        r"uses_random\.py: final_strategy\((\d+), (\d+)\) returned (\d+), then (\d+) when called a second time "
        r"\(in a fresh process, in another order\); a strategy must be a pure function of the two scores "
        r"\(no random numbers, no state kept between calls\)",
        refusal(HOSTILE / "uses_random.py"),
    )


def test_global_counter_is_not_pure():
    message = refusal(HOSTILE / "global_counter.py")
    # The first call returned 1 % 11; the same pair, called again later, returned something else.
    assert re.fullmatch(r"global_counter\.py: final_strategy\(0, 0\) returned 1, then (\d+) when called .*", message)


def test_changed_builtins_do_not_fool_the_checks():
    assert refusal(HOSTILE / "changes_builtins.py") == (
        "changes_builtins.py: final_strategy(99, 0) returned 2.5 (a float), not an integer 0..10"
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("table_wrong_shape.json", "table has 2 rows of lengths [2], expected 100 x 100"),
        ("table_not_list.json", "a table must be a list of lists of integers"),
        ("table_not_json.json", "not valid JSON: Expecting value: line 1 column 10 (char 9)"),
    ],
)
def test_json_table_of_the_wrong_shape(name, message):
    assert refusal(HOSTILE / name) == f"{name}: {message}"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (11, "value 11 at score 3, opponent score 5 is out of range 0..10"),
        (-1, "value -1 at score 3, opponent score 5 is out of range 0..10 (-1, Pork Chop, is a choice only in fa16)"),
        (1.5, "value 1.5 at score 3, opponent score 5 is not an integer 0..10"),
        ("3", "value '3' at score 3, opponent score 5 is not an integer 0..10"),
        (None, "value None at score 3, opponent score 5 is not an integer 0..10"),
        (True, "value True at score 3, opponent score 5 is not an integer 0..10"),
    ],
)
def test_json_table_with_a_bad_value(tmp_path, value, message):
    values = [[4] * 100 for _ in range(100)]
    values[3][5] = value
    path = tmp_path / "table.json"
    path.write_text(json.dumps(values))
    assert refusal(path) == f"table.json: {message}"


def test_parent_is_unaffected_by_a_hostile_file(tmp_path):
    """After hostile files, the parent still has its folder, environment and a working sandbox."""
    before = (os.getcwd(), dict(os.environ), sorted(os.listdir(tmp_path)))
    for name in ("exits_at_import.py", "forks.py", "changes_builtins.py"):
        refusal(HOSTILE / name)
    assert (os.getcwd(), dict(os.environ), sorted(os.listdir(tmp_path))) == before
    assert isinstance(len, type(print)) and isinstance(3, int)
    table = table_from_source("def final_strategy(s, o):\n    return (s + o) % 11\n", "ok.py", "square_swine", 30)
    assert table == StrategyTable.from_function(lambda s, o: (s + o) % 11, "square_swine", 30)


def test_limits_must_be_positive():
    with pytest.raises(ValueError, match="cpu_seconds must be positive"):
        Limits(cpu_seconds=0)
