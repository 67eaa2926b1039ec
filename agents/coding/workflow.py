"""The "coding" workflow: inspect, patch, run tests in the sandbox, repeat until they pass.

setup (baseline snapshot, file list, first test run) -> plan -> act/execute/reflect ... ->
verify (the tests must pass) -> Finish with the diff and the test report as artifacts.
"""

from __future__ import annotations

import json
from typing import Any

from agents.coding.prompts import SYSTEM_PROMPT, TASK_TEMPLATE
from agents.engine.loop import LoopConfig, loop_state, loop_workflow
from agents.engine.types import (
    ApprovalRequired,
    Context,
    Finish,
    Interrupt,
    ToolOutcome,
    Update,
    Workflow,
    arguments_digest,
)

TOOLS = ("list_files", "read_file", "patch_file", "write_file", "run_tests", "run_command")
MAX_VERIFY_REJECTIONS = 3
MAX_LISTED = 60
INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "task": {"type": "string", "minLength": 1, "description": "What to change or fix."},
        "tool_calling": {"type": "boolean", "description": "False: JSON actions instead."},
        "context_window": {"type": "integer", "minimum": 512},
    },
    "required": ["task"],
}


def build_workflow() -> Workflow:
    from agents.tools import default_registry

    config = LoopConfig(
        system_prompt=SYSTEM_PROMPT,
        tool_definitions=default_registry().specs_for(TOOLS),
        finish_node="verify",
    )
    workflow = loop_workflow(
        "coding",
        config,
        initial=initial_state,
        extra_nodes={"setup": setup_node, "verify": verify_node},
        extra_transitions={"setup": ("plan",), "verify": ("act",)},
        start="setup",
        description="Fix a repository until its tests pass; outputs the diff and the test report.",
    )
    workflow.input_schema = INPUT_SCHEMA
    return workflow


def initial_state(input: dict[str, Any]) -> dict[str, Any]:
    task = str(input.get("task") or "").strip()
    if not task:
        raise ValueError('the coding workflow needs a non-empty "task"')
    settings = {k: input[k] for k in ("tool_calling", "context_window") if k in input}
    return {"input": input, **loop_state(task, **settings), "verify_rejections": 0}


def setup_node(state: dict[str, Any], ctx: Context) -> Update | Interrupt:
    ctx.call_tool("snapshot_workspace", {}, call_index=0)
    listing = ctx.call_tool("list_files", {}, call_index=1)
    tests = _run_tests(ctx, call_index=2)
    if isinstance(tests, Interrupt):
        return tests
    report = tests.output if tests.ok and isinstance(tests.output, dict) else {}
    files = (listing.output or {}).get("files", []) if listing.ok else []
    briefing = TASK_TEMPLATE.format(
        task="",
        files="\n".join(files[:MAX_LISTED]) or "(none)",
        summary=report.get("summary") or tests.error or "no result",
        failures="\n".join(report.get("failures") or []),
    ).strip()
    ctx.emit("tests", {"phase": "initial", **_counts(report)})
    return Update({"briefing": briefing, "initial_tests": _counts(report)}, "plan")


def verify_node(state: dict[str, Any], ctx: Context) -> Update | Finish | Interrupt:
    tests = _run_tests(ctx, call_index=0)
    if isinstance(tests, Interrupt):
        return tests
    report = tests.output if tests.ok and isinstance(tests.output, dict) else {}
    ctx.emit("tests", {"phase": "verify", **_counts(report)})
    passed = bool(report.get("all_passed"))
    rejections = int(state.get("verify_rejections", 0))
    if passed or state.get("budget_low") or rejections + 1 >= MAX_VERIFY_REJECTIONS:
        return _finish(state, ctx, report, tests.error, passed=passed)
    turns = list(state.get("turns", []))
    if turns:
        failing = "; ".join(report.get("failures") or []) or report.get("summary") or tests.error
        turns[-1] = {**turns[-1], "observation": f"Not finished: the tests still fail ({failing})."}
    guidance = "The tests must pass before you call finish. Fix the failing tests first."
    return Update(
        {"turns": turns, "verify_rejections": rejections + 1, "guidance": guidance}, "act"
    )


def _finish(
    state: dict[str, Any], ctx: Context, report: dict[str, Any], error: str | None, *, passed: bool
) -> Finish:
    diff = ctx.call_tool("diff_workspace", {}, call_index=1)
    changes = diff.output if diff.ok and isinstance(diff.output, dict) else {}
    output = {
        "summary": _summary(state),
        "tests": _counts(report),
        "changed_files": changes.get("changed", []),
        "artifacts": _artifacts(changes.get("diff", ""), report, error),
    }
    if passed:
        return Finish("succeeded", output)
    why = "budget nearly exhausted" if state.get("budget_low") else "the model gave up"
    output["reason"] = f"tests still fail ({report.get('summary') or error}); {why}"
    return Finish("failed", output)


def _artifacts(diff: str, report: dict[str, Any], error: str | None) -> list[dict[str, Any]]:
    test_report = {**report, "error": error} if error else report
    return [
        {"name": "changes.diff", "media_type": "text/x-diff", "content": diff},
        {
            "name": "test-report.json",
            "media_type": "application/json",
            "content": json.dumps(test_report, indent=2),
        },
    ]


def _run_tests(ctx: Context, *, call_index: int) -> ToolOutcome | Interrupt:
    """run_tests executes workspace code, so an organization's rules may gate it: the workflow
    then waits for a reviewer as for any agent action, and a rejection is a test run that did
    not happen (the calls before it in the node are recorded, so re-running the node is safe)."""
    try:
        return ctx.call_tool("run_tests", {}, call_index=call_index)
    except ApprovalRequired as needed:
        decision = ctx.approval_decision(arguments_digest("run_tests", {}))
        if decision is not None and not decision.approved:
            return ToolOutcome(
                ok=False,
                output=None,
                error_class="ApprovalRejected",
                error=f"running the tests was rejected by {decision.reviewer}",
            )
        ctx.emit("approval_requested", needed.payload)
        return Interrupt("approval", needed.payload)


def _counts(report: dict[str, Any]) -> dict[str, Any]:
    keys = ("passed", "failed", "errors", "skipped", "all_passed", "summary")
    return {key: report.get(key) for key in keys}


def _summary(state: dict[str, Any]) -> str:
    for turn in reversed(state.get("turns", [])):
        if turn.get("tool") == "finish":
            return str((turn.get("arguments") or {}).get("summary", ""))
    return ""
