"""How bwrap is started, with no shell or helper program in front of it.

bwrap (behind setpriv when the worker is root) reads its options from a pipe (`--args`) and can
create nothing before it has read them. The sandbox first moves it into the command's cgroup
(`SandboxCgroup.admit`), then writes the options: every process of the sandbox is born inside
the cgroup, and the sandbox's cgroup namespace is rooted at it. When the move fails, the process
tree is killed before the options pipe is closed (bwrap would read an empty list and go on).

Per-process limits stay with `prlimit` inside the sandbox (bubblewrap.prlimit_prefix): setting
them on bwrap's child from here needs CAP_SYS_RESOURCE, which containers rarely grant, and set
on bwrap itself, RLIMIT_NPROC would count every sandbox of the shared host uid together."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from agents.sandbox import seccomp
from agents.sandbox.cgroups import SandboxCgroup
from agents.sandbox.errors import SandboxUnavailable

# The descriptors bwrap inherits; "control_r" only for a sandbox started ahead of its command.
PASSED = ("seccomp", "status_w", "args_r", "control_r")


@contextmanager
def descriptors(*, control: bool = False) -> Iterator[dict[str, int]]:
    """`open_descriptors` for the length of a `with`."""
    fds: dict[str, int] = {}
    try:
        yield open_descriptors(fds, control=control)
    finally:
        close_all(fds)


def open_descriptors(fds: dict[str, int], *, control: bool = False) -> dict[str, int]:
    """Fills `fds` with the pipe bwrap reads its options from, the pipe it writes its JSON status
    to, and the seccomp filter; with `control`, the pipe a sandbox started ahead of its command
    receives the command on (agents.sandbox.pool). On failure, what was opened is in `fds` for
    `close_all`."""
    if seccomp.supported():
        fds["seccomp"] = seccomp.filter_fd()
    fds["status_r"], fds["status_w"] = os.pipe()
    fds["args_r"], fds["args_w"] = os.pipe()
    if control:
        fds["control_r"], fds["control_w"] = os.pipe()
    return fds


def close_all(fds: dict[str, int]) -> None:
    for name in list(fds):
        close(fds, name)


def start(pid: int, fds: dict[str, int], options: list[str], group: SandboxCgroup | None) -> None:
    """Lets the spawned bwrap `pid` go. Our copies of the descriptors it holds are closed first
    (the status pipe would otherwise never report EOF)."""
    for name in PASSED:
        close(fds, name)
    if group is not None:
        try:
            group.admit(pid)
        except OSError as error:
            raise SandboxUnavailable(f"cannot move the sandbox into its cgroup: {error}") from error
    pending = memoryview(b"".join(option.encode() + b"\0" for option in options))
    fd = fds.pop("args_w")
    try:
        while pending:  # bwrap reads as we write, however long the options are
            pending = pending[os.write(fd, pending) :]
    except BrokenPipeError:
        pass  # bwrap is already gone; its exit status and stderr say why
    finally:
        os.close(fd)


def close(fds: dict[str, int], name: str) -> None:
    fd = fds.pop(name, None)
    if fd is not None:
        os.close(fd)
