"""External tools registered by dotted path in the tool tests (like memory tools are)."""

from __future__ import annotations

from typing import Any

from agents.tools import RiskLevel, ToolSpec

TOOLS = [
    ToolSpec(
        "shout",
        "Upper-case a word.",
        {"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]},
        RiskLevel.LOW,
        "tests.agents.sample_tool_functions:shout",
    ),
    ToolSpec(
        "explode",
        "Always fails.",
        {"type": "object", "properties": {}},
        RiskLevel.MEDIUM,
        "tests.agents.sample_tool_functions:explode",
    ),
]


def unused(args: dict[str, Any], env: Any) -> None:
    return None
