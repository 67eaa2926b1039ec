"""Approval bypass attempts: none of them executes the gated `deploy` call."""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import connection, transaction
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.actors import actor_for
from accounts.models import Membership, Role
from accounts.services import api_key_create, api_key_revoke, membership_create
from agents.engine.types import ApprovalRequired, arguments_digest
from approvals.deadlines import approvals_sweep
from approvals.models import ApprovalRequest, ApprovalStatus
from approvals.rules import approval_rule_create
from approvals.services import approval_decide
from core.errors import Conflict, Forbidden, NotFound
from runs.context import RunContext
from runs.gate import approval_gate
from runs.leases import lease_acquire
from runs.models import Run, RunStatus, ToolCall
from runs.rollback import run_rollback
from runs.services import run_advance, run_cancel, run_start
from tests.factories import TenantFixture, make_user, operator
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
        actor=actor_for(
            organization_id=tenant.organization.id,
            user=user,
            api_key_id=kwargs.pop("api_key_id", None),
        ),
        approval_id=request.id,
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

    with pytest.raises(Forbidden):
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
    with pytest.raises(Forbidden):
        decide(acme, request, outsider)
    with pytest.raises(Forbidden):
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
            actor=actor_for(
                organization_id=globex.organization.id, user=globex.reviewer, api_key_id=None
            ),
            approval_id=request.id,
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
    with pytest.raises(Forbidden):
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


# --- the attempts table: each one tries to get the paused `deploy prod` executed ---------------


@dataclass
class Scene:
    """A run the member started, stopped at `deploy prod`, and everything an attacker has."""

    acme: TenantFixture
    globex: TenantFixture
    run: Run
    request: ApprovalRequest
    ledger: Path
    model: FakeOpenAI

    @property
    def prod(self) -> dict[str, Any]:
        return {"ledger": str(self.ledger), "target": "prod"}


def rest(key: str | None = None, user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    elif key is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def post_decision(client: APIClient, request: ApprovalRequest, **body: Any) -> Any:
    headers = {"HTTP_IF_MATCH": body.pop("if_match")} if "if_match" in body else {}
    body.setdefault("decision", "approve")
    return client.post(f"/api/approvals/{request.id}/decide", body, format="json", **headers)


def refused(response: Any, *statuses: int) -> None:
    assert response.status_code in statuses, (response.status_code, response.content)


def key_of(tenant: TenantFixture, owner: Any, scopes: list[str] | None = None) -> str:
    return api_key_create(
        actor=operator(tenant.organization), name="k", created_by=owner, scopes=scopes
    ).plaintext


def colleague(tenant: TenantFixture, name: str, role: str) -> Any:
    user = make_user(f"{tenant.organization.slug}-{name}")
    membership_create(organization=tenant.organization, user=user, role=role)
    return user


def forged_if_match(s: Scene) -> None:
    other = arguments_digest("deploy", {**s.prod, "target": "staging"})
    refused(post_decision(rest(user=s.acme.reviewer), s.request, if_match=f'"{other}"'), 412)


def weak_etag_of_other_arguments(s: Scene) -> None:
    other = arguments_digest("deploy", {**s.prod, "target": "everything"})
    refused(post_decision(rest(user=s.acme.reviewer), s.request, if_match=f'W/"{other}"'), 412)


def approval_of_an_identical_call_in_another_run(s: Scene) -> None:
    twin = start_deploy(s.acme, s.ledger, s.model)
    decide(s.acme, twin, s.acme.reviewer, approve=False, comment="not that one either")
    # The twin's digest is the same; its decision belongs to its own run only.
    assert twin.digest == s.request.digest
    assert (
        approval_gate().authorized(
            run_id=str(s.run.id), step=0, digest=s.request.digest, key=f"{s.run.id}:0:0"
        )
        is False
    )


def consume_a_pending_request_directly(s: Scene) -> None:
    with transaction.atomic():
        consumed = approval_gate().consume(
            run_id=str(s.run.id), step=0, digest=s.request.digest, key=f"{s.run.id}:0:0"
        )
    assert consumed is False


def edit_that_adds_an_argument(s: Scene) -> None:
    patch = {"target": "prod", "force": True}
    refused(post_decision(rest(user=s.acme.reviewer), s.request, patch=patch), 400)


def edit_that_breaks_the_schema(s: Scene) -> None:
    refused(post_decision(rest(user=s.acme.reviewer), s.request, arguments={"target": ""}), 400)


def another_organizations_key(s: Scene) -> None:
    refused(post_decision(rest(key_of(s.globex, s.globex.reviewer)), s.request), 404)


def another_organizations_reviewer_session(s: Scene) -> None:
    refused(post_decision(rest(user=s.globex.owner), s.request), 404)


def another_organizations_key_named_in_the_service(s: Scene) -> None:
    foreign = api_key_create(
        actor=operator(s.globex.organization), name="g", created_by=s.globex.owner
    )
    # The actor a service takes is built from the organization and the key: a foreign key
    # gets no actor at all, so no service can be handed one.
    with pytest.raises(Forbidden, match="does not belong"):
        actor_for(organization_id=s.acme.organization.id, user=None, api_key_id=foreign.api_key.id)


def the_platform_itself_through_the_service(s: Scene) -> None:
    # The platform acts with every role for commands and tasks, but never casts a vote.
    with pytest.raises(Forbidden, match="not by the platform"):
        approval_decide(actor=operator(s.acme.organization), approval_id=s.request.id, approve=True)


def decide_after_expiry(s: Scene) -> None:
    ApprovalRequest.objects.filter(id=s.request.id).update(
        deadline_at=timezone.now() + timedelta(seconds=1)
    )
    approvals_sweep(now=timezone.now() + timedelta(seconds=5))
    refused(post_decision(rest(user=s.acme.reviewer), s.request), 409)


def decide_after_the_deadline_before_the_sweep(s: Scene) -> None:
    ApprovalRequest.objects.filter(id=s.request.id).update(
        deadline_at=timezone.now() - timedelta(seconds=1)
    )
    refused(post_decision(rest(user=s.acme.reviewer), s.request), 409)
    approvals_sweep()  # the deadline's own action (reject) closes it


def decide_twice(s: Scene) -> None:
    reviewer = rest(user=s.acme.reviewer)
    first = post_decision(reviewer, s.request, decision="reject", comment="no prod deploys")
    assert first.status_code == 200, first.content
    refused(post_decision(reviewer, s.request), 409)
    refused(post_decision(rest(user=s.acme.owner), s.request), 409)


def self_approval_by_key(s: Scene) -> None:
    # The reviewer starts a deploy with a key of their own and approves it with the same key.
    key = key_of(s.acme, s.acme.reviewer)
    s.model.script = [deploy(s.ledger, "prod"), {"content": "deployed"}]
    created = rest(key).post("/api/runs", {"workflow": "effects"}, format="json")
    run_advance(run_id=created.json()["id"], owner="w")
    own = ApprovalRequest.objects.get(run_id=created.json()["id"])
    refused(post_decision(rest(key), own), 403)
    refused(post_decision(rest(user=s.acme.reviewer), own), 403)
    run_advance(run_id=created.json()["id"], owner="w")


def requester_promoted_to_reviewer(s: Scene) -> None:
    Membership.objects.filter(user=s.acme.member).update(role=Role.REVIEWER)
    refused(post_decision(rest(user=s.acme.member), s.request), 403)
    refused(post_decision(rest(key_of(s.acme, s.acme.member)), s.request), 403)


def key_without_the_approvals_scope(s: Scene) -> None:
    refused(post_decision(rest(key_of(s.acme, s.acme.reviewer, ["runs"])), s.request), 403)


def revoked_reviewer_key(s: Scene) -> None:
    created = api_key_create(
        actor=operator(s.acme.organization), name="r", created_by=s.acme.reviewer
    )
    api_key_revoke(actor=operator(created.api_key.organization), api_key=created.api_key)
    refused(post_decision(rest(created.plaintext), s.request), 401, 403)


def ownerless_key(s: Scene) -> None:
    refused(post_decision(rest(s.acme.api_key), s.request), 403)


def anonymous(s: Scene) -> None:
    refused(post_decision(rest(), s.request), 401, 403)


def plain_member_session(s: Scene) -> None:
    colleague_member = colleague(s.acme, "clerk", Role.MEMBER)
    refused(post_decision(rest(user=colleague_member), s.request), 403)


def owner_outside_the_rules_approver_roles(s: Scene) -> None:
    refused(post_decision(rest(user=s.acme.owner), s.request), 403)


def old_role_after_escalation(s: Scene) -> None:
    approvals_sweep(now=timezone.now() + timedelta(seconds=61))
    s.request.refresh_from_db()
    assert s.request.status == ApprovalStatus.ESCALATED
    refused(post_decision(rest(user=s.acme.reviewer), s.request), 403)


def one_person_twice_in_a_quorum(s: Scene) -> None:
    assert post_decision(rest(user=s.acme.reviewer), s.request).status_code == 200
    refused(post_decision(rest(key_of(s.acme, s.acme.reviewer)), s.request), 409)
    s.request.refresh_from_db()
    assert s.request.status == ApprovalStatus.PENDING


def requester_completing_a_quorum(s: Scene) -> None:
    Membership.objects.filter(user=s.acme.member).update(role=Role.REVIEWER)
    assert post_decision(rest(user=s.acme.reviewer), s.request).status_code == 200
    refused(post_decision(rest(user=s.acme.member), s.request), 403)


def stale_digest_after_another_reviewers_edit(s: Scene) -> None:
    second = colleague(s.acme, "second", Role.REVIEWER)
    edit = {"target": "staging"}
    assert post_decision(rest(user=s.acme.reviewer), s.request, patch=edit).status_code == 200
    refused(post_decision(rest(user=second), s.request), 428)
    refused(post_decision(rest(user=second), s.request, if_match=s.request.digest), 412)
    # The edited proposal (staging) is still one approval short: prod never got any.
    s.request.refresh_from_db()
    assert s.request.status == ApprovalStatus.PENDING


def approve_after_cancel(s: Scene) -> None:
    run_cancel(actor=operator(s.acme.organization), run_id=s.run.id)
    refused(post_decision(rest(user=s.acme.reviewer), s.request), 409)


def approve_a_request_withdrawn_by_rollback(s: Scene) -> None:
    run_rollback(actor=operator(s.acme.organization), run_id=s.run.id, step=0)
    refused(post_decision(rest(user=s.acme.reviewer), s.request), 409)
    run_cancel(actor=operator(s.acme.organization), run_id=s.run.id)


def race_a_decision_with_cancel(s: Scene) -> None:
    barrier = threading.Barrier(2)

    def approve() -> None:
        barrier.wait()
        with contextlib.suppress(Conflict):
            decide(s.acme, s.request, s.acme.reviewer)
        connection.close()

    def cancel() -> None:
        barrier.wait()
        run_cancel(actor=operator(s.acme.organization), run_id=s.run.id)
        connection.close()

    threads = [threading.Thread(target=approve), threading.Thread(target=cancel)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Run.objects.get(id=s.run.id).status == RunStatus.CANCELLED


QUORUM_TWO = {"conditions": {"tools": ["deploy"]}, "quorum": 2}
REVIEWERS_ONLY = {"conditions": {"tools": ["deploy"]}, "approver_roles": ["reviewer"]}
ESCALATES = {
    "conditions": {"tools": ["deploy"]},
    "approver_roles": ["reviewer"],
    "deadline_seconds": 60,
    "deadline_action": "escalate",
    "escalate_to_role": "admin",
}
ATTEMPTS: list[tuple[Any, dict[str, Any] | None]] = [
    (forged_if_match, None),
    (weak_etag_of_other_arguments, None),
    (approval_of_an_identical_call_in_another_run, None),
    (consume_a_pending_request_directly, None),
    (edit_that_adds_an_argument, None),
    (edit_that_breaks_the_schema, None),
    (another_organizations_key, None),
    (another_organizations_reviewer_session, None),
    (another_organizations_key_named_in_the_service, None),
    (the_platform_itself_through_the_service, None),
    (decide_after_expiry, None),
    (decide_after_the_deadline_before_the_sweep, None),
    (decide_twice, None),
    (self_approval_by_key, None),
    (requester_promoted_to_reviewer, None),
    (key_without_the_approvals_scope, None),
    (revoked_reviewer_key, None),
    (ownerless_key, None),
    (anonymous, None),
    (plain_member_session, None),
    (owner_outside_the_rules_approver_roles, REVIEWERS_ONLY),
    (old_role_after_escalation, ESCALATES),
    (one_person_twice_in_a_quorum, QUORUM_TWO),
    (requester_completing_a_quorum, QUORUM_TWO),
    (stale_digest_after_another_reviewers_edit, QUORUM_TWO),
    (approve_after_cancel, None),
    (approve_a_request_withdrawn_by_rollback, None),
    (race_a_decision_with_cancel, None),
]


def start_deploy(tenant: TenantFixture, ledger: Path, model: FakeOpenAI) -> ApprovalRequest:
    model.script = [deploy(ledger, "prod"), {"content": "deployed"}]
    run = run_start(
        organization=tenant.organization,
        workflow="effects",
        input={},
        created_by_user=tenant.member,
    )
    run_advance(run_id=str(run.id), owner="w")
    return ApprovalRequest.objects.get(run=run, status__in=["pending", "escalated"])


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("attempt", "policy"), ATTEMPTS, ids=[attempt.__name__ for attempt, _ in ATTEMPTS]
)
def test_no_attempt_gets_the_call_executed(
    acme: TenantFixture,
    globex: TenantFixture,
    runtime: Path,
    model: FakeOpenAI,
    attempt: Any,
    policy: dict[str, Any] | None,
) -> None:
    # Given: the member's run stopped at `deploy prod` (under the attempt's rule, if any)
    if policy is not None:
        approval_rule_create(
            actor=operator(acme.organization),
            data={"name": "deploys", "action": "require_approval", **policy},
        )
    request = start_deploy(acme, runtime, model)
    scene = Scene(acme, globex, Run.objects.get(id=request.run_id), request, runtime, model)

    # When: the attempt is made, and the run is advanced as far as it will go
    attempt(scene)
    run_advance(run_id=str(request.run_id), owner="w")

    # Then: deploy never ran, and nothing approved the prod call of a run that goes on (a
    # decision that wins its race with a cancel stands, on a run that is over)
    assert not (runtime / "deploys.log").exists()
    request.refresh_from_db()
    approved = request.status == ApprovalStatus.APPROVED
    cancelled = Run.objects.get(id=request.run_id).status == RunStatus.CANCELLED
    assert not approved or request.approved_digest != request.digest or cancelled
    assert not ToolCall.objects.filter(tool="deploy").exists()


def test_the_attempts_table_covers_every_kind_of_bypass_asked_for() -> None:
    names = {attempt.__name__ for attempt, _ in ATTEMPTS}
    assert len(ATTEMPTS) + 11 >= 30  # with the eleven tests above
    for kind in ("forged", "another_organization", "expiry", "twice", "self_approval", "race"):
        assert any(kind in name for name in names), kind
