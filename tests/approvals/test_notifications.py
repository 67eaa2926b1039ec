"""Reviewers are told when a request waits for them: one email each (Django's mail backend,
locmem here) to the people the rule names, after the transaction commits, once per request,
without the call's arguments; the signed webhook names the same people and the page."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.db import transaction

from accounts.services import membership_create
from agents.engine.types import arguments_digest
from approvals.deadlines import approvals_sweep
from approvals.reviewers import approval_reviewers_notify
from approvals.rules import approval_rule_create
from approvals.selectors import policy_current
from approvals.services import approval_request_raise
from config.celery import app
from runs.gate import RunFacts
from runs.models import Run, RunStatus
from tests.factories import TenantFixture, make_user, operator
from webhooks.models import WebhookEvent

pytestmark = pytest.mark.django_db
SECRET = "sk-live-0123456789abcdef"


@pytest.fixture
def eager() -> Iterator[None]:
    """Celery runs the notification task in this process, when it is sent."""
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


def with_emails(acme: TenantFixture) -> None:
    for person in (acme.owner, acme.reviewer, acme.member):
        person.email = f"{person.username}@acme.example"
        person.save(update_fields=["email"])


def raise_request(acme: TenantFixture, requester: Any, rule: Any = None) -> Any:
    """A run the requester started stops at a gated read_file call (as the gate raises it)."""
    run = Run.objects.create(
        organization=acme.organization,
        workflow="coding",
        status=RunStatus.AWAITING_APPROVAL,
        created_by_user=requester,
    )
    arguments = {"path": "notes.txt", "token": SECRET}
    payload = {
        "step": 1,
        "tool": "read_file",
        "arguments": arguments,
        "digest": arguments_digest("read_file", arguments),
        "reason": "approval is required",
        "policy_version": policy_current(organization_id=acme.organization.id)[0],
        "rule_id": rule.id if rule is not None else None,
    }
    facts = RunFacts(
        run_id=str(run.id), organization_id=acme.organization.id, requester_id=requester.id
    )
    return approval_request_raise(run=facts, payload=payload)


def test_the_reviewers_a_rule_names_get_one_email_after_commit_without_arguments(
    acme: TenantFixture, eager: None, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    # Given: a rule that only reviewers decide, people with addresses, an admin without one
    settings.LONGHAUL_PUBLIC_URL = "https://longhaul.acme.example"
    with_emails(acme)
    admin = make_user("acme-admin")
    membership_create(organization=acme.organization, user=admin, role="admin")
    rule = approval_rule_create(
        actor=operator(acme.organization),
        data={
            "name": "reads",
            "action": "require_approval",
            "conditions": {"tools": ["read_file"]},
            "approver_roles": ["reviewer", "owner"],
            "deadline_seconds": 3600,
        },
    )

    # When: a run the member started stops at a gated call
    with django_capture_on_commit_callbacks(execute=False) as pending:
        with transaction.atomic():
            request = raise_request(acme, acme.member, rule)
        assert mail.outbox == []  # nothing before the commit
    for callback in pending:
        callback()

    # Then: the owner and the reviewer are told, once each; never the member who asked
    assert sorted(message.to[0] for message in mail.outbox) == [
        "acme-owner@acme.example",
        "acme-reviewer@acme.example",
    ]
    message = mail.outbox[0]
    assert "read_file" in message.subject
    assert f"https://longhaul.acme.example/review/{request.id}/" in message.body
    assert SECRET not in f"{message.subject} {message.body}"
    assert "notes.txt" not in message.body
    # and a second run of the task (a retry, a duplicate) sends nothing more
    assert approval_reviewers_notify(approval_id=request.id) == 0
    assert len(mail.outbox) == 2


def test_without_a_rule_the_organizations_reviewers_are_told_and_the_webhook_names_them(
    acme: TenantFixture, settings: Any
) -> None:
    from tests.approvals.test_webhooks import owner_client, subscribe

    settings.LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS = ["127.0.0.1"]
    with_emails(acme)
    subscribe(owner_client(acme), "http://127.0.0.1:9/hooks", ["approval.requested"])

    request = raise_request(acme, acme.owner)
    told = approval_reviewers_notify(approval_id=request.id)

    assert told == 1
    assert [message.to[0] for message in mail.outbox] == ["acme-reviewer@acme.example"]
    event = WebhookEvent.objects.get(type="approval.requested")
    assert event.data["notify"] == ["acme-reviewer"]
    assert event.data["review_url"].endswith(f"/review/{request.id}/")


def test_a_rolled_back_request_tells_nobody(acme: TenantFixture, eager: None) -> None:
    with_emails(acme)

    with pytest.raises(RuntimeError), transaction.atomic():
        raise_request(acme, acme.member)
        raise RuntimeError("the step failed after raising the request")

    assert mail.outbox == []


def test_an_escalated_request_tells_the_role_it_went_to_once(
    acme: TenantFixture, eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    # Given: a request reviewers left past its deadline, and an admin to escalate to
    with_emails(acme)
    admin = make_user("acme-admin")
    admin.email = "acme-admin@acme.example"
    admin.save(update_fields=["email"])
    membership_create(organization=acme.organization, user=admin, role="admin")
    rule = approval_rule_create(
        actor=operator(acme.organization),
        data={
            "name": "reads",
            "action": "require_approval",
            "conditions": {"tools": ["read_file"]},
            "approver_roles": ["reviewer"],
            "deadline_seconds": 60,
            "deadline_action": "escalate",
            "escalate_to_role": "admin",
        },
    )
    with django_capture_on_commit_callbacks(execute=True):
        request = raise_request(acme, acme.member, rule)
    assert [message.to[0] for message in mail.outbox] == ["acme-reviewer@acme.example"]

    # When: the sweep finds it overdue
    with django_capture_on_commit_callbacks(execute=True):
        approvals_sweep(now=request.deadline_at + timedelta(seconds=1))

    # Then: the admin is told it is theirs now, once
    escalation = mail.outbox[-1]
    assert escalation.to == ["acme-admin@acme.example"]
    assert escalation.subject.startswith("Escalated to you")
    assert approval_reviewers_notify(approval_id=request.id) == 0
    assert len(mail.outbox) == 2
