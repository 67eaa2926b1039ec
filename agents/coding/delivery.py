"""The coding workflow's last stage for a run cloned from a Git remote: once every test passes,
the change is proposed as a new branch of that remote through `push_branch`, a high-risk tool,
so a reviewer approves the exact remote, branch, files and diff before anything is pushed.

The model never holds the tool: only a fix the tests validated is ever offered. A rejection, or
an organization rule that forbids the push, ends the run `succeeded` without a push (the fix is
still handed over as `changes.diff`); a push that fails after approval fails the run, with the
same artifacts.
"""

from __future__ import annotations

import hashlib
from typing import Any

from agents.coding.strategy import gated
from agents.engine.types import Context, Finish, Interrupt, Update
from agents.tools.builtin.pushing import PREFIX, PushRefused, branch_name

DECLINED = ("ApprovalRejected", "PolicyDenied")
ORIGIN_SCHEMA: dict[str, Any] = {
    "type": ["object", "null"],
    "description": "Set by the platform for a run cloned from a Git remote; never taken from "
    "the input.",
    "readOnly": True,
}
BRANCH_SCHEMA: dict[str, Any] = {
    "type": "string",
    "minLength": 1,
    "maxLength": 200,
    "description": "For a run from a Git remote: the new branch the validated fix is pushed to, "
    "always under longhaul/ (default: longhaul/<run id>).",
    "examples": ["longhaul/fix-parser"],
}


def check_branch(input: dict[str, Any]) -> None:
    """A branch name that could never be pushed is refused when the run is created."""
    if input.get("branch") is not None:
        try:
            branch_name(str(input["branch"]).strip())
        except PushRefused as error:
            raise ValueError(f"branch: {error}") from None


def briefing_note(state: dict[str, Any], run_id: str) -> str:
    origin = (state.get("input") or {}).get("origin")
    if not origin:
        return ""
    return (
        f"This project was cloned from {origin['repository']} at {origin['commit'][:12]}. Once "
        f"the tests pass, your change is proposed to reviewers as the new branch "
        f"{_branch(state, run_id)}."
    )


def after_verify(state: dict[str, Any], output: dict[str, Any], diff: str) -> Update | None:
    """Where a passing run goes next: the deliver node when it has somewhere to deliver to."""
    if not (state.get("input") or {}).get("origin") or not output.get("changed_files"):
        return None
    sha = hashlib.sha256(diff.encode()).hexdigest()
    return Update({"result": output, "diff_sha256": sha}, "deliver")


def deliver_node(state: dict[str, Any], ctx: Context) -> Finish | Interrupt:
    outcome = gated(ctx, "push_branch", push_arguments(state, ctx.run_id), call_index=0)
    if isinstance(outcome, Interrupt):
        return outcome
    output = dict(state["result"])
    if outcome.ok:
        pushed = {k: outcome.output.get(k) for k in ("remote", "branch", "commit", "base")}
        ctx.emit("pushed", pushed)
        return Finish("succeeded", {**output, "delivery": {"status": "pushed", **pushed}})
    if outcome.error_class in DECLINED:
        ctx.emit("push_declined", {"reason": outcome.error})
        delivery = {"status": "declined", "reason": outcome.error}
        return Finish("succeeded", {**output, "delivery": delivery})
    reason = f"the fix passed its tests but could not be pushed: {outcome.error}"
    delivery = {"status": "failed", "error": outcome.error}
    return Finish("failed", {**output, "delivery": delivery, "reason": reason})


def push_arguments(state: dict[str, Any], run_id: str) -> dict[str, Any]:
    """What the reviewer approves: where, which branch, and exactly which change."""
    result = state["result"]
    return {
        "remote": state["input"]["origin"]["repository"],
        "branch": _branch(state, run_id),
        "message": str(result.get("summary") or "")[:4000],
        "files": list(result["changed_files"]),
        "diff_sha256": state["diff_sha256"],
    }


def _branch(state: dict[str, Any], run_id: str) -> str:
    given = str((state.get("input") or {}).get("branch") or "").strip()
    return branch_name(given) if given else f"{PREFIX}{run_id}"
