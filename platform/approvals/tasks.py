"""Celery tasks for approvals (beat): take nothing or ids, call one service, safe to repeat."""

from __future__ import annotations

from typing import Any

from celery import shared_task


@shared_task(name="approvals.tasks.sweep_deadlines", acks_late=True)
def sweep_deadlines() -> dict[str, int]:
    from approvals.deadlines import approvals_sweep

    return approvals_sweep()


@shared_task(name="approvals.tasks.refresh_sla", acks_late=True)
def refresh_sla() -> dict[str, Any]:
    from approvals.sla import sla_refresh

    return sla_refresh()


@shared_task(
    name="approvals.tasks.notify_reviewers",
    acks_late=True,
    autoretry_for=(OSError,),
    retry_backoff=10,
    max_retries=6,
)
def notify_reviewers(approval_id: int) -> int:
    from approvals.reviewers import approval_reviewers_notify

    return approval_reviewers_notify(approval_id=approval_id)
