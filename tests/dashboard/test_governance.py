"""The policy and webhook editors and the audit filters through Django's test client: the same
validation as REST with errors on the fields, dry runs, refusals for members and for another
organization's rule or endpoint, loopback webhooks refused, a signed test delivery."""

from __future__ import annotations

import html
import json
import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.actors import operator_actor
from accounts.models import User
from approvals.models import ApprovalPolicyVersion, ApprovalRule
from approvals.rules import approval_rule_create
from audit.services import audit_append
from runs.models import Run, RunStatus, ToolCall, ToolCallStatus
from tests.approvals.receiver import receiver
from tests.factories import TenantFixture, operator
from webhooks.models import WebhookEndpoint
from webhooks.signing import SIGNATURE_HEADER, verify

pytestmark = pytest.mark.django_db
RULE = {
    "name": "commands",
    "applies_to": "tool",
    "action": "require_approval",
    "enabled": "on",
    "tools": ["run_command"],
    "quorum": "1",
    "approver_roles": ["owner", "reviewer"],
    "deadline_action": "reject",
    "allow_edit": "on",
    "arg-TOTAL_FORMS": "2",
    "arg-INITIAL_FORMS": "0",
    "arg-MIN_NUM_FORMS": "0",
    "arg-MAX_NUM_FORMS": "20",
}


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def a_call(acme: TenantFixture, tool: str, arguments: dict[str, Any]) -> ToolCall:
    run = Run.objects.create(
        organization=acme.organization,
        workflow="coding",
        status=RunStatus.SUCCEEDED,
        created_by_user=acme.member,
    )
    return ToolCall.objects.create(
        run=run,
        step=1,
        idempotency_key=f"{run.id}:1:0",
        tool=tool,
        arguments=arguments,
        digest="0" * 64,
        status=ToolCallStatus.SUCCEEDED,
    )


# --- policy -------------------------------------------------------------------------------------
def test_an_admin_adds_a_rule_with_an_argument_condition_and_a_new_version_is_in_force(
    acme: TenantFixture,
) -> None:
    owner = signed_in(acme.owner)
    form = {**RULE, "arg-0-path": "$.command", "arg-0-op": "contains", "arg-0-value": "rm -rf"}

    response = owner.post("/review/policy/rules/new", form)

    assert response.status_code == 302, response.content.decode()[:2000]
    rule = ApprovalRule.objects.get(organization=acme.organization)
    assert rule.conditions == {
        "tools": ["run_command"],
        "arguments": [{"path": "$.command", "op": "contains", "value": "rm -rf"}],
    }
    assert rule.approver_roles == ["owner", "reviewer"]
    assert ApprovalPolicyVersion.objects.filter(organization=acme.organization).count() == 1
    assert response["Location"].endswith(f"#rule-{rule.id}")
    page = owner.get("/review/policy").content.decode()
    assert f'id="rule-{rule.id}"' in page
    assert f"/review/policy/rules/{rule.id}/" in page


def test_the_rule_form_shows_the_services_errors_on_their_fields(acme: TenantFixture) -> None:
    owner = signed_in(acme.owner)
    form = {
        **RULE,
        "deadline_action": "escalate",
        "remind_before_seconds": "60",
        "arg-0-path": "amount",
        "arg-0-op": "gt",
        "arg-0-value": "lots",
    }

    response = owner.post("/review/policy/rules/new", form)

    page = response.content.decode()
    assert response.status_code == 400
    assert "Escalation needs a role to escalate to" in page
    assert "This deadline action or reminder needs a deadline." in page
    assert 'id="id_escalate_to_role-error"' in page
    assert 'id="id_deadline_seconds-error"' in page
    assert not ApprovalRule.objects.exists()


def test_an_argument_condition_error_reads_as_in_rest(acme: TenantFixture) -> None:
    owner = signed_in(acme.owner)
    rest = APIClient()
    rest.force_login(acme.owner)
    condition = {"path": "$.a", "op": "gt", "value": "x"}
    body = {"name": "x", "action": "deny", "conditions": {"arguments": [condition]}}

    page = owner.post(
        "/review/policy/rules/new",
        {**RULE, "arg-0-path": "$.a", "arg-0-op": "gt", "arg-0-value": "x"},
    )
    api = rest.post("/api/approval-rules", body, format="json")

    assert page.status_code == 400
    assert api.status_code == 400
    message = api.json()["errors"]["conditions"][0]
    assert "give a number, not 'x'" in message
    assert message.split(": ", 1)[1] in html.unescape(page.content.decode())


def test_editing_changes_only_what_differs_and_members_and_other_orgs_are_refused(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    data = {"name": "commands", "action": "deny", "conditions": {"tools": ["run_command"]}}
    rule = approval_rule_create(actor=operator(acme.organization), data=data)
    theirs = approval_rule_create(actor=operator(globex.organization), data=data)
    owner = signed_in(acme.owner)
    edit = owner.get(f"/review/policy/rules/{rule.id}/")
    assert edit.status_code == 200
    assert re.search(r'value="run_command" id="id_tools_\d+" checked', edit.content.decode())

    saved = owner.post(
        f"/review/policy/rules/{rule.id}/",
        {**RULE, "action": "deny", "reason": "No shell here.", "position": str(rule.position)},
    )

    assert saved.status_code == 302
    latest = ApprovalPolicyVersion.objects.filter(organization=acme.organization).latest("version")
    assert latest.change.endswith("changed: approver_roles, reason")
    member = signed_in(acme.member)
    assert member.get(f"/review/policy/rules/{rule.id}/").status_code == 403
    assert member.post(f"/review/policy/rules/{rule.id}/", RULE).status_code == 403
    assert member.post(f"/review/policy/rules/{rule.id}/delete").status_code == 403
    assert member.post("/review/policy/rules/new", RULE).status_code == 403
    assert owner.get(f"/review/policy/rules/{theirs.id}/").status_code == 404
    assert owner.post(f"/review/policy/rules/{theirs.id}/", RULE).status_code == 404
    assert owner.post(f"/review/policy/rules/{theirs.id}/delete").status_code == 404
    assert ApprovalRule.objects.get(id=theirs.id).name == "commands"
    assert owner.post(f"/review/policy/rules/{rule.id}/delete").status_code == 302
    assert not ApprovalRule.objects.filter(id=rule.id).exists()


def test_a_dry_run_of_a_draft_rule_shows_which_recent_calls_it_would_gate_without_saving(
    acme: TenantFixture,
) -> None:
    a_call(acme, "run_command", {"command": "rm -rf build"})
    a_call(acme, "run_command", {"command": "ls"})
    owner = signed_in(acme.owner)
    form = {
        **RULE,
        "dry_run": "1",
        "arg-0-path": "$.command",
        "arg-0-op": "contains",
        "arg-0-value": "rm",
    }

    response = owner.post("/review/policy/rules/new", form)

    page = response.content.decode()
    assert response.status_code == 200
    assert page.count('class="changed"') == 1
    assert "approval</span> by <em>commands</em>" in page
    assert not ApprovalRule.objects.exists()


def test_a_member_dry_runs_a_described_call_against_the_policy(acme: TenantFixture) -> None:
    data = {
        "name": "big payments",
        "action": "deny",
        "conditions": {"arguments": [{"path": "$.amount", "op": "gt", "value": 100}]},
    }
    approval_rule_create(actor=operator(acme.organization), data=data)
    member = signed_in(acme.member)
    call = {"name": "read_file", "arguments": '{"amount": "2,000"}', "tier": "standard"}

    denied = member.post("/review/policy/dry-run", call)
    allowed = member.post("/review/policy/dry-run", {**call, "arguments": '{"amount": 5}'})
    broken = member.post("/review/policy/dry-run", {**call, "arguments": "[1]"})

    assert denied.status_code == 200
    assert "by rule <strong>big payments</strong>" in denied.content.decode()
    assert "no rule matches: allowed" in allowed.content.decode()
    assert broken.status_code == 400
    assert "Give a JSON object" in broken.content.decode()


# --- webhooks -----------------------------------------------------------------------------------
def test_a_webhook_to_loopback_is_refused_on_the_url_field(acme: TenantFixture) -> None:
    owner = signed_in(acme.owner)

    for url in ("http://127.0.0.1:8080/hook", "http://10.0.0.7/hook", "http://169.254.169.254/"):
        response = owner.post("/review/webhooks/new", {"url": url, "event_types": ["*"]})
        assert response.status_code == 400, url
        assert 'id="id_url-error"' in response.content.decode()
    assert not WebhookEndpoint.objects.exists()


def test_an_admin_adds_a_webhook_sees_its_secret_once_and_a_test_delivery_is_signed(
    acme: TenantFixture, settings: Any
) -> None:
    settings.LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS = ["127.0.0.1"]
    owner = signed_in(acme.owner)
    with receiver(statuses=[418]) as hooks:
        created = owner.post(
            "/review/webhooks/new",
            {"url": hooks.url, "event_types": ["approval.requested"], "description": "ERP"},
        )
        assert created.status_code == 201
        secret = created.content.decode().split('id="secret-value" value="')[1].split('"')[0]
        endpoint = WebhookEndpoint.objects.get(organization=acme.organization)
        assert secret not in owner.get("/review/webhooks").content.decode()

        teapot = owner.post(f"/review/webhooks/{endpoint.id}/test")
        works = owner.post(f"/review/webhooks/{endpoint.id}/test")

    assert "HTTP 418" in teapot.content.decode()
    assert "HTTP 200" in works.content.decode()
    assert "it works" in works.content.decode()
    delivery = hooks.received[1]
    assert verify(secret, delivery.body, delivery.headers[SIGNATURE_HEADER])
    assert json.loads(delivery.body)["type"] == "webhook.test"


def test_members_and_other_organizations_cannot_touch_an_endpoint(
    acme: TenantFixture, globex: TenantFixture, settings: Any
) -> None:
    settings.LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS = ["127.0.0.1"]
    rest = APIClient()
    rest.force_login(globex.owner)
    theirs = rest.post(
        "/api/webhooks", {"url": "http://127.0.0.1:9/x", "event_types": ["*"]}, format="json"
    ).json()["id"]
    owner, member = signed_in(acme.owner), signed_in(acme.member)
    form = {"url": "http://127.0.0.1:9/mine", "event_types": ["*"], "enabled": "on"}

    assert member.post("/review/webhooks/new", form).status_code == 403
    for action in ("", "test", "rotate", "delete"):
        assert owner.post(f"/review/webhooks/{theirs}/{action}", form).status_code == 404
        assert member.post(f"/review/webhooks/{theirs}/{action}", form).status_code == 403
    assert rest.post(f"/api/webhooks/{theirs}/test").status_code == 200
    assert WebhookEndpoint.objects.get(id=theirs).url == "http://127.0.0.1:9/x"


# --- audit --------------------------------------------------------------------------------------
def test_the_audit_log_filters_and_links_each_entry_to_what_it_is_about(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    data = {"name": "commands", "action": "deny", "conditions": {"tools": ["run_command"]}}
    for tenant in (globex, acme):  # someone named alice acts in each organization
        alice = operator_actor(organization_id=tenant.organization.id, name="alice")
        rule = approval_rule_create(actor=alice, data=data)
    owner = signed_in(acme.owner)

    by_alice = owner.get("/review/audit", {"actor": "alic", "target_type": "approval_rule"})
    keys = owner.get("/review/audit", {"action": "api_key."})
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()
    future = owner.get("/review/audit", {"since": tomorrow})
    text = owner.get("/review/audit", {"q": "run_command"})

    page = by_alice.content.decode()
    assert page.count("<tr><td>") == 1
    assert f'href="/review/policy#rule-{rule.id}"' in page
    assert keys.content.decode().count("<tr><td>") == 1  # the tenant's key
    assert 'href="/people/"' in keys.content.decode()
    assert "No entry matches these filters." in future.content.decode()
    assert text.content.decode().count("<tr><td>") == 1
    audit_append(
        organization_id=acme.organization.id,
        action="directory.user_created",
        actor="okta",
        target="scim_user:8f2c",
    )
    directory = owner.get("/review/audit", {"target_type": "scim_user"}).content.decode()
    assert '<a href="/people/">scim_user:8f2c</a>' in directory
    rest = APIClient()
    rest.force_login(acme.owner)
    listed = rest.get("/api/audit", {"actor": "alice", "q": "run_command"}).json()["results"]
    assert [entry["target"] for entry in listed] == [f"approval_rule:{rule.id}"]
