"""A small real workflow for platform tests: ask the model, run the tool it picks, repeat.

Registered with the engine like any plug-in (`LONGHAUL_EXTRA_WORKFLOWS`), it drives real runs
through RunContext: model calls over HTTP, keyed tool calls, approvals and events.
"""

from __future__ import annotations

import json
from typing import Any

from agents.engine.types import (
    ApprovalRequired,
    Context,
    Finish,
    Interrupt,
    Update,
    Workflow,
)

TOOLS = ["record_effect", "deploy", "append_line", "run_command"]


def _tool_specs() -> list[dict[str, Any]]:
    from runs.toolbox import registry

    return registry().specs_for(TOOLS)


def act(state: dict[str, Any], ctx: Context) -> Update | Interrupt | Finish:
    messages = list(state["messages"])
    reply = ctx.chat(messages, tools=_tool_specs())
    if not reply.tool_calls:
        return Finish("succeeded", {"answer": reply.content or "", "calls": state["calls"]})
    call = reply.tool_calls[0]
    arguments = json.loads(call.arguments_json or "{}")
    arguments = _approved_arguments(ctx, call.name, arguments)
    if arguments is None:
        observation: dict[str, Any] = {"rejected": True}
    else:
        try:
            outcome = ctx.call_tool(call.name, arguments)
        except ApprovalRequired as required:
            return Interrupt("approval", required.payload)
        observation = {"ok": outcome.ok, "output": outcome.output, "error": outcome.error}
    ctx.emit("tool.observed", {"tool": call.name, "ok": observation.get("ok", False)})
    exchange = tool_exchange(call, observation)
    return Update({"messages": [*messages, *exchange], "calls": state["calls"] + 1}, "act")


def tool_exchange(call: Any, observation: dict[str, Any]) -> list[dict[str, Any]]:
    """The model's tool call and its observation, as the next turn's chat messages."""
    function = {"name": call.name, "arguments": call.arguments_json}
    return [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": call.id, "type": "function", "function": function}],
        },
        {"role": "tool", "tool_call_id": call.id, "content": json.dumps(observation)},
    ]


def _approved_arguments(
    ctx: Context, tool: str, arguments: dict[str, Any]
) -> dict[str, Any] | None:
    """A reviewer's decision may replace the arguments (edit) or refuse them (None)."""
    from agents.engine.types import arguments_digest

    decision = ctx.approval_decision(arguments_digest(tool, arguments))
    if decision is None:
        return arguments
    return decision.arguments if decision.approved else None


def _initial(input: dict[str, Any]) -> dict[str, Any]:
    prompt = str(input.get("task", "do the task"))
    return {"messages": [{"role": "user", "content": prompt}], "calls": 0}


def build_effects() -> Workflow:
    return Workflow(
        name="effects",
        nodes={"act": act},
        start="act",
        transitions={"act": ("act",)},
        initial=_initial,
    )


def count(state: dict[str, Any], ctx: Context) -> Update | Finish:
    """A step with no I/O but one event: what it costs is the platform's own work."""
    ctx.emit("tick", {"count": state["count"]})
    if state["count"] + 1 >= int(state["steps"]):
        return Finish("succeeded", {"count": state["count"] + 1})
    return Update({"count": state["count"] + 1}, "count")


def build_counter() -> Workflow:
    return Workflow(
        name="counter",
        nodes={"count": count},
        start="count",
        transitions={"count": ("count",)},
        initial=lambda input: {"count": 0, "steps": int(input.get("steps", 3))},
    )
