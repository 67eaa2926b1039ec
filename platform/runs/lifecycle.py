"""The end of a run's life: the final status, its fields, and who hears of it."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from runs import artifacts, metrics
from runs.events import event_append
from runs.models import RUN_STATE_FIELDS, FailureKind, Run, RunStatus
from webhooks.services import webhook_event_emit


def run_finish(
    run: Run, status: str, *, error: str = "", failure_kind: str = FailureKind.AGENT
) -> None:
    """A failure here is the agent's (its output, a tool, a budget, a crash in its workflow)
    unless the caller says otherwise; environment failures never reach this point."""
    run.status, run.error = status, error
    run.failure_kind = failure_kind if status == RunStatus.FAILED else FailureKind.NONE
    if status == RunStatus.FAILED:
        metrics.RUN_FAILURES.labels(run.failure_kind).inc()
    run.finished_at = run.updated_at = timezone.now()
    run.lease_owner, run.lease_expires_at = "", None
    run.save(update_fields=RUN_STATE_FIELDS)
    announce_finished(run)


def run_complete(run: Run, status: str, output: dict[str, Any], *, error: str = "") -> None:
    """Finishes a run with its output and artifacts, and says so in its event stream."""
    run.output = artifacts.without_artifacts(output)
    artifacts.artifacts_from_output(run, output)
    run_finish(run, status, error=error)
    names = list(run.artifacts.values_list("name", flat=True))
    event_append(
        run_id=run.id,
        kind="run.finished",
        data={
            "status": run.status,
            "error": run.error,
            "failure_kind": run.failure_kind,
            "artifacts": names,
        },
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
