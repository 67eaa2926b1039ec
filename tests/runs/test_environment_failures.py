"""Environment failures (the model endpoint or the sandbox failing, not the agent) make a run wait
and retry the step, and fail it as infrastructure's only after the retry window. Advanced
in-process (the service the Celery task calls) against the scripted model server."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone
from prometheus_client import REGISTRY

from runs import toolbox
from runs.metrics import metrics_refresh
from runs.models import Run, RunEvent, RunStatus, Step
from runs.services import run_advance, run_start, runs_recover_expired_leases
from tests.factories import TenantFixture
from tests.runs.fixtures import effect_calls, lines, time_passes
from tests.support.fake_openai import FakeOpenAI, Fault


@pytest.fixture
def quick_retries(settings: Any) -> Any:
    settings.LONGHAUL_RUN_INFRA_RETRY_FIRST_SECONDS = 0.01
    settings.LONGHAUL_RUN_INFRA_RETRY_MAX_BACKOFF_SECONDS = 0.02
    settings.LONGHAUL_RUN_INFRA_RETRY_WINDOW_SECONDS = 60.0
    return settings


def start(acme: TenantFixture) -> Run:
    return run_start(
        organization=acme.organization,
        workflow="effects",
        input={"task": "apply effects"},
        created_by_user=acme.member,
    )


def kinds(run: Run) -> list[str]:
    return list(RunEvent.objects.filter(run=run).order_by("seq").values_list("kind", flat=True))


def failures_counted(tenant: TenantFixture, kind: str, backend: str) -> float:
    """What /metrics says once beat has refreshed the figures from the runs' records."""
    metrics_refresh()
    labels = {"organization_id": str(tenant.organization.id), "kind": kind, "backend": backend}
    return REGISTRY.get_sample_value("longhaul_run_environment_failures_total", labels) or 0.0


@pytest.mark.django_db(transaction=True)
def test_a_model_outage_makes_the_run_wait_and_the_retry_finishes_it(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, quick_retries: Any
) -> None:
    # Given a model endpoint that answers 503 to every attempt of the first step's call
    model.script = effect_calls(runtime, 2)
    model.fault = Fault(kind="error", status=503, times=3)  # the client's own 3 attempts
    counted_before = failures_counted(acme, "model_unavailable", "standard")
    run = start(acme)

    # When the run is advanced while the endpoint is down
    run_advance(run_id=str(run.id), owner="w1")

    # Then it waits, with the reason and the next attempt, having spent no step
    run.refresh_from_db()
    assert run.status == RunStatus.WAITING
    assert run.step_count == 0
    assert not Step.objects.filter(run=run).exists()
    assert "503" in run.waiting_reason
    assert run.next_attempt_at is not None
    waiting = RunEvent.objects.get(run=run, kind="run.waiting")
    assert waiting.data["kind"] == "model_unavailable"
    assert waiting.data["backend"] == "standard"
    assert waiting.data["next_attempt_at"]

    # When the retry runs once the endpoint is back
    time_passes(0.05, run)  # past the backoff, whatever its jitter
    run_advance(run_id=str(run.id), owner="w2")

    # Then the run finishes as if nothing happened, and the failure is on record
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert run.failure_kind == ""
    assert run.environment_failures == 1
    assert run.environment_failure_counts == {"standard": {"model_unavailable": 1}}
    assert run.waiting_since is None
    assert list(Step.objects.filter(run=run).values_list("number", flat=True)) == [0, 1, 2]
    assert lines(runtime / "effects.log") == [f"{run.id}:0:0", f"{run.id}:1:0"]
    events = kinds(run)
    assert events.index("run.waiting") < events.index("run.resumed") < events.index("run.finished")
    assert failures_counted(acme, "model_unavailable", "standard") == counted_before + 1


@pytest.mark.django_db(transaction=True)
def test_an_outage_longer_than_the_window_fails_the_run_as_infrastructure(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, quick_retries: Any
) -> None:
    # Given a model endpoint that stays down, and a short retry window
    quick_retries.LONGHAUL_RUN_INFRA_RETRY_WINDOW_SECONDS = 0.3
    model.script = effect_calls(runtime, 1)
    model.fault = Fault(kind="error", status=502)
    run = start(acme)

    # When the run is retried until the window has passed
    run_advance(run_id=str(run.id), owner="w1")
    time_passes(0.4, run)
    run_advance(run_id=str(run.id), owner="w2")

    # Then it failed, and the outcome says infrastructure, not agent
    run.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert run.failure_kind == "infrastructure"
    assert run.error.startswith("Infrastructure failure (not the agent's)")
    assert run.environment_failures == 2
    assert run.step_count == 0
    failed = RunEvent.objects.get(run=run, kind="run.failed")
    assert failed.data["failure_kind"] == "infrastructure"


@pytest.mark.django_db(transaction=True)
def test_a_sandbox_that_cannot_start_is_an_environment_failure(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, quick_retries: Any, settings: Any
) -> None:
    # Given a host whose sandbox cannot be set up
    model.script = effect_calls(runtime, 1)
    settings.LONGHAUL_SANDBOX = "tests.runs.no_such_module.Sandbox"
    toolbox._sandbox.cache_clear()
    run = start(acme)

    # When the run reaches its first tool call
    run_advance(run_id=str(run.id), owner="w1")

    # Then it waits for the environment instead of showing the agent a failed tool
    run.refresh_from_db()
    assert run.status == RunStatus.WAITING, run.error
    assert run.environment_failure_counts == {"sandbox": {"sandbox_unavailable": 1}}
    assert lines(runtime / "effects.log") == []

    # When the host is fixed and the retry runs
    settings.LONGHAUL_SANDBOX = "agents.sandbox.bubblewrap.BubblewrapSandbox"
    toolbox._sandbox.cache_clear()
    time_passes(0.05, run)  # past the backoff
    run_advance(run_id=str(run.id), owner="w2")

    # Then the run finishes with the effect applied once
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert lines(runtime / "effects.log") == [f"{run.id}:0:0"]


@pytest.mark.django_db(transaction=True)
def test_an_agent_failure_stays_the_agents(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    # Given a run whose budget the agent exhausts
    model.script = effect_calls(runtime, 10)
    run = run_start(
        organization=acme.organization,
        workflow="effects",
        input={"task": "apply effects"},
        budgets={"max_steps": 2},
    )

    run_advance(run_id=str(run.id), owner="w")

    run.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert run.failure_kind == "agent"
    assert run.environment_failures == 0


@pytest.mark.django_db(transaction=True)
def test_a_waiting_run_is_not_advanced_before_its_next_attempt(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    # Given a run waiting for a retry a minute from now
    settings.LONGHAUL_RUN_INFRA_RETRY_FIRST_SECONDS = 60.0
    settings.LONGHAUL_RUN_INFRA_RETRY_MAX_BACKOFF_SECONDS = 120.0
    model.script = effect_calls(runtime, 1)
    model.fault = Fault(kind="error", status=503, times=3)
    run = start(acme)
    run_advance(run_id=str(run.id), owner="w1")

    # When a (duplicate) task tries to advance it now
    run_advance(run_id=str(run.id), owner="w2")

    # Then it keeps waiting: the lease admits a waiting run only once its attempt is due
    run.refresh_from_db()
    assert run.status == RunStatus.WAITING
    assert "run.resumed" not in kinds(run)


@pytest.mark.django_db(transaction=True)
def test_beat_leaves_a_waiting_run_alone_until_its_retry_is_long_overdue(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    # Given a waiting run (its worker released the lease; a countdown task is scheduled)
    settings.LONGHAUL_QUEUED_REENQUEUE_SECONDS = 60
    model.script = effect_calls(runtime, 1)
    model.fault = Fault(kind="error", status=503, times=3)
    run = start(acme)
    run_advance(run_id=str(run.id), owner="w1")

    # When beat sweeps: the run is neither lost nor re-enqueued
    swept = runs_recover_expired_leases()
    run.refresh_from_db()
    assert str(run.id) not in swept["requeued"] + swept["failed"] + swept["reenqueued"]
    assert (run.status, run.lost_count) == (RunStatus.WAITING, 0)

    # When its retry is long overdue (the countdown message died with a worker)
    long_ago = timezone.now() - timedelta(minutes=5)
    Run.objects.filter(id=run.id).update(next_attempt_at=long_ago, updated_at=long_ago)

    # Then beat enqueues it again, still as a waiting run, not a lost one
    swept = runs_recover_expired_leases()
    run.refresh_from_db()
    assert swept["reenqueued"] == [str(run.id)]
    assert (run.status, run.lost_count) == (RunStatus.WAITING, 0)
