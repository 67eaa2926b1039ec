"""Dashboard views through Django's test client: they call the same services as the REST API and
turn refusals into pages with the right status codes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from accounts.models import ApiKey, Membership, Role, User
from agents.engine.types import arguments_digest
from approvals.models import ApprovalRequest, ApprovalStatus
from approvals.services import approval_request_raise
from runs.events import event_append
from runs.gate import RunFacts
from runs.models import Run, RunStatus
from tests.factories import TenantFixture, operator

pytestmark = pytest.mark.django_db


def signed_in(client: Client, user: User) -> Client:
    client.force_login(user)
    return client


def pending_request(acme: TenantFixture, arguments: dict[str, Any]) -> ApprovalRequest:
    run = Run.objects.create(
        organization=acme.organization,
        workflow="coding",
        status=RunStatus.AWAITING_APPROVAL,
        created_by_user=acme.owner,
    )
    payload = {
        "step": 2,
        "call_index": 0,
        "tool": "read_file",
        "arguments": arguments,
        "digest": arguments_digest("read_file", arguments),
        "reason": "your organization requires approval for read_file",
    }
    facts = RunFacts(
        run_id=str(run.id), organization_id=acme.organization.id, requester_id=acme.owner.id
    )
    return approval_request_raise(run=facts, payload=payload)


def decide(client: Client, request: ApprovalRequest, **form: str) -> Any:
    return client.post(f"/review/{request.id}/decide", {"comment": "", **form})


def test_a_reviewer_approves_edited_arguments_and_the_approval_binds_them(
    client: Client, acme: TenantFixture
) -> None:
    request = pending_request(acme, {"path": "test_calc.py"})
    edited = {"path": "calc.py"}

    response = decide(
        signed_in(client, acme.reviewer), request, decision="approve", arguments=json.dumps(edited)
    )

    assert response.status_code == 302
    request.refresh_from_db()
    assert request.status == ApprovalStatus.APPROVED
    assert request.edited_arguments == edited
    assert request.approved_digest == arguments_digest("read_file", edited)
    assert request.decided_by == acme.reviewer
    assert request.votes.get().edited_arguments == edited


def test_unchanged_arguments_approve_the_request_as_raised(
    client: Client, acme: TenantFixture
) -> None:
    request = pending_request(acme, {"path": "calc.py"})

    decide(
        signed_in(client, acme.reviewer),
        request,
        decision="approve",
        arguments='{"path": "calc.py"}',
    )

    request.refresh_from_db()
    assert request.edited_arguments is None
    assert request.approved_digest == request.digest


def test_edited_arguments_outside_the_tools_schema_are_refused_and_the_request_stays_pending(
    client: Client, acme: TenantFixture
) -> None:
    request = pending_request(acme, {"path": "calc.py"})

    response = decide(
        signed_in(client, acme.reviewer), request, decision="approve", arguments='{"path": 7}'
    )
    broken = decide(client, request, decision="approve", arguments="{not json")

    assert response.status_code == 400
    assert b"arguments" in response.content
    assert broken.status_code == 400
    assert b"Not valid JSON" in broken.content
    request.refresh_from_db()
    assert request.status == ApprovalStatus.PENDING


@pytest.mark.parametrize(
    ("who", "message"),
    [
        ("member", b"Only owners, admins and reviewers may decide approvals"),
        ("owner", b"The requester of an approval may not decide it"),
    ],
)
def test_members_and_requesters_cannot_decide(
    client: Client, acme: TenantFixture, who: str, message: bytes
) -> None:
    request = pending_request(acme, {"path": "calc.py"})

    response = decide(signed_in(client, getattr(acme, who)), request, decision="approve")

    assert response.status_code == 403
    assert message in response.content
    request.refresh_from_db()
    assert request.status == ApprovalStatus.PENDING


def test_a_rejection_needs_a_comment_and_a_stale_screen_is_refused(
    client: Client, acme: TenantFixture
) -> None:
    request = pending_request(acme, {"path": "calc.py"})
    reviewer = signed_in(client, acme.reviewer)

    bare = decide(reviewer, request, decision="reject")
    stale = decide(reviewer, request, decision="approve", reviewed_digest="0" * 64)

    assert bare.status_code == 400
    assert b"a comment is required" in bare.content
    assert stale.status_code == 412
    assert b"The arguments changed since you reviewed them" in stale.content
    request.refresh_from_db()
    assert request.status == ApprovalStatus.PENDING


def test_the_queue_lists_open_requests_and_the_badge_counts_them(
    client: Client, acme: TenantFixture
) -> None:
    first = pending_request(acme, {"path": "a.py"})
    reviewer = signed_in(client, acme.reviewer)

    queue = reviewer.get("/review/")
    badge = reviewer.get("/review/badge")

    assert f"/review/{first.id}/".encode() in queue.content
    assert b'data-count="1"' in badge.content
    assert b"No approved requests." in reviewer.get("/review/?status=approved").content


def test_another_organizations_request_is_not_found(
    client: Client, acme: TenantFixture, globex: TenantFixture
) -> None:
    theirs = pending_request(globex, {"path": "calc.py"})

    assert signed_in(client, acme.reviewer).get(f"/review/{theirs.id}/").status_code == 404
    assert decide(client, theirs, decision="reject").status_code == 404


def test_the_start_form_shows_what_is_wrong_with_the_input(
    client: Client, acme: TenantFixture
) -> None:
    owner = signed_in(client, acme.owner)

    not_json = owner.post("/runs/new", {"workflow": "coding", "tier": "standard", "input": "{"})
    no_task = owner.post("/runs/new", {"workflow": "coding", "tier": "standard", "input": "{}"})

    assert not_json.status_code == 400
    assert b"Not valid JSON" in not_json.content
    assert no_task.status_code == 400
    assert b"the coding workflow needs a non-empty" in no_task.content
    assert not Run.objects.exists()


def test_a_run_started_in_the_browser_is_cancelled_and_resumed(
    client: Client, acme: TenantFixture
) -> None:
    owner = signed_in(client, acme.owner)
    started = owner.post(
        "/runs/new", {"workflow": "coding", "tier": "fast", "input": '{"task": "Fix it."}'}
    )
    run = Run.objects.get()
    assert started.status_code == 302
    assert started["Location"] == f"/runs/{run.id}/"
    assert (run.created_by_user, run.tier) == (acme.owner, "fast")

    owner.post(f"/runs/{run.id}/cancel")
    run.refresh_from_db()
    assert run.status == RunStatus.CANCELLED
    owner.post(f"/runs/{run.id}/resume")
    run.refresh_from_db()
    assert run.status == RunStatus.QUEUED


def test_the_timeline_fragment_holds_the_events_after_a_sequence_number(
    client: Client, acme: TenantFixture
) -> None:
    run = Run.objects.create(organization=acme.organization, workflow="coding")
    for kind in ("run.created", "plan", "action"):
        event_append(run_id=run.id, kind=kind, data={"tool": "read_file", "subtasks": ["a"]})
    owner = signed_in(client, acme.owner)

    fragment = owner.get(f"/runs/{run.id}/timeline?after=1")

    seqs = [int(part.split('"')[0]) for part in fragment.content.decode().split('data-seq="')[1:]]
    assert seqs == [2, 3]
    assert owner.get(f"/runs/{run.id}/timeline?after=x").status_code == 400


def test_a_key_is_shown_once_and_the_internal_billing_key_cannot_be_revoked(
    client: Client, acme: TenantFixture
) -> None:
    from runs.credentials import agent_billing_key

    owner = signed_in(client, acme.owner)
    created = owner.post("/people/keys", {"name": "ci", "scopes": ["runs"], "tiers": ["fast"]})
    internal = agent_billing_key(organization_id=acme.organization.id)

    assert created.status_code == 201
    assert b'id="new-secret" readonly value="lh_' in created.content
    assert b"new-secret" not in owner.get("/people/").content
    assert owner.post(f"/people/keys/{internal.id}/revoke").status_code == 404
    member = signed_in(Client(), acme.member)
    refused = member.post("/people/keys", {"name": "mine"})
    assert refused.status_code == 403
    assert b"Only owners and admins may create API keys" in refused.content


def test_revoking_a_key_asks_first_even_without_scripts(
    client: Client, acme: TenantFixture
) -> None:
    owner = signed_in(client, acme.owner)
    owner.post("/people/keys", {"name": "ci", "scopes": ["runs"], "tiers": ["fast"]})
    key = ApiKey.objects.get(organization=acme.organization, name="ci")

    # A browser that ran no script sends the form unconfirmed: the server asks
    asked = owner.post(f"/people/keys/{key.id}/revoke")
    assert asked.status_code == 200
    assert "Revoke the key “ci”" in asked.content.decode()
    assert b'name="confirmed" value="yes"' in asked.content
    key.refresh_from_db()
    assert key.revoked_at is None

    # Confirmed (the page's button, or the script's question answered), it is revoked
    assert owner.post(f"/people/keys/{key.id}/revoke", {"confirmed": "yes"}).status_code == 302
    key.refresh_from_db()
    assert key.revoked_at is not None


def test_an_invited_person_sets_a_password_through_the_link(
    client: Client, acme: TenantFixture
) -> None:
    owner = signed_in(client, acme.owner)

    invited = owner.post("/people/invite", {"username": "dana", "role": Role.REVIEWER})

    assert invited.status_code == 201
    link = invited.content.decode().split('id="invite-link" readonly value="')[1].split('"')[0]
    dana = User.objects.get(username="dana")
    assert not dana.has_usable_password()
    assert Membership.objects.get(user=dana).role == Role.REVIEWER
    visitor = Client()
    form_page = visitor.get(link, follow=True)
    assert b"Set your password" in form_page.content
    password = "a long new passphrase 42"
    visitor.post(
        form_page.redirect_chain[-1][0], {"new_password1": password, "new_password2": password}
    )
    dana.refresh_from_db()
    assert dana.check_password(password)


def test_roles_keep_an_owner_and_only_owners_make_owners(
    client: Client, acme: TenantFixture
) -> None:
    owner = signed_in(client, acme.owner)
    own = Membership.objects.get(user=acme.owner)
    reviewer = Membership.objects.get(user=acme.reviewer)

    owner.post(f"/people/members/{own.id}/role", {"role": Role.MEMBER})
    own.refresh_from_db()
    assert own.role == Role.OWNER  # the last owner stays
    owner.post(f"/people/members/{reviewer.id}/role", {"role": Role.ADMIN})
    reviewer.refresh_from_db()
    assert reviewer.role == Role.ADMIN
    admin = signed_in(Client(), acme.reviewer)
    admin.post(f"/people/members/{reviewer.id}/role", {"role": Role.OWNER})
    reviewer.refresh_from_db()
    assert reviewer.role == Role.ADMIN


def test_admin_pages_work_under_the_policy(admin_client: Client) -> None:
    response = admin_client.get("/admin/")

    assert response.status_code == 200
    assert "script-src 'self'" in response["Content-Security-Policy"]


def test_policy_audit_and_webhooks_pages_show_the_organizations_own(
    client: Client, acme: TenantFixture, globex: TenantFixture
) -> None:
    from approvals.rules import approval_rule_create

    data = {
        "name": "payments",
        "action": "require_approval",
        "conditions": {"tools": ["read_file"]},
    }
    approval_rule_create(actor=operator(acme.organization), data=data)
    approval_rule_create(actor=operator(globex.organization), data={**data, "name": "globex only"})
    owner = signed_in(client, acme.owner)

    policy = owner.get("/review/policy")
    audit = owner.get("/review/audit?verify=1")

    assert policy.status_code == 200
    assert b"payments" in policy.content
    assert b"globex only" not in policy.content
    assert b"Time to decision, p95" in policy.content
    assert audit.status_code == 200
    assert b"The chain of" in audit.content
    assert b"is intact" in audit.content
    assert owner.get("/review/webhooks").status_code == 200
    member = signed_in(Client(), acme.member)
    assert member.get("/review/policy").status_code == 200
    assert member.get("/review/audit").status_code == 403
    assert member.get("/review/webhooks").status_code == 403


def test_usage_and_the_run_page_show_the_ledgers_cost(client: Client, acme: TenantFixture) -> None:
    from decimal import Decimal

    from gateway.models import UsageRecord

    run = Run.objects.create(organization=acme.organization, workflow="coding")
    key = acme.organization.api_keys.get()
    for n, cost in enumerate((Decimal("0.25"), None)):
        UsageRecord.objects.create(
            request_id=f"r{n}", organization=acme.organization, api_key=key, endpoint="chat",
            requested_model="fast", tier="fast", total_tokens=1000, latency_ms=5.0, status=200,
            run_id=str(run.id), cost=cost,
        )  # fmt: skip
    owner = signed_in(client, acme.owner)

    usage = owner.get("/usage/").content.decode()
    summary = owner.get(f"/runs/{run.id}/summary").content.decode()

    assert "0.2500" in usage  # the day, the key and the workflow
    assert "+1 unpriced" in usage
    assert "acme key" in usage
    assert "coding" in usage
    assert "0.2500 USD" in summary
