"""Celery tasks for webhooks: take ids, call one service, safe to run twice."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="webhooks.tasks.deliver_webhook", acks_late=True)
def deliver_webhook(delivery_id: int) -> str:
    from webhooks.services import webhook_deliver

    return webhook_deliver(delivery_id=delivery_id)


@shared_task(name="webhooks.tasks.redeliver_overdue", acks_late=True)
def redeliver_overdue() -> int:
    from webhooks.services import webhooks_redeliver_overdue

    return webhooks_redeliver_overdue()
