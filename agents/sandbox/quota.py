"""The workspace's disk quota, in bytes and in files, enforced from the host without file system
quotas (which hosts rarely offer per directory).

What holds:
- every single file is capped by RLIMIT_FSIZE (`file_size_bytes`), and the seccomp filter makes
  `fallocate` fail with EOPNOTSUPP, so no file takes disk space without being written (its
  keep-size mode would otherwise reserve space past the rlimit);
- before a command the workspace is measured; one over its quota (or that cannot be measured)
  runs the command with RLIMIT_FSIZE 0 and may not grow, so the agent can delete files (there is
  no other way to free space) but not write; one past twice its quota is refused outright;
- during the command a guard measures it whenever the file system shrank by more than the
  workspace had left and every few seconds anyway, counting as well the deleted files the
  sandbox's processes still hold open, and stops the sandbox once it is over;
- after the command it is measured again.
A command can therefore overshoot by what it writes between two measurements, never more.

Measuring walks the tree through directory handles, with lstat only: links are counted, never
followed, and the walk never leaves the workspace's file system. It is bounded: it stops as soon
as a limit is passed, and a tree deeper than MAX_DEPTH counts as over the quota. The count is what
a copy of the workspace would take: every name (each hard link too, so a farm of links to one
large file counts in full) at the larger of its apparent and allocated size (a sparse file
counts at its apparent size)."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from agents.sandbox.contract import SandboxLimits, SandboxResult
from agents.sandbox.errors import DiskQuotaExceeded

MAX_DEPTH = 128
REFUSE_FACTOR = 2  # over this many times the quota, even deleting commands are refused
POLL_SECONDS = 0.1  # statvfs of the workspace's file system
SCAN_SECONDS = 2.0  # a full measurement at least this often while a command runs
_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_HOW_TO_FREE = (
    "Delete files you no longer need (build output, downloads, generated data), for example "
    "with run_command `rm -rf <path>`; until the workspace is under its quota, commands can "
    "only remove files."
)


@dataclass(frozen=True)
class Usage:
    """`complete` is False when the walk stopped at a limit (the numbers are then lower bounds);
    `problem` says why the tree could not be measured at all."""

    bytes: int
    files: int
    complete: bool = True
    problem: str = ""


class _Stop(Exception):
    pass


@dataclass
class _Tally:
    max_bytes: int
    max_files: int
    bytes: int = 0
    files: int = 0
    problem: str = ""

    def add(self, info: os.stat_result) -> None:
        self.files += 1
        self.bytes += size_of(info)
        if self.files > self.max_files or self.bytes > self.max_bytes:
            raise _Stop

    def fail(self, problem: str) -> None:
        self.problem = problem
        raise _Stop


def size_of(info: os.stat_result) -> int:
    allocated = info.st_blocks * 512
    return max(info.st_size, allocated) if stat.S_ISREG(info.st_mode) else allocated


def measure(workspace: Path, *, max_bytes: int, max_files: int) -> Usage:
    """The workspace's size, walking no further than needed to know it passed either maximum."""
    tally = _Tally(max_bytes, max_files)
    fd = os.open(workspace, _DIRECTORY)
    try:
        _walk(fd, os.fstat(fd).st_dev, "", 0, tally)
    except _Stop:
        return Usage(tally.bytes, tally.files, complete=False, problem=tally.problem)
    finally:
        os.close(fd)
    return Usage(tally.bytes, tally.files)


def _walk(fd: int, device: int, prefix: str, depth: int, tally: _Tally) -> None:
    try:
        with os.scandir(fd) as entries:
            listing = [(entry.name, entry.stat(follow_symlinks=False)) for entry in entries]
    except FileNotFoundError:
        return  # removed while we looked
    except OSError as error:
        tally.fail(f"{prefix or '.'} cannot be read ({error.strerror}); make it readable")
    for name, info in listing:
        tally.add(info)
        if not stat.S_ISDIR(info.st_mode) or info.st_dev != device:
            continue
        path = f"{prefix}{name}/"
        if depth + 1 >= MAX_DEPTH:
            tally.fail(f"{path} nests directories more than {MAX_DEPTH} levels deep")
        try:
            child = os.open(name, _DIRECTORY, dir_fd=fd)
        except OSError:
            continue  # replaced (by a link, say) since it was listed: nothing to enter
        try:
            _walk(child, device, path, depth + 1, tally)
        finally:
            os.close(child)


def held_open(pids: list[int], device: int) -> tuple[int, int]:
    """Bytes and count of deleted files on `device` that these processes still hold open: space
    the tree walk cannot see, freed only when the last holder exits."""
    seen: set[int] = set()
    total = 0
    for pid in pids:
        try:
            descriptors = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for name in descriptors:
            try:
                info = os.stat(f"/proc/{pid}/fd/{name}")
            except OSError:
                continue
            deleted = stat.S_ISREG(info.st_mode) and not info.st_nlink
            if deleted and info.st_dev == device and info.st_ino not in seen:
                seen.add(info.st_ino)
                total += size_of(info)
    return total, len(seen)


def check_workspace_quota(
    workspace: Path, limits: SandboxLimits, *, adding_bytes: int = 0, adding_files: int = 0
) -> Usage:
    """For host-side writes (file tools, uploads): raises DiskQuotaExceeded when the workspace
    would be over its quota after adding `adding_bytes` and `adding_files`. A write that adds
    nothing (or frees space) is always allowed, so an agent can shrink an oversized workspace."""
    usage = measure(workspace, max_bytes=limits.disk_bytes, max_files=limits.disk_files)
    if adding_bytes <= 0 and adding_files <= 0:
        return usage
    after = Usage(usage.bytes + adding_bytes, usage.files + adding_files, usage.complete)
    if usage.problem or _over(after, limits.disk_bytes, limits.disk_files):
        raise DiskQuotaExceeded(
            f"This write would take the workspace over its disk quota: "
            f"{_describe(usage, limits)}. {_HOW_TO_FREE}"
        )
    return usage


class QuotaGuard:
    """The quota around one command: measured before (raising DiskQuotaExceeded when the
    workspace is too far over to run anything), checked during (`check`, the process loop's
    monitor) and after (`finish`).

    A full measurement costs about 5 microseconds per entry, so during the command it runs only
    when the file system lost more free space or inodes than the workspace had left under its
    quota (a cheap statvfs every poll), and otherwise every few seconds, in case other writers
    freed space at the same time. It never takes more than a tenth of the time."""

    def __init__(self, workspace: Path, limits: SandboxLimits) -> None:
        self.root, self.limits = workspace, limits
        self.device = os.lstat(workspace).st_dev
        self.pids: Callable[[], list[int]] = list
        start = measure(
            workspace,
            max_bytes=limits.disk_bytes * REFUSE_FACTOR,
            max_files=limits.disk_files * REFUSE_FACTOR,
        )
        if not start.complete and not start.problem:
            raise DiskQuotaExceeded(
                f"The workspace is far over its disk quota: {_describe(start, limits)}. Commands "
                "are refused until space is freed by someone with access to the host."
            )
        # A tree that cannot be measured (too deep, unreadable) can still be cleaned up.
        self.reclaiming = bool(start.problem) or _over(start, limits.disk_bytes, limits.disk_files)
        # While reclaiming, the command may only shrink the workspace.
        self.max_bytes = max(limits.disk_bytes, start.bytes)
        self.max_files = max(limits.disk_files, start.files)
        self._baseline(start, time.monotonic())

    def _baseline(self, usage: Usage, now: float, spent: float = 0.0) -> None:
        self._free = os.statvfs(self.root)
        self._headroom = (self.max_bytes - usage.bytes, self.max_files - usage.files)
        self._next_poll = now + POLL_SECONDS
        self._next_scan = now + max(SCAN_SECONDS, 9 * spent)

    def check(self) -> DiskQuotaExceeded | None:
        now = time.monotonic()
        if now < self._next_poll:
            return None
        self._next_poll = now + POLL_SECONDS
        if now < self._next_scan and not self._filesystem_grew():
            return None
        usage = self._measure_with_held()
        self._baseline(usage, time.monotonic(), time.monotonic() - now)
        if _over(usage, self.max_bytes, self.max_files) or not usage.complete:
            return self.error(usage, "The command took the workspace over its disk quota")
        return None

    def _filesystem_grew(self) -> bool:
        now, then = os.statvfs(self.root), self._free
        used_bytes = (then.f_bfree - now.f_bfree) * now.f_frsize
        used_files = then.f_ffree - now.f_ffree
        return used_bytes > self._headroom[0] or used_files > self._headroom[1]

    def _measure_with_held(self) -> Usage:
        held_bytes, held_files = held_open(self.pids(), self.device)
        usage = measure(
            self.root, max_bytes=self.max_bytes - held_bytes, max_files=self.max_files - held_files
        )
        return Usage(
            usage.bytes + held_bytes, usage.files + held_files, usage.complete, usage.problem
        )

    def finish(self) -> DiskQuotaExceeded | None:
        limits = self.limits
        usage = measure(self.root, max_bytes=limits.disk_bytes, max_files=limits.disk_files)
        if usage.problem or _over(usage, limits.disk_bytes, limits.disk_files):
            lead = (
                "The workspace is still over its disk quota (this command could only remove files)"
                if self.reclaiming
                else "The command left the workspace over its disk quota"
            )
            return self.error(usage, lead)
        return None

    def write_refused(self, result: SandboxResult | None) -> DiskQuotaExceeded:
        usage = measure(self.root, max_bytes=self.max_bytes, max_files=self.max_files)
        lead = "The workspace is over its disk quota, so the command could not write files"
        error = self.error(usage, lead)
        error.result = result
        return error

    def error(self, usage: Usage, lead: str) -> DiskQuotaExceeded:
        return DiskQuotaExceeded(f"{lead}: {_describe(usage, self.limits)}. {_HOW_TO_FREE}")


def _over(usage: Usage, max_bytes: int, max_files: int) -> bool:
    return usage.bytes > max_bytes or usage.files > max_files


def _describe(usage: Usage, limits: SandboxLimits) -> str:
    if usage.problem:
        return usage.problem
    at_least = "" if usage.complete else "at least "
    return (
        f"it holds {at_least}{usage.files} files and directories taking {at_least}"
        f"{_mib(usage.bytes)} (quota: {limits.disk_files} files and directories, "
        f"{_mib(limits.disk_bytes)})"
    )


def _mib(value: int) -> str:
    return f"{value / 1024**2:.1f} MiB"
