"""Rollback over REST: a run goes back to an earlier step, state and workspace together, and
resumes from there; conflicts are 409 problem details."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from approvals.models import ApprovalRequest
from runs.models import Run, RunEvent, RunStatus, Step, ToolCall
from runs.services import run_advance
from tests.factories import TenantFixture
from tests.runs.test_api import client_for, tarball
from tests.support.fake_openai import FakeOpenAI

NOTES = "notes.txt"


def appending_script(*texts: str) -> list[dict[str, Any]]:
    steps = [{"tool_calls": [{"name": "append_line", "arguments": {"text": t}}]} for t in texts]
    return [*steps, {"content": "done"}]


def finished_run(client: APIClient, model: FakeOpenAI) -> Run:
    model.script = appending_script("one", "two", "three")
    response = client.post(
        "/api/runs",
        {
            "workflow": "effects",
            "input": '{"task": "write three lines"}',
            "workspace": tarball({NOTES: "title\n"}),
        },
        format="multipart",
    )
    assert response.status_code == 201, response.content
    run_id = response.json()["id"]
    run_advance(run_id=run_id, owner="w")
    run = Run.objects.get(id=run_id)
    assert run.status == RunStatus.SUCCEEDED, run.error
    return run


def notes(run: Run) -> str:
    return (Path(run.workspace) / NOTES).read_text()


def rollback(client: APIClient, run: Run, step: int) -> Any:
    return client.post(f"/api/runs/{run.id}/rollback", {"step": step}, format="json")


@pytest.fixture
def member(acme: TenantFixture) -> APIClient:
    """A member of acme, signed in to the REST API."""
    return client_for(acme, acme.member)


@pytest.mark.django_db(transaction=True)
def test_a_finished_run_rolls_back_to_a_step_and_resumes_from_it(
    member: APIClient, runtime: Path, model: FakeOpenAI
) -> None:
    # Given a run that appended "one", "two" and "three" in steps 0, 1 and 2, and finished
    run = finished_run(member, model)
    assert notes(run) == "title\none\ntwo\nthree\n"

    # When it is rolled back to step 1
    response = rollback(member, run, 1)

    # Then state and workspace are as they were when step 1 began, and the run is queued
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "queued"
    assert body["step_count"] == 1
    assert body["output"] == {}
    assert notes(run) == "title\none\n"
    assert list(Step.objects.filter(run=run).values_list("number", flat=True)) == [0]
    rolled = RunEvent.objects.get(run=run, kind="run.rolled_back")
    assert rolled.data["step"] == 1
    assert rolled.data["from"] == {"status": "succeeded", "step": 4}

    # When it resumes
    run_advance(run_id=str(run.id), owner="w2")

    # Then steps 1 and 2 ran again on the restored workspace: each line once
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert notes(run) == "title\none\ntwo\nthree\n"
    assert list(Step.objects.filter(run=run).values_list("number", flat=True)) == [0, 1, 2, 3]
    keys = sorted(ToolCall.objects.filter(run=run).values_list("idempotency_key", flat=True))
    assert [key for key in keys if "@rolled-back" in key] == [
        f"{run.id}:1:0@rolled-back-v6",
        f"{run.id}:2:0@rolled-back-v6",
    ]
    assert ToolCall.objects.get(idempotency_key=f"{run.id}:1:0").attempts == 1


@pytest.mark.django_db(transaction=True)
def test_rollback_to_a_step_the_run_never_reached_is_a_400(
    member: APIClient, runtime: Path, model: FakeOpenAI
) -> None:
    run = finished_run(member, model)

    response = rollback(member, run, 4)

    assert response.status_code == 400
    assert "steps 0 to 3" in str(response.json())
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED


@pytest.mark.django_db(transaction=True)
def test_a_running_run_cannot_be_rolled_back_until_it_is_cancelled(
    member: APIClient, runtime: Path, model: FakeOpenAI
) -> None:
    # Given a run a worker is advancing
    run = finished_run(member, model)
    Run.objects.filter(id=run.id).update(status=RunStatus.RUNNING)

    # When it is rolled back, it is refused with a problem detail that says what to do
    refused = rollback(member, run, 0)
    assert refused.status_code == 409
    assert refused["Content-Type"].startswith("application/problem+json")
    assert "Cancel it first" in refused.json()["detail"]

    # And after a cancel the rollback goes through
    assert member.post(f"/api/runs/{run.id}/cancel").status_code == 200
    accepted = rollback(member, run, 0)
    assert accepted.status_code == 200, accepted.content
    assert notes(run) == "title\n"


@pytest.mark.django_db(transaction=True)
def test_rollback_past_pruned_snapshots_is_a_409(
    member: APIClient, runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    settings.LONGHAUL_RUN_SNAPSHOT_RETENTION = 1
    run = finished_run(member, model)

    response = rollback(member, run, 0)

    assert response.status_code == 409
    assert "snapshots up to step 1 were deleted" in response.json()["detail"]
    assert notes(run) == "title\none\ntwo\nthree\n"


@pytest.mark.django_db(transaction=True)
def test_another_organization_cannot_roll_a_run_back(
    member: APIClient, globex: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run = finished_run(member, model)

    response = rollback(client_for(globex), run, 0)

    assert response.status_code == 404
    assert notes(run) == "title\none\ntwo\nthree\n"


@pytest.mark.django_db(transaction=True)
def test_rolling_back_a_run_awaiting_approval_asks_again_instead_of_reusing_the_request(
    member: APIClient, runtime: Path, model: FakeOpenAI
) -> None:
    # Given a run waiting for approval of a high-risk call at step 0
    deploy = {"name": "deploy", "arguments": {"ledger": str(runtime), "target": "prod"}}
    model.script = [{"tool_calls": [deploy]}, {"content": "done"}]
    created = member.post(
        "/api/runs", {"workflow": "effects", "input": {"task": "deploy"}}, format="json"
    )
    run = Run.objects.get(id=created.json()["id"])
    run_advance(run_id=str(run.id), owner="w")
    run.refresh_from_db()
    assert run.status == RunStatus.AWAITING_APPROVAL
    first = ApprovalRequest.objects.get(run=run)

    # When it is rolled back to step 0 and resumes
    response = rollback(member, run, 0)
    assert response.status_code == 200, response.content
    run_advance(run_id=str(run.id), owner="w2")

    # Then the old request was closed and the step asked anew; nothing was deployed
    run.refresh_from_db()
    first.refresh_from_db()
    assert RunEvent.objects.get(run=run, kind="run.rolled_back").data["withdrawn_approvals"] == [
        first.id
    ]
    assert not first.is_open
    assert run.status == RunStatus.AWAITING_APPROVAL
    assert ApprovalRequest.objects.filter(run=run).exclude(id=first.id).get().is_open
    assert not (runtime / "deploys.log").exists()
