"""The bubblewrap backend: one fresh set of namespaces per command.

Isolation: new user, pid, mount, network, ipc, uts and cgroup namespaces; the workspace is the
only writable host path (at /workspace); /usr and a short list of /etc files are read-only;
/tmp and /dev/shm are small fresh tmpfs mounts; /proc is the sandbox's own. The command runs as
uid 1000 with no capabilities and cannot create further user namespaces. When the host process
is root, bwrap itself is started as an unprivileged host uid (65534 by default): the kernel
ignores RLIMIT_NPROC for root, so only a non-root identity makes the process limit hold."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from agents.sandbox import seccomp
from agents.sandbox.classify import interpret
from agents.sandbox.contract import PACKAGES_DIR, WORKSPACE_MOUNT, SandboxLimits, SandboxResult
from agents.sandbox.errors import SandboxError, SandboxUnavailable
from agents.sandbox.process import Spawn, execute
from agents.sandbox.rootfs import SANDBOX_UID, staged_etc, system_mounts
from agents.sandbox.workspace import WorkspaceAdopter, check_reachable, resolve_in_workspace

NOBODY = 65534
PRLIMIT = "/usr/bin/prlimit"
SETPRIV = "/usr/bin/setpriv"
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # fullmatch: "$" would allow a trailing newline


class BubblewrapSandbox:
    """`host_uid`/`host_gid`: the host identity bwrap runs as when this process is root (ignored
    otherwise). `ro_binds`: extra read-only host paths, {host path: sandbox path}, e.g. a shared
    virtualenv. `tmp_bytes`: size of each of /tmp and /dev/shm (they live in memory)."""

    def __init__(
        self,
        *,
        bwrap: str | None = None,
        host_uid: int = NOBODY,
        host_gid: int = NOBODY,
        ro_binds: Mapping[str, str] | None = None,
        tmp_bytes: int = 256 * 1024**2,
    ) -> None:
        if host_uid == 0 or host_gid == 0:
            raise ValueError("the sandbox must not run as host root: RLIMIT_NPROC would not apply")
        self.bwrap = bwrap or shutil.which("bwrap") or "/usr/bin/bwrap"
        self.host_uid, self.host_gid = host_uid, host_gid
        self.ro_binds = dict(ro_binds or {})
        self.tmp_bytes = tmp_bytes
        self._adopter = WorkspaceAdopter(host_uid, host_gid)

    def run(
        self,
        command: list[str],
        *,
        workspace: Path,
        limits: SandboxLimits = SandboxLimits(),  # noqa: B008 - frozen, so sharing is safe
        network: bool = False,
        env: Mapping[str, str] | None = None,
        stdin: str | None = None,
        cwd: str = ".",
    ) -> SandboxResult:
        _check_command(command)
        self._check_host()
        root = Path(os.path.realpath(workspace))
        inner_cwd = _inner_cwd(root, cwd)
        environment = sandbox_environment(env)
        as_root = os.geteuid() == 0
        if as_root:
            check_reachable(root, self.host_uid)
            self._adopter.adopt(root)
        with _descriptors() as fds:
            argv = self._argv(command, fds, limits, network, environment, (str(root), inner_cwd))
            argv = self._drop_root() + argv if as_root else argv
            spawn = Spawn(
                argv=argv,
                pass_fds=tuple(fd for name, fd in fds.items() if name != "status_r"),
                status_fd=fds["status_r"],
            )
            outcome = execute(
                spawn,
                stdin=None if stdin is None else stdin.encode(),
                output_bytes=limits.output_bytes,
                wall_seconds=limits.wall_seconds,
                after_spawn=lambda: _close(fds, "status_w"),
            )
        return interpret(outcome, limits)

    def _check_host(self) -> None:
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

    def _argv(
        self,
        command: list[str],
        fds: dict[str, int],
        limits: SandboxLimits,
        network: bool,
        environment: Mapping[str, str],
        directories: tuple[str, str],
    ) -> list[str]:
        argv = [self.bwrap, "--unshare-all", "--unshare-user", "--disable-userns"]
        argv += ["--share-net"] if network else []
        argv += ["--die-with-parent", "--new-session", "--hostname", "sandbox"]
        argv += ["--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_UID)]
        argv += system_mounts(staged_etc()) + self._extra_mounts()
        argv += ["--proc", "/proc", "--dev", "/dev"]
        argv += ["--size", str(self.tmp_bytes), "--tmpfs", "/dev/shm"]
        argv += ["--size", str(self.tmp_bytes), "--tmpfs", "/tmp"]
        argv += ["--bind", directories[0], WORKSPACE_MOUNT, "--chdir", directories[1]]
        argv += ["--remount-ro", "/"]  # the sandbox's own root (holding /etc) is not writable
        argv += ["--clearenv"]
        for name, value in environment.items():
            argv += ["--setenv", name, value]
        if "seccomp" in fds:
            argv += ["--seccomp", str(fds["seccomp"])]
        argv += ["--json-status-fd", str(fds["status_w"]), "--"]
        return argv + prlimit_prefix(limits) + command

    def _extra_mounts(self) -> list[str]:
        mounts: list[str] = []
        for host, inner in self.ro_binds.items():
            mounts += ["--ro-bind", host, inner]
        return mounts


def prlimit_prefix(limits: SandboxLimits) -> list[str]:
    """rlimits are set inside the sandbox, after bwrap created the user namespace: the namespace
    then counts RLIMIT_NPROC for this sandbox alone, so concurrent sandboxes (and the worker's
    own processes) do not share one process budget."""
    memory = limits.memory_bytes
    return [
        PRLIMIT,
        f"--cpu={limits.cpu_seconds}:{limits.cpu_seconds + 1}",
        f"--as={memory}",
        f"--data={memory}",
        f"--fsize={limits.file_size_bytes}",
        f"--nproc={limits.max_processes}",
        "--nofile=1024",
        "--core=0",  # SIGXCPU would otherwise dump core files into the workspace
        "--",
    ]


def sandbox_environment(env: Mapping[str, str] | None) -> dict[str, str]:
    """A clean environment: the host's is never passed through. Packages installed into the
    workspace's .packages directory are on PYTHONPATH and PATH."""
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
    return base


def _check_command(command: list[str]) -> None:
    if not isinstance(command, list) or not command:
        raise SandboxError("command must be a non-empty list of strings")
    for part in command:
        if not isinstance(part, str) or "\x00" in part:
            raise SandboxError(f"invalid command argument {part!r}")


def _inner_cwd(root: Path, cwd: str) -> str:
    if not root.is_dir():
        raise SandboxError(f"workspace {root} does not exist or is not a directory")
    target = resolve_in_workspace(root, cwd)
    if not target.is_dir():
        raise SandboxError(f"working directory {cwd!r} does not exist in the workspace")
    relative = target.relative_to(root).as_posix()
    return WORKSPACE_MOUNT if relative == "." else f"{WORKSPACE_MOUNT}/{relative}"


@contextmanager
def _descriptors() -> Iterator[dict[str, int]]:
    """The pipe bwrap writes its JSON status to, and the seccomp filter."""
    fds: dict[str, int] = {}
    try:
        if seccomp.supported():
            fds["seccomp"] = seccomp.filter_fd()
        fds["status_r"], fds["status_w"] = os.pipe()
        yield fds
    finally:
        for name in list(fds):
            _close(fds, name)


def _close(fds: dict[str, int], name: str) -> None:
    fd = fds.pop(name, None)
    if fd is not None:
        os.close(fd)
