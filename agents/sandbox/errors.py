"""Typed sandbox errors. Each limit violation carries the partial result, so callers can show the
model what the command printed before it was stopped."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agents.sandbox.contract import SandboxResult


class SandboxError(Exception):
    """Base class; `result` holds whatever the command produced before it was stopped."""

    def __init__(self, message: str, *, result: SandboxResult | None = None) -> None:
        super().__init__(message)
        self.result = result


class SandboxTimeout(SandboxError):
    """The wall-clock limit passed; the whole process tree was killed."""


class CpuTimeExceeded(SandboxError):
    """A process used more CPU seconds than allowed."""


class MemoryExceeded(SandboxError):
    """An allocation failed against the per-process memory limit, or the sandbox as a whole went
    over its memory and the kernel killed a process of it (the whole sandbox is then stopped)."""


class FileSizeExceeded(SandboxError):
    """A process tried to write a file larger than allowed."""


class ProcessLimitExceeded(SandboxError):
    """A process could not fork: the per-user or the whole-sandbox process limit was reached."""


class OutputTruncated(SandboxError):
    """stdout or stderr went over the output limit; the command was stopped there."""


class WorkspaceEscape(SandboxError):
    """A path given to the API resolves outside the workspace."""


class SandboxUnavailable(SandboxError):
    """The sandbox cannot run on this host; the message says how to fix it."""


class DiskQuotaExceeded(SandboxError):
    """The workspace went over its quota of bytes or files; the message says how to free space."""
