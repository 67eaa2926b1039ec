"""A seccomp filter for the sandboxed command: a deny-list of system calls that ordinary programs
never need and that expose kernel attack surface (keyrings, BPF, perf, io_uring, module loading,
the new mount API, handle-based opens), terminal input injection, and `fallocate`, which would
reserve disk space past the file size limit. Everything else is allowed; the namespaces and the
missing capabilities do the rest.

The program is classic BPF, assembled here so no libseccomp is needed, and handed to bwrap with
`--seccomp FD`. It is built for x86-64 only; on other architectures no filter is applied (and the
documentation says so)."""

from __future__ import annotations

import errno
import os
import platform
import struct

AUDIT_ARCH_X86_64 = 0xC000003E
X32_SYSCALL_BIT = 0x40000000
_LD_ABS_W, _JEQ_K, _JGE_K, _RET_K = 0x20, 0x15, 0x35, 0x06
_RET_ALLOW = 0x7FFF0000
_RET_ERRNO = 0x00050000
_OFFSET_NR, _OFFSET_ARCH, _OFFSET_ARG1_LOW = 0, 4, 24  # struct seccomp_data, little-endian

DENIED_X86_64 = {
    "syslog": 103, "pivot_root": 155, "acct": 163, "mount": 165, "umount2": 166,
    "swapon": 167, "swapoff": 168, "reboot": 169, "init_module": 175, "delete_module": 176,
    "quotactl": 179, "lookup_dcookie": 212, "kexec_load": 246, "add_key": 248,
    "request_key": 249, "keyctl": 250, "perf_event_open": 298, "name_to_handle_at": 303,
    "open_by_handle_at": 304, "setns": 308, "finit_module": 313, "kexec_file_load": 320,
    "bpf": 321, "userfaultfd": 323, "io_uring_setup": 425, "io_uring_enter": 426,
    "io_uring_register": 427, "open_tree": 428, "move_mount": 429, "fsopen": 430,
    "fsconfig": 431, "fsmount": 432, "fspick": 433, "mount_setattr": 442,
}  # fmt: skip
# clone3 passes its flags in a struct the filter cannot read; ENOSYS makes libc fall back to
# clone(), whose flags the kernel checks as usual.
CLONE3_X86_64 = 435
# fallocate reserves disk space without writing it, and its keep-size mode ignores RLIMIT_FSIZE:
# one call could fill the host's disk. EOPNOTSUPP (as on file systems without it) makes libc's
# posix_fallocate fall back to writing, which the file size limit and the quota see.
FALLOCATE_X86_64 = 285
IOCTL_X86_64 = 16
DENIED_IOCTLS = {"TIOCSTI": 0x5412, "TIOCLINUX": 0x541C}


def supported() -> bool:
    return platform.machine() in ("x86_64", "AMD64")


def filter_program() -> bytes:
    """The filter as an array of `struct sock_filter`."""
    deny = _RET_ERRNO | errno.EPERM
    program = [
        (_LD_ABS_W, 0, 0, _OFFSET_ARCH),
        (_JEQ_K, 1, 0, AUDIT_ARCH_X86_64),
        (_RET_K, 0, 0, deny),  # 32-bit and foreign-ABI system calls
        (_LD_ABS_W, 0, 0, _OFFSET_NR),
        (_JGE_K, 0, 1, X32_SYSCALL_BIT),
        (_RET_K, 0, 0, deny),  # the x32 ABI
    ]
    for number in sorted(DENIED_X86_64.values()):
        program += [(_JEQ_K, 0, 1, number), (_RET_K, 0, 0, deny)]
    program += [(_JEQ_K, 0, 1, CLONE3_X86_64), (_RET_K, 0, 0, _RET_ERRNO | errno.ENOSYS)]
    program += [(_JEQ_K, 0, 1, FALLOCATE_X86_64), (_RET_K, 0, 0, _RET_ERRNO | errno.EOPNOTSUPP)]
    program += [(_JEQ_K, 0, len(DENIED_IOCTLS) * 2 + 1, IOCTL_X86_64)]
    program += [(_LD_ABS_W, 0, 0, _OFFSET_ARG1_LOW)]
    for request in DENIED_IOCTLS.values():
        program += [(_JEQ_K, 0, 1, request), (_RET_K, 0, 0, deny)]
    program += [(_RET_K, 0, 0, _RET_ALLOW)]
    return b"".join(struct.pack("<HBBI", *instruction) for instruction in program)


def filter_fd() -> int:
    """A fresh descriptor positioned at the start of the filter (bwrap reads it to the end)."""
    fd = os.memfd_create("longhaul-seccomp", 0)
    os.write(fd, filter_program())
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
