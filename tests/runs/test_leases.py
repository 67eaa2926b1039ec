"""Leases and fencing: one live holder, stale holders write nothing, lost runs fail clearly."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.db import transaction
from django.utils import timezone

from runs.leases import (
    LeaseLost,
    expired_leases_reclaim,
    fenced_run,
    lease_acquire,
    lease_renew,
)
from runs.models import Run, RunStatus, ToolCall
from runs.services import run_advance, run_start, runs_recover_expired_leases
from runs.toolcalls import toolcall_start
from tests.factories import TenantFixture
from tests.runs.fixtures import effect_calls
from tests.support.fake_openai import FakeOpenAI


def new_run(acme: TenantFixture) -> Run:
    return run_start(organization=acme.organization, workflow="effects", input={})


def expire(run: Run) -> None:
    Run.objects.filter(id=run.id).update(lease_expires_at=timezone.now() - timedelta(seconds=1))


@pytest.mark.django_db
def test_only_one_worker_holds_a_live_lease(acme: TenantFixture, runtime: Path) -> None:
    run = new_run(acme)
    first = lease_acquire(run_id=str(run.id), owner="w1")
    second = lease_acquire(run_id=str(run.id), owner="w2")
    assert first is not None
    assert second is None
    assert lease_renew(first)


@pytest.mark.django_db
def test_a_stale_worker_cannot_write_after_its_lease_was_taken_over(
    acme: TenantFixture, runtime: Path
) -> None:
    # Given worker 1's lease expired (it paused) and worker 2 took the run over
    run = new_run(acme)
    stale = lease_acquire(run_id=str(run.id), owner="w1")
    assert stale is not None
    expire(run)
    fresh = lease_acquire(run_id=str(run.id), owner="w2")
    assert fresh is not None
    assert fresh.token > stale.token

    # When worker 1 wakes up and tries to record a tool call or renew
    with pytest.raises(LeaseLost):
        toolcall_start(
            lease=stale,
            key=f"{run.id}:0:0",
            step=0,
            call_index=0,
            tool="record_effect",
            arguments={},
            digest="d",
            gated=False,
        )

    # Then nothing was written and its renewal fails, while worker 2 writes normally
    assert not ToolCall.objects.exists()
    assert not lease_renew(stale)
    with transaction.atomic():
        assert fenced_run(fresh).id == run.id


@pytest.mark.django_db
def test_an_expired_lease_counts_as_a_loss_and_is_reclaimed(
    acme: TenantFixture, runtime: Path
) -> None:
    run = new_run(acme)
    assert lease_acquire(run_id=str(run.id), owner="w1") is not None
    expire(run)

    requeued, failed = expired_leases_reclaim()

    run.refresh_from_db()
    assert requeued == [str(run.id)]
    assert failed == []
    assert run.lost_count == 1
    assert run.lease_owner == ""
    # The next acquire does not count the same loss twice
    assert lease_acquire(run_id=str(run.id), owner="w2") is not None
    run.refresh_from_db()
    assert run.lost_count == 1


@pytest.mark.django_db(transaction=True)
def test_a_run_lost_more_than_the_limit_fails_with_a_clear_reason(
    acme: TenantFixture, runtime: Path, settings: object
) -> None:
    settings.LONGHAUL_RUN_MAX_LOST = 2  # type: ignore[attr-defined]
    run = new_run(acme)
    for attempt in range(3):
        assert lease_acquire(run_id=str(run.id), owner=f"w{attempt}") is not None
        expire(run)
        runs_recover_expired_leases()

    run.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert "lost its worker 3 times" in run.error
    assert run.events.filter(kind="run.failed").exists()


@pytest.mark.django_db(transaction=True)
def test_a_redelivered_task_after_too_many_losses_fails_the_run(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: object
) -> None:
    # Celery redelivery (not the beat task) finds the dead worker's expired lease
    settings.LONGHAUL_RUN_MAX_LOST = 0  # type: ignore[attr-defined]
    model.script = effect_calls(runtime, 1)
    run = new_run(acme)
    assert lease_acquire(run_id=str(run.id), owner="dead") is not None
    expire(run)

    run_advance(run_id=str(run.id), owner="w2")

    run.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert "lost its worker 1 times" in run.error
    assert not (runtime / "attempts.log").exists()


@pytest.mark.django_db
def test_a_released_unfinished_run_goes_back_to_the_queue(
    acme: TenantFixture, runtime: Path
) -> None:
    from runs.leases import lease_release

    run = new_run(acme)
    lease = lease_acquire(run_id=str(run.id), owner="w1")
    assert lease is not None

    lease_release(lease)  # e.g. the worker stopped on an unexpected database error

    run.refresh_from_db()
    assert run.status == RunStatus.QUEUED
    assert run.lease_owner == ""
    assert lease_acquire(run_id=str(run.id), owner="w2") is not None
