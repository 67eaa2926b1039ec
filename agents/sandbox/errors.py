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
    """An allocation failed against the memory limit."""


class FileSizeExceeded(SandboxError):
    """A process tried to write a file larger than allowed."""


class ProcessLimitExceeded(SandboxError):
    """A process could not fork because the sandbox's process limit was reached."""


class OutputTruncated(SandboxError):
    """stdout or stderr went over the output limit; the command was stopped there."""


class WorkspaceEscape(SandboxError):
    """A path given to the API resolves outside the workspace."""


class SandboxUnavailable(SandboxError):
    """The sandbox cannot run on this host; the message says how to fix it."""
