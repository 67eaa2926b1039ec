from __future__ import annotations

from celery import shared_task

from inference.health import backends_probe_and_record


@shared_task(name="inference.tasks.probe_backends", ignore_result=True)
def probe_backends() -> dict[str, bool]:
    """Idempotent: each run overwrites the last probe's result."""
    return backends_probe_and_record()
