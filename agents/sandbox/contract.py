"""The sandbox contract shared by every backend: limits in, result out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

WORKSPACE_MOUNT = "/workspace"
PACKAGES_DIR = ".packages"
_POSITIVE_INTEGERS = (
    "cpu_seconds",
    "memory_bytes",
    "file_size_bytes",
    "max_processes",
    "total_memory_bytes",
    "total_processes",
    "disk_bytes",
    "disk_files",
)


@dataclass(frozen=True)
class SandboxLimits:
    """Per process (rlimits): `cpu_seconds`, `memory_bytes`, `file_size_bytes`, `max_processes`.
    For the whole sandbox, every process of one command together (a cgroup, where the host has
    one): `total_memory_bytes` (tmpfs /tmp and /dev/shm included), `cpus` (cores' worth of CPU
    time), `total_processes` (threads included). For the workspace, across commands: `disk_bytes`
    and `disk_files`. `cgroups_required`: refuse to run where no cgroup bounds the whole."""

    cpu_seconds: int = 30
    memory_bytes: int = 512 * 1024**2
    file_size_bytes: int = 64 * 1024**2
    max_processes: int = 64
    output_bytes: int = 1024**2  # per stream (stdout, stderr)
    wall_seconds: float = 60.0
    total_memory_bytes: int = 1024**3
    cpus: float = 1.0
    total_processes: int = 128
    disk_bytes: int = 1024**3
    disk_files: int = 50_000
    cgroups_required: bool = False

    def __post_init__(self) -> None:
        for name in _POSITIVE_INTEGERS:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"SandboxLimits.{name} must be a positive integer, got {value!r}")
        if not isinstance(self.output_bytes, int) or self.output_bytes < 0:
            raise ValueError(f"SandboxLimits.output_bytes must be >= 0, got {self.output_bytes!r}")
        if not self.wall_seconds > 0:
            raise ValueError(f"SandboxLimits.wall_seconds must be > 0, got {self.wall_seconds!r}")
        if isinstance(self.cpus, bool) or not isinstance(self.cpus, int | float) or self.cpus <= 0:
            raise ValueError(f"SandboxLimits.cpus must be a number > 0, got {self.cpus!r}")


@dataclass(frozen=True)
class Egress:
    """The network an approved command gets: TCP to these `host:port` pairs only, through the
    host's filtering proxy; never the host's own network. A name in `hosts` must resolve to public
    addresses only (never loopback, private, link-local, ...), so no DNS answer can steer it at a
    host service; `private_hosts` are exact pairs an operator allows on such addresses (a local
    package mirror). The rest bounds what one command may do through the proxy."""

    hosts: tuple[str, ...] = ()
    private_hosts: tuple[str, ...] = ()
    max_connections: int = 16  # at once
    max_bytes: int = 1024**3  # both directions, all connections
    connect_seconds: float = 10.0
    idle_seconds: float = 60.0
    header_seconds: float = 10.0  # to send a request's headers (slow senders are cut off)

    def __post_init__(self) -> None:
        for entry in (*self.hosts, *self.private_hosts):
            split_host_port(entry)
        if self.max_connections < 1 or self.max_bytes < 1:
            raise ValueError("Egress.max_connections and max_bytes must be positive")


def split_host_port(entry: str) -> tuple[str, int]:
    """`host:port` or `[v6 address]:port`, host lower-cased without a trailing dot."""
    host, separator, port = entry.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not separator or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"egress entries are host:port, got {entry!r}")
    return host.lower().rstrip("."), int(port)


@dataclass(frozen=True)
class SandboxResult:
    exit_code: int
    stdout: str
    stderr: str
    duration_s: float
    truncated: bool = False


@runtime_checkable
class Sandbox(Protocol):
    """Runs one command in an isolated workspace. A non-zero exit code is a normal result; a limit
    violation raises the matching SandboxError subclass with the partial result attached.
    `network`: None (no network at all) or the Egress the command may use."""

    def run(
        self,
        command: list[str],
        *,
        workspace: Path,
        limits: SandboxLimits = SandboxLimits(),
        network: Egress | None = None,
        env: Mapping[str, str] | None = None,
        stdin: str | None = None,
        cwd: str = ".",
    ) -> SandboxResult: ...
