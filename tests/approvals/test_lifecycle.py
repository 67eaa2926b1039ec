"""The request lifecycle against real runs: quorum, votes, edits with a new digest, If-Match,
deadlines (a fake clock passed to the sweep beat runs), escalation, reminders, closed runs."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from accounts.models import Role
from agents.engine.types import arguments_digest
from approvals.deadlines import approvals_sweep
from approvals.models import ApprovalStatus
from core.errors import Conflict, Forbidden, PreconditionFailed, PreconditionRequired
from runs.models import RunEvent, RunStatus
from runs.services import run_cancel
from tests.approvals.support import (
    advance,
    paid,
    paused,
    pay_arguments,
    pay_call,
    person,
    rule,
    start,
    vote,
)
from tests.factories import TenantFixture, operator
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db(transaction=True)
DONE = {"content": "paid"}


def later(seconds: float) -> datetime:
    return timezone.now() + timedelta(seconds=seconds)


def test_a_policy_on_an_amount_asks_above_the_threshold_and_not_below(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    # Given: payments above 100 need approval
    threshold = {"path": "$.amount", "op": "gt", "value": 100}
    rule(acme, name="large payments", conditions={"tools": ["pay"], "arguments": [threshold]})

    # When: the agent pays 40, then 250
    run = start(acme, model, [pay_call(payments, 40), pay_call(payments, 250), DONE])
    request = paused(run)

    # Then: 40 ran at once; 250 waits, recorded with the rule and policy version that asked
    assert paid(payments) == ["40 acme-supplies"]
    assert request.arguments["amount"] == 250
    assert (request.rule_name, request.policy_version) == ("large payments", 1)
    vote(acme, request, acme.reviewer)
    assert advance(run).status == RunStatus.SUCCEEDED
    assert paid(payments) == ["40 acme-supplies", "250 acme-supplies"]


def test_a_deny_rule_tells_the_agent_why_and_runs_nothing(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    outside = {"path": "$.payee", "op": "not_in", "value": ["acme-supplies"]}
    rule(
        acme,
        name="known payees",
        action="deny",
        reason="payees must be on the supplier list",
        conditions={"tools": ["pay"], "arguments": [outside]},
    )
    run = start(acme, model, [pay_call(payments, 10, payee="mallory"), DONE])

    assert advance(run).status == RunStatus.SUCCEEDED
    assert paid(payments) == []
    told = model.requests[-1]["body"]["messages"][-1]["content"]
    assert "payees must be on the supplier list" in told
    assert RunEvent.objects.filter(run=run, kind="tool.denied").count() == 1


def test_a_two_of_three_quorum_needs_two_distinct_reviewers(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    # Given: three reviewers; the third starts the run, so it is theirs to request
    second, third = person(acme, "r2", Role.REVIEWER), person(acme, "r3", Role.REVIEWER)
    rule(acme, conditions={"tools": ["pay"]}, quorum=2, approver_roles=[Role.REVIEWER])
    run = start(acme, model, [pay_call(payments, 500), DONE], by=third)
    request = paused(run)

    # When: one reviewer approves, then tries again; the requester and an owner try too
    vote(acme, request, acme.reviewer)
    with pytest.raises(Conflict, match="already voted"):
        vote(acme, request, acme.reviewer)
    with pytest.raises(Forbidden, match="requester"):
        vote(acme, request, third)
    with pytest.raises(Forbidden, match="reviewer"):
        vote(acme, request, acme.owner)  # owners are not among this rule's approvers

    # Then: still one approval; nothing ran, the run still waits
    assert request.status == ApprovalStatus.PENDING
    assert advance(run).status == RunStatus.AWAITING_APPROVAL
    assert paid(payments) == []

    # When: a second, distinct reviewer approves: the quorum is met and the payment runs once
    vote(acme, request, second)
    assert request.status == ApprovalStatus.APPROVED
    assert sorted(v.voter_name for v in request.votes.all()) == ["acme-r2", "acme-reviewer"]
    assert advance(run).status == RunStatus.SUCCEEDED
    assert paid(payments) == ["500 acme-supplies"]


def test_an_edit_makes_a_new_digest_and_only_the_edited_arguments_run(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    rule(acme, conditions={"tools": ["pay"]})
    run = start(acme, model, [pay_call(payments, 900), DONE])
    request = paused(run)

    vote(acme, request, acme.reviewer, patch={"amount": 150}, comment="cap it")

    edited = pay_arguments(payments, 150)
    assert request.status == ApprovalStatus.APPROVED
    assert request.approved_digest == arguments_digest("pay", edited) != request.digest
    assert request.edit_diff == [{"path": "$.amount", "before": 900, "after": 150}]
    assert advance(run).status == RunStatus.SUCCEEDED
    assert paid(payments) == ["150 acme-supplies"]


def test_an_edit_is_checked_against_the_tools_schema_and_the_rule(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    rule(acme, conditions={"tools": ["pay"]}, allow_edit=False)
    request = paused(start(acme, model, [pay_call(payments, 900), DONE]))
    with pytest.raises(ValidationError, match="does not let reviewers edit"):
        vote(acme, request, acme.reviewer, patch={"amount": 1})

    other = paused(start(acme, model, [pay_call(payments, 800), DONE]))
    other.allow_edit = True
    other.save(update_fields=["allow_edit"])
    with pytest.raises(ValidationError, match="amount"):
        vote(acme, other, acme.reviewer, patch={"amount": -5})
    with pytest.raises(ValidationError, match="comment"):
        vote(acme, other, acme.reviewer, approve=False)
    assert paid(payments) == []


def test_after_an_edit_a_decision_must_name_the_digest_it_reviewed(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    second = person(acme, "r2", Role.REVIEWER)
    rule(acme, conditions={"tools": ["pay"]}, quorum=2)
    request = paused(start(acme, model, [pay_call(payments, 900), DONE]))
    original = request.digest

    vote(acme, request, acme.reviewer, patch={"amount": 300})
    edited = request.proposed_digest

    with pytest.raises(PreconditionRequired):
        vote(acme, request, second)
    with pytest.raises(PreconditionFailed, match=edited):
        vote(acme, request, second, if_match=f'"{original}"')
    vote(acme, request, second, if_match=f'"{edited}"')
    assert request.status == ApprovalStatus.APPROVED
    assert request.approved_digest == edited


@pytest.mark.parametrize(
    ("action", "status", "expected"),
    [("reject", ApprovalStatus.EXPIRED, []), ("approve", ApprovalStatus.APPROVED, ["75 x"])],
)
def test_a_deadline_acts_when_nobody_decides(
    acme: TenantFixture,
    payments: Path,
    model: FakeOpenAI,
    action: str,
    status: str,
    expected: list[str],
) -> None:
    rule(acme, conditions={"tools": ["pay"]}, deadline_seconds=60, deadline_action=action)
    run = start(acme, model, [pay_call(payments, 75, payee="x"), DONE])
    request = paused(run)

    assert approvals_sweep(now=later(30)) == {
        "expired": 0,
        "approved": 0,
        "escalated": 0,
        "reminded": 0,
    }
    approvals_sweep(now=later(61))

    request.refresh_from_db()
    assert (request.status, request.resolution) == (status, "deadline")
    assert advance(run).status == RunStatus.SUCCEEDED
    assert paid(payments) == expected
    with pytest.raises(Conflict):
        vote(acme, request, acme.reviewer)


def test_a_deadline_escalates_to_another_role_which_then_decides(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    admin = person(acme, "admin", Role.ADMIN)
    rule(
        acme,
        conditions={"tools": ["pay"]},
        approver_roles=[Role.REVIEWER],
        deadline_seconds=60,
        deadline_action="escalate",
        escalate_to_role=Role.ADMIN,
        escalation_deadline_seconds=600,
    )
    run = start(acme, model, [pay_call(payments, 75), DONE])
    request = paused(run)

    approvals_sweep(now=later(61))

    request.refresh_from_db()
    assert request.status == ApprovalStatus.ESCALATED
    assert request.approver_roles == [Role.ADMIN]
    with pytest.raises(Forbidden, match="escalated to admin"):
        vote(acme, request, acme.reviewer)
    vote(acme, request, admin)
    assert request.status == ApprovalStatus.APPROVED
    assert advance(run).status == RunStatus.SUCCEEDED
    assert paid(payments) == ["75 acme-supplies"]


def test_an_escalated_request_expires_at_its_new_deadline(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    rule(
        acme,
        conditions={"tools": ["pay"]},
        deadline_seconds=60,
        deadline_action="escalate",
        escalate_to_role=Role.OWNER,
        escalation_deadline_seconds=60,
        remind_before_seconds=20,
    )
    run = start(acme, model, [pay_call(payments, 75), DONE])
    request = paused(run)

    counts = [approvals_sweep(now=later(s)) for s in (45, 50, 61, 200)]

    assert [c["reminded"] for c in counts] == [1, 0, 0, 0]  # once, before the first deadline
    assert [c["escalated"] for c in counts] == [0, 0, 1, 0]
    assert [c["expired"] for c in counts] == [0, 0, 0, 1]
    request.refresh_from_db()
    assert request.status == ApprovalStatus.EXPIRED
    kinds = list(RunEvent.objects.filter(run=run).values_list("kind", flat=True))
    assert {"approval.reminder", "approval.escalated", "approval.decided"} <= set(kinds)
    assert advance(run).status == RunStatus.SUCCEEDED
    assert paid(payments) == []


def test_requests_of_a_cancelled_run_are_cancelled_and_cannot_be_decided(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    rule(acme, conditions={"tools": ["pay"]})
    run = start(acme, model, [pay_call(payments, 75), DONE])
    request = paused(run)

    run_cancel(actor=operator(acme.organization), run_id=run.id)

    request.refresh_from_db()
    assert (request.status, request.resolution) == (ApprovalStatus.CANCELLED, "run")
    with pytest.raises(Conflict, match="cancelled with its run"):
        vote(acme, request, acme.reviewer)
    assert paid(payments) == []
