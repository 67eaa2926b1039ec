"""The run lifecycle: the one place that changes a run's status and lease.

`run_transition` checks each change against TRANSITIONS, sets the status together with the
fields that belong to it (the lease and fencing token, the finish time, whose failure it was),
saves the run, and appends the event that announces the change; a run that ends is announced
to the organization's webhooks too. `lease_extend` is the one other write of a lease: the
heartbeat's renewal of a lease it still holds, which changes no status. Callers hold the run's
row lock (inside a transaction), so a read-modify-write here cannot interleave with another.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from runs import artifacts
from runs.events import event_append
from runs.models import (
    RUN_STATE_FIELDS,
    TERMINAL_STATUSES,
    FailureKind,
    Run,
    RunStatus,
)
from webhooks.services import webhook_event_emit

S = RunStatus
ENDED = frozenset({S.QUEUED})  # a finished run is only ever reopened, by a rollback
TRANSITIONS: dict[str, frozenset[str]] = {
    # queued: a worker takes the lease; cancel; a rollback or a resume re-queues it
    S.QUEUED: frozenset({S.RUNNING, S.CANCELLED, S.QUEUED}),
    # running: every outcome of a step, and back to queued when its worker lets go or is lost
    S.RUNNING: frozenset(
        {
            S.RUNNING,
            S.QUEUED,
            S.AWAITING_APPROVAL,
            S.WAITING,
            S.SUCCEEDED,
            S.FAILED,
            S.CANCELLED,
            S.BUDGET_EXHAUSTED,
        }
    ),
    # awaiting approval: decided (queued again), cancelled, or a budget extension refused
    S.AWAITING_APPROVAL: frozenset({S.QUEUED, S.CANCELLED, S.BUDGET_EXHAUSTED}),
    # waiting for the environment: the retry takes the lease, or cancel, or a rollback
    S.WAITING: frozenset({S.RUNNING, S.QUEUED, S.CANCELLED}),
    S.SUCCEEDED: ENDED,
    S.FAILED: ENDED,
    S.CANCELLED: ENDED,
    S.BUDGET_EXHAUSTED: ENDED,
}
LEASE_FIELDS = frozenset({"status", "lease_owner", "lease_expires_at", "fencing_token"})
SETTABLE = frozenset(RUN_STATE_FIELDS) - LEASE_FIELDS - {"updated_at", "finished_at"}


class InvalidRunTransition(Exception):
    """A status change the lifecycle does not allow: a bug in the caller, never user input."""


def run_transition(
    run: Run,
    status: str,
    *,
    event: str | None,
    data: dict[str, Any] | None = None,
    owner: str = "",
    lease_until: datetime | None = None,
    fence: bool = False,
    failure_kind: str = FailureKind.AGENT,
    **fields: Any,
) -> None:
    """Moves the locked `run` to `status` and saves it; appends `event` with `data`.

    `owner` and `lease_until` are the lease of a run going to `running` (any other status holds
    none); `fence` bumps the fencing token so whatever holds the old one can write nothing;
    `failure_kind` says whose failure a `failed` run is; `fields` are the other state fields
    the change sets (error, output, waiting, counters).
    """
    allowed = TRANSITIONS[RunStatus(run.status)]
    if status not in allowed:
        raise InvalidRunTransition(f"run {run.id}: {run.status} -> {status} is not allowed")
    unknown = set(fields) - SETTABLE
    if unknown:
        raise TypeError(f"run_transition does not set {sorted(unknown)}")
    _apply(run, status, owner, lease_until, fence, failure_kind, fields)
    run.save(update_fields=RUN_STATE_FIELDS)
    if event is not None:
        event_append(run_id=run.id, kind=event, data=data or {})
    if status in TERMINAL_STATUSES:
        announce_finished(run)


def _apply(
    run: Run,
    status: str,
    owner: str,
    lease_until: datetime | None,
    fence: bool,
    failure_kind: str,
    fields: dict[str, Any],
) -> None:
    now = timezone.now()
    running = status == RunStatus.RUNNING
    run.status = status
    run.lease_owner, run.lease_expires_at = (owner, lease_until) if running else ("", None)
    run.fencing_token += 1 if fence else 0
    _apply_slot(run, status, now)
    for name, value in fields.items():
        setattr(run, name, value)
    run.updated_at = now
    ended = status in TERMINAL_STATUSES
    run.finished_at = now if ended else None
    failed = status == RunStatus.FAILED
    run.failure_kind = failure_kind if failed else FailureKind.NONE


def _apply_slot(run: Run, status: str, now: datetime) -> None:
    """A run keeps its scheduler slot only into `running`; any other change gives it back (a
    run queued again is admitted again), so approvals, budgets and waits hold no slot."""
    if status == RunStatus.RUNNING:
        return
    run.admitted_at, run.yield_requested, run.queue_reason = None, False, ""
    if status == RunStatus.QUEUED:
        run.queued_at = now


def lease_extend(*, run_id: str, token: int, until: datetime) -> bool:
    """Renews a lease its holder still holds; False when it was lost (fenced out, cancelled or
    paused). A conditional UPDATE, so the heartbeat takes no lock."""
    updated = Run.objects.filter(id=run_id, fencing_token=token, status=RunStatus.RUNNING).update(
        lease_expires_at=until
    )
    return updated == 1


def run_complete(run: Run, status: str, output: dict[str, Any], *, error: str = "") -> None:
    """Ends a run with its output and artifacts, and says so in its event stream."""
    artifacts.artifacts_from_output(run, output)
    names = list(run.artifacts.values_list("name", flat=True))
    failure = FailureKind.AGENT if status == RunStatus.FAILED else FailureKind.NONE
    data = {"status": status, "error": error, "failure_kind": failure, "artifacts": names}
    run_transition(
        run,
        status,
        event="run.finished",
        data=data,
        error=error,
        output=artifacts.without_artifacts(output),
    )


def announce_finished(run: Run) -> None:
    """Business systems hear that a run ended through its organization's webhooks."""
    webhook_event_emit(
        organization_id=run.organization_id,
        type=f"run.{run.status}",
        data={
            "run_id": str(run.id),
            "workflow": run.workflow,
            "status": run.status,
            "error": run.error,
            "failure_kind": run.failure_kind,
            "steps": run.step_count,
        },
    )
