"""Chaos: kill -9 the Celery worker (its whole process group) at random moments while runs are
in flight (at least 16 of them hit mid-run; CHAOS_RUNS and CHAOS_SEED for more), restart it,
and check every run finishes with each effect applied once.

The effect sink (tests.runs.tools.record_effect) logs every attempt and applies each
idempotency key once, like an external system honouring idempotency keys. The platform's part
is checked separately: a completed ToolCall is never invoked again (attempts per key match the
ToolCall ledger, and re-invocations happen only for calls a kill interrupted), and every step
commits exactly once (one `step.completed` event per step, dense event sequences).
"""

from __future__ import annotations

import collections
import os
import random
import signal
import time
from datetime import datetime
from pathlib import Path

import pytest
from django.utils import timezone

from runs.models import Run, RunEvent, RunStatus, Step, ToolCall
from runs.services import run_start
from runs.tasks import recover_expired_leases
from tests.factories import TenantFixture
from tests.runs.fixtures import (
    EXTRA_TOOLS,
    EXTRA_WORKFLOWS,
    attempts,
    effect_calls,
    lines,
    time_passes,
)
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import celery_worker

# More runs than must be hit: a run that finishes between two kills is not hit, and the test
# needs at least MUST_HIT runs killed mid-run.
RUNS = int(os.environ.get("CHAOS_RUNS", "26"))
MUST_HIT = min(16, RUNS)  # runs that must be killed mid-run at least once
CALLS_PER_RUN = 2
LEASE_SECONDS = 2
CONCURRENCY = int(os.environ.get("CHAOS_CONCURRENCY", "10"))


def worker_env(model_url: str, snapshots: Path) -> dict[str, str]:
    return {
        "LONGHAUL_AGENT_MODEL_URL": model_url,
        "LONGHAUL_SNAPSHOTS_DIR": str(snapshots),
        "LONGHAUL_EXTRA_TOOLS": EXTRA_TOOLS,
        "LONGHAUL_EXTRA_WORKFLOWS": EXTRA_WORKFLOWS,
        "LONGHAUL_RUN_LEASE_SECONDS": str(LEASE_SECONDS),
        "LONGHAUL_RUN_MAX_LOST": "100",
        "CELERY_VISIBILITY_TIMEOUT": "10",
    }


def in_flight() -> set[str]:
    """Runs a live worker is advancing right now (running, with an unexpired lease)."""
    live = Run.objects.filter(status=RunStatus.RUNNING, lease_expires_at__gt=timezone.now())
    return {str(run_id) for run_id in live.values_list("id", flat=True)}


def unfinished() -> int:
    return Run.objects.exclude(status__in=[RunStatus.SUCCEEDED, RunStatus.FAILED]).count()


def wait_until_the_worker_makes_progress(since: datetime, deadline: float) -> None:
    """Until this worker incarnation committed a step and is advancing runs, so the kill
    lands in the middle of runs rather than during the worker's start-up."""
    while time.monotonic() < deadline:
        if in_flight() and Step.objects.filter(created_at__gte=since).exists():
            return
        time.sleep(0.05)  # the worker (another process) starts and commits a step


def recover_after_lease_expiry() -> None:
    time_passes(LEASE_SECONDS + 0.5)  # the killed worker's leases expire
    recover_expired_leases()  # what the beat schedule runs every few seconds


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.django_db(transaction=True)
def test_killing_the_worker_mid_run_loses_nothing_and_repeats_no_effect(
    acme: TenantFixture, runtime: Path, settings: object, redis_client: object
) -> None:
    rng = random.Random(int(os.environ.get("CHAOS_SEED", "4")))
    # Each effect takes long enough that a kill finds runs in flight even on a quiet machine,
    # where short runs would finish between two kills.
    fake = FakeOpenAI(script=effect_calls(runtime, CALLS_PER_RUN, work_seconds=0.4))
    killed_mid_run: set[str] = set()
    kills = 0
    with serve_fake_openai(fake) as model_url:
        settings.LONGHAUL_AGENT_MODEL_URL = model_url  # type: ignore[attr-defined]
        settings.LONGHAUL_QUEUED_REENQUEUE_SECONDS = 2  # type: ignore[attr-defined]
        settings.LONGHAUL_RUN_MAX_LOST = 100  # type: ignore[attr-defined]
        runs = [
            run_start(organization=acme.organization, workflow="effects", input={"task": str(i)})
            for i in range(RUNS)
        ]
        deadline = time.monotonic() + 400  # generous: a loaded CI machine starts workers slowly
        while unfinished() and time.monotonic() < deadline:
            started = timezone.now()
            environment = worker_env(model_url, runtime.parent / "snapshots")
            with celery_worker(concurrency=CONCURRENCY, **environment) as worker:
                if len(killed_mid_run) >= MUST_HIT or kills >= 3 * MUST_HIT:
                    while unfinished() and time.monotonic() < deadline:
                        time.sleep(0.3)  # the last worker (another process) finishes the runs
                    continue
                wait_until_the_worker_makes_progress(started, deadline)
                # The worker (another process) goes on to a random point within the runs' steps.
                time.sleep(rng.uniform(0.1, 1.0))
                victims = in_flight()
                os.killpg(worker.pid, signal.SIGKILL)
                worker.wait()
                kills += 1
                killed_mid_run |= victims
            recover_after_lease_expiry()

    assert unfinished() == 0, f"{unfinished()} runs did not finish; kills={kills}"
    assert len(killed_mid_run) >= MUST_HIT, f"only {len(killed_mid_run)} runs were hit by a kill"
    expected = {f"{run.id}:{step}:0" for run in runs for step in range(CALLS_PER_RUN)}
    applied = lines(runtime / "effects.log")
    invoked = attempts(runtime)
    invocations = collections.Counter(key for key, _ in invoked)
    ledger = {call.idempotency_key: call for call in ToolCall.objects.all()}

    assert sorted(applied) == sorted(expected)  # every effect once, none twice, none lost
    assert set(ledger) == expected
    for key, call in ledger.items():
        assert call.status == "succeeded"
        assert call.completed_at is not None
        # Invoked only through a recorded start, and never again once completed
        assert 1 <= invocations[key] <= call.attempts, key
        assert all(at <= call.completed_at.timestamp() for k, at in invoked if k == key), key
    assert sum(count - 1 for count in invocations.values()) <= kills * CONCURRENCY
    for run in runs:
        run.refresh_from_db()
        assert run.status == RunStatus.SUCCEEDED, (run.id, run.error)
        events = list(RunEvent.objects.filter(run=run).order_by("seq"))
        assert [event.seq for event in events] == list(range(1, len(events) + 1))
        steps = [event.data["step"] for event in events if event.kind == "step.completed"]
        assert steps == list(range(CALLS_PER_RUN + 1))  # each step committed exactly once
