"""The coding workflow's repair strategy: deterministic recovery, then the repair engine, then
the model's sampled edits validated the same way; the free-form loop takes over only when none
of them found a validated fix.

Nodes do I/O through ctx only: the engine runs as the `repair` tool, the model is asked through
ctx.chat, installs go through install_package (and so through the policy and its reviewers).
"""

from __future__ import annotations

import re
from typing import Any

from agents.coding.repair.model import EDIT_SCHEMA, WINDOW, Window, parsed_edit, unusable_edit
from agents.coding.repair.model import PROMPT as EDIT_PROMPT
from agents.engine.loop_config import json_schema
from agents.engine.recovery import MISSING_MODULE, distribution_for
from agents.engine.types import (
    INVALID_OUTPUT_EVENT,
    ApprovalRequired,
    Context,
    Interrupt,
    ToolOutcome,
    Update,
    arguments_digest,
)

STRATEGIES = ("auto", "repair", "agent")
MODEL_SAMPLES = 4
RECORDED = 40
# Words with which a task asks for a change or describes a failure; a task without any of them
# whose tests already pass ("make sure the tests pass") needs no change.
_CHANGE_WORDS = re.compile(
    r"\b(fix\w*|bug\w*|broken|break\w*|fail\w*|error\w*|wrong|incorrect|crash\w*|exception|"
    r"raise\w*|add\w*|implement\w*|support\w*|should|must|instead|rename\w*|refactor\w*|"
    r"change\w*|update\w*|remove\w*|return\w*|handle\w*|install\w*|missing)\b",
    re.IGNORECASE,
)


def describes_change(task: str) -> bool:
    return bool(_CHANGE_WORDS.search(task))


def missing_modules(report: dict[str, Any], files: list[str]) -> list[str]:
    """Top-level modules the tests could not import that are not the repository's own."""
    text = "\n".join([*(report.get("failures") or []), str(report.get("output") or "")])
    found: list[str] = []
    for name in MISSING_MODULE.findall(text):
        top = name.split(".")[0]
        local = {f"{top}.py", f"{top}/__init__.py", f"src/{top}.py", f"src/{top}/__init__.py"}
        if top not in found and not local & set(files):
            found.append(top)
    return found


def recover_node(state: dict[str, Any], ctx: Context) -> Update | Interrupt:
    """Installs (once, under the policy) each missing module's distribution, declares it in the
    repository's dependency file, and runs the tests again."""
    modules = [m for m in state.get("missing", []) if m not in state.get("installs", [])]
    for index, module in enumerate(modules[:3]):
        arguments = {"packages": [distribution_for(module)], "declare": True}
        outcome = gated(ctx, "install_package", arguments, call_index=index)
        if isinstance(outcome, Interrupt):
            return outcome
        ctx.emit("recovery", {"strategy": "install", "module": module, "ok": outcome.ok,
                              "error": outcome.error})  # fmt: skip
    tests = gated(ctx, "run_tests", {}, call_index=len(modules[:3]))
    if isinstance(tests, Interrupt):
        return tests
    report = tests.output if tests.ok and isinstance(tests.output, dict) else {}
    ctx.emit("tests", {"phase": "after recovery", **counts(report)})
    changes = {"installs": [*state.get("installs", []), *modules], "missing": [],
               "initial_tests": counts(report)}  # fmt: skip
    if report.get("all_passed"):
        return Update({**changes, "fix_summary": "installed the missing dependencies"}, "verify")
    return Update(changes, "repair" if state.get("strategy") != "agent" else "plan")


def repair_node(state: dict[str, Any], ctx: Context) -> Update | Interrupt:
    """The engine's own candidates (syntax recovery and repair templates)."""
    outcome = gated(ctx, "repair", {"apply": True}, call_index=0)
    if isinstance(outcome, Interrupt):
        return outcome
    record = outcome.output if outcome.ok and isinstance(outcome.output, dict) else {}
    _report(ctx, record)
    repairs = [_brief(record, "engine")]
    if record.get("applied"):
        return Update({"repairs": repairs, "fix_summary": _summary(record)}, "verify")
    lines = (record.get("localisation") or {}).get("lines") or []
    return Update({"repairs": repairs, "suspects": lines[:10]}, "repair_model")


def repair_model_node(state: dict[str, Any], ctx: Context) -> Update | Interrupt:
    """The model's edits, sampled several times for the most suspicious windows, validated by
    the engine like its own; the free-form loop follows when none is valid."""
    windows = _windows(state, ctx)
    edits = []
    for n in range(MODEL_SAMPLES if windows else 0):
        window = windows[n % len(windows)]
        prompt = EDIT_PROMPT.format(
            goal=state.get("goal", ""),
            failures=state.get("failures_text", ""),
            path=window.path,
            window=window.numbered(),
        )
        result = ctx.chat(
            [{"role": "user", "content": prompt}],
            response_format=json_schema("edit", EDIT_SCHEMA),
            max_tokens=400,
        )
        edit = parsed_edit(result.content, window)
        if edit is None:
            ctx.emit(INVALID_OUTPUT_EVENT, {"problem": unusable_edit(result.problem, window)})
        else:
            where = f"{window.path}:{window.start}-{window.end} #{n + 1}"
            edits.append({"path": edit.path, "search": edit.search, "replace": edit.replace,
                          "origin": "model", "where": where})  # fmt: skip
    if not edits:
        return Update({}, "plan")
    outcome = gated(
        ctx, "repair", {"apply": True, "templates": False, "edits": edits}, call_index=len(windows)
    )
    if isinstance(outcome, Interrupt):
        return outcome
    record = outcome.output if outcome.ok and isinstance(outcome.output, dict) else {}
    _report(ctx, record)
    repairs = [*state.get("repairs", []), _brief(record, "model")]
    if record.get("applied"):
        return Update({"repairs": repairs, "fix_summary": _summary(record)}, "verify")
    return Update({"repairs": repairs}, "plan")


def gated(
    ctx: Context, tool: str, arguments: dict[str, Any], *, call_index: int
) -> ToolOutcome | Interrupt:
    """A tool call that an organization's rules may gate: the workflow then waits for a
    reviewer, and a rejection is a call that did not happen (the calls before it in the node are
    recorded, so re-running the node is safe)."""
    try:
        return ctx.call_tool(tool, arguments, call_index=call_index)
    except ApprovalRequired as needed:
        decision = ctx.approval_decision(arguments_digest(tool, arguments))
        if decision is not None and not decision.approved:
            return ToolOutcome(
                ok=False,
                output=None,
                error_class="ApprovalRejected",
                error=f"{tool} was rejected by {decision.reviewer}",
            )
        ctx.emit("approval_requested", needed.payload)
        return Interrupt("approval", needed.payload)


def counts(report: dict[str, Any]) -> dict[str, Any]:
    keys = ("passed", "failed", "errors", "skipped", "all_passed", "summary")
    return {key: report.get(key) for key in keys}


def _windows(state: dict[str, Any], ctx: Context) -> list[Window]:
    windows: list[Window] = []
    seen: set[tuple[str, int]] = set()
    for index, suspect in enumerate(state.get("suspects", [])[:6]):
        path, line = str(suspect.get("path")), int(suspect.get("line", 0))
        if (path, line // (2 * WINDOW)) in seen or len(windows) == 2:
            continue
        seen.add((path, line // (2 * WINDOW)))
        read = ctx.call_tool("read_file", {"path": path}, call_index=100 + index)
        if not read.ok or not isinstance(read.output, dict):
            continue
        lines = str(read.output.get("content", "")).splitlines(keepends=True)
        windows.append(Window.around(path, tuple(lines), line))
    return windows


def _report(ctx: Context, record: dict[str, Any]) -> None:
    if record.get("localisation"):
        ctx.emit("localisation", record["localisation"])
    for candidate in record.get("candidates", []):
        result = candidate.get("result") or {}
        ctx.emit(
            "repair_candidate",
            {
                "origin": candidate.get("origin"),
                "where": candidate.get("description"),
                "verdict": result.get("verdict"),
                "fixed": len(result.get("fixed") or []),
                "broken": len(result.get("broken") or []),
                "diff": str(candidate.get("diff", ""))[:2000],
            },
        )


def _brief(record: dict[str, Any], stage: str) -> dict[str, Any]:
    chosen = record.get("chosen") or {}
    return {
        "stage": stage,
        "fixed": bool(record.get("applied")),
        "validated": record.get("validated", 0),
        "seconds": record.get("seconds"),
        "first_valid_s": record.get("first_valid_s"),
        "sources": record.get("sources", {}),
        "chosen_origin": chosen.get("origin"),
        "candidates": [
            {**c, "diff": str(c.get("diff", ""))[:1500]}
            for c in record.get("candidates", [])[:RECORDED]
        ],
        "localisation": record.get("localisation", {}),
    }


def _summary(record: dict[str, Any]) -> str:
    chosen = record.get("chosen") or {}
    return (
        f"Fixed with a validated {chosen.get('origin', 'repair')} edit at "
        f"{chosen.get('description', '?')} (one of {record.get('validated', 0)} candidates tested)."
    )
