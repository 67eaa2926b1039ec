"""What a tool is: a JSON-schema'd function with a risk level, imported by dotted path."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any


class RiskLevel(StrEnum):
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"  # runs only after a human approved the exact arguments


class Capability(StrEnum):
    """What a tool can do, whatever its name: approval policies match on these.

    Classify by what a call can end up doing, not by what it is meant for: `run_tests` is meant
    to run tests, but it executes the workspace's `conftest.py`, so it executes code.
    """

    CODE_EXECUTION = "code_execution"  # runs programs the workspace (the agent) controls
    FILESYSTEM_WRITE = "filesystem_write"  # changes workspace files
    NETWORK = "network"  # reaches hosts outside the sandbox


# Executing arbitrary code in the workspace can do whatever the sandbox lets a program do.
IMPLIED_BY = {Capability.CODE_EXECUTION: frozenset({Capability.FILESYSTEM_WRITE})}


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: dict[str, Any]  # JSON schema of the arguments object
    risk: RiskLevel
    function: str  # dotted path of `(args: dict, env: ToolEnvironment) -> Any`
    requires_network: bool = False
    capabilities: frozenset[Capability] = frozenset()

    def effective_capabilities(self) -> frozenset[Capability]:
        """The declared capabilities, those they imply, and network when the tool needs it."""
        found = set(self.capabilities)
        for capability in self.capabilities:
            found |= IMPLIED_BY.get(capability, frozenset())
        if self.requires_network:
            found.add(Capability.NETWORK)
        return frozenset(found)

    def can_do_everything_of(self, other: ToolSpec) -> bool:
        """True when a call to this tool can achieve whatever a call to `other` can: `other`
        is classified, and each of its capabilities is one of this tool's."""
        theirs = other.effective_capabilities()
        return bool(theirs) and theirs <= self.effective_capabilities()

    def openai_tool(self) -> dict[str, Any]:
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            },
        }


@dataclass
class ToolEnvironment:
    """Everything a tool function may touch. `sandbox` is an `agents.sandbox.Sandbox`."""

    workspace: Path
    sandbox: Any = None
    limits: Any = None  # agents.sandbox.SandboxLimits; None means the sandbox defaults
    package_index_url: str | None = None
    egress: Any = None  # agents.sandbox.Egress: other hosts approved network tools may reach
    memory: Any = None  # optional long-term memory port for memory tools
    run_id: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
