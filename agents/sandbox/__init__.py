"""Isolated command execution for agent tools: a per-run workspace, no network unless an
approved command is given an egress allow-list, limits per process and for the whole sandbox
(CPU, memory, processes), a workspace disk quota, bounded output and wall time, and typed
errors."""

from __future__ import annotations

from agents.sandbox.bubblewrap import BubblewrapSandbox
from agents.sandbox.contract import Egress, Sandbox, SandboxLimits, SandboxResult
from agents.sandbox.errors import (
    CpuTimeExceeded,
    DiskQuotaExceeded,
    FileSizeExceeded,
    MemoryExceeded,
    OutputTruncated,
    ProcessLimitExceeded,
    SandboxError,
    SandboxTimeout,
    SandboxUnavailable,
    WorkspaceEscape,
)
from agents.sandbox.output import observable
from agents.sandbox.packages import index_egress, pip_install_command
from agents.sandbox.quota import check_workspace_quota
from agents.sandbox.registry import get_sandbox
from agents.sandbox.workspace import resolve_in_workspace

__all__ = [
    "BubblewrapSandbox",
    "CpuTimeExceeded",
    "DiskQuotaExceeded",
    "Egress",
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
    "check_workspace_quota",
    "get_sandbox",
    "index_egress",
    "observable",
    "pip_install_command",
    "resolve_in_workspace",
]
