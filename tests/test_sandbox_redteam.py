"""The sandbox against an attacker: one real child process per attack.

Each hostile file (``tests/fixtures/submissions/hostile``) tries one thing a
strategy never needs; each test asserts the exact line the file is refused
with, and that nothing outside changed: the victim's mode, times, owner,
extended attributes and content, a listening Unix socket, the temporary
folder, a concurrent honest submission.
"""

from __future__ import annotations

import errno
import json
import os
import platform
import re
import shutil
import socket
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from hog_arena.cli.main import main
from strategies.loader import Limits, SubmissionError, load_file
from strategies.sandbox import run_child

FIXTURES = Path(__file__).parent / "fixtures" / "submissions"
HOSTILE = FIXTURES / "hostile"
MB = 1 << 20
FAST = Limits(cpu_seconds=2, wall_seconds=30, memory_bytes=256 * MB)  # the wall clock only bounds a wait
CPU_ONLY = Limits(cpu_seconds=1, wall_seconds=60)


def refusal(path: Path, limits: Limits = FAST) -> str:
    """The one-line message PATH is refused with."""
    with pytest.raises(SubmissionError) as caught:
        load_file(path, "square_swine", limits=limits)
    message = str(caught.value)
    assert "\n" not in message and "\x1b" not in message
    return message


def hostile_copy(tmp_path: Path, name: str, **fields: str) -> Path:
    """The hostile file NAME with its {placeholders} filled in, in TMP_PATH."""
    text = (HOSTILE / name).read_text()
    for key, value in fields.items():
        text = text.replace("{" + key + "}", value)
    path = tmp_path / name
    path.write_text(text)
    return path


def metadata(path: Path) -> tuple:
    """Everything about PATH an attacker could change (any change of metadata sets ctime)."""
    status = os.stat(path)
    attributes = {name: os.getxattr(path, name) for name in os.listxattr(path)}
    content = path.read_bytes() if path.is_file() else sorted(os.listdir(path))
    return status.st_mode, status.st_uid, status.st_gid, status.st_mtime_ns, status.st_ctime_ns, attributes, content


# --- files and services outside ------------------------------------------------------------------


def test_metadata_of_files_outside_is_unchanged(tmp_path):
    folder = tmp_path / "private"
    folder.mkdir(mode=0o700)
    victim = folder / "arena.db"
    victim.write_bytes(b"the database")
    victim.chmod(0o600)
    try:
        os.setxattr(victim, "user.note", b"kept")
    except OSError as error:
        if error.errno != errno.ENOTSUP:
            raise
        pytest.skip("this file system has no extended attributes")
    before = metadata(victim), metadata(folder)
    path = hostile_copy(tmp_path, "changes_metadata.py", file=str(victim), folder=str(folder))
    assert refusal(path) == (
        "changes_metadata.py: raised RuntimeError: chmod file: errno 1, chmod folder: errno 1, utime: errno 1, "
        "setxattr: errno 1, removexattr: errno 1, chown: errno 1, truncate: errno 1 while being imported"
    )
    assert (metadata(victim), metadata(folder)) == before


def test_a_service_on_a_unix_socket_is_unreachable(tmp_path):
    address = str(tmp_path / "service.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(address)
        os.chmod(address, 0o777)  # only the sandbox stands in the way
        server.listen(1)
        server.setblocking(False)
        path = hostile_copy(tmp_path, "unix_socket.py", path=address)
        assert refusal(path) == (
            "unix_socket.py: raised PermissionError: [Errno 1] Operation not permitted while being imported"
        )
        with pytest.raises(BlockingIOError):
            server.accept()  # nobody connected


def test_the_child_sees_only_its_own_file_and_runs_as_nobody():
    message = refusal(HOSTILE / "looks_around.py")
    uid, gid = (65534, 65534) if os.geteuid() == 0 else (os.getuid(), os.getgid())
    assert re.fullmatch(
        rf"looks_around\.py: raised RuntimeError: uid {uid} gid {gid} groups \[[0-9, ]*\] pid 1 parent 0; "
        r"folder \['looks_around\.py'\] top \['lib', 'lib64', 'root', 'sandbox', 'usr'\]; "
        r"none of /tmp /proc /dev /etc /home /var while being imported",
        message,
    ), message
    if os.geteuid() == 0:
        assert "groups [] " in message


@pytest.mark.skipif(platform.machine() != "x86_64", reason="the file uses x86-64 system call numbers")
def test_system_calls_a_strategy_never_needs_are_refused():
    """io_uring, keyctl, ptrace, bpf, namespaces, mounts, inotify, fanotify, sockets, processes..."""
    assert refusal(HOSTILE / "forbidden_syscalls.py") == (
        "forbidden_syscalls.py: raised RuntimeError: not refused: none while being imported"
    )


def test_a_child_cannot_lock_a_file_or_watch_a_folder():
    """Locks and notifications on the files every sandbox reads would be a channel between sandboxes."""
    assert refusal(HOSTILE / "takes_a_lock.py") == (
        "takes_a_lock.py: raised RuntimeError: not refused: none while being imported"
    )


def test_third_party_packages_cannot_be_imported(tmp_path):
    """Not the base interpreter's site-packages, not the system's dist-packages, not
    the project's environment (numpy is certainly installed there)."""
    environment = str(Path(np.__file__).parents[1])
    base = sysconfig.get_paths(vars={"base": sys.base_prefix, "platbase": sys.base_exec_prefix})
    folders = [environment, base["purelib"], base["platlib"]]
    assert any(os.path.isdir(folder) and os.listdir(folder) for folder in folders)  # something to hide
    path = hostile_copy(tmp_path, "imports_site_packages.py", folders=repr(folders))
    assert refusal(path) == (
        "imports_site_packages.py: raised RuntimeError: seen 0 entries, imported: none while being imported"
    )


# --- other submissions and the disk --------------------------------------------------------------


def test_inotify_sabotage_does_not_touch_a_concurrent_submission(student_file):
    outcome: dict[str, str] = {}

    def attack() -> None:
        outcome["attack"] = refusal(HOSTILE / "watches_tmp.py")

    attacker = threading.Thread(target=attack)
    attacker.start()
    tables = [load_file(student_file("hog_pile.py"), "hog_pile", limits=FAST) for _ in range(3)]
    attacker.join()
    assert outcome["attack"] == (
        "watches_tmp.py: raised PermissionError: [Errno 1] Operation not permitted: 'inotify_init1' "
        "while being imported"
    )
    assert tables[0] == tables[1] == tables[2] and tables[0].name == "hog_pile"


def test_filling_the_disk_leaves_nothing_behind(tmp_path, monkeypatch):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", None)  # the parent's own temporary files would go there
    had_d = os.path.exists("/tmp/d")
    assert refusal(HOSTILE / "fills_disk.py") == (
        "fills_disk.py: raised RuntimeError: could write nowhere while being imported"
    )
    assert os.listdir(scratch) == []
    assert os.path.exists("/tmp/d") == had_d


# --- limits --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "stage"),
    [
        ("ignores_sigxcpu.py", "while being imported"),  # SIGXCPU, SIGPROF and the rest ignored
        ("raises_cpu_limit.py", "while evaluating final_strategy"),  # setrlimit, setitimer, except BaseException
    ],
)
def test_cpu_tricks_are_stopped_at_the_limit(name, stage):
    """The wall-clock limit is far: only the CPU time limit can stop these files."""
    assert refusal(HOSTILE / name, limits=CPU_ONLY) == f"{name}: used up the 1 s CPU time limit {stage}"


def test_a_child_stopped_for_cpu_time_was_measured_at_the_limit():
    """Whoever stops it (the parent, or the kernel if the parent is slow), the
    parent's own measurement is at the limit: the verdict cannot depend on load."""
    source = (HOSTILE / "ignores_sigxcpu.py").read_text()
    run = run_child(source, "ignores_sigxcpu.py", "final_strategy", 100, 10, CPU_ONLY, 1, time.monotonic() + 60)
    assert run.ready and not run.timed_out
    assert run.cpu_seconds >= CPU_ONLY.cpu_seconds, run


# --- the parent alone speaks ---------------------------------------------------------------------

FAKE_FAILURE = (
    "fakes_sandbox_failure.py: exited with status 126 while being imported without sending a table; "
    "its last output: 'sandbox setup failed: \\x1b[31mkernel too old\\x1b[0m\\x07'"
)


def test_a_fake_sandbox_failure_is_the_files_fault():
    assert refusal(HOSTILE / "fakes_sandbox_failure.py") == FAKE_FAILURE


def test_a_folder_with_a_fake_sandbox_failure_stores_every_valid_file(capsys, tmp_path, student_file):
    folder, db = tmp_path / "inbox", tmp_path / "arena.db"
    folder.mkdir()
    shutil.copy(HOSTILE / "fakes_sandbox_failure.py", folder)
    student_file("square_swine.py", folder / "ann.py")
    student_file("swine_swap.py", folder / "zed.py")
    code = main(["submit", str(folder), "--rules", "square_swine", "--db", str(db), "--json"])
    out, err = capsys.readouterr()
    assert code == 1
    warning, error = err.splitlines()  # zed.py is a Swine Swap student's file, submitted for square_swine
    assert warning.startswith("hog: warning: zed.py: looks written for nju24, not square_swine")
    assert error == f"hog: error: 1 of 3 files in {str(folder)!r} were refused"
    results = json.loads(out)["results"]
    assert [(r["name"] if r["ok"] else r["error"]) for r in results] == ["ann", FAKE_FAILURE, "zed"]


def test_control_characters_in_an_exception_are_escaped(tmp_path):
    path = tmp_path / "noisy.py"
    path.write_text('raise ValueError("\\x1b[2J\\x1b]0;owned\\x07 cleared")\n')
    assert refusal(path) == "noisy.py: raised ValueError: \\x1b[2J\\x1b]0;owned\\x07 cleared while being imported"


# --- purity and tables ---------------------------------------------------------------------------


def test_randomness_at_import_is_caught_by_a_second_fresh_process():
    assert re.fullmatch(
        r"random_at_import\.py: final_strategy\(\d+, \d+\) returned \d+, then \d+ when called a second time "
        r"\(in a fresh process, in another order\); a strategy must be a pure function of the two scores "
        r"\(no random numbers, no state kept between calls\)",
        refusal(HOSTILE / "random_at_import.py"),
    )


def table_text(value: str, score: int = 0, opponent: int = 0) -> str:
    rows = [["4"] * 100 for _ in range(100)]
    rows[score][opponent] = value
    return "[" + ",".join("[" + ",".join(row) + "]" for row in rows) + "]"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            table_text(str(10**30)),
            "value 1000000000000000000000000000000 at score 0, opponent score 0 is out of range 0..10",
        ),
        (table_text(str(2**63), 3, 5), "value 9223372036854775808 at score 3, opponent score 5 is out of range 0..10"),
        (
            table_text(str(-(2**64)), 99, 99),
            "value -18446744073709551616 at score 99, opponent score 99 is out of range 0..10",
        ),
        (table_text("9" * 5000), "not a table: a number too long to read"),
        ("[" * 200_000, "not a table: nested too deeply"),
        (table_text("[[[[1]]]]", 1, 2), "value [[[[1]]]] at score 1, opponent score 2 is not an integer 0..10"),
    ],
    ids=["10**30", "2**63", "-2**64", "5000 digits", "200000 [", "nested cell"],
)
def test_json_tables_of_any_content_get_one_line(tmp_path, text, message):
    path = tmp_path / "table.json"
    path.write_text(text)
    assert refusal(path) == f"table.json: {message}"
