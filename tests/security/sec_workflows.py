"""Workflows for the storage-boundary tests, registered through LONGHAUL_EXTRA_WORKFLOWS.

`hostile-loop` is the engine's own loop (plan, act, execute, reflect) offering `record_effect`;
`hostile-state` keeps what the model answered, decoded as JSON the way a workflow might, in its
state: a `NaN` there is a value PostgreSQL will not store.
"""

from __future__ import annotations

import json
from typing import Any

from agents.engine.loop import LoopConfig, loop_state, loop_workflow
from agents.engine.types import Context, Update, Workflow
from agents.tools import RiskLevel, ToolSpec

LOOP = "hostile-loop=tests.security.sec_workflows:build_loop"
STATE = "hostile-state=tests.security.sec_workflows:build_state"


def build_loop() -> Workflow:
    from runs.toolbox import registry

    config = LoopConfig(
        system_prompt="You are a test agent.",
        tool_definitions=registry().specs_for(["record_effect"]),
        install_tool=None,
    )
    return loop_workflow(
        "hostile-loop", config, initial=lambda given: loop_state(str(given.get("goal", "")))
    )


def measure(state: dict[str, Any], ctx: Context) -> Update:
    reply = ctx.chat([{"role": "user", "content": "measure the reading"}])
    return Update({"reading": json.loads(reply.content or "null")}, "measure")


def build_state() -> Workflow:
    return Workflow(
        name="hostile-state",
        nodes={"measure": measure},
        start="measure",
        transitions={"measure": ("measure",)},
        initial=lambda given: {"reading": None},
    )


def ratio(args: dict[str, Any], env: Any) -> dict[str, Any]:
    """A computation that yields what PostgreSQL refuses: 0/0 as NaN, or a binary file's NUL."""
    return {"ratio": float("nan")} if args["kind"] == "nan" else {"text": "PK\x03\x04\x00"}


TOOLS = [
    ToolSpec(
        "ratio",
        "Compute a ratio.",
        {"type": "object", "properties": {"kind": {"type": "string"}}, "required": ["kind"]},
        RiskLevel.LOW,
        "tests.security.sec_workflows:ratio",
    )
]
