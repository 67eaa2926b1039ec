"""Environment failures of runs: wait and re-run the step, or fail the run as infrastructure's.

A step that raised EnvironmentFailure committed nothing (no checkpoint, no step budget spent).
The run goes to `waiting` with the reason in a `run.waiting` event, its lease is released and a
Celery task is scheduled for the next attempt (a countdown), so no worker is held while it waits
and a restarted worker loses nothing: the lease admits a waiting run once its attempt is due, and
beat re-enqueues one whose attempt is long overdue. Consecutive failures back off exponentially
with jitter; once the retry window since the first of them has passed, the run fails with
failure_kind "infrastructure", never as the agent's failure.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from agents.engine.types import EnvironmentFailure
from core.retry import Backoff
from runs.leases import Lease, fenced_run
from runs.lifecycle import run_transition
from runs.models import FailureKind, Run, RunStatus


def run_wait_for_environment(*, lease: Lease, failure: EnvironmentFailure) -> None:
    """Records the failure, then schedules the step's retry or fails the run (fenced)."""
    now = timezone.now()
    with transaction.atomic():
        run = fenced_run(lease)
        _count(run, failure)
        since = run.waiting_since or now
        if (now - since).total_seconds() >= window_seconds():
            _fail_as_infrastructure(run, failure, since, now)
        else:
            _schedule_retry(run, failure, since, now)


def window_seconds() -> float:
    return float(settings.LONGHAUL_RUN_INFRA_RETRY_WINDOW_SECONDS)


def backoff() -> Backoff:
    return Backoff(
        first_seconds=float(settings.LONGHAUL_RUN_INFRA_RETRY_FIRST_SECONDS),
        cap_seconds=float(settings.LONGHAUL_RUN_INFRA_RETRY_MAX_BACKOFF_SECONDS),
    )


def wait_cleared(run: Run) -> None:
    """Forgets the current wait once a step committed: the next outage gets a fresh window."""
    run.waiting_since, run.next_attempt_at = None, None
    run.waiting_reason, run.waiting_retries = "", 0


def _count(run: Run, failure: EnvironmentFailure) -> None:
    counts: dict[str, dict[str, int]] = dict(run.environment_failure_counts or {})
    per_backend = dict(counts.get(failure.backend) or {})
    per_backend[failure.kind] = int(per_backend.get(failure.kind, 0)) + 1
    counts[failure.backend] = per_backend
    run.environment_failure_counts = counts
    run.environment_failures += 1


def _schedule_retry(run: Run, failure: EnvironmentFailure, since: datetime, now: datetime) -> None:
    retry = run.waiting_retries + 1
    window_left = since + timedelta(seconds=window_seconds()) - now
    # The last attempt falls at the window's end, so a run never fails before its window passed.
    delay = min(
        backoff().delay(retry, retry_after=failure.retry_after), window_left.total_seconds()
    )
    run.waiting_since, run.waiting_reason, run.waiting_retries = since, str(failure), retry
    run.next_attempt_at = now + timedelta(seconds=max(0.0, delay))
    data = _waiting_event(run, failure, delay)
    run_transition(run, RunStatus.WAITING, event="run.waiting", data=data)
    run_id = run.id
    transaction.on_commit(lambda: schedule_advance(run_id=run_id, delay=delay))


def _waiting_event(run: Run, failure: EnvironmentFailure, delay: float) -> dict[str, Any]:
    return {
        "reason": str(failure),
        "kind": failure.kind,
        "backend": failure.backend,
        "step": run.step_count,
        "retry": run.waiting_retries,
        "retry_in_s": round(max(0.0, delay), 3),
        "next_attempt_at": run.next_attempt_at,
        "waiting_since": run.waiting_since,
        "window_s": window_seconds(),
    }


def _fail_as_infrastructure(
    run: Run, failure: EnvironmentFailure, since: datetime, now: datetime
) -> None:
    waited = (now - since).total_seconds()
    run.error = (
        f"Infrastructure failure (not the agent's): {failure} [{failure.kind} on "
        f"{failure.backend}]. The environment kept failing for {waited:.0f} s, past the "
        f"{window_seconds():.0f} s retry window."
    )
    wait_cleared(run)
    data = {
        "error": run.error,
        "failure_kind": FailureKind.INFRASTRUCTURE,
        "environment_failures": run.environment_failures,
    }
    run_transition(
        run,
        RunStatus.FAILED,
        event="run.failed",
        data=data,
        failure_kind=FailureKind.INFRASTRUCTURE,
    )


def schedule_advance(*, run_id: UUID | str, delay: float) -> None:
    """The run is the scheduler's again once its retry falls due: a pass then admits it."""
    from runs.scheduler import scheduler_kick_later

    scheduler_kick_later(delay=delay)
