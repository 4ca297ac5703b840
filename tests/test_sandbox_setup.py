"""The sandbox on a machine that cannot run it: one line saying why, and nothing runs."""

from __future__ import annotations

import pytest

from hog_arena.cli.main import main
from strategies.loader import SandboxError, load_file


def test_without_bubblewrap_no_file_runs(monkeypatch, tmp_path, student_file):
    monkeypatch.setattr("strategies.confine.bundled_bwrap", lambda: None)  # only bwrap on the PATH counts
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(SandboxError) as caught:
        load_file(student_file("hog_pile.py"), "hog_pile")
    assert str(caught.value) == (
        "strategy files run in a bubblewrap sandbox, and bwrap is not installed "
        "(on Debian or Ubuntu: apt-get install bubblewrap)"
    )


def test_a_sandbox_that_fails_to_start_is_our_failure_not_the_files(monkeypatch, tmp_path, capsys, student_file):
    """Whatever fails before the child says it is confined is reported as the machine's problem."""
    path = student_file("hog_pile.py")
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setattr("strategies.confine.bundled_bwrap", lambda: None)  # only bwrap on the PATH counts
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(SandboxError) as caught:
        load_file(path, "hog_pile")
    assert str(caught.value) == "cannot run strategy files here: bwrap: No permissions to create new namespace"
    assert main(["submit", str(path), "--rules", "hog_pile", "--db", str(tmp_path / "arena.db")]) == 1
    assert capsys.readouterr().err == (
        "hog: error: cannot run strategy files here: bwrap: No permissions to create new namespace\n"
    )
    assert not (tmp_path / "arena.db").exists()
