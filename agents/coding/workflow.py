"""The "coding" workflow: inspect, patch, run tests in the sandbox, repeat until they pass.

setup (baseline snapshot, file list, the repository's environment, first test run) ->
  [tests pass and the task asks for nothing: Finish "no change needed"]
  recover (install a missing dependency under the policy, declare it) ->
  repair (the repair engine: localisation, templates, validated on copies) ->
  repair_model (the model's sampled edits, validated the same way) ->
  plan -> act/execute/reflect ... (the free-form loop, for what repair did not fix) ->
verify (the tests must pass) -> Finish with the diff, the test report and the repair record;
  a run cloned from a Git remote goes on to deliver (push_branch, approved by a reviewer).

`strategy` chooses: "repair" runs the repair stages first (what a small model needs; the loop
follows if they found nothing), "agent" goes straight to the loop. The platform replaces "auto"
(or no choice) by the run's tier's `agent_strategy`; without one, "auto" means "repair".
"""

from __future__ import annotations

import json
from typing import Any

from agents.coding import delivery, strategy
from agents.coding.prompts import SYSTEM_PROMPT, TASK_TEMPLATE
from agents.coding.strategy import counts as _counts
from agents.coding.strategy import gated
from agents.engine.loop import LoopConfig, loop_state, loop_workflow
from agents.engine.types import (
    Context,
    Finish,
    Interrupt,
    ToolOutcome,
    Update,
    Workflow,
)

TOOLS = (
    "list_files", "read_file", "patch_file", "write_file", "run_tests", "run_command", "repair",
)  # fmt: skip
MAX_VERIFY_REJECTIONS = 3
MAX_LISTED = 60
INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "task": {
            "type": "string",
            "minLength": 1,
            "description": "What to change or fix, in plain words.",
            "examples": ["Fix the failing test in tests/test_parser.py"],
        },
        "tool_calling": {
            "type": "boolean",
            "description": "False: the model answers with JSON actions instead of tool calls "
            "(default: what the tier supports).",
            "examples": [True],
        },
        "context_window": {
            "type": "integer",
            "minimum": 512,
            "description": "The model's context in tokens (default: the run's tier's).",
            "examples": [8192],
        },
        "strategy": {
            "enum": list(strategy.STRATEGIES),
            "description": "repair: the repair engine first (small models); agent: the "
            "free-form loop only; auto (the default): what the run's tier is set to.",
            "examples": ["auto"],
        },
        "branch": delivery.BRANCH_SCHEMA,
        "origin": delivery.ORIGIN_SCHEMA,
    },
    "required": ["task"],
    "examples": [{"task": "Fix the failing test in tests/test_parser.py"}],
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
        extra_nodes={
            "setup": setup_node,
            "verify": verify_node,
            "recover": strategy.recover_node,
            "repair": strategy.repair_node,
            "repair_model": strategy.repair_model_node,
            "deliver": delivery.deliver_node,
        },
        extra_transitions={
            "setup": ("plan", "recover", "repair", "verify"),
            "recover": ("repair", "plan", "verify"),
            "repair": ("verify", "repair_model"),
            "repair_model": ("verify", "plan"),
            "verify": ("act", "deliver"),
            "deliver": (),
        },
        start="setup",
        description="Fix a repository until its tests pass; outputs the diff and the test report.",
    )
    workflow.input_schema = INPUT_SCHEMA
    return workflow


def initial_state(input: dict[str, Any]) -> dict[str, Any]:
    task = str(input.get("task") or "").strip()
    if not task:
        raise ValueError('the coding workflow needs a non-empty "task"')
    delivery.check_branch(input)
    settings = {k: input[k] for k in ("tool_calling", "context_window") if k in input}
    chosen = str(input.get("strategy") or "auto")
    return {
        "input": input,
        **loop_state(task, **settings),
        "verify_rejections": 0,
        "strategy": chosen,
    }


def setup_node(state: dict[str, Any], ctx: Context) -> Update | Interrupt | Finish:
    ctx.call_tool("snapshot_workspace", {}, call_index=0)
    listing = ctx.call_tool("list_files", {}, call_index=1)
    prepared = gated(ctx, "prepare_environment", {}, call_index=2)
    if isinstance(prepared, Interrupt):
        return prepared
    ctx.emit("environment", {"ok": prepared.ok, **(prepared.output or {}), "error": prepared.error})
    tests = _run_tests(ctx, call_index=3)
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
    note = delivery.briefing_note(state, ctx.run_id)
    briefing = f"{briefing}\n\n{note}" if note else briefing
    ctx.emit("tests", {"phase": "initial", **_counts(report)})
    changes = {
        "briefing": briefing,
        "initial_tests": _counts(report),
        "failures_text": "\n".join((report.get("failures") or [])[:5]),
    }
    if report.get("all_passed") and not strategy.describes_change(state.get("goal", "")):
        return _no_change(ctx, report)
    missing = strategy.missing_modules(report, files)
    if missing:
        return Update({**changes, "missing": missing}, "recover")
    failing = any(o in ("failed", "errors") for o in (report.get("tests") or {}).values())
    if failing and state.get("strategy", "auto") != "agent":
        return Update(changes, "repair")
    return Update(changes, "plan")


def _no_change(ctx: Context, report: dict[str, Any]) -> Finish:
    """The tests pass and the task describes nothing to change: changing code would only risk
    breaking it."""
    reason = f"no change needed: the tests already pass ({report.get('summary')})"
    ctx.emit("no_change", {"reason": reason})
    return Finish(
        "succeeded",
        {
            "summary": reason,
            "tests": _counts(report),
            "changed_files": [],
            "no_change": True,
            "artifacts": _artifacts("", report, None, []),
        },
    )


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
) -> Finish | Update:
    diff = ctx.call_tool("diff_workspace", {}, call_index=1)
    changes = diff.output if diff.ok and isinstance(diff.output, dict) else {}
    output = {
        "summary": _summary(state),
        "tests": _counts(report),
        "changed_files": changes.get("changed", []),
        "artifacts": _artifacts(changes.get("diff", ""), report, error, state.get("repairs")),
    }
    if state.get("repairs"):
        output["repair"] = [
            {k: v for k, v in r.items() if k not in ("candidates", "localisation")}
            for r in state["repairs"]
        ]
    if passed:
        return delivery.after_verify(state, output, changes.get("diff", "")) or Finish(
            "succeeded", output
        )
    why = "budget nearly exhausted" if state.get("budget_low") else "the model gave up"
    output["reason"] = f"tests still fail ({report.get('summary') or error}); {why}"
    return Finish("failed", output)


def _artifacts(
    diff: str, report: dict[str, Any], error: str | None, repairs: list[Any] | None
) -> list[dict[str, Any]]:
    test_report = {**report, "error": error} if error else report
    test_report = {k: v for k, v in test_report.items() if k != "coverage"}
    extra = []
    if repairs:
        extra.append(
            {
                "name": "repair.json",
                "media_type": "application/json",
                "content": json.dumps(repairs, indent=2),
            }
        )
    return [
        *extra,
        {"name": "changes.diff", "media_type": "text/x-diff", "content": diff},
        {
            "name": "test-report.json",
            "media_type": "application/json",
            "content": json.dumps(test_report, indent=2),
        },
    ]


def _run_tests(ctx: Context, *, call_index: int) -> ToolOutcome | Interrupt:
    """run_tests executes workspace code, so an organization's rules may gate it."""
    return gated(ctx, "run_tests", {}, call_index=call_index)


def _summary(state: dict[str, Any]) -> str:
    if state.get("fix_summary"):
        return str(state["fix_summary"])
    for turn in reversed(state.get("turns", [])):
        if turn.get("tool") == "finish":
            return str((turn.get("arguments") or {}).get("summary", ""))
    return ""
