"""Every periodic task Celery beat runs, in one place, at the intervals the apps' settings set."""

from __future__ import annotations

from config.settings.approvals import LONGHAUL_APPROVAL_SLA_SECONDS, LONGHAUL_APPROVAL_SWEEP_SECONDS
from config.settings.inference import LONGHAUL_PROBE_INTERVAL_SECONDS
from config.settings.memory import LONGHAUL_MEMORY_EXPIRE_SECONDS
from config.settings.runs import (
    LONGHAUL_LEASE_RECOVERY_SECONDS,
    LONGHAUL_RUN_METRICS_SECONDS,
    LONGHAUL_TRACE_PURGE_SECONDS,
)
from config.settings.scheduling import LONGHAUL_SCHEDULER_SECONDS
from config.settings.webhooks import LONGHAUL_WEBHOOK_SWEEP_SECONDS


def _every(seconds: float, task: str, *, expires: bool = True) -> dict[str, object]:
    """A beat entry; one that expires is dropped if no worker takes it before the next is due."""
    entry: dict[str, object] = {"task": task, "schedule": seconds}
    if expires:
        entry["options"] = {"expires": seconds}
    return entry


CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "inference-probe-backends": _every(
        LONGHAUL_PROBE_INTERVAL_SECONDS, "inference.tasks.probe_backends"
    ),
    # A safety net for the web processes' own ledger flushers.
    "gateway-flush-usage": _every(10.0, "gateway.tasks.flush_usage"),
    "runs-recover-expired-leases": _every(
        LONGHAUL_LEASE_RECOVERY_SECONDS, "runs.tasks.recover_expired_leases"
    ),
    "runs-schedule": _every(LONGHAUL_SCHEDULER_SECONDS, "runs.tasks.schedule_runs"),
    "runs-refresh-metrics": _every(LONGHAUL_RUN_METRICS_SECONDS, "runs.tasks.refresh_metrics"),
    "runs-purge-traces": _every(LONGHAUL_TRACE_PURGE_SECONDS, "runs.tasks.purge_traces"),
    "approvals-sweep": _every(LONGHAUL_APPROVAL_SWEEP_SECONDS, "approvals.tasks.sweep_deadlines"),
    "approvals-sla": _every(LONGHAUL_APPROVAL_SLA_SECONDS, "approvals.tasks.refresh_sla"),
    "webhooks-redeliver": _every(
        LONGHAUL_WEBHOOK_SWEEP_SECONDS, "webhooks.tasks.redeliver_overdue"
    ),
    "memory-expire": _every(
        LONGHAUL_MEMORY_EXPIRE_SECONDS, "memory.tasks.memory_expire_task", expires=False
    ),
}
