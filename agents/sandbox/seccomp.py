"""A seccomp filter for the sandboxed command: a deny-list of system calls that ordinary programs
never need and that expose kernel attack surface (keyrings, BPF, perf, io_uring, module loading,
the new mount API, handle-based opens), terminal input injection, and `fallocate`, which would
reserve disk space past the file size limit. Everything else is allowed; the namespaces and the
missing capabilities do the rest.

libseccomp compiles the rules (by system call name, for the machine's own architecture) into the
BPF program handed to bwrap with `--seccomp FD`; it also refuses system calls made through another
ABI (32-bit or x32 on x86-64), which would otherwise reach the kernel under other numbers. The
program is compiled once per process."""

from __future__ import annotations

import errno
import functools
import os
import tempfile
from types import ModuleType

DENIED = (
    "syslog", "pivot_root", "acct", "mount", "umount2", "swapon", "swapoff", "reboot",
    "init_module", "delete_module", "quotactl", "lookup_dcookie", "kexec_load", "add_key",
    "request_key", "keyctl", "perf_event_open", "name_to_handle_at", "open_by_handle_at", "setns",
    "finit_module", "kexec_file_load", "bpf", "userfaultfd", "io_uring_setup", "io_uring_enter",
    "io_uring_register", "open_tree", "move_mount", "fsopen", "fsconfig", "fsmount", "fspick",
    "mount_setattr",
)  # fmt: skip
# clone3 passes its flags in a struct the filter cannot read; ENOSYS makes libc fall back to
# clone(), whose flags the kernel checks as usual.
NOT_IMPLEMENTED = ("clone3",)
# fallocate reserves disk space without writing it, and its keep-size mode ignores RLIMIT_FSIZE:
# one call could fill the host's disk. EOPNOTSUPP (as on file systems without it) makes libc's
# posix_fallocate fall back to writing, which the file size limit and the quota see.
NOT_SUPPORTED = ("fallocate",)
DENIED_IOCTLS = {"TIOCSTI": 0x5412, "TIOCLINUX": 0x541C}
# The kernel reads an ioctl's request as a 32-bit int: compare only those bits, so high bits set
# by the caller cannot slip a denied request past the filter.
_REQUEST_BITS = 0xFFFFFFFF


def supported() -> bool:
    """Whether libseccomp is installed here (the filter is then applied on any architecture)."""
    return _libseccomp() is not None


def syscall_number(name: str) -> int:
    """The number of a system call on this machine's architecture; negative when unknown."""
    library = _required()
    return int(library.resolve_syscall(library.Arch.NATIVE, name))


@functools.cache
def filter_program() -> bytes:
    """The compiled filter: an array of `struct sock_filter`, as bwrap reads it. A name this
    architecture does not have (or this libseccomp does not know) has nothing to deny."""
    library = _required()
    rules = library.SyscallFilter(defaction=library.ALLOW)
    rules.set_attr(library.Attr.ACT_BADARCH, library.ERRNO(errno.EPERM))
    answers = [(errno.EPERM, DENIED), (errno.ENOSYS, NOT_IMPLEMENTED), (errno.EOPNOTSUPP, NOT_SUPPORTED)]  # fmt: skip
    for error, names in answers:
        for name in names:
            if syscall_number(name) >= 0:
                rules.add_rule(library.ERRNO(error), name)
    for request in DENIED_IOCTLS.values():
        matches = library.Arg(1, library.MASKED_EQ, _REQUEST_BITS, request)
        rules.add_rule(library.ERRNO(errno.EPERM), "ioctl", matches)
    with tempfile.TemporaryFile() as compiled:
        rules.export_bpf(compiled)
        compiled.seek(0)
        return compiled.read()


def filter_fd() -> int:
    """A fresh descriptor positioned at the start of the filter (bwrap reads it to the end)."""
    fd = os.memfd_create("longhaul-seccomp", 0)
    os.write(fd, filter_program())
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


@functools.cache
def _libseccomp() -> ModuleType | None:
    """The bindings, or None where the shared library is missing (they refuse to import)."""
    try:
        import pyseccomp
    except (ImportError, RuntimeError, OSError):
        return None
    return pyseccomp


def _required() -> ModuleType:
    library = _libseccomp()
    if library is None:
        raise RuntimeError("libseccomp is not installed (Debian: libseccomp2)")
    return library
