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


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: dict[str, Any]  # JSON schema of the arguments object
    risk: RiskLevel
    function: str  # dotted path of `(args: dict, env: ToolEnvironment) -> Any`
    requires_network: bool = False

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
    memory: Any = None  # optional long-term memory port for memory tools
    run_id: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
