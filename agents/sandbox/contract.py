"""The sandbox contract shared by every backend: limits in, result out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

WORKSPACE_MOUNT = "/workspace"
PACKAGES_DIR = ".packages"


@dataclass(frozen=True)
class SandboxLimits:
    cpu_seconds: int = 30
    memory_bytes: int = 512 * 1024**2
    file_size_bytes: int = 64 * 1024**2
    max_processes: int = 64
    output_bytes: int = 1024**2  # per stream (stdout, stderr)
    wall_seconds: float = 60.0

    def __post_init__(self) -> None:
        for name in ("cpu_seconds", "memory_bytes", "file_size_bytes", "max_processes"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"SandboxLimits.{name} must be a positive integer, got {value!r}")
        if not isinstance(self.output_bytes, int) or self.output_bytes < 0:
            raise ValueError(f"SandboxLimits.output_bytes must be >= 0, got {self.output_bytes!r}")
        if not self.wall_seconds > 0:
            raise ValueError(f"SandboxLimits.wall_seconds must be > 0, got {self.wall_seconds!r}")


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
    violation raises the matching SandboxError subclass with the partial result attached."""

    def run(
        self,
        command: list[str],
        *,
        workspace: Path,
        limits: SandboxLimits = SandboxLimits(),
        network: bool = False,
        env: Mapping[str, str] | None = None,
        stdin: str | None = None,
        cwd: str = ".",
    ) -> SandboxResult: ...
