"""An outside reviewer's attacks on rollback and on the run token: replaying a reviewer's
approval by rolling a finished run back, and presenting a run's model credential anywhere but
the gateway's /v1 API. Real PostgreSQL, the scripted model, the runs REST API."""

from __future__ import annotations

from pathlib import Path

import pytest

from accounts.actors import actor_for
from approvals.models import ApprovalRequest
from approvals.services import approval_decide
from core.errors import Forbidden
from runs.credentials import run_model_token
from runs.models import Run, RunStatus
from runs.services import run_advance
from tests.factories import TenantFixture
from tests.runs.fixtures import model, runtime
from tests.runs.test_api import client_for
from tests.support.fake_openai import FakeOpenAI

__all__ = ["model", "runtime"]


def deploys(ledger: Path) -> list[str]:
    log = ledger / "deploys.log"
    return log.read_text().splitlines() if log.exists() else []


def approved_and_finished(acme: TenantFixture, ledger: Path, model: FakeOpenAI) -> Run:
    """A member's run whose gated `deploy` a reviewer approved; it ran once and the run ended."""
    deploy = {"name": "deploy", "arguments": {"ledger": str(ledger), "target": "prod"}}
    model.script = [{"tool_calls": [deploy]}, {"content": "done"}]
    client = client_for(acme, acme.member)
    created = client.post(
        "/api/runs", {"workflow": "effects", "input": {"task": "d"}}, format="json"
    )
    assert created.status_code == 201, created.content
    run = Run.objects.get(id=created.json()["id"])
    run_advance(run_id=str(run.id), owner="w")
    request = ApprovalRequest.objects.get(run=run)
    approval_decide(
        actor=actor_for(organization_id=acme.organization.id, user=acme.reviewer, api_key_id=None),
        approval_id=request.id,
        approve=True,
    )
    run_advance(run_id=str(run.id), owner="w")
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert len(deploys(ledger)) == 1
    return run


@pytest.mark.django_db(transaction=True)
def test_rolling_a_finished_run_back_cannot_replay_the_reviewers_approval(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    # given a run whose deploy a reviewer approved once and which then finished
    run = approved_and_finished(acme, runtime, model)
    first = ApprovalRequest.objects.get(run=run)
    model.script = [
        {
            "tool_calls": [
                {"name": "deploy", "arguments": {"ledger": str(runtime), "target": "prod"}}
            ]
        },
        {"content": "done"},
    ]

    # when the member who started it rolls it back to the step of the deploy and it resumes
    client = client_for(acme, acme.member)
    response = client.post(f"/api/runs/{run.id}/rollback", {"step": 0}, format="json")
    assert response.status_code == 200, response.content
    run_advance(run_id=str(run.id), owner="w2")

    # then the deploy waits for a new decision instead of running on the old approval
    run.refresh_from_db()
    assert run.status == RunStatus.AWAITING_APPROVAL
    assert len(deploys(runtime)) == 1
    again = ApprovalRequest.objects.filter(run=run).exclude(id=first.id).get()
    assert again.is_open
    # and the gate is live: the member cannot decide it, a reviewer can, and it runs once more
    with pytest.raises(Forbidden):
        approval_decide(
            actor=actor_for(
                organization_id=acme.organization.id, user=acme.member, api_key_id=None
            ),
            approval_id=again.id,
            approve=True,
        )
    approval_decide(
        actor=actor_for(organization_id=acme.organization.id, user=acme.reviewer, api_key_id=None),
        approval_id=again.id,
        approve=True,
    )
    run_advance(run_id=str(run.id), owner="w3")
    assert len(deploys(runtime)) == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/runs"),
        ("get", "/api/runs/{run}"),
        ("post", "/api/runs/{run}/rollback"),
        ("post", "/api/runs/{run}/cancel"),
        ("post", "/api/runs/{run}/ws-ticket"),
        ("get", "/api/approvals"),
        ("post", "/api/memory/purge"),
    ],
)
def test_a_run_token_opens_nothing_but_the_model_api(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, method: str, path: str
) -> None:
    # given an unfinished run and its model credential (valid at the gateway)
    model.script = [
        {"tool_calls": [{"name": "deploy", "arguments": {"ledger": str(runtime), "target": "x"}}]}
    ]
    created = client_for(acme).post(
        "/api/runs", {"workflow": "effects", "input": {"task": "d"}}, format="json"
    )
    run = Run.objects.get(id=created.json()["id"])
    run_advance(run_id=str(run.id), owner="w")
    run.refresh_from_db()
    assert run.status == RunStatus.AWAITING_APPROVAL
    token = run_model_token(run_id=run.id)

    # when it is presented to the REST API as a bearer credential
    client = client_for(acme)
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = getattr(client, method)(path.format(run=run.id), {"step": 0}, format="json")

    # then it is refused as a credential and nothing changed
    assert response.status_code in (401, 403), (response.status_code, response.content)
    run.refresh_from_db()
    assert run.status == RunStatus.AWAITING_APPROVAL
