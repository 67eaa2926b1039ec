"""Rules in the admin are versioned like API changes; old tool and capability policies become
rules; the demo bootstrap makes a reviewer who can approve runs of the demo key."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from accounts.actors import Actor, actor_for
from accounts.bootstrap import demo_bootstrap
from accounts.models import Membership, Organization, Role, User
from approvals.models import ApprovalPolicyVersion, ApprovalRule
from approvals.services import approval_decide
from core.roles import migrating
from runs.models import Run, RunStatus
from runs.services import run_advance, run_start
from tests.factories import TenantFixture
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db(transaction=True)
BEFORE = [("approvals", "0003_rules_versions_votes")]
AFTER = [("approvals", "0004_policy_rules_from_tool_policies")]


def test_a_rule_saved_in_the_admin_is_checked_and_versioned(acme: TenantFixture) -> None:
    admin = Client()
    admin.force_login(User.objects.create_superuser("root", "root@example.com", "pw-long-9876"))
    form = {
        "organization": acme.organization.id,
        "position": 10,
        "name": "payments",
        "enabled": "on",
        "applies_to": "tool",
        "conditions": '{"tools": ["no_such_tool"]}',
        "action": "require_approval",
        "reason": "",
        "quorum": 1,
        "approver_roles": '["reviewer"]',
        "deadline_action": "reject",
        "escalate_to_role": "",
        "allow_edit": "on",
    }

    refused = admin.post("/admin/approvals/approvalrule/add/", form)
    accepted = admin.post(
        "/admin/approvals/approvalrule/add/", {**form, "conditions": '{"tools": ["run_command"]}'}
    )

    assert refused.status_code == 200
    assert "no_such_tool" in refused.content.decode()
    assert accepted.status_code == 302, accepted.context["adminform"].form.errors
    version = ApprovalPolicyVersion.objects.get(organization=acme.organization)
    assert version.rules[0]["conditions"] == {"tools": ["run_command"]}
    assert version.changed_by == "root (admin)"


def test_tool_and_capability_policies_become_ordered_rules_with_a_first_version(
    acme: TenantFixture,
) -> None:
    # Migrations run as the owner role, which then grants the platform's role the new tables
    with migrating(connection):
        executor = MigrationExecutor(connection)
        try:
            executor.migrate(BEFORE)
            old = executor.loader.project_state(BEFORE).apps.get_model(
                "approvals", "ApprovalPolicy"
            )
            old.objects.create(organization_id=acme.organization.id, tool="run_command", reason="r")
            old.objects.create(organization_id=acme.organization.id, capability="network")
            executor = MigrationExecutor(connection)
            executor.migrate(AFTER)
        finally:
            executor = MigrationExecutor(connection)
            executor.migrate(executor.loader.graph.leaf_nodes())

    rules = list(ApprovalRule.objects.filter(organization=acme.organization))
    assert [(r.position, r.conditions, r.action) for r in rules] == [
        (10, {"tools": ["run_command"]}, "require_approval"),
        (20, {"capabilities": ["network"]}, "require_approval"),
    ]
    version = ApprovalPolicyVersion.objects.get(organization=acme.organization)
    assert (version.version, [r["id"] for r in version.rules]) == (1, [r.id for r in rules])


def test_the_demo_reviewer_approves_a_run_started_with_the_demo_key(
    db: None, runtime: Path, model: FakeOpenAI
) -> None:
    credentials = demo_bootstrap()
    assert credentials is not None
    reviewer = User.objects.get(username=credentials.reviewer_username)
    assert reviewer.check_password(credentials.reviewer_password)
    assert Membership.objects.get(user=reviewer).role == Role.REVIEWER
    demo = Organization.objects.get(slug="demo")
    admin = User.objects.get(username=credentials.username)
    model.script = [
        {"tool_calls": [{"name": "deploy", "arguments": {"ledger": str(runtime), "target": "x"}}]},
        {"content": "done"},
    ]
    from accounts.models import ApiKey

    key = ApiKey.objects.get(organization=demo)
    run = run_start(organization=demo, workflow="effects", input={}, created_by_api_key_id=key.id)
    run_advance(run_id=str(run.id), owner="w")
    request = Run.objects.get(id=run.id).approvals.get()

    with pytest.raises(Exception, match="requester"):
        approval_decide(actor=_person(demo, admin), approval_id=request.id, approve=True)
    approval_decide(actor=_person(demo, reviewer), approval_id=request.id, approve=True)
    run_advance(run_id=str(run.id), owner="w")
    assert Run.objects.get(id=run.id).status == RunStatus.SUCCEEDED
    assert (runtime / "deploys.log").read_text().split()[-1] == "x"


def _person(organization: Organization, user: User) -> Actor:
    return actor_for(organization_id=organization.id, user=user, api_key_id=None)
