from __future__ import annotations

from celery import shared_task

from gateway.services import usage_flush


@shared_task(name="gateway.tasks.flush_usage", ignore_result=True)
def flush_usage() -> int:
    """A safety net for the web processes' own flushers; idempotent."""
    return usage_flush()
