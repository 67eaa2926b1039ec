"""Workflows for the tool-source tests, registered through LONGHAUL_EXTRA_WORKFLOWS: the
engine's own loop with no tools of its own (a run is offered its organization's), and one that
finishes at once with a diff (for /mcp clients to read)."""

from __future__ import annotations

from typing import Any

from agents.engine.loop import LoopConfig, loop_state, loop_workflow
from agents.engine.types import Context, Finish, Workflow

LOOP = "tool-loop=tests.toolsources.workflows:build_loop"
PATCH = "patch=tests.toolsources.workflows:build_patch"
DIFF = "--- a/greeting.txt\n+++ b/greeting.txt\n@@ -1 +1 @@\n-hello\n+hello, world\n"


def build_loop() -> Workflow:
    config = LoopConfig(
        system_prompt="You are a test agent.", tool_definitions=[], install_tool=None
    )
    return loop_workflow(
        "tool-loop", config, initial=lambda given: loop_state(str(given.get("goal", "")))
    )


def patch(state: dict[str, Any], ctx: Context) -> Finish:
    artifact = {"content": DIFF, "media_type": "text/x-diff"}
    return Finish("succeeded", {"summary": "patched", "artifacts": {"fix.diff": artifact}})


def build_patch() -> Workflow:
    return Workflow(
        name="patch",
        nodes={"patch": patch},
        start="patch",
        transitions={"patch": ()},
        initial=lambda given: {},
    )
