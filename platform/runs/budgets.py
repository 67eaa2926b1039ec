"""A budget that runs out: ask to extend it, grant an extension, or end the run.

The engine stops a run whose next step would go over a budget with an Interrupt of kind
"budget" (`{"budget", "used", "limit", "extension", "reason", "step"}`) that changed nothing.
The organization's policy decides what happens. With no rule on budgets the run fails, as runs
always have. A rule may ask for a request to extend the budget by the stated amount (reviewers
may edit the amount) or deny one; a denied, rejected or expired request ends the run as
`budget_exhausted`, with the partial output it had kept.
"""

from __future__ import annotations

import json
import time
from typing import Any
from uuid import UUID

from agents.engine.runner import ENGINE_KEYS, STARTED_AT_KEY
from agents.engine.types import Budgets, arguments_digest
from runs import toolbox
from runs.checkpointer import DjangoCheckpointer
from runs.events import event_append
from runs.gate import BUDGET_TOOL, GateAction, approval_gate, run_facts
from runs.lifecycle import run_complete, run_transition
from runs.models import Run, RunStatus

PARTIAL_VALUE_BYTES = 16 * 1024  # per state key; larger values are named, not kept


def budget_reached(run: Run, payload: dict[str, Any]) -> None:
    """Within the fenced commit of the step that hit the budget: pause with a request to
    extend it, or end the run when the policy denies one."""
    arguments = {"budget": payload["budget"], "extension": payload["extension"]}
    gate = approval_gate()
    verdict = gate.evaluate(
        run=run_facts(run),
        kind="budget",
        name=payload["budget"],
        arguments=arguments,
        registry=toolbox.registry(),
    )
    if verdict.action is GateAction.DENY and verdict.rule_id is None:
        # No rule speaks of budgets: the run fails on its budget, as runs always have.
        output = {"reason": payload["reason"], "budget_exceeded": True}
        run_complete(run, RunStatus.FAILED, output, error=payload["reason"])
        return
    if verdict.action is GateAction.DENY:
        exhaust(run, f"{payload['reason']}; {verdict.reason}.")
        return
    request = {
        "tool": BUDGET_TOOL,
        "arguments": arguments,
        "digest": arguments_digest(BUDGET_TOOL, arguments),
        "reason": payload["reason"],
        "step": payload["step"],
        "call_index": -1,
        **verdict.approval_payload(),
    }
    data = gate.raise_request(run=run_facts(run), payload=request)
    run_transition(run, RunStatus.AWAITING_APPROVAL, event="approval.requested", data=data)


def exhaust(run: Run, reason: str) -> None:
    """Ends the run as budget_exhausted; what it produced so far stays: the workflow's state
    in `output.partial`, and its artifacts (the workspace's diff)."""
    output = {"budget_exhausted": True, "reason": reason, "partial": partial_state(run)}
    run_complete(run, RunStatus.BUDGET_EXHAUSTED, output, error=reason)


def partial_state(run: Run) -> dict[str, Any]:
    latest = DjangoCheckpointer().get(str(run.id))
    state = latest.state if latest is not None else {}
    kept: dict[str, Any] = {}
    for key, value in state.items():
        if key in ENGINE_KEYS:
            continue
        size = len(json.dumps(value, default=str))
        kept[key] = value if size <= PARTIAL_VALUE_BYTES else f"<{size} bytes, not kept>"
    return kept


def extended_budgets(run: Run, budget: str, extension: float) -> dict[str, Any]:
    """The run's budgets with `budget` raised by `extension`. Wall time spent waiting for the
    decision is not charged: the new limit counts from the time used so far."""
    limits = {**Budgets().__dict__, **(run.budgets or {})}
    limit = float(limits[budget])
    if budget == "max_wall_seconds":
        latest = DjangoCheckpointer().get(str(run.id))
        started = (latest.state if latest else {}).get(STARTED_AT_KEY)
        if started is not None:
            limit = max(limit, time.time() - float(started))
        limits[budget] = round(limit + float(extension), 3)
    else:
        limits[budget] = int(limit + extension)
    return limits


def announce_extension(run_id: UUID | str, budget: str, before: Any, after: Any) -> None:
    event_append(
        run_id=run_id, kind="budget.extended", data={"budget": budget, "from": before, "to": after}
    )
