"""A run advanced in-process (the same service the Celery task calls), against the scripted
model, real PostgreSQL and the engine's real runner."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runs.models import Run, RunEvent, RunStatus, Step, ToolCall
from runs.services import run_advance, run_cancel, run_start
from tests.factories import TenantFixture, operator
from tests.runs.fixtures import attempts, effect_calls, lines
from tests.support.fake_openai import FakeOpenAI


def start(acme: TenantFixture, **overrides: Any) -> Run:
    options: dict[str, Any] = {"workflow": "effects", "input": {"task": "apply effects"}}
    options.update(overrides)
    return run_start(organization=acme.organization, created_by_user=acme.member, **options)


@pytest.mark.django_db(transaction=True)
def test_a_run_calls_the_model_and_tools_until_it_finishes(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    model.script = effect_calls(runtime, 3)
    run = start(acme)

    run_advance(run_id=str(run.id), owner="test-worker")

    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert run.output["calls"] == 3
    assert lines(runtime / "effects.log") == [f"{run.id}:{n}:0" for n in range(3)]
    assert list(Step.objects.filter(run=run).values_list("number", flat=True)) == [0, 1, 2, 3]
    assert run.prompt_tokens > 0
    assert run.completion_tokens > 0
    seqs = list(RunEvent.objects.filter(run=run).values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
    kinds = list(RunEvent.objects.filter(run=run).values_list("kind", flat=True))
    assert kinds[0] == "run.created"
    assert kinds[-1] == "run.finished"
    assert kinds.count("tool.observed") == 3
    assert all(request["path"].endswith("/chat/completions") for request in model.requests)


@pytest.mark.django_db(transaction=True)
def test_a_completed_tool_call_is_never_executed_again(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    # Given a run whose first step completed its tool call but whose checkpoint was lost
    # (the worker died between the tool's completion record and the step commit)
    model.script = effect_calls(runtime, 1)
    run = start(acme)
    run_advance(run_id=str(run.id), owner="w1")
    from runs.models import Checkpoint

    Checkpoint.objects.filter(thread_id=str(run.id), version__gt=1).delete()
    Run.objects.filter(id=run.id).update(status=RunStatus.QUEUED, step_count=0)

    # When the run is advanced again from its first checkpoint
    run_advance(run_id=str(run.id), owner="w2")

    # Then the step re-ran but its tool call returned the stored outcome
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED
    assert [key for key, _ in attempts(runtime)] == [f"{run.id}:0:0"]
    assert ToolCall.objects.get(run=run).attempts == 1


@pytest.mark.django_db(transaction=True)
def test_budget_exhaustion_fails_the_run_with_the_reason(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    model.script = effect_calls(runtime, 10)
    run = start(acme, budgets={"max_steps": 2})

    run_advance(run_id=str(run.id), owner="w")

    run.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert "step budget" in run.error
    assert len(lines(runtime / "effects.log")) == 2


@pytest.mark.django_db(transaction=True)
def test_a_model_server_failure_past_the_retry_window_fails_the_run_with_a_clear_error(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    from tests.support.fake_openai import Fault

    settings.LONGHAUL_RUN_INFRA_RETRY_WINDOW_SECONDS = 0  # no waiting: fail at the first outage
    model.fault = Fault(kind="error", status=500)
    run = start(acme)

    run_advance(run_id=str(run.id), owner="w")

    run.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert run.failure_kind == "infrastructure"
    assert "HTTP 500" in run.error


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("state", ["queued", "running", "awaiting_approval"])
def test_cancel_works_in_every_unfinished_state(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, state: str
) -> None:
    model.script = effect_calls(runtime, 1)
    run = start(acme)
    Run.objects.filter(id=run.id).update(status=state)

    cancelled = run_cancel(actor=operator(acme.organization), run_id=run.id)
    run_advance(run_id=str(run.id), owner="w")  # a late delivery of the task does nothing

    assert cancelled.status == RunStatus.CANCELLED
    run.refresh_from_db()
    assert run.status == RunStatus.CANCELLED
    assert not (runtime / "attempts.log").exists()
    assert RunEvent.objects.filter(run=run, kind="run.cancelled").count() == 1


@pytest.mark.django_db(transaction=True)
def test_cancel_of_a_finished_run_is_a_conflict_and_cancel_is_idempotent(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    from core.errors import Conflict

    model.script = [{"content": "nothing to do"}]
    done = start(acme)
    run_advance(run_id=str(done.id), owner="w")
    with pytest.raises(Conflict):
        run_cancel(actor=operator(acme.organization), run_id=done.id)

    other = start(acme)
    run_cancel(actor=operator(acme.organization), run_id=other.id)
    again = run_cancel(actor=operator(acme.organization), run_id=other.id)
    assert again.status == RunStatus.CANCELLED


@pytest.mark.django_db(transaction=True)
def test_cancel_while_a_worker_is_mid_step_fences_the_worker_out(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    import threading
    import time

    from django.db import connection

    # Given a worker running a slow tool call
    model.script = effect_calls(runtime, 3, work_seconds=1.5)
    run = start(acme)

    def advance() -> None:
        run_advance(run_id=str(run.id), owner="w")
        connection.close()

    worker = threading.Thread(target=advance)
    worker.start()
    deadline = time.monotonic() + 30
    while not (runtime / "attempts.log").exists() and time.monotonic() < deadline:
        # Until the advancing thread has started the tool.
        time.sleep(0.05)

    # When the run is cancelled while the tool is still working
    run_cancel(actor=operator(acme.organization), run_id=run.id)
    worker.join(timeout=60)

    # Then the worker could record nothing more: no completion, no further steps or effects
    run.refresh_from_db()
    assert run.status == RunStatus.CANCELLED
    call = ToolCall.objects.get(run=run)
    assert call.status == "started"
    assert not Step.objects.filter(run=run).exists()
    assert len(attempts(runtime)) == 1
    assert RunEvent.objects.filter(run=run).last().kind == "run.cancelled"  # type: ignore[union-attr]


@pytest.mark.django_db(transaction=True)
def test_a_run_can_start_from_an_allowed_git_repository(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any, tmp_path: Path
) -> None:
    import subprocess

    from django.core.exceptions import ValidationError

    repository = tmp_path / "repos" / "calc"
    repository.mkdir(parents=True)
    (repository / "calc.py").write_text("x = 1\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run([*git, "init", "-q"], cwd=repository, check=True)
    subprocess.run([*git, "add", "-A"], cwd=repository, check=True)
    subprocess.run([*git, "commit", "-qm", "start"], cwd=repository, check=True)
    settings.LONGHAUL_ALLOWED_REPO_ROOTS = [str(tmp_path / "repos")]

    run = start(acme, repository=str(repository))
    with pytest.raises(ValidationError):
        start(acme, repository=str(tmp_path / "repos" / ".." / "elsewhere"))

    assert (Path(run.workspace) / "calc.py").read_text() == "x = 1\n"
    assert Path(run.workspace) != repository
