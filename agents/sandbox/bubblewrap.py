"""The bubblewrap backend: one fresh set of namespaces per command.

Isolation: new user, pid, mount, network, ipc, uts and cgroup namespaces, always (a command
granted network access reaches allowed hosts through a filtering proxy, never the host's
network); the workspace is the only writable host path (at /workspace); /usr and a short list of
/etc files are read-only; /tmp and /dev/shm are small fresh tmpfs mounts; /proc is the sandbox's
own. The command runs as uid 1000 with no capabilities and cannot create further user
namespaces. When the host process is root, bwrap itself is started as an unprivileged host uid
(65534 by default): the kernel ignores RLIMIT_NPROC for root, so only a non-root identity makes
the process limit hold. Every process of a command shares one cgroup where the host has one
(memory, CPU and tasks bounded as a whole), and the workspace's disk quota is watched.

The command line is `[setpriv] bwrap --args N -- prlimit ... command`: bwrap reads its options
from a pipe, so the sandbox's pid 1 shows no host path in /proc/1/cmdline, and it is moved into
the command's cgroup from this process while it waits for them (agents.sandbox.launch), with no
shell or helper program in front of it."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import time
from collections.abc import Hashable, Mapping
from contextlib import AbstractContextManager, ExitStack, nullcontext
from functools import cache
from pathlib import Path
from typing import NamedTuple

from agents.sandbox import launch
from agents.sandbox.cgroups import CgroupReport, SandboxCgroup, make_cgroup, sandbox_cgroup
from agents.sandbox.classify import interpret, whole_memory_exceeded
from agents.sandbox.contract import (
    PACKAGES_DIR,
    WORKSPACE_MOUNT,
    Egress,
    SandboxLimits,
    SandboxResult,
)
from agents.sandbox.egress import SOCKET_NAME, EgressProxy
from agents.sandbox.errors import FileSizeExceeded, SandboxError, SandboxUnavailable
from agents.sandbox.pool import DEFAULT_IDLE_SECONDS, SandboxPool, Warm, configured_size
from agents.sandbox.process import Monitor, Outcome, Spawn, collect, execute, popen
from agents.sandbox.quota import QuotaGuard
from agents.sandbox.rootfs import SANDBOX_UID, staged_etc, system_mounts
from agents.sandbox.workspace import WorkspaceAdopter, check_reachable, resolve_in_workspace

NOBODY = 65534
PRLIMIT = "/usr/bin/prlimit"
SETPRIV = "/usr/bin/setpriv"
PYTHON = "/usr/bin/python3"  # the relay's interpreter: the host's, never one the workspace holds
EGRESS_MOUNT = "/run/longhaul-egress"
RELAY_PORT = 3128  # on the sandbox's own loopback, where nothing else listens
RELAY_SCRIPT = Path(__file__).with_name("relay_script.py")
WAITER_SCRIPT = Path(__file__).with_name("waiter_script.py")
# Per-process limits: (resource.RLIMIT_* name, prlimit option), in the order prlimit sets them.
_RLIMITS = (
    ("RLIMIT_CPU", "cpu"),
    ("RLIMIT_AS", "as"),
    ("RLIMIT_DATA", "data"),
    ("RLIMIT_FSIZE", "fsize"),
    ("RLIMIT_NPROC", "nproc"),
    ("RLIMIT_NOFILE", "nofile"),
    ("RLIMIT_CORE", "core"),
)
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # fullmatch: "$" would allow a trailing newline


class BubblewrapSandbox:
    """`host_uid`/`host_gid`: the host identity bwrap runs as when this process is root (ignored
    otherwise). `ro_binds`: extra read-only host paths, {host path: sandbox path}, e.g. a shared
    virtualenv. `tmp_bytes`: size of each of /tmp and /dev/shm (they live in memory).
    `pool_size`: how many sandboxes may wait, started ahead of their command (agents.sandbox.pool;
    default: LONGHAUL_SANDBOX_POOL, else 2; 0: every command starts cold); one idle for
    `pool_idle_seconds` is killed."""

    def __init__(
        self,
        *,
        bwrap: str | None = None,
        host_uid: int = NOBODY,
        host_gid: int = NOBODY,
        ro_binds: Mapping[str, str] | None = None,
        tmp_bytes: int = 256 * 1024**2,
        pool_size: int | None = None,
        pool_idle_seconds: float = DEFAULT_IDLE_SECONDS,
    ) -> None:
        if host_uid == 0 or host_gid == 0:
            raise ValueError("the sandbox must not run as host root: RLIMIT_NPROC would not apply")
        self.bwrap = bwrap or shutil.which("bwrap") or "/usr/bin/bwrap"
        self.host_uid, self.host_gid = host_uid, host_gid
        self.ro_binds = dict(ro_binds or {})
        self.tmp_bytes = tmp_bytes
        self._adopter = WorkspaceAdopter(host_uid, host_gid)
        size = configured_size() if pool_size is None else pool_size
        self.pool = (
            SandboxPool(self._prestart, size=size, idle_seconds=pool_idle_seconds)
            if size > 0
            else None
        )

    def run(
        self,
        command: list[str],
        *,
        workspace: Path,
        limits: SandboxLimits = SandboxLimits(),  # noqa: B008 - frozen, so sharing is safe
        network: Egress | None = None,
        env: Mapping[str, str] | None = None,
        stdin: str | None = None,
        cwd: str = ".",
    ) -> SandboxResult:
        _check_command(command)
        _check_network(network)
        self.check_host(network)
        root = Path(os.path.realpath(workspace))
        inner_cwd = _inner_cwd(root, cwd)
        environment = sandbox_environment(env, proxied=network is not None)
        if os.geteuid() == 0:
            check_reachable(root, self.host_uid)
            self._adopter.adopt(root)
        quota = QuotaGuard(root, limits)
        request = _Request(command, environment, inner_cwd, stdin, limits, quota)
        key = _pool_key(root, limits) if self.pool is not None and network is None else None
        try:
            warm = self._take(key) if key is not None else None
            ran = self._run_warm(warm, request) if warm is not None else None
            if ran is None:
                ran = self._run_cold(root, request, network)
        finally:
            if key is not None and self.pool is not None:
                # Agents run many commands in one workspace: the next one for it is started
                # now, after this one, so that it does not compete with this one for a CPU.
                self.pool.want(key)
        return _settle(ran[0], limits, ran[1], quota)

    def prestart(
        self,
        workspace: Path,
        limits: SandboxLimits = SandboxLimits(),  # noqa: B008 - frozen, so sharing is safe
        *,
        wait_seconds: float = 0.0,
    ) -> bool:
        """Asks the pool for a sandbox for this workspace and these limits before the first
        command; with `wait_seconds`, waits that long at most for it to be ready. True when one
        is ready."""
        if self.pool is None:
            return False
        key = _pool_key(Path(os.path.realpath(workspace)), limits)
        self.pool.want(key)
        return self.pool.ready(key, wait_seconds) if wait_seconds > 0 else False

    def _run_cold(
        self, root: Path, request: _Request, network: Egress | None
    ) -> tuple[Outcome, CgroupReport]:
        limits = request.limits
        with ExitStack() as stack:
            fds = stack.enter_context(launch.descriptors())
            group = stack.enter_context(sandbox_cgroup(limits))
            proxy = stack.enter_context(self._proxy(network))
            options = self._options(fds, request.environment, (str(root), request.cwd), proxy)
            outcome = execute(
                Spawn(
                    argv=self._argv(request.command, fds["args_r"], limits, request.quota, proxy),
                    pass_fds=tuple(fd for name, fd in fds.items() if name in launch.PASSED),
                    status_fd=fds["status_r"],
                ),
                stdin=None if request.stdin is None else request.stdin.encode(),
                output_bytes=limits.output_bytes,
                wall_seconds=limits.wall_seconds,
                after_spawn=lambda pid: launch.start(pid, fds, options, group),
                monitor=_monitor(group, request.quota, limits),
            )
            report = group.report() if group is not None else CgroupReport()
        return outcome, report

    def _take(self, key: _PoolKey) -> Warm | None:
        """A sandbox started ahead for this workspace and these limits, ready. Waiting
        sandboxes of this workspace path that no longer match it (the directory was replaced,
        /etc staged anew) are killed."""
        assert self.pool is not None
        if not os.access(PYTHON, os.X_OK):  # the waiter's interpreter
            return None
        self.pool.discard(lambda other: _stale(other, key))
        warm = self.pool.take(key)
        if warm is not None and not warm.alive():
            warm.discard()
            return None
        return warm

    def _run_warm(self, warm: Warm, request: _Request) -> tuple[Outcome, CgroupReport] | None:
        """Hands the command to a waiting sandbox and collects it as a cold start would; None
        (the command then starts cold) when the sandbox could not take it."""
        limits = request.limits
        started = time.monotonic()
        try:
            warm.hand_over(request.message())
        except OSError:
            warm.discard()
            return None
        try:
            outcome = collect(
                warm.proc,
                warm.status_fd,
                started=started,
                stdin=None if request.stdin is None else request.stdin.encode(),
                output_bytes=limits.output_bytes,
                wall_seconds=limits.wall_seconds,
                monitor=_monitor(warm.group, request.quota, limits),
            )
            report = warm.group.report() if warm.group is not None else CgroupReport()
        finally:
            warm.release()
        return outcome, report

    def _prestart(self, key: Hashable) -> Warm:
        """In the pool's thread: a sandbox like a cold one for the key's workspace and limits
        (same options, cgroup and seccomp filter) whose command is the waiter. Its environment
        and working directory come with the command."""
        assert isinstance(key, _PoolKey)
        root, limits = key.root, key.limits
        fds: dict[str, int] = {}
        group: SandboxCgroup | None = None
        try:
            launch.open_descriptors(fds, control=True)
            group = make_cgroup(limits)
            options = self._options(fds, {}, (root, WORKSPACE_MOUNT), None)
            waiter = [PYTHON, "-I", "-S", "-B", "-c", _waiter_source(), str(fds["control_r"])]
            argv = [self.bwrap, "--args", str(fds["args_r"]), "--", *waiter]
            spawn = Spawn(
                argv=self._drop_root() + argv if os.geteuid() == 0 else argv,
                pass_fds=tuple(fd for name, fd in fds.items() if name in launch.PASSED),
                status_fd=fds["status_r"],
            )
            proc = popen(spawn, stdin_pipe=True)
        except BaseException:
            launch.close_all(fds)
            if group is not None:
                group.remove()
            raise
        warm = Warm(key, proc, fds, group)
        try:
            launch.start(proc.pid, fds, options, group)
        except BaseException:
            warm.discard()
            raise
        return warm

    def _proxy(self, network: Egress | None) -> AbstractContextManager[EgressProxy | None]:
        if network is None:
            return nullcontext()
        owner = (self.host_uid, self.host_gid) if os.geteuid() == 0 else None
        return EgressProxy(network, owner=owner)

    def _argv(
        self,
        command: list[str],
        args_fd: int,
        limits: SandboxLimits,
        quota: QuotaGuard,
        proxy: EgressProxy | None,
    ) -> list[str]:
        """[setpriv] bwrap --args FD -- prlimit ... [relay] command"""
        tail = prlimit_prefix(limits, reclaiming=quota.reclaiming)
        tail += _relayed(command) if proxy is not None else command
        argv = [self.bwrap, "--args", str(args_fd), "--", *tail]
        return self._drop_root() + argv if os.geteuid() == 0 else argv

    def check_host(self, network: Egress | None = None) -> None:
        """Raises SandboxUnavailable, saying what to install, when this host lacks a program the
        sandbox starts (the readiness check asks too, so a missing bwrap is not first met by a
        run)."""
        if network is not None and not os.access(PYTHON, os.X_OK):
            raise SandboxUnavailable(f"network access needs {PYTHON} for the sandbox's relay")
        if not os.access(self.bwrap, os.X_OK):
            raise SandboxUnavailable(
                f"bubblewrap not found at {self.bwrap}: install it (Debian/Ubuntu: "
                "`apt-get install bubblewrap`; Fedora: `dnf install bubblewrap`)"
            )
        for tool in (PRLIMIT, SETPRIV):
            if not os.access(tool, os.X_OK):
                raise SandboxUnavailable(f"{tool} not found: install util-linux")

    def _drop_root(self) -> list[str]:
        """setpriv switches to the sandbox's host uid before bwrap starts. Doing it in Python
        (Popen's user=) would force a full fork() of this process, whose cost grows with its
        memory (about 150 ms for a 300 MB worker here); without it Popen can use vfork()."""
        return [
            SETPRIV,
            f"--reuid={self.host_uid}",
            f"--regid={self.host_gid}",
            "--clear-groups",
            "--",
        ]

    def _options(
        self,
        fds: dict[str, int],
        environment: Mapping[str, str],
        directories: tuple[str, str],
        proxy: EgressProxy | None,
    ) -> list[str]:
        """bwrap's options, which it reads from a descriptor: none of them (host paths of the
        workspace and the staged /etc among them) shows in the sandbox's /proc/1/cmdline."""
        options = ["--unshare-all", "--unshare-user", "--disable-userns"]
        options += ["--die-with-parent", "--new-session", "--hostname", "sandbox"]
        options += ["--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_UID)]
        options += system_mounts(staged_etc()) + self._extra_mounts()
        options += ["--proc", "/proc", "--dev", "/dev"]
        options += ["--size", str(self.tmp_bytes), "--tmpfs", "/dev/shm"]
        options += ["--size", str(self.tmp_bytes), "--tmpfs", "/tmp"]
        options += ["--bind", directories[0], WORKSPACE_MOUNT, "--chdir", directories[1]]
        if proxy is not None:
            options += ["--ro-bind", str(proxy.directory), EGRESS_MOUNT]
        options += ["--remount-ro", "/"]  # the sandbox's own root (holding /etc) is not writable
        options += ["--clearenv"]
        for name, value in environment.items():
            options += ["--setenv", name, value]
        if "seccomp" in fds:
            options += ["--seccomp", str(fds["seccomp"])]
        return [*options, "--json-status-fd", str(fds["status_w"])]

    def _extra_mounts(self) -> list[str]:
        mounts: list[str] = []
        for host, inner in self.ro_binds.items():
            mounts += ["--ro-bind", host, inner]
        return mounts


def rlimits(limits: SandboxLimits, *, reclaiming: bool = False) -> list[tuple[str, int, int]]:
    """The per-process limits, (resource.RLIMIT_* name, soft, hard), set inside the sandbox
    after bwrap created the user namespace: the namespace then counts RLIMIT_NPROC for this
    sandbox alone, so concurrent sandboxes (and the worker's own processes) do not share one
    process budget. `reclaiming`: the workspace is over its quota, so no file may grow (removing
    files still works)."""
    memory = limits.memory_bytes
    values = {
        "RLIMIT_CPU": (limits.cpu_seconds, limits.cpu_seconds + 1),
        "RLIMIT_AS": (memory, memory),
        "RLIMIT_DATA": (memory, memory),
        "RLIMIT_FSIZE": (0, 0) if reclaiming else (limits.file_size_bytes,) * 2,
        "RLIMIT_NPROC": (limits.max_processes, limits.max_processes),
        "RLIMIT_NOFILE": (1024, 1024),
        "RLIMIT_CORE": (0, 0),  # SIGXCPU would otherwise dump core files into the workspace
    }
    return [(name, *values[name]) for name, _ in _RLIMITS]


def prlimit_prefix(limits: SandboxLimits, *, reclaiming: bool = False) -> list[str]:
    """`rlimits` as the `prlimit` command line a cold sandbox runs the command behind."""
    options = dict(_RLIMITS)
    prefix = [PRLIMIT]
    for name, soft, hard in rlimits(limits, reclaiming=reclaiming):
        value = f"{soft}" if soft == hard else f"{soft}:{hard}"
        prefix.append(f"--{options[name]}={value}")
    return [*prefix, "--"]


def sandbox_environment(env: Mapping[str, str] | None, *, proxied: bool = False) -> dict[str, str]:
    """A clean environment: the host's is never passed through. Packages installed into the
    workspace's .packages directory are on PYTHONPATH and PATH. `proxied`: clients find the
    relay to the egress proxy through the usual proxy variables."""
    packages = f"{WORKSPACE_MOUNT}/{PACKAGES_DIR}"
    base = {
        "PATH": f"{packages}/bin:/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp",
        "TMPDIR": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONPATH": packages,
        # Bytecode caches are validated by mtime in whole seconds and by size, so an edit that
        # keeps a file's size within the same second (`a - b` -> `a + b`) would run stale code.
        # Agents edit and re-run constantly; they also should not find __pycache__ in diffs.
        "PYTHONDONTWRITEBYTECODE": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    for name, value in (env or {}).items():
        if not isinstance(name, str) or not _ENV_NAME.fullmatch(name):
            raise SandboxError(f"invalid environment variable name {name!r}")
        if not isinstance(value, str) or "\x00" in value:
            raise SandboxError(f"invalid value for environment variable {name}")
        base[name] = value
    if env and "PYTHONPATH" in env and packages not in env["PYTHONPATH"].split(":"):
        base["PYTHONPATH"] = f"{env['PYTHONPATH']}:{packages}" if env["PYTHONPATH"] else packages
    if proxied:
        relay = f"http://127.0.0.1:{RELAY_PORT}"
        for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
            base[name] = relay
    return base


def _settle(
    outcome: Outcome, limits: SandboxLimits, report: CgroupReport, quota: QuotaGuard
) -> SandboxResult:
    """The result, or the error for the limit the command hit; then the quota, measured again.
    A write refused while the workspace was over its quota is the quota's doing, not the file
    size limit's."""
    try:
        result = interpret(outcome, limits, report)
    except FileSizeExceeded as error:
        if quota.reclaiming:
            raise quota.write_refused(error.result) from None
        raise
    over = quota.finish()
    if over is not None:
        over.result = result
        raise over
    return result


def _check_network(network: object) -> None:
    if network is not None and not isinstance(network, Egress):
        raise SandboxError(
            "network must be None or an agents.sandbox.Egress naming the hosts the command may "
            f"reach, got {network!r}"
        )


def _relayed(command: list[str]) -> list[str]:
    """The command behind the in-sandbox relay to the egress proxy."""
    socket_path = f"{EGRESS_MOUNT}/{SOCKET_NAME}"
    source = RELAY_SCRIPT.read_text()
    return [PYTHON, "-I", "-S", "-c", source, socket_path, str(RELAY_PORT), *command]


def _monitor(group: SandboxCgroup | None, quota: QuotaGuard, limits: SandboxLimits) -> Monitor:
    """Stops the command when the sandbox as a whole ran out of memory (the kernel killed one of
    its processes: the rest would run on in a broken state) or the workspace passed its quota."""
    if group is not None:
        quota.pids = group.pids

    def check() -> Exception | None:
        if group is not None and group.oom_kills():
            return whole_memory_exceeded(limits)
        return quota.check()

    return check


def _check_command(command: list[str]) -> None:
    if not isinstance(command, list) or not command:
        raise SandboxError("command must be a non-empty list of strings")
    for part in command:
        if not isinstance(part, str) or "\x00" in part:
            raise SandboxError(f"invalid command argument {part!r}")


def _inner_cwd(root: Path, cwd: str) -> str:
    if not root.is_dir():
        raise SandboxError(f"workspace {root} does not exist or is not a directory")
    if cwd == "/tmp":  # a directory the workspace does not control (installers start there)
        return cwd
    target = resolve_in_workspace(root, cwd)
    if not target.is_dir():
        raise SandboxError(f"working directory {cwd!r} does not exist in the workspace")
    relative = target.relative_to(root).as_posix()
    return WORKSPACE_MOUNT if relative == "." else f"{WORKSPACE_MOUNT}/{relative}"


class _Request:
    """One command, checked, as both start paths need it."""

    def __init__(
        self,
        command: list[str],
        environment: dict[str, str],
        cwd: str,
        stdin: str | None,
        limits: SandboxLimits,
        quota: QuotaGuard,
    ) -> None:
        self.command, self.environment, self.cwd, self.stdin = command, environment, cwd, stdin
        self.limits, self.quota = limits, quota

    def message(self) -> bytes:
        """What a waiting sandbox's waiter needs to exec the command as `prlimit` would."""
        return json.dumps(
            {
                "argv": self.command,
                "env": self.environment,
                "cwd": self.cwd,
                "stdin": self.stdin is not None,
                "rlimits": rlimits(self.limits, reclaiming=self.quota.reclaiming),
            }
        ).encode()


@cache
def _waiter_source() -> str:
    """The waiter without its docstring and comments: it is the sandbox's /proc/1/cmdline."""
    tree = ast.parse(WAITER_SCRIPT.read_text())
    tree.body = [node for node in tree.body if not _is_docstring(node)]
    return ast.unparse(tree)


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


class _PoolKey(NamedTuple):
    """What a waiting sandbox was made for: the workspace path and the directory behind it (a
    workspace removed and made again is another directory), the limits, the staged /etc."""

    root: str
    directory: tuple[int, int]
    limits: SandboxLimits
    etc: str


def _pool_key(root: Path, limits: SandboxLimits) -> _PoolKey:
    info = os.stat(root)
    return _PoolKey(str(root), (info.st_dev, info.st_ino), limits, str(staged_etc()))


def _stale(other: Hashable, key: _PoolKey) -> bool:
    """Same workspace path, but not the same directory or /etc any more."""
    assert isinstance(other, _PoolKey)
    return other.root == key.root and (other.directory, other.etc) != (key.directory, key.etc)
