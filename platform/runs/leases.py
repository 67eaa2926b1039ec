"""Run leases with fencing tokens.

A worker advances a run only while it holds the lease. Acquiring bumps the fencing token; every
write of step results locks the run row and checks that token, so a worker that lost its lease
(paused, partitioned, or presumed dead and replaced) cannot write anything afterwards.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import Q
from django.utils import timezone

from runs.lifecycle import lease_extend, run_transition
from runs.models import ADVANCEABLE_STATUSES, FailureKind, Run, RunStatus

WAITING_EARLY_TOLERANCE_SECONDS = 1.0


class LeaseLost(Exception):
    """This worker's fencing token is no longer current; it must stop writing."""


@dataclass(frozen=True)
class Lease:
    run_id: str
    owner: str
    token: int


def _lease_seconds() -> timedelta:
    return timedelta(seconds=settings.LONGHAUL_RUN_LEASE_SECONDS)


def _expired_or_free(now: object) -> Q:
    return Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now)


def _advanceable(now: datetime) -> Q:
    """Queued or running runs, and waiting ones whose next attempt is due. The tolerance keeps a
    retry task that fires a moment early (clocks of worker and database) from being dropped."""
    due = now + timedelta(seconds=WAITING_EARLY_TOLERANCE_SECONDS)
    return Q(status__in=ADVANCEABLE_STATUSES) | Q(
        status=RunStatus.WAITING, next_attempt_at__lte=due
    )


def lease_acquire(*, run_id: str, owner: str, admitted_only: bool = False) -> Lease | None:
    """Takes the lease if the run is advanceable and nobody holds a live lease; with
    `admitted_only`, only if the scheduler admitted it (runs.scheduler)."""
    now = timezone.now()
    admitted = Q(admitted_at__isnull=False) if admitted_only else Q()
    with transaction.atomic():
        run = (
            Run.objects.select_for_update()
            .filter(_expired_or_free(now), _advanceable(now), admitted, id=run_id)
            .first()
        )
        if run is None:
            return None
        # A retry of a waiting run says so; a lease that expired while still owned means its
        # worker died mid-run.
        resumed = run.status == RunStatus.WAITING
        data = {
            "from": RunStatus.WAITING,
            "retry": run.waiting_retries,
            "after": run.waiting_reason,
        }
        run_transition(
            run,
            RunStatus.RUNNING,
            event="run.resumed" if resumed else None,
            data=data,
            owner=owner,
            lease_until=now + _lease_seconds(),
            fence=True,
            lost_count=run.lost_count + (1 if run.lease_owner else 0),
            started_at=run.started_at or now,
        )
    return Lease(run_id=str(run_id), owner=owner, token=int(run.fencing_token))


def lease_renew(lease: Lease) -> bool:
    """Extends the lease; False means it was lost (fenced out, cancelled or paused)."""
    until = timezone.now() + _lease_seconds()
    return lease_extend(run_id=lease.run_id, token=lease.token, until=until)


def lease_release(lease: Lease) -> None:
    """Gives the lease up. A run left `running` goes back to `queued` and to the scheduler:
    it yielded its slot when asked (`run.yielded`), or its worker stopped on an error."""
    with transaction.atomic():
        run = (
            Run.objects.select_for_update()
            .filter(id=lease.run_id, fencing_token=lease.token, status=RunStatus.RUNNING)
            .first()
        )
        if run is not None:
            yielded = run.yield_requested
            data = {"step": run.step_count}
            run_transition(
                run, RunStatus.QUEUED, event="run.yielded" if yielded else None, data=data
            )


def fenced_run(lease: Lease) -> Run:
    """Locks the run row for a write of step results; raises LeaseLost for a stale token.

    Call inside transaction.atomic(): the row lock holds until the write commits, so a cancel
    or a new lease cannot interleave with it.
    """
    run = Run.objects.select_for_update().filter(id=lease.run_id).first()
    if run is None or run.fencing_token != lease.token:
        raise LeaseLost(f"run {lease.run_id}: fencing token {lease.token} is stale")
    return run


@contextmanager
def heartbeat(lease: Lease) -> Iterator[threading.Event]:
    """Renews the lease in the background for as long as the worker advances the run (one
    thread across its steps, however long a model call or a tool takes).

    Yields an event that is set when a renewal fails, i.e. the lease is gone.
    """
    stop = threading.Event()
    lost = threading.Event()
    interval = max(0.2, settings.LONGHAUL_RUN_LEASE_SECONDS / 3)

    def beat() -> None:
        try:
            while not stop.wait(interval):
                if not lease_renew(lease):
                    lost.set()
                    return
        finally:
            connection.close()

    thread = threading.Thread(target=beat, name=f"lease-{lease.run_id}", daemon=True)
    thread.start()
    try:
        yield lost
    finally:
        stop.set()
        thread.join()
        if not connection.in_atomic_block:  # never mid-transaction (a caller's, or a test's)
            close_old_connections()


def stale_queued_runs() -> list[str]:
    """Queued runs nobody picked up for a while, and waiting runs whose retry is that overdue:
    their task message may have died with a worker (prefetched, unacknowledged, or held for its
    countdown). Re-enqueueing is safe: the lease admits one worker."""
    cutoff = timezone.now() - timedelta(seconds=settings.LONGHAUL_QUEUED_REENQUEUE_SECONDS)
    overdue = Q(status=RunStatus.QUEUED) | Q(status=RunStatus.WAITING, next_attempt_at__lt=cutoff)
    stale = Run.objects.filter(overdue, updated_at__lt=cutoff)
    run_ids = [str(run_id) for run_id in stale.values_list("id", flat=True)]
    # Touch them so the next sweep waits another interval before enqueueing again.
    Run.objects.filter(overdue, id__in=run_ids).update(updated_at=timezone.now())
    return run_ids


def expired_leases_reclaim() -> tuple[list[str], list[str]]:
    """Frees expired leases of running runs: returns (runs to re-enqueue, runs failed as lost)."""
    now = timezone.now()
    requeue: list[str] = []
    failed: list[str] = []
    with transaction.atomic():
        runs = list(
            Run.objects.select_for_update(skip_locked=True).filter(
                status=RunStatus.RUNNING, lease_expires_at__lt=now
            )
        )
        for run in runs:
            if _reclaim(run):
                requeue.append(str(run.id))
            else:
                failed.append(str(run.id))
    return requeue, failed


def _reclaim(run: Run) -> bool:
    """Queues a run whose worker vanished (True), or fails one lost too often."""
    lost = run.lost_count + 1
    if lost <= settings.LONGHAUL_RUN_MAX_LOST:
        run_transition(run, RunStatus.QUEUED, event="run.recovered", fence=True, lost_count=lost)
        return True
    error = lost_too_often(lost)
    run_transition(
        run,
        RunStatus.FAILED,
        event="run.failed",
        data={"error": error, "failure_kind": FailureKind.INFRASTRUCTURE},
        fence=True,
        failure_kind=FailureKind.INFRASTRUCTURE,
        lost_count=lost,
        error=error,
    )
    return False


def lost_too_often(lost: int) -> str:
    return (
        f"The run lost its worker {lost} times (limit {settings.LONGHAUL_RUN_MAX_LOST}); it was "
        "stopped instead of retried."
    )
