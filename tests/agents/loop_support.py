"""Helpers for driving the loop with the scripted model."""

from __future__ import annotations

import json
from typing import Any

from agents.engine.loop import LoopConfig, loop_state, loop_workflow
from agents.engine.memory import InMemoryCheckpointer
from agents.engine.runner import run_one_step, start_thread
from agents.engine.types import StepResult, Workflow
from agents.tools import default_registry


def plan(*subtasks: str) -> dict[str, Any]:
    return {"content": json.dumps({"subtasks": list(subtasks)})}


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


def loop_under_test(
    tools: tuple[str, ...] = (
        "list_files",
        "read_file",
        "write_file",
        "run_tests",
        "run_command",
        "install_package",
    ),
    **config: Any,
) -> Workflow:
    settings = {
        "system_prompt": "You are a test agent.",
        "tool_definitions": default_registry().specs_for(tools),
        **config,
    }
    return loop_workflow(
        "test-loop",
        LoopConfig(**settings),
        initial=lambda i: loop_state(i["goal"], **i.get("settings", {})),
    )


def drive(
    workflow: Workflow,
    ctx: Any,
    *,
    goal: str = "do it",
    checkpointer: InMemoryCheckpointer | None = None,
    thread: str = "t",
    max_steps: int = 60,
    **settings: Any,
) -> tuple[StepResult, InMemoryCheckpointer]:
    cp = checkpointer or InMemoryCheckpointer()
    if cp.get(thread) is None:
        start_thread(workflow, cp, thread, {"goal": goal, "settings": settings})
    for _ in range(max_steps):
        result = run_one_step(workflow, cp, thread, ctx)
        if result.outcome != "continue":
            return result, cp
    raise AssertionError("loop did not stop")
