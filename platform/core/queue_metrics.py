"""How long Celery tasks wait in their queue: whoever sends a task stamps the time it may start
(now, or its countdown's end) in the message's headers, and the worker that takes it observes
the wait. Clocks of different hosts must agree (NTP) for the figure to mean anything."""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any

from celery import signals

from core.metrics import histogram

DUE_HEADER = "longhaul_due_at"
QUEUE_WAIT = histogram(
    "longhaul_task_queue_wait_seconds",
    "Time Celery tasks waited in their queue before a worker started them (from when they were "
    "sent, or from their countdown's end), by queue and task.",
    ["queue", "task"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3600),
)


def _stamp(headers: dict[str, Any] | None = None, **_: Any) -> None:
    if headers is None:
        return
    due = time.time()
    eta = headers.get("eta")
    if isinstance(eta, str):
        due = max(due, datetime.fromisoformat(eta).timestamp())
    headers.setdefault(DUE_HEADER, due)


def _observe(task: Any = None, **_: Any) -> None:
    due = getattr(task.request, DUE_HEADER, None) if task is not None else None
    if not isinstance(due, int | float):
        return
    queue = (task.request.delivery_info or {}).get("routing_key") or "-"
    QUEUE_WAIT.labels(queue, task.name).observe(max(0.0, time.time() - due))


def connect() -> None:
    signals.before_task_publish.connect(_stamp, weak=False, dispatch_uid="longhaul-queue-stamp")
    signals.task_prerun.connect(_observe, weak=False, dispatch_uid="longhaul-queue-wait")
