"""The scheduler with real Celery workers, beat, PostgreSQL and Redis: a tenant's one run goes
ahead of another's backlog, and a scheduler killed in the middle of an admission loses and
repeats nothing. Orders of events are asserted, never durations."""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection, transaction

from runs.models import Run, RunEvent, RunStatus
from runs.services import run_start
from tests.factories import TenantFixture
from tests.runs.fixtures import EXTRA_TOOLS, EXTRA_WORKFLOWS, effect_calls, lines
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import celery_beat, celery_worker

STEPS = 3

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300), pytest.mark.django_db(transaction=True)]


@pytest.fixture
def model_url(runtime: Path) -> Iterator[str]:
    fake = FakeOpenAI(script=effect_calls(runtime, STEPS, work_seconds=0.2))
    with serve_fake_openai(fake) as url:
        yield url


def worker_env(model_url: str) -> dict[str, str]:
    return {
        "LONGHAUL_AGENT_MODEL_URL": model_url,
        "LONGHAUL_EXTRA_TOOLS": EXTRA_TOOLS,
        "LONGHAUL_EXTRA_WORKFLOWS": EXTRA_WORKFLOWS,
        "LONGHAUL_RUN_SLOTS": "1",
        "LONGHAUL_SCHEDULER_SECONDS": "1",
    }


def submit(tenant: TenantFixture, count: int) -> list[Run]:
    return [
        run_start(organization=tenant.organization, workflow="effects", input={"task": str(i)})
        for i in range(count)
    ]


def wait_for(condition: Any, what: str, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        # Until the workers and beat (other processes) act.
        time.sleep(0.1)


def all_finished(runs: list[Run]) -> bool:
    ids = [run.id for run in runs]
    return not Run.objects.filter(id__in=ids).exclude(status=RunStatus.SUCCEEDED).exists()


def admitted_at(run: Run) -> Any:
    return RunEvent.objects.filter(run=run, kind="run.admitted").order_by("seq")[0].created_at


def assert_each_step_and_effect_once(runs: list[Run], ledger: Path) -> None:
    for run in runs:
        steps = RunEvent.objects.filter(run=run, kind="step.completed").order_by("seq")
        assert [event.data["step"] for event in steps] == list(range(STEPS + 1))
    expected = {f"{run.id}:{step}:0" for run in runs for step in range(STEPS)}
    applied = lines(ledger / "effects.log")
    assert Counter(applied) == Counter(expected)


def test_one_run_of_a_second_tenant_is_admitted_before_the_first_tenants_backlog(
    acme: TenantFixture, globex: TenantFixture, runtime: Path, model_url: str
) -> None:
    # Given one slot, and acme's backlog of four runs already going
    backlog = submit(acme, 4)
    with celery_worker(concurrency=2, **worker_env(model_url)):
        wait_for(lambda: Run.objects.filter(status=RunStatus.RUNNING).exists(), "acme's first")

        # When globex submits one run
        (single,) = submit(globex, 1)
        wait_for(lambda: all_finished([*backlog, single]), "every run to finish")

    # Then globex's run was admitted before acme's backlog was: at most one of acme's runs
    # (the one running when it arrived) started before it
    before = [run for run in backlog if admitted_at(run) < admitted_at(single)]
    assert len(before) <= 2  # the one running, and at most one a pass admitted with it
    assert admitted_at(single) < max(admitted_at(run) for run in backlog)
    assert_each_step_and_effect_once([*backlog, single], runtime)


def test_a_scheduler_killed_mid_admission_loses_and_repeats_nothing(
    acme: TenantFixture, runtime: Path, model_url: str, tmp_path: Path
) -> None:
    # Given queued runs and their admission pass stopped in the middle of its transaction: the
    # first run's row is locked here, so the pass waits on it after its first writes
    runs = submit(acme, 3)
    env = worker_env(model_url)
    with transaction.atomic():
        Run.objects.select_for_update().get(id=runs[0].id)
        with celery_worker(concurrency=1, **env) as worker:
            wait_for(pass_waits_on_a_lock, "the admission pass to reach the locked run")

            # When the worker running the pass is killed
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()

    # Then the pass's transaction left nothing behind
    wait_for(lambda: not pass_waits_on_a_lock(), "the killed pass's session to end")
    assert not Run.objects.filter(admitted_at__isnull=False).exists()

    # And with a worker and beat back, every run finishes, each step and effect once
    with celery_worker(concurrency=2, **env), celery_beat(tmp_path / "beat", **env):
        wait_for(lambda: all_finished(runs), "every run to finish")
    assert_each_step_and_effect_once(runs, runtime)


def pass_waits_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        # Inside a transaction the activity view is a snapshot unless cleared
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        row = cursor.fetchone()
    return bool(row and row[0])
