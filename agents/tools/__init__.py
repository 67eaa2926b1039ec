"""Tools: a registry of JSON-schema'd functions with risk levels and an executor."""

from __future__ import annotations

from agents.tools.executor import ToolExecutor
from agents.tools.registry import ToolArgumentsInvalid, ToolRegistry, UnknownTool, default_registry
from agents.tools.spec import RiskLevel, ToolEnvironment, ToolSpec

__all__ = [
    "RiskLevel",
    "ToolArgumentsInvalid",
    "ToolEnvironment",
    "ToolExecutor",
    "ToolRegistry",
    "ToolSpec",
    "UnknownTool",
    "default_registry",
]
