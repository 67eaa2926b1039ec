"""Deadlines, escalations and reminders, enforced by Celery beat (`approvals.tasks`).

The sweep needs no worker to be looking at the run: it closes or escalates every open request
whose deadline passed, with the action its rule chose, and carries the outcome to the run.

- `reject`: the request expires; the agent is told no decision came in time.
- `approve`: it is approved as it stands (the proposed arguments) by the deadline.
- `escalate`: it goes to `escalate_to_role` with a new deadline
  (`escalation_deadline_seconds`, none when unset); at that deadline it expires.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from approvals import notify
from approvals.lifecycle import approval_transition
from approvals.models import OPEN_STATUSES, ApprovalRequest, ApprovalStatus, DeadlineAction
from approvals.services import approval_close
from runs.services import run_lock

BATCH = 500


def approvals_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Applies every due deadline and sends every due reminder; returns how many of each."""
    moment = now or timezone.now()
    overdue = ApprovalRequest.objects.filter(status__in=OPEN_STATUSES, deadline_at__lte=moment)
    counts = {"expired": 0, "approved": 0, "escalated": 0, "reminded": 0}
    for request_id, run_id in overdue.values_list("id", "run_id")[:BATCH]:
        done = _apply_deadline(request_id, run_id, moment)
        if done:
            counts[done] += 1
    due = ApprovalRequest.objects.filter(
        status__in=OPEN_STATUSES, remind_at__lte=moment, reminded_at__isnull=True
    )
    for request_id in due.values_list("id", flat=True)[:BATCH]:
        counts["reminded"] += _remind(request_id, moment)
    return counts


def _apply_deadline(request_id: int, run_id: object, now: datetime) -> str | None:
    with transaction.atomic():
        run_lock(run_id=run_id)  # type: ignore[arg-type]
        request = (
            ApprovalRequest.objects.select_for_update(of=("self",))
            .select_related("run")
            .filter(id=request_id, status__in=OPEN_STATUSES, deadline_at__lte=now)
            .first()
        )
        if request is None:
            return None  # decided meanwhile
        if request.run.is_terminal:
            approval_close(
                request,
                ApprovalStatus.CANCELLED,
                resolution="run",
                comment=f"The run already {request.run.status}.",
            )
            return None
        return _act(request, now)


def _act(request: ApprovalRequest, now: datetime) -> str:
    escalating = (
        request.deadline_action == DeadlineAction.ESCALATE
        and request.status == ApprovalStatus.PENDING
    )
    if escalating:
        _escalate(request, now)
        return "escalated"
    if (
        request.deadline_action == DeadlineAction.APPROVE
        and request.status == ApprovalStatus.PENDING
    ):
        approval_close(
            request,
            ApprovalStatus.APPROVED,
            resolution="deadline",
            comment="Approved by its deadline action: nobody decided in time.",
        )
        return "approved"
    approval_close(
        request,
        ApprovalStatus.EXPIRED,
        resolution="deadline",
        comment="No decision before the deadline.",
    )
    return "expired"


def _escalate(request: ApprovalRequest, now: datetime) -> None:
    seconds = request.escalation_deadline_seconds
    approval_transition(
        request,
        ApprovalStatus.ESCALATED,
        approver_roles=[request.escalate_to_role],
        escalations=request.escalations + 1,
        deadline_at=now + timedelta(seconds=seconds) if seconds else None,
        deadline_action=DeadlineAction.REJECT,
        remind_at=None,
        reminded_at=None,
    )
    notify.escalated(request)


def _remind(request_id: int, now: datetime) -> int:
    with transaction.atomic():
        request = (
            ApprovalRequest.objects.select_for_update(skip_locked=True)
            .filter(id=request_id, status__in=OPEN_STATUSES, reminded_at__isnull=True)
            .first()
        )
        if request is None:
            return 0
        request.reminded_at = now
        request.save(update_fields=["reminded_at"])
        notify.reminded(request)
    return 1
