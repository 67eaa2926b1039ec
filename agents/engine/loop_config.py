"""The loop's configuration, its keys of the state, and small helpers shared by its nodes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FINISH_TOOL = "finish"
EXTERNAL_TOOLS_KEY = "external_tools"
CYCLE_STEPS = 3  # act, execute, reflect
PLAN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "subtasks": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 8}
    },
    "required": ["subtasks"],
    "additionalProperties": False,
}
FINISH_DEFINITION = {
    "type": "function",
    "function": {
        "name": FINISH_TOOL,
        "description": "Call this once the goal is done (or cannot be done), with a summary.",
        "parameters": {
            "type": "object",
            "properties": {"summary": {"type": "string"}},
            "required": ["summary"],
        },
    },
}


@dataclass(frozen=True)
class LoopConfig:
    system_prompt: str
    tool_definitions: list[dict[str, Any]]  # OpenAI `tools` entries offered to the model
    finish_node: str = "done"  # where a `finish` call goes; the workflow may verify there
    stuck_threshold: int = 3
    max_replans: int = 2
    keep_recent: int = 6
    context_window: int = 8192  # tokens; the state's "context_window" overrides it per run
    reply_tokens: int = 1024
    plan_tokens: int = 400
    observation_chars: int = 4000
    reserve_steps: int = 2  # steps kept back so the finish node can still produce artifacts
    install_tool: str | None = "install_package"
    extra: dict[str, Any] = field(default_factory=dict)

    def tools(self, state: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """The workflow's tools, the organization's own tools the run was offered when it
        started (the state's `external_tools`), and `finish`."""
        external = (state or {}).get(EXTERNAL_TOOLS_KEY) or []
        return [*self.tool_definitions, *external, FINISH_DEFINITION]

    def tool_names(self, state: dict[str, Any] | None = None) -> set[str]:
        return {d["function"]["name"] for d in self.tools(state)}


def loop_state(goal: str, **settings: Any) -> dict[str, Any]:
    """The loop's keys of an initial state (`settings`: tool_calling, context_window, ...)."""
    return {
        "goal": goal,
        "tool_calling": settings.get("tool_calling", True),
        "context_window": settings.get("context_window"),
        "briefing": settings.get("briefing", ""),
        "plan": [],
        "turns": [],
        "summary": [],
        "turn_count": 0,
        "pending_action": None,
        "replans": 0,
        "guidance": None,
        "installs": [],
    }


def json_schema(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"type": "json_schema", "json_schema": {"name": name, "schema": schema}}


def new_turn(state: dict[str, Any], kind: str, **fields: Any) -> dict[str, Any]:
    return {"n": int(state.get("turn_count", 0)) + 1, "kind": kind, **fields}


def append_turn(state: dict[str, Any], turn: dict[str, Any]) -> dict[str, Any]:
    return {
        "turns": [*state.get("turns", []), turn],
        "turn_count": max(turn["n"], int(state.get("turn_count", 0))),
    }
