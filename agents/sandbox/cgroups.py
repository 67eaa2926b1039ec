"""Whole-sandbox limits with cgroups: one cgroup per command holds every process the command
starts, so memory (tmpfs included), CPU time and the number of tasks are bounded together, not
per process.

Detected once per process, at first use: cgroup v2 where the host delegates the memory, pids and
cpu controllers to the parent of this process's cgroup (new cgroups are made next to this
process's own, as under systemd's `Delegate=yes` with the worker in a subgroup); otherwise cgroup
v1 hierarchies this process can write to (new cgroups are made inside its own cgroup of each
controller, so an outer container's limits still count them). Where neither works, `support()`
says why, and commands run under per-process rlimits only.

The command enters its cgroup before any of it runs: bwrap reads its options from a pipe and cannot
create the sandbox before it has read them, so the sandbox writes bwrap's pid into each
cgroup.procs (`admit`) and only then the options. Every process of the sandbox is born inside,
and its cgroup namespace is rooted at its own cgroup. No shell or other program runs in between."""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import secrets
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agents.sandbox.contract import SandboxLimits
from agents.sandbox.errors import SandboxUnavailable

PREFIX = "longhaul-"
PERIOD_US = 100_000
V1_CONTROLLERS = ("memory", "pids", "cpu", "cpuacct")  # cpuacct only accounts: optional
V2_CONTROLLERS = frozenset({"memory", "pids", "cpu"})
_REMOVE_SECONDS = 2.0
_counter = itertools.count()


@dataclass(frozen=True)
class Support:
    """`mode` is "v2", "v1" or "none"; `parents` maps each controller (or "unified" for v2) to
    the directory its per-command cgroups are made in."""

    mode: str
    detail: str
    parents: tuple[tuple[str, Path], ...] = ()

    @property
    def available(self) -> bool:
        return self.mode != "none"


@dataclass(frozen=True)
class CgroupReport:
    """What the kernel counted for one command, read just before its cgroup is removed."""

    oom_kills: int = 0
    pids_refused: int = 0
    cpu_seconds: float | None = None
    peak_memory_bytes: int | None = None


@dataclass(frozen=True)
class _Mount:
    fstype: str
    root: str
    point: Path
    options: frozenset[str]


@cache
def support() -> Support:
    """How whole-sandbox limits are enforced on this host; probed once per process."""
    try:
        found = _detect()
    except OSError as error:
        return Support("none", f"cannot read the cgroup setup: {error}")
    _remove_stale(found)
    return found


def _detect() -> Support:
    mounts, own = _mounts(), _own_cgroups()
    v2 = _v2_support(mounts, own)
    if v2.available:
        return v2
    v1 = _v1_support(mounts, own)
    if v1.available:
        return v1
    return Support("none", f"{v2.detail}; {v1.detail}")


def _v2_support(mounts: list[_Mount], own: dict[str, str]) -> Support:
    mount = next((m for m in mounts if m.fstype == "cgroup2"), None)
    if mount is None or "" not in own:
        return Support("none", "no cgroup v2 mount")
    mine = _inside(mount, own[""])
    # A process sits in a leaf; its cgroups go next to it, in the parent the host delegated.
    parent = mine if own[""] == mount.root else mine.parent
    enabled = set((parent / "cgroup.subtree_control").read_text().split())
    missing = sorted(V2_CONTROLLERS - enabled)
    if missing:
        return Support(
            "none", f"cgroup v2 at {parent} does not delegate {', '.join(missing)} to this process"
        )
    return _probed(Support("v2", f"cgroup v2 under {parent}", (("unified", parent),)))


def _v1_support(mounts: list[_Mount], own: dict[str, str]) -> Support:
    parents: list[tuple[str, Path]] = []
    for controller in V1_CONTROLLERS:
        mount = next((m for m in mounts if m.fstype == "cgroup" and controller in m.options), None)
        if mount is None or controller not in own:
            if controller == "cpuacct":
                continue
            return Support("none", f"no cgroup v1 {controller} hierarchy")
        parents.append((controller, _inside(mount, own[controller])))
    detail = "cgroup v1 (" + ", ".join(f"{c} under {p}" for c, p in parents) + ")"
    return _probed(Support("v1", detail, tuple(parents)))


def _probed(candidate: Support) -> Support:
    """Makes a cgroup with limits and moves a process into it: anything less proves nothing."""
    try:
        group = SandboxCgroup(candidate, SandboxLimits())
    except OSError as error:
        return Support("none", f"{candidate.detail}: cannot create a cgroup there: {error}")
    waiting = subprocess.Popen(["/bin/cat"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    try:
        group.admit(waiting.pid)
    except OSError as error:
        return Support("none", f"{candidate.detail}: cannot move a process in: {error}")
    finally:
        assert waiting.stdin is not None
        waiting.stdin.close()
        waiting.wait()
        group.remove()
    return candidate


class SandboxCgroup:
    """One command's cgroup (one directory per v1 hierarchy), with the limits written."""

    def __init__(self, found: Support, limits: SandboxLimits) -> None:
        self.mode = found.mode
        name = f"{PREFIX}{os.getpid()}-{next(_counter)}-{secrets.token_hex(4)}"
        self.directories = {controller: parent / name for controller, parent in found.parents}
        self._made: list[Path] = []
        try:
            for directory in dict.fromkeys(self.directories.values()):
                directory.mkdir(mode=0o755)
                self._made.append(directory)
            self._apply(limits)
        except OSError:
            self.remove()
            raise

    def _apply(self, limits: SandboxLimits) -> None:
        quota = max(1000, int(limits.cpus * PERIOD_US))
        if self.mode == "v2":
            _write(self._file("memory", "memory.max"), limits.total_memory_bytes)
            _write(self._file("memory", "memory.swap.max"), 0, optional=True)
            _write(self._file("memory", "memory.oom.group"), 1, optional=True)
            _write(self._file("pids", "pids.max"), limits.total_processes)
            _write(self._file("cpu", "cpu.max"), f"{quota} {PERIOD_US}")
            return
        _write(self._file("memory", "memory.limit_in_bytes"), limits.total_memory_bytes)
        # With swap accounting, memory + swap gets the same bound: swap is no way round it.
        _write(
            self._file("memory", "memory.memsw.limit_in_bytes"),
            limits.total_memory_bytes,
            optional=True,
        )
        _write(self._file("pids", "pids.max"), limits.total_processes)
        _write(self._file("cpu", "cpu.cfs_period_us"), PERIOD_US)
        _write(self._file("cpu", "cpu.cfs_quota_us"), quota)

    def admit(self, pid: int) -> None:
        """Moves process `pid` into this cgroup; it must not start others before it is in."""
        for directory in self._made:
            _write(directory / "cgroup.procs", pid)

    def pids(self) -> list[int]:
        """Host pids of the processes inside, for measurements that need them."""
        text = _read(self._file("memory", "cgroup.procs")) or ""
        return [int(line) for line in text.split()]

    def oom_kills(self) -> int:
        events = "memory.events" if self.mode == "v2" else "memory.oom_control"
        return _counter_in(self._file("memory", events), "oom_kill")

    def report(self) -> CgroupReport:
        if self.mode == "v2":
            usage = _counter_in(self._file("cpu", "cpu.stat"), "usage_usec", default=-1)
            cpu = usage / 1e6 if usage >= 0 else None
            peak = _read(self._file("memory", "memory.peak"))
        else:
            usage_ns = _read(self._file("cpuacct", "cpuacct.usage"))
            cpu = int(usage_ns) / 1e9 if usage_ns else None
            peak = _read(self._file("memory", "memory.max_usage_in_bytes"))
        return CgroupReport(
            oom_kills=self.oom_kills(),
            pids_refused=_counter_in(self._file("pids", "pids.events"), "max"),
            cpu_seconds=cpu,
            peak_memory_bytes=int(peak) if peak else None,
        )

    def remove(self) -> None:
        """Every process has exited by now; the kernel may take a moment to let go of them."""
        deadline = time.monotonic() + _REMOVE_SECONDS
        for directory in reversed(self._made):
            while True:
                try:
                    directory.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError as error:
                    if error.errno != errno.EBUSY or time.monotonic() > deadline:
                        break  # left for the stale sweep of a later worker
                    time.sleep(0.01)
        self._made = []

    def _file(self, controller: str, name: str) -> Path | None:
        directory = self.directories.get(controller, self.directories.get("unified"))
        return directory / name if directory is not None else None


@contextmanager
def sandbox_cgroup(limits: SandboxLimits) -> Iterator[SandboxCgroup | None]:
    """`make_cgroup` for the length of a `with`, removed afterwards."""
    group = make_cgroup(limits)
    try:
        yield group
    finally:
        if group is not None:
            group.remove()


def make_cgroup(limits: SandboxLimits) -> SandboxCgroup | None:
    """A fresh cgroup for one command; None where the host has none (or a SandboxUnavailable
    when `limits.cgroups_required`). The caller removes it."""
    found = support()
    if not found.available:
        if limits.cgroups_required:
            raise SandboxUnavailable(
                f"whole-sandbox limits need a cgroup, and none is usable: {found.detail}"
            )
        return None
    try:
        return SandboxCgroup(found, limits)
    except OSError as error:
        raise SandboxUnavailable(f"cannot create the sandbox's cgroup: {error}") from error


def _mounts() -> list[_Mount]:
    mounts = []
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        fields, _, tail = line.partition(" - ")
        parts, described = fields.split(), tail.split()
        if len(parts) < 5 or len(described) < 3 or not described[0].startswith("cgroup"):
            continue
        options = frozenset(described[2].split(","))
        mounts.append(_Mount(described[0], parts[3], Path(parts[4]), options))
    return mounts


def _own_cgroups() -> dict[str, str]:
    """controller -> this process's cgroup path; "" for the v2 hierarchy."""
    own: dict[str, str] = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            own[controller] = path
    return own


def _inside(mount: _Mount, path: str) -> Path:
    """The directory of cgroup `path` under a mount whose root may itself be a sub-cgroup."""
    relative = os.path.relpath(path, mount.root) if path.startswith(mount.root) else path
    return mount.point / relative.lstrip("/") if relative != "." else mount.point


def _remove_stale(found: Support) -> None:
    """Cgroups of workers that were killed before they could remove them (empty by now: their
    processes died with the worker)."""
    for parent in dict.fromkeys(parent for _, parent in found.parents):
        with contextlib.suppress(OSError):
            for child in parent.iterdir():
                owner = child.name.removeprefix(PREFIX).split("-")[0]
                if child.name.startswith(PREFIX) and owner.isdigit() and not _alive(int(owner)):
                    with contextlib.suppress(OSError):
                        child.rmdir()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _write(path: Path | None, value: object, *, optional: bool = False) -> None:
    if path is None or (optional and not path.exists()):
        if optional:
            return
        raise FileNotFoundError(errno.ENOENT, "controller not available", str(path))
    path.write_text(f"{value}\n")


def _read(path: Path | None) -> str | None:
    if path is None:
        return None
    try:
        return path.read_text().strip()
    except OSError:
        return None


def _counter_in(path: Path | None, key: str, *, default: int = 0) -> int:
    """A `key value` line of a cgroup statistics file."""
    for line in (_read(path) or "").splitlines():
        name, _, value = line.partition(" ")
        if name == key and value.strip().lstrip("-").isdigit():
            return int(value)
    return default
