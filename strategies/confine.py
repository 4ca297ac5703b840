"""Operating-system confinement of an untrusted child process (Linux).

A :class:`Confinement` is prepared in the parent (limits, Landlock ruleset,
seccomp program); its :meth:`Confinement.preexec` is passed to
``subprocess.Popen(preexec_fn=...)`` and only makes system calls between fork
and exec. The layers, each applied where the kernel offers it:

* resource limits (always): CPU seconds (SIGXCPU at the soft limit, which
  the child may raise up to the hard one, then SIGKILL), address space, size of any file
  written, open files, no core files, and no new processes
  (``RLIMIT_NPROC``; Linux does not apply it to root, hence seccomp below);
* a new user and network namespace: no capabilities over the machine, and no
  network (the namespace's only interface, loopback, is down);
* Landlock (Linux 5.13+): writes only beneath the working folder; reads only
  beneath the Python installation, the folders of the shared libraries the
  interpreter uses and the folders given; no program but the interpreter can
  be executed; no TCP bind or connect (6.7+); no signals to, or abstract Unix
  sockets of, processes outside (6.12+);
* seccomp (x86-64 and arm64): fork, vfork, clone and clone3 fail with EPERM,
  so the child can start neither processes nor threads, even as root.

There is no maintained PyPI binding for Landlock or for a plain seccomp
filter, so the few system calls are made with ctypes.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import resource
import struct
import sys
from dataclasses import dataclass, field
from typing import Iterable

__all__ = ["Confinement", "landlock_abi", "seccomp_supported"]

_LIBC = ctypes.CDLL(None, use_errno=True)

# --- Landlock (include/uapi/linux/landlock.h); the numbers are the same on every architecture.
_SYS_LANDLOCK_CREATE_RULESET, _SYS_LANDLOCK_ADD_RULE, _SYS_LANDLOCK_RESTRICT_SELF = 444, 445, 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1
_FS_EXECUTE, _FS_WRITE_FILE, _FS_READ_FILE, _FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_ABI1 = (1 << 13) - 1  # execute .. make_sym
_FS_REFER, _FS_TRUNCATE, _FS_IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
_FS_FILE_RIGHTS = _FS_EXECUTE | _FS_WRITE_FILE | _FS_READ_FILE | _FS_TRUNCATE | _FS_IOCTL_DEV
_FS_READ = _FS_READ_FILE | _FS_READ_DIR
_NET_BIND_AND_CONNECT_TCP = (1 << 0) | (1 << 1)
_SCOPE_ABSTRACT_UNIX_SOCKET_AND_SIGNAL = (1 << 0) | (1 << 1)

# --- prctl, unshare, seccomp
_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2
_CLONE_NEWUSER, _CLONE_NEWNET = 0x10000000, 0x40000000
_BPF_LD_W_ABS, _BPF_JEQ_K, _BPF_JGE_K, _BPF_RET_K = 0x20, 0x15, 0x35, 0x06
_SECCOMP_RET_ALLOW, _SECCOMP_RET_ERRNO, _SECCOMP_RET_KILL_PROCESS = 0x7FFF0000, 0x00050000, 0x80000000
#: machine -> (AUDIT_ARCH_*, process-creating system calls, x32 system calls exist)
_SECCOMP_ARCHES = {
    "x86_64": (0xC000003E, (56, 57, 58, 435), True),  # clone, fork, vfork, clone3
    "aarch64": (0xC00000B7, (220, 435), False),  # clone, clone3
}


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _check(result: int) -> int:
    if result < 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))
    return result


def _syscall(number: int, *args: object) -> int:
    values = [ctypes.c_long(a) if isinstance(a, int) else a for a in args]
    return _check(_LIBC.syscall(ctypes.c_long(number), *values))


def _prctl(option: int, *args: int) -> None:
    values = [ctypes.c_ulong(a) for a in (*args, 0, 0, 0, 0)[:4]]
    _check(_LIBC.prctl(ctypes.c_int(option), *values))


def landlock_abi() -> int:
    """The kernel's Landlock ABI version, 0 if it has none."""
    try:
        return _syscall(_SYS_LANDLOCK_CREATE_RULESET, None, 0, _LANDLOCK_CREATE_RULESET_VERSION)
    except OSError:
        return 0


def seccomp_supported() -> bool:
    """Whether this machine's architecture has a process-creation filter here."""
    return sys.platform == "linux" and platform.machine() in _SECCOMP_ARCHES


def _landlock_ruleset(abi: int, write_dirs: Iterable[str], read_paths: Iterable[str], programs: Iterable[str]) -> int:
    """A Landlock ruleset file descriptor: everything beneath WRITE_DIRS, reading beneath
    READ_PATHS, executing only PROGRAMS."""
    handled_fs = _FS_ABI1 | (_FS_REFER if abi >= 2 else 0) | (_FS_TRUNCATE if abi >= 3 else 0)
    handled_fs |= _FS_IOCTL_DEV if abi >= 5 else 0
    attr = _RulesetAttr(
        handled_fs,
        _NET_BIND_AND_CONNECT_TCP if abi >= 4 else 0,
        _SCOPE_ABSTRACT_UNIX_SOCKET_AND_SIGNAL if abi >= 6 else 0,
    )
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    ruleset = _syscall(_SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), size, 0)
    rules = [(path, handled_fs) for path in write_dirs] + [(path, _FS_READ) for path in read_paths]
    rules += [(path, _FS_EXECUTE | _FS_READ_FILE) for path in programs]
    try:
        for path, rights in rules:
            if not os.path.exists(path):
                continue
            if not os.path.isdir(path):
                rights &= _FS_FILE_RIGHTS
            descriptor = os.open(path, os.O_PATH | os.O_CLOEXEC)
            try:
                rule = _PathBeneathAttr(rights & handled_fs, descriptor)
                _syscall(_SYS_LANDLOCK_ADD_RULE, ruleset, _LANDLOCK_RULE_PATH_BENEATH, ctypes.byref(rule), 0)
            finally:
                os.close(descriptor)
    except BaseException:
        os.close(ruleset)
        raise
    return ruleset


def _seccomp_program() -> bytes:
    """A BPF program: EPERM for the calls that create processes, allow the rest."""
    audit_arch, denied, has_x32 = _SECCOMP_ARCHES[platform.machine()]
    checks = [(_BPF_JGE_K, 0x40000000)] if has_x32 else []
    checks += [(_BPF_JEQ_K, number) for number in denied]
    program = [
        (_BPF_LD_W_ABS, 0, 0, 4),  # seccomp_data.arch
        (_BPF_JEQ_K, 1, 0, audit_arch),
        (_BPF_RET_K, 0, 0, _SECCOMP_RET_KILL_PROCESS),  # another ABI (e.g. 32-bit calls)
        (_BPF_LD_W_ABS, 0, 0, 0),  # seccomp_data.nr
    ]
    for index, (code, value) in enumerate(checks):
        program.append((code, len(checks) - index, 0, value))  # jump to the EPERM return
    program.append((_BPF_RET_K, 0, 0, _SECCOMP_RET_ALLOW))
    program.append((_BPF_RET_K, 0, 0, _SECCOMP_RET_ERRNO | errno.EPERM))
    return b"".join(struct.pack("=HBBI", *instruction) for instruction in program)


def _shared_libraries() -> set[str]:
    """The shared libraries mapped into this process (libc, the dynamic loader, ...)."""
    try:
        with open(f"/proc/{os.getpid()}/maps", encoding="utf-8", errors="replace") as maps:
            paths = {line.split(None, 5)[5].strip() for line in maps if len(line.split(None, 5)) == 6}
    except OSError:
        return set()
    return {p for p in paths if p.startswith("/") and ".so" in os.path.basename(p)}


def _limit(resource_id: int, value: int) -> tuple[int, tuple[int, int]]:
    """VALUE as (soft, hard), never above the current hard limit (raising it needs privilege)."""
    hard = resource.getrlimit(resource_id)[1]
    value = value if hard == resource.RLIM_INFINITY else min(value, hard)
    return resource_id, (value, value)


@dataclass
class Confinement:
    """Everything the child is confined by; call :meth:`close` after spawning."""

    cpu_seconds: int  #: soft limit: SIGXCPU, which the child may handle
    cpu_hard_seconds: int  #: hard limit: SIGKILL
    memory_bytes: int
    file_bytes: int
    open_files: int
    program: str  #: the only program the child may execute (besides the dynamic loader)
    write_dirs: tuple[str, ...]
    read_paths: tuple[str, ...] = ()
    _rlimits: list[tuple[int, tuple[int, int]]] = field(init=False, repr=False)
    _ruleset: int = field(init=False, default=-1, repr=False)
    _filter: ctypes.Array | None = field(init=False, default=None, repr=False)
    _fprog: _SockFprog | None = field(init=False, default=None, repr=False)

    def __post_init__(self) -> None:
        cpu_hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
        cpu = (self.cpu_seconds, max(self.cpu_seconds, self.cpu_hard_seconds))
        if cpu_hard != resource.RLIM_INFINITY:
            cpu = (min(cpu[0], cpu_hard), min(cpu[1], cpu_hard))
        self._rlimits = [
            (resource.RLIMIT_CPU, cpu),
            _limit(resource.RLIMIT_AS, self.memory_bytes),
            _limit(resource.RLIMIT_FSIZE, self.file_bytes),
            _limit(resource.RLIMIT_NOFILE, self.open_files),
            (resource.RLIMIT_CORE, (0, 0)),
            (resource.RLIMIT_NPROC, (0, 0)),
        ]
        abi = landlock_abi()
        if abi:
            libraries = _shared_libraries()
            loaders = sorted(p for p in libraries if os.path.basename(p).startswith("ld"))
            python = {sys.base_prefix, sys.base_exec_prefix}
            reads = (*python, *sorted({os.path.dirname(p) for p in libraries}), *self.read_paths)
            self._ruleset = _landlock_ruleset(abi, self.write_dirs, reads, (self.program, *loaders))
        if seccomp_supported():
            program = _seccomp_program()
            self._filter = ctypes.create_string_buffer(program, len(program))
            self._fprog = _SockFprog(len(program) // 8, ctypes.addressof(self._filter))

    def preexec(self) -> None:
        """Confine the calling process (the child, between fork and exec).

        On failure it writes one line to stderr and exits with status 126:
        the child never runs unconfined.
        """
        try:
            for resource_id, limits in self._rlimits:
                resource.setrlimit(resource_id, limits)
            if _LIBC.unshare(ctypes.c_int(_CLONE_NEWUSER | _CLONE_NEWNET)) != 0:
                _LIBC.unshare(ctypes.c_int(_CLONE_NEWNET))  # root where user namespaces are off
            _prctl(_PR_SET_NO_NEW_PRIVS, 1)
            if self._ruleset >= 0:
                _syscall(_SYS_LANDLOCK_RESTRICT_SELF, self._ruleset, 0)
                os.close(self._ruleset)
            if self._fprog is not None:
                _prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.addressof(self._fprog))
        except BaseException as error:  # noqa: BLE001 - never exec unconfined
            os.write(2, f"sandbox setup failed: {error}\n".encode())
            os._exit(126)

    def close(self) -> None:
        """Release the parent's copy of the Landlock ruleset."""
        if self._ruleset >= 0:
            os.close(self._ruleset)
            self._ruleset = -1
