"""Approval bypass attempts: none of them executes the gated `deploy` call."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from rest_framework.exceptions import NotFound, PermissionDenied

from agents.engine.types import ApprovalRequired, arguments_digest
from approvals.models import ApprovalRequest, ApprovalStatus
from approvals.services import approval_decide
from runs.context import RunContext
from runs.errors import Conflict
from runs.leases import lease_acquire
from runs.models import Run, RunStatus
from runs.services import run_advance, run_start
from tests.factories import TenantFixture
from tests.runs.fixtures import lines
from tests.support.fake_openai import FakeOpenAI


def deploy(ledger: Path, target: str) -> dict[str, Any]:
    return {
        "tool_calls": [{"name": "deploy", "arguments": {"ledger": str(ledger), "target": target}}]
    }


def paused_run(
    tenant: TenantFixture, ledger: Path, model: FakeOpenAI
) -> tuple[Run, ApprovalRequest]:
    """A run (started by the member) stopped at an approval for deploying to prod."""
    model.script = [deploy(ledger, "prod"), {"content": "deployed"}]
    run = run_start(
        organization=tenant.organization,
        workflow="effects",
        input={},
        created_by_user=tenant.member,
    )
    run_advance(run_id=str(run.id), owner="w")
    run.refresh_from_db()
    assert run.status == RunStatus.AWAITING_APPROVAL
    return run, ApprovalRequest.objects.get(run=run)


def decide(
    tenant: TenantFixture, request: ApprovalRequest, user: Any, **kwargs: Any
) -> ApprovalRequest:
    return approval_decide(
        organization_id=tenant.organization.id,
        approval_id=request.id,
        user=user,
        approve=kwargs.pop("approve", True),
        **kwargs,
    )


@pytest.mark.django_db(transaction=True)
def test_the_gated_call_stops_the_run_with_an_approval_request(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run, request = paused_run(acme, runtime, model)

    arguments = {"ledger": str(runtime), "target": "prod"}
    assert request.arguments == arguments
    assert request.digest == arguments_digest("deploy", arguments)
    assert request.requested_by_user == acme.member
    assert request.status == ApprovalStatus.PENDING
    assert "high-risk" in request.reason
    assert not (runtime / "deploys.log").exists()
    assert run.events.filter(kind="approval.requested").count() == 1


@pytest.mark.django_db(transaction=True)
def test_calling_the_tool_without_an_approval_raises_and_executes_nothing(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run = run_start(organization=acme.organization, workflow="effects", input={})
    lease = lease_acquire(run_id=str(run.id), owner="w")
    assert lease is not None
    context = RunContext(run=Run.objects.get(id=run.id), lease=lease, step=0)

    with pytest.raises(ApprovalRequired) as raised:
        context.call_tool("deploy", {"ledger": str(runtime), "target": "prod"})

    assert raised.value.payload["digest"] == arguments_digest(
        "deploy", {"ledger": str(runtime), "target": "prod"}
    )
    assert not (runtime / "deploys.log").exists()


@pytest.mark.django_db(transaction=True)
def test_an_approved_run_executes_exactly_the_approved_arguments_once(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run, request = paused_run(acme, runtime, model)
    decide(acme, request, acme.reviewer)

    run_advance(run_id=str(run.id), owner="w")

    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert lines(runtime / "deploys.log") == [f"{run.id}:0:0 prod"]


@pytest.mark.django_db(transaction=True)
def test_changed_arguments_after_approval_do_not_run(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run, request = paused_run(acme, runtime, model)
    decide(acme, request, acme.reviewer)
    # The model now asks for something else at the same step (e.g. it was tampered with)
    model.script = [deploy(runtime, "everything"), {"content": "deployed"}]

    run_advance(run_id=str(run.id), owner="w")

    run.refresh_from_db()
    assert run.status == RunStatus.AWAITING_APPROVAL
    assert not (runtime / "deploys.log").exists()
    fresh = ApprovalRequest.objects.get(run=run, status=ApprovalStatus.PENDING)
    assert fresh.arguments["target"] == "everything"


@pytest.mark.django_db(transaction=True)
def test_approve_with_edited_arguments_runs_the_edited_call_only(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run, request = paused_run(acme, runtime, model)
    edited = {"ledger": str(runtime), "target": "staging"}
    decided = decide(acme, request, acme.reviewer, arguments=edited, comment="staging first")
    assert decided.approved_digest == arguments_digest("deploy", edited)

    run_advance(run_id=str(run.id), owner="w")

    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert lines(runtime / "deploys.log") == [f"{run.id}:0:0 staging"]


@pytest.mark.django_db(transaction=True)
def test_a_rejection_becomes_an_observation_and_nothing_runs(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run, request = paused_run(acme, runtime, model)
    decide(acme, request, acme.reviewer, approve=False, comment="not today")

    run_advance(run_id=str(run.id), owner="w")

    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED
    assert not (runtime / "deploys.log").exists()
    last_prompt = model.requests[-1]["body"]["messages"][-1]
    assert '"rejected": true' in last_prompt["content"]


@pytest.mark.django_db(transaction=True)
def test_the_requester_may_not_approve(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    model.script = [deploy(runtime, "prod")]
    run = run_start(
        organization=acme.organization, workflow="effects", input={}, created_by_user=acme.owner
    )
    run_advance(run_id=str(run.id), owner="w")
    request = ApprovalRequest.objects.get(run=run)

    with pytest.raises(PermissionDenied):
        decide(acme, request, acme.owner)

    run_advance(run_id=str(run.id), owner="w")
    request.refresh_from_db()
    assert request.status == ApprovalStatus.PENDING
    assert not (runtime / "deploys.log").exists()


@pytest.mark.django_db(transaction=True)
def test_members_without_the_reviewer_role_and_api_keys_may_not_approve(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run, request = paused_run(acme, runtime, model)
    outsider = type(acme.member).objects.create_user(username="acme-temp")
    from accounts.services import membership_create

    membership_create(organization=acme.organization, user=outsider, role="member")
    with pytest.raises(PermissionDenied):
        decide(acme, request, outsider)
    with pytest.raises(PermissionDenied):
        decide(acme, request, None)
    run_advance(run_id=str(run.id), owner="w")
    assert not (runtime / "deploys.log").exists()


@pytest.mark.django_db(transaction=True)
def test_another_organization_cannot_see_or_decide_the_request(
    acme: TenantFixture, globex: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run, request = paused_run(acme, runtime, model)

    with pytest.raises(NotFound):
        decide(globex, request, globex.owner)
    with pytest.raises(NotFound):
        # Naming the right organization does not help a reviewer who is not a member of it
        approval_decide(
            organization_id=globex.organization.id,
            approval_id=request.id,
            user=globex.reviewer,
            approve=True,
        )

    run_advance(run_id=str(run.id), owner="w")
    request.refresh_from_db()
    assert request.status == ApprovalStatus.PENDING
    assert not (runtime / "deploys.log").exists()


@pytest.mark.django_db(transaction=True)
def test_a_reviewer_of_another_organization_naming_this_one_is_refused(
    acme: TenantFixture, globex: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run, request = paused_run(acme, runtime, model)
    with pytest.raises(PermissionDenied):
        decide(acme, request, globex.reviewer)
    run_advance(run_id=str(run.id), owner="w")
    assert not (runtime / "deploys.log").exists()


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_decisions_cannot_both_win(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run, request = paused_run(acme, runtime, model)
    barrier = threading.Barrier(2)
    results: dict[str, str] = {}

    def attempt(name: str, user: Any, approve: bool) -> None:
        barrier.wait()
        try:
            decide(acme, request, user, approve=approve, comment="" if approve else "not now")
            results[name] = "won"
        except Conflict:
            results[name] = "conflict"
        finally:
            connection.close()

    threads = [
        threading.Thread(target=attempt, args=("owner", acme.owner, True)),
        threading.Thread(target=attempt, args=("reviewer", acme.reviewer, False)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(results.values()) == ["conflict", "won"]
    request.refresh_from_db()
    winner = "owner" if results["owner"] == "won" else "reviewer"
    assert request.decided_by is not None
    assert request.decided_by.username == f"acme-{winner}"
    run_advance(run_id=str(run.id), owner="w")
    expected = [f"{run.id}:0:0 prod"] if winner == "owner" else []
    assert lines(runtime / "deploys.log") == expected
    assert run.events.filter(kind="approval.decided").count() == 1


@pytest.mark.django_db(transaction=True)
def test_an_approval_authorizes_one_execution_only(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run, request = paused_run(acme, runtime, model)
    decide(acme, request, acme.reviewer)
    lease = lease_acquire(run_id=str(run.id), owner="w")
    assert lease is not None
    context = RunContext(run=Run.objects.get(id=run.id), lease=lease, step=0)
    arguments = {"ledger": str(runtime), "target": "prod"}

    context.call_tool("deploy", arguments, call_index=0)
    with pytest.raises(ApprovalRequired):
        context.call_tool("deploy", arguments, call_index=1)  # same arguments, another call

    assert lines(runtime / "deploys.log") == [f"{run.id}:0:0 prod"]
