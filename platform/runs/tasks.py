"""Celery tasks for runs. Each takes ids, calls one service and is safe to run twice."""

from __future__ import annotations

import os
import socket
from typing import Any

from celery import shared_task

# Imported here, in the worker's parent process, so prefork children start with the runtime
# (engine, tools, openai client) already loaded instead of importing it on their first run.
from runs import services  # noqa: F401


@shared_task(name="runs.tasks.advance_run", acks_late=True, reject_on_worker_lost=True)
def advance_run(run_id: str) -> None:
    """Advances the run the scheduler admitted while this worker holds its lease; a duplicate
    delivery finds the lease taken (or the run done, or its slot given back) and returns."""
    from runs.services import run_advance

    owner = f"{socket.gethostname()}:{os.getpid()}:{advance_run.request.id or '-'}"
    run_advance(run_id=run_id, owner=owner, admitted_only=True)


@shared_task(name="runs.tasks.schedule_runs", acks_late=True)
def schedule_runs(sent_at: float | None = None) -> dict[str, int]:
    """One admission pass (runs.scheduler); `sent_at` measures the interactive lane's wait."""
    from runs.scheduler import lane_wait_record, runs_schedule

    lane_wait_record(sent_at=sent_at)
    return runs_schedule(wait=False)


@shared_task(name="runs.tasks.refresh_metrics", acks_late=True)
def refresh_metrics() -> dict[str, int]:
    from runs.metrics import metrics_refresh

    return metrics_refresh()


@shared_task(name="runs.tasks.recover_expired_leases", acks_late=True)
def recover_expired_leases() -> dict[str, Any]:
    from runs.services import runs_recover_expired_leases

    return runs_recover_expired_leases()


@shared_task(name="runs.tasks.purge_traces", acks_late=True)
def purge_traces() -> int:
    from runs.traces import model_calls_purge

    return model_calls_purge()
