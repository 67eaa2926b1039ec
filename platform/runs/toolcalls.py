"""ToolCall rows: the idempotency ledger. Every write here is fenced by the run's lease."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from agents import storable
from agents.engine import recovery
from agents.engine.types import ApprovalRequired, ToolOutcome
from audit.services import audit_append
from runs.gate import approval_gate
from runs.leases import Lease, fenced_run
from runs.metrics import tool_call_observe
from runs.models import Run, ToolCall, ToolCallStatus

_DONE = (ToolCallStatus.SUCCEEDED, ToolCallStatus.FAILED)


def toolcall_outcome(*, key: str) -> ToolOutcome | None:
    """The stored outcome of a completed call, or None when it must (re-)execute."""
    call = ToolCall.objects.filter(idempotency_key=key, status__in=_DONE).first()
    if call is None:
        return None
    return ToolOutcome(
        ok=call.status == ToolCallStatus.SUCCEEDED,
        output=call.output,
        error_class=call.error_class or None,
        error=call.error or None,
        duration_s=call.duration_s,
    )


def toolcall_start(
    *,
    lease: Lease,
    key: str,
    step: int,
    call_index: int,
    tool: str,
    arguments: dict[str, Any],
    digest: str,
    gated: bool,
    approval_payload: dict[str, Any] | None = None,
) -> None:
    """Records the call as started (committed before the effect), consuming its approval.
    A gated call's execution (each attempt) is an audit log entry."""
    with transaction.atomic():
        run = fenced_run(lease)
        if gated and not approval_gate().consume(
            run_id=str(run.id), step=step, digest=digest, key=key
        ):
            raise ApprovalRequired(approval_payload or {"tool": tool, "digest": digest})
        updated = ToolCall.objects.filter(idempotency_key=key).update(attempts=F("attempts") + 1)
        if not updated:
            ToolCall.objects.create(
                run=run,
                step=step,
                call_index=call_index,
                idempotency_key=key,
                tool=tool,
                arguments=arguments,
                digest=digest,
            )
        if gated:
            _audit_execution(run, key=key, tool=tool, arguments=arguments, digest=digest)


def _audit_execution(
    run: Run, *, key: str, tool: str, arguments: dict[str, Any], digest: str
) -> None:
    audit_append(
        organization_id=run.organization_id,
        action="tool.executed",
        actor=f"agent of run {run.id}",
        target=f"tool_call:{key}",
        data={"tool": tool, "arguments": arguments, "digest": digest, "approved": True},
    )


def toolcall_complete(*, lease: Lease, key: str, outcome: ToolOutcome) -> None:
    """Records the outcome with its failure class, and links the call to the earlier failed
    call it repeats (tool reliability's recovery chains)."""
    with transaction.atomic():
        fenced_run(lease)
        call = ToolCall.objects.get(idempotency_key=key)
        retry_of, remedy = _repeated_failure(call)
        ToolCall.objects.filter(id=call.id).update(
            status=ToolCallStatus.SUCCEEDED if outcome.ok else ToolCallStatus.FAILED,
            output=storable.jsonable(outcome.output),
            error_class=outcome.error_class or "",
            error=outcome.error or "",
            failure_class=recovery.failure_class(call.tool, outcome),
            retry_of=retry_of,
            remedy=remedy,
            duration_s=outcome.duration_s,
            completed_at=timezone.now(),
        )
        transaction.on_commit(
            lambda: tool_call_observe(tool=call.tool, ok=outcome.ok, seconds=outcome.duration_s)
        )


def _repeated_failure(call: ToolCall) -> tuple[ToolCall | None, str]:
    """The failed call this one repeats (same tool and arguments), either right after it or
    after one successful call of another tool (the remedy: an install, a patch), else None."""
    earlier = (
        ToolCall.objects.filter(run_id=call.run_id, completed_at__isnull=False)
        .filter(Q(step__lt=call.step) | Q(step=call.step, call_index__lt=call.call_index))
        .exclude(idempotency_key__contains="@")  # retired by a rollback
        .order_by("-step", "-call_index")[:2]
    )
    previous = list(earlier)
    if previous and previous[0].digest == call.digest:
        return (previous[0], "") if previous[0].failure_class else (None, "")
    if len(previous) == 2 and not previous[0].failure_class:
        before = previous[1]
        if before.digest == call.digest and before.failure_class:
            return before, previous[0].tool
    return None, ""
