"""Isolated command execution for agent tools: a per-run workspace, no network unless asked for,
limits on CPU, memory, file size, processes, output and wall time, and typed errors."""

from __future__ import annotations

from agents.sandbox.bubblewrap import BubblewrapSandbox
from agents.sandbox.contract import Sandbox, SandboxLimits, SandboxResult
from agents.sandbox.errors import (
    CpuTimeExceeded,
    FileSizeExceeded,
    MemoryExceeded,
    OutputTruncated,
    ProcessLimitExceeded,
    SandboxError,
    SandboxTimeout,
    SandboxUnavailable,
    WorkspaceEscape,
)
from agents.sandbox.packages import pip_install_command
from agents.sandbox.registry import get_sandbox
from agents.sandbox.workspace import resolve_in_workspace

__all__ = [
    "BubblewrapSandbox",
    "CpuTimeExceeded",
    "FileSizeExceeded",
    "MemoryExceeded",
    "OutputTruncated",
    "ProcessLimitExceeded",
    "Sandbox",
    "SandboxError",
    "SandboxLimits",
    "SandboxResult",
    "SandboxTimeout",
    "SandboxUnavailable",
    "WorkspaceEscape",
    "get_sandbox",
    "pip_install_command",
    "resolve_in_workspace",
]
