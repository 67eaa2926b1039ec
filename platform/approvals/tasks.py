"""Celery tasks for approvals (beat): take nothing or ids, call one service, safe to repeat."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from core.retry import Backoff, retry_later

# Mail servers and webhook receivers come back within minutes or not for a while.
NOTIFY_BACKOFF = Backoff(first_seconds=10, cap_seconds=600)


@shared_task(name="approvals.tasks.sweep_deadlines", acks_late=True)
def sweep_deadlines() -> dict[str, int]:
    from approvals.deadlines import approvals_sweep

    return approvals_sweep()


@shared_task(name="approvals.tasks.refresh_sla", acks_late=True)
def refresh_sla() -> dict[str, Any]:
    from approvals.sla import sla_refresh

    return sla_refresh()


@shared_task(name="approvals.tasks.notify_reviewers", acks_late=True, bind=True, max_retries=6)
def notify_reviewers(self: Any, approval_id: int) -> int:
    from approvals.reviewers import approval_reviewers_notify

    try:
        return approval_reviewers_notify(approval_id=approval_id)
    except OSError as error:  # the mail server: a connection refused, reset or timed out
        retry_later(self, error, NOTIFY_BACKOFF)
