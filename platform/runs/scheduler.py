"""The run scheduler: admits queued runs to the step queue by fair share, limits and priority.

A run holds a *slot* from its admission (`admitted_at`) until its status changes to anything
but `running` (runs.lifecycle gives it back), so runs that wait for approval, a budget or the
environment hold none. An admission pass, serialised by a PostgreSQL advisory lock:

0. takes the lock, or (the scheduler task) returns at once when another pass holds it, having
   asked that one to run again after its commit (AGAIN_KEY), so no worker waits on the lock;
1. reads the runs holding slots and the candidates (queued runs, and waiting runs whose retry
   is due, that hold none);
2. orders the candidates (runs.admission: weighted fair share between organizations, priority
   then age within one, each organization's limit) and admits as many as slots are free, in
   the same transaction, and an organization that holds no slot while every slot is taken
   into a burst slot;
3. asks runs of organizations over their share (or of lower priority than a waiting run of
   their own organization) to give their slot back after their current step;
4. records each waiting run's reason when it changes (a `run.queued` event), and after commit
   sends the admitted runs' tasks, then stores positions and queue figures for REST and
   /metrics.

Crash safety: admission is a committed row change, never a message alone. A pass killed before
commit admitted nothing; one killed after commit but before sending leaves admitted runs that
the next pass finds unstarted after LONGHAUL_ADMISSION_RESEND_SECONDS and sends again. A
duplicate task is harmless: the lease lets one worker advance the run.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from collections.abc import Collection
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from accounts.selectors import organization_slugs
from runs import admission
from runs.admission import Candidate, Holder, Policy
from runs.events import event_append
from runs.leases import WAITING_EARLY_TOLERANCE_SECONDS
from runs.models import Run, RunStatus

LOCK_KEY = 7_265_431_009  # pg advisory lock: one admission pass at a time
KICK_KEY = "runs:schedule:pending"
AGAIN_KEY = "runs:schedule:again"  # a pass was asked for while another held the lock
QUEUE_KEY = "runs:queue"
LANE_WAIT_KEY = "runs:lane-wait"


def runs_schedule(
    *, now: datetime | None = None, resend: Collection[str] = (), wait: bool = True
) -> dict[str, int]:
    """An admission pass; returns what it did. `resend` names admitted runs whose task is
    presumed lost whatever their age (the recovery sweep's stale runs).

    With `wait=False` (the scheduler task), a pass never waits for another one: when another
    holds the lock, it asks that one to run again after its commit and returns at once, so the
    interactive lane's workers are never held by passes queued on one lock. Either way, a pass
    that was asked again while it ran (AGAIN_KEY) runs again."""
    _cache_call(cache.delete, KICK_KEY)  # kicks from here on ask for another pass
    done: Counter[str] = Counter()
    while True:
        if not wait:  # asked before trying the lock: a holder sees it after its commit
            wait = not _cache_ok(cache.set, AGAIN_KEY, 1, timeout=60)
        result = _pass(now, set(resend), wait=wait)
        if result is None:
            return {**done, "deferred": 1}
        done.update(result)
        if not _cache_call(cache.get, AGAIN_KEY):
            return dict(done)
        now, resend, wait = None, (), False


def _pass(now: datetime | None, resend: set[str], *, wait: bool) -> dict[str, int] | None:
    """One admission pass in one transaction; None when `wait` is False and another pass holds
    the lock."""
    with transaction.atomic():
        if not _lock(wait=wait):
            return None
        # Whatever asked for a pass before this moment is seen by the reads below.
        _cache_call(cache.delete, AGAIN_KEY)
        moment = now or timezone.now()
        holders, candidates = _holders(), _candidates(moment)
        policy = _policy(holders, candidates)
        plan = admission.plan(holders, candidates, policy)
        admitted = _admit(plan.admit, moment, burst={c.id for c in plan.burst})
        resent = _resend(holders, moment, resend)
        yielding = _request_yields(plan.yields)
        changed = _record_reasons(plan.waiting)
        transaction.on_commit(lambda: _send(admitted + resent))
    # Positions and figures are a courtesy: computed once the admitted runs' tasks are on their
    # way and the lock is free (a pass that overtakes this one may store its own first).
    _snapshot_store(_snapshot(plan, policy, holders, moment))
    return {
        "admitted": len(admitted),
        "resent": len(resent),
        "yields": yielding,
        "queued": len(plan.waiting),
        "reasons_changed": changed,
    }


def _cache_call(method: Any, *args: Any, **kwargs: Any) -> Any:
    """A cache call that fails quietly (None)."""
    try:
        return method(*args, **kwargs)
    except Exception:
        return None


def _cache_ok(method: Any, *args: Any, **kwargs: Any) -> bool:
    """Whether a cache call went through. Without Redis, passes wait for the lock instead."""
    try:
        method(*args, **kwargs)
    except Exception:
        return False
    return True


def scheduler_kick() -> None:
    """Asks for an admission pass after the current transaction commits; kicks that arrive
    while one is pending share it."""
    transaction.on_commit(_kick_now)


def scheduler_kick_later(*, delay: float) -> None:
    """A pass after `delay` seconds (a waiting run's retry falls due then)."""
    from runs.tasks import schedule_runs

    schedule_runs.apply_async(kwargs={"sent_at": time.time()}, countdown=max(0.0, delay))


def lane_wait_record(*, sent_at: float | None) -> None:
    """How long the scheduler's own task waited in the interactive lane: that lane's wait."""
    if sent_at is None:
        return
    with contextlib.suppress(Exception):
        cache.set(LANE_WAIT_KEY, max(0.0, time.time() - sent_at), timeout=600)


def lane_figures() -> dict[str, Any]:
    """Tasks waiting in each Celery lane, and the interactive lane's last measured wait."""
    from celery import current_app

    depths: dict[str, int] = {}
    try:
        with current_app.connection_for_read() as conn:
            for queue in settings.LONGHAUL_QUEUES:
                depths[queue] = _queue_depth(conn.default_channel, queue)
    except Exception:
        return {}
    return {"depth": depths, "interactive_wait_s": cache.get(LANE_WAIT_KEY)}


def _queue_depth(channel: Any, queue: str) -> int:
    try:
        return int(channel.queue_declare(queue=queue, passive=True).message_count)
    except Exception:
        return 0  # a queue nothing was ever sent to does not exist yet


def queue_snapshot() -> dict[str, Any]:
    """The last pass's positions and figures ({} when there are none or the cache is down)."""
    try:
        return dict(cache.get(QUEUE_KEY) or {})
    except Exception:
        return {}


def _kick_now() -> None:
    from runs.tasks import schedule_runs

    try:
        pending = not cache.add(KICK_KEY, 1, timeout=5)
    except Exception:
        pending = False  # without the cache, every kick gets its own pass
    if not pending:
        schedule_runs.apply_async(kwargs={"sent_at": time.time()})


def _lock(*, wait: bool) -> bool:
    with connection.cursor() as cursor:
        if wait:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])
            return True
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s)", [LOCK_KEY])
        row = cursor.fetchone()
    return bool(row and row[0])


def _holders() -> list[Holder]:
    slot = Q(status=RunStatus.RUNNING) | Q(
        admitted_at__isnull=False, status__in=(RunStatus.QUEUED, RunStatus.WAITING)
    )
    rows = Run.objects.filter(slot).values_list(
        "id",
        "organization_id",
        "priority",
        "created_at",
        "status",
        "yield_requested",
        "admitted_at",
        "updated_at",
    )
    return [
        Holder(str(id_), org, prio, created, status == RunStatus.RUNNING, yielding, admitted, since)
        for id_, org, prio, created, status, yielding, admitted, since in rows
    ]


def _candidates(now: datetime) -> list[Candidate]:
    due = now + timedelta(seconds=WAITING_EARLY_TOLERANCE_SECONDS)
    waiting = Q(status=RunStatus.QUEUED) | Q(status=RunStatus.WAITING, next_attempt_at__lte=due)
    rows = Run.objects.filter(waiting, admitted_at__isnull=True).values_list(
        "id", "organization_id", "priority", "created_at", "queued_at", "queue_reason"
    )
    return [
        Candidate(str(id_), org, prio, created, since, reason)
        for id_, org, prio, created, since, reason in rows
    ]


def _policy(holders: list[Holder], candidates: list[Candidate]) -> Policy:
    organizations = {h.organization_id for h in holders} | {c.organization_id for c in candidates}
    slugs = organization_slugs(organization_ids=organizations)
    weights = settings.LONGHAUL_ORG_WEIGHTS
    limits = settings.LONGHAUL_ORG_RUN_LIMITS
    default_limit = settings.LONGHAUL_ORG_MAX_RUNS or admission.UNLIMITED
    return Policy(
        slots=int(settings.LONGHAUL_RUN_SLOTS),
        burst=int(settings.LONGHAUL_RUN_BURST_SLOTS),
        slugs=slugs,
        weights={org: float(weights.get(slug, 1.0)) or 1.0 for org, slug in slugs.items()},
        limits={org: int(limits.get(slug, default_limit)) for org, slug in slugs.items()},
    )


def _admit(chosen: list[Candidate], now: datetime, *, burst: set[str]) -> list[str]:
    admitted: list[str] = []
    for candidate in chosen:
        taken = Run.objects.filter(id=candidate.id, admitted_at__isnull=True).update(
            admitted_at=now, queue_reason=""
        )
        if taken:
            waited = max(0.0, (now - candidate.since).total_seconds())
            data = {
                "priority": candidate.priority,
                "waited_s": round(waited, 3),
                "burst": candidate.id in burst,
            }
            event_append(run_id=candidate.id, kind="run.admitted", data=data)
            admitted.append(candidate.id)
    return admitted


def _resend(holders: list[Holder], now: datetime, lost: set[str]) -> list[str]:
    """Admitted runs no worker started: their task died with a pass or a worker."""
    cutoff = now - timedelta(seconds=settings.LONGHAUL_ADMISSION_RESEND_SECONDS)
    stale = [
        h.id
        for h in holders
        if not h.running and h.admitted_at and (h.admitted_at < cutoff or h.id in lost)
    ]
    Run.objects.filter(id__in=stale).update(admitted_at=now)
    return stale


def _request_yields(run_ids: list[str]) -> int:
    return Run.objects.filter(id__in=run_ids, status=RunStatus.RUNNING).update(yield_requested=True)


def _record_reasons(waiting: list[admission.Place]) -> int:
    """A `run.queued` event for each run whose reason to wait is new."""
    changed = 0
    for place in waiting:
        if place.candidate.reason == place.reason:
            continue
        Run.objects.filter(id=place.candidate.id).update(queue_reason=place.reason)
        event_append(run_id=place.candidate.id, kind="run.queued", data=place.public())
        changed += 1
    return changed


def _snapshot(
    plan: admission.Plan, policy: Policy, holders: list[Holder], now: datetime
) -> dict[str, Any]:
    from runs.selectors import mean_run_seconds

    per_slot = mean_run_seconds()
    places = {
        place.candidate.id: place.public(estimate_s=admission.estimate(place, policy, per_slot))
        for place in plan.waiting
    }
    return {
        "at": now.isoformat(),
        "runs": places,
        "figures": admission.figures(plan, policy, holders, now),
        "lanes": lane_figures(),
    }


def _send(run_ids: list[str]) -> None:
    from runs.tasks import advance_run

    for run_id in run_ids:
        advance_run.delay(run_id)


def _snapshot_store(snapshot: dict[str, Any]) -> None:
    with contextlib.suppress(Exception):  # positions are a courtesy; admission needs none
        cache.set(QUEUE_KEY, snapshot, timeout=600)
