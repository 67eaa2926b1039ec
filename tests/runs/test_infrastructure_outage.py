"""The inference backend dies in the middle of a run: through the real gateway (breaker and
all), a real Celery worker and a scripted model server in its own killable process.

Back within the retry window, the run waits and then finishes as if nothing happened, with the
outage on record; down for longer, the run fails as an infrastructure failure, not the agent's.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from inference.models import Backend, Tier
from runs.models import Run, RunEvent, RunStatus, Step
from runs.services import run_start
from tests.factories import TenantFixture
from tests.runs.fixtures import EXTRA_TOOLS, EXTRA_WORKFLOWS, effect_calls, lines
from tests.support.processes import REPO, asgi_server, celery_worker, free_port, stop_process

CALLS = 6
OUTAGE_S = 8.0
GATEWAY_ENV = {
    "LONGHAUL_GATEWAY_REGISTRY_SECONDS": "0.1",
    "LONGHAUL_GATEWAY_BREAKER_FAILURES": "3",
    "LONGHAUL_GATEWAY_BREAKER_COOLDOWN_SECONDS": "2",
}


def wait_for(predicate: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        # Until the gateway, the worker and the backend (other processes) act.
        time.sleep(0.1)
    raise AssertionError(f"{what}: not within {timeout} s")


@contextmanager
def model_process(port: int, script: Path) -> Iterator[subprocess.Popen[bytes]]:
    """The scripted model as a process of its own, so the test can kill it."""
    command = [sys.executable, "-m", "tests.support.fake_openai", "--port", str(port)]
    server = subprocess.Popen([*command, "--script", str(script)], cwd=REPO, start_new_session=True)

    def answers() -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{port}/v1/models", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        wait_for(answers, 30, "the scripted model server answers")
        yield server
    finally:
        stop_process(server, grace=0.1)


def kill(server: subprocess.Popen[bytes]) -> None:
    os.killpg(server.pid, signal.SIGKILL)
    server.wait()


def register_backend(port: int) -> None:
    tier, _ = Tier.objects.get_or_create(name="standard", defaults={"context_window": 8192})
    Backend.objects.filter(tier=tier).update(enabled=False)
    Backend.objects.create(
        tier=tier,
        name=f"scripted-{uuid.uuid4().hex[:8]}",
        base_url=f"http://127.0.0.1:{port}/v1",
        served_model="scripted",
        connect_timeout_s=1.0,
        read_timeout_s=10.0,
    )


def worker_env(gateway: str, tmp: Path, window_s: float) -> dict[str, str]:
    return {
        "LONGHAUL_GATEWAY_URL": f"{gateway}/v1",
        "LONGHAUL_AGENT_MODEL_URL": "",  # through the gateway, as users' runs go
        "LONGHAUL_EXTRA_TOOLS": EXTRA_TOOLS,
        "LONGHAUL_EXTRA_WORKFLOWS": EXTRA_WORKFLOWS,
        "LONGHAUL_SNAPSHOTS_DIR": str(tmp / "snapshots"),
        "LONGHAUL_RUN_INFRA_RETRY_WINDOW_SECONDS": str(window_s),
        "LONGHAUL_RUN_INFRA_RETRY_FIRST_SECONDS": "0.5",
        "LONGHAUL_RUN_INFRA_RETRY_MAX_BACKOFF_SECONDS": "3",
    }


def status_of(run: Run) -> str:
    run.refresh_from_db()
    return run.status


def event_kinds(run: Run) -> list[str]:
    return list(RunEvent.objects.filter(run=run).order_by("seq").values_list("kind", flat=True))


@pytest.fixture
def scripted(runtime: Path, tmp_path: Path) -> tuple[int, Path]:
    """A port for the model process and its script: CALLS effects, then a final answer."""
    script = tmp_path / "script.json"
    script.write_text(json.dumps(effect_calls(runtime, CALLS, work_seconds=0.3)))
    return free_port(), script


@contextmanager
def a_run_losing_its_backend(
    tenant: TenantFixture, tmp_path: Path, scripted: tuple[int, Path], window_s: float
) -> Iterator[Run]:
    """Given a run in the middle of its steps (real gateway, real worker with this retry window),
    when the inference backend dies: yields the run while the gateway and worker keep going."""
    port, script = scripted
    register_backend(port)
    with asgi_server(**GATEWAY_ENV) as gateway:
        environment = worker_env(gateway, tmp_path, window_s=window_s)
        with celery_worker(concurrency=1, **environment):
            with model_process(port, script) as server:
                run = run_start(
                    organization=tenant.organization,
                    workflow="effects",
                    input={"task": "apply effects"},
                    created_by_user=tenant.member,
                )
                wait_for(lambda: Step.objects.filter(run=run).count() >= 2, 120, "two steps")
                kill(server)
            yield run


@pytest.mark.slow
@pytest.mark.timeout(400)
@pytest.mark.django_db(transaction=True)
def test_a_run_waits_out_a_backend_outage_and_finishes(
    acme: TenantFixture,
    runtime: Path,
    tmp_path: Path,
    scripted: tuple[int, Path],
    redis_client: object,
) -> None:
    # Given a run in the middle of its steps, when the inference backend dies
    with a_run_losing_its_backend(acme, tmp_path, scripted, window_s=120) as run:
        killed_at = time.monotonic()

        # Then the run waits for it instead of failing
        wait_for(lambda: status_of(run) == RunStatus.WAITING, 60, "the run waits")
        assert run.waiting_reason
        assert run.failure_kind == ""

        # When the backend comes back OUTAGE_S later (several retries, and the breaker, in between)
        time.sleep(max(0.0, OUTAGE_S - (time.monotonic() - killed_at)))
        with model_process(*scripted):
            finished = (RunStatus.SUCCEEDED, RunStatus.FAILED)
            wait_for(lambda: status_of(run) in finished, 120, "the run finishes")

    # Then the run finished as if nothing happened, with the outage on record
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert run.failure_kind == ""
    assert run.environment_failures >= 1
    assert sum(run.environment_failure_counts["standard"].values()) == run.environment_failures
    kinds = event_kinds(run)
    assert "run.waiting" in kinds
    assert "run.resumed" in kinds
    assert kinds[-1] == "run.finished"
    waiting = RunEvent.objects.filter(run=run, kind="run.waiting").first()
    assert waiting is not None
    assert waiting.data["next_attempt_at"]
    assert lines(runtime / "effects.log") == [f"{run.id}:{n}:0" for n in range(CALLS)]
    steps = [e.data["step"] for e in RunEvent.objects.filter(run=run, kind="step.completed")]
    assert steps == list(range(CALLS + 1))  # no step spent on the outage


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.django_db(transaction=True)
def test_a_backend_down_past_the_window_fails_the_run_as_infrastructure(
    acme: TenantFixture,
    runtime: Path,
    tmp_path: Path,
    scripted: tuple[int, Path],
    redis_client: object,
) -> None:
    # Given a run in the middle of its steps, when the backend dies and stays down past the
    # retry window
    with a_run_losing_its_backend(acme, tmp_path, scripted, window_s=8) as run:
        finished = (RunStatus.SUCCEEDED, RunStatus.FAILED)
        wait_for(lambda: status_of(run) in finished, 120, "the run ends")

    # Then the run failed, and the outcome says infrastructure, not agent
    assert run.status == RunStatus.FAILED
    assert run.failure_kind == "infrastructure"
    assert run.error.startswith("Infrastructure failure (not the agent's)")
    assert run.environment_failures >= 2
    kinds = event_kinds(run)
    assert "run.waiting" in kinds
    assert kinds[-1] == "run.failed"
