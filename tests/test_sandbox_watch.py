"""The parent's own measure of a child's CPU time, which kills a child the kernel did not stop.

The busy child says on its standard output when it has burnt its CPU time;
the tests wait for that line, not for a span of wall-clock time, so a loaded
machine only makes them slower.
"""

from __future__ import annotations

import subprocess
import sys

from strategies.sandbox import _CpuWatch

BUSY = (
    "import time\n"
    "end = time.process_time() + 0.6\n"
    "while time.process_time() < end:\n"
    "    pass\n"
    "print('burnt', flush=True)\n"
    "time.sleep(600)\n"
)


def busy_child() -> subprocess.Popen:
    """A process group of its own whose leader burns 0.6 s of CPU, says so, then sleeps."""
    return subprocess.Popen([sys.executable, "-c", BUSY], start_new_session=True, stdout=subprocess.PIPE, text=True)


def burnt(child: subprocess.Popen) -> None:
    """Once CHILD has burnt its CPU time."""
    assert child.stdout is not None and child.stdout.readline() == "burnt\n"


def test_the_watch_reads_the_cpu_time_of_the_process_bubblewrap_names():
    child = busy_child()
    try:
        watch = _CpuWatch(child.pid)
        assert watch.seconds() == 0.0  # no process named yet
        watch.learn(b'{"child-pid": %d}\n{"exit-code": 0}\n' % child.pid)
        burnt(child)
        assert 0.5 <= watch.seconds() <= 1.0  # CPU seconds: the 0.6 burnt and the interpreter's start
    finally:
        child.kill()
        child.communicate()


def test_a_process_outside_the_group_is_not_watched():
    """A forged status line naming a busy process of another group is ignored."""
    child, other = busy_child(), busy_child()
    try:
        watch = _CpuWatch(child.pid)
        watch.learn(b'{"child-pid": %d}\n' % other.pid)
        burnt(other)
        assert watch.seconds() == 0.0
    finally:
        for process in (child, other):
            process.kill()
            process.communicate()
