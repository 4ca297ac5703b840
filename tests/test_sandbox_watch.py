"""The parent's own measure of a child's CPU time, which kills a child the kernel did not stop."""

from __future__ import annotations

import subprocess
import sys
import time

from strategies.sandbox import _CpuWatch

BUSY = "import time\nend = time.process_time() + 0.6\nwhile time.process_time() < end:\n    pass\ntime.sleep(30)\n"


def busy_child() -> subprocess.Popen:
    """A process group of its own whose leader burns 0.6 s of CPU, then sleeps."""
    return subprocess.Popen([sys.executable, "-c", BUSY], start_new_session=True)


def test_the_watch_reads_the_cpu_time_of_the_process_bubblewrap_names():
    child = busy_child()
    try:
        watch = _CpuWatch(child.pid)
        assert watch.seconds() == 0.0  # no process named yet
        watch.learn(b'{"child-pid": %d}\n{"exit-code": 0}\n' % child.pid)
        time.sleep(1.5)
        assert 0.5 <= watch.seconds() <= 1.0
    finally:
        child.kill()
        child.wait()


def test_a_process_outside_the_group_is_not_watched():
    """A forged status line naming a busy process of another group is ignored."""
    child, other = busy_child(), busy_child()
    try:
        watch = _CpuWatch(child.pid)
        watch.learn(b'{"child-pid": %d}\n' % other.pid)
        time.sleep(1.5)
        assert watch.seconds() == 0.0
    finally:
        for process in (child, other):
            process.kill()
            process.wait()
