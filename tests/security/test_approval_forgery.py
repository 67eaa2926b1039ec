"""Reviewer against their own request: approvals cannot be forged through API keys, roles that
changed, other organizations, or a tool that executes code under another name.

Each attack is tried the way a tenant would: over REST, against a run the scripted model stopped
at a gated call; each test also shows the gate is live (the rightful decision runs the tool).
"""

from __future__ import annotations

import io
import json
import shutil
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from accounts.actors import actor_for, operator_actor
from accounts.models import Membership, Role, User
from accounts.services import api_key_create, membership_create
from agents.tools.builtin import BUILTIN_TOOLS
from approvals.models import ApprovalRequest, ApprovalRule, ApprovalStatus
from approvals.rules import approval_rule_create
from approvals.services import approval_decide
from runs import toolbox
from runs.models import Run, RunStatus, ToolCall
from runs.services import run_advance, run_start
from tests.factories import TenantFixture, make_user, operator
from tests.runs.fixtures import lines, model, runtime
from tests.security.test_tenancy_paths import rest
from tests.support.fake_openai import FakeOpenAI

__all__ = ["model", "runtime"]
pytestmark = pytest.mark.django_db(transaction=True)
PROBLEM = "application/problem+json"


def owned_key(tenant: TenantFixture, owner: User | None, **options: Any) -> str:
    return api_key_create(
        actor=operator(tenant.organization), name="key", created_by=owner, **options
    ).plaintext


def person(tenant: TenantFixture, name: str, role: str) -> User:
    user = make_user(f"{tenant.organization.slug}-{name}")
    membership_create(organization=tenant.organization, user=user, role=role)
    return user


def approval_policy_set(
    *, organization_id: int, tool: str = "", capability: str = "", reason: str = ""
) -> None:
    """A rule that requires one reviewer's approval for a tool or a capability."""
    conditions: dict[str, list[str]] = {}
    if tool:
        conditions["tools"] = [tool]
    if capability:
        conditions["capabilities"] = [capability]
    approval_rule_create(
        actor=operator_actor(organization_id=organization_id),
        data={
            "name": f"approval for {tool or capability}",
            "action": "require_approval",
            "conditions": conditions,
            "reason": reason,
        },
    )


def deploy_script(ledger: Path) -> list[dict[str, Any]]:
    call = {"name": "deploy", "arguments": {"ledger": str(ledger), "target": "prod"}}
    return [{"tool_calls": [call]}, {"content": "deployed"}]


def paused(run_id: str) -> ApprovalRequest:
    """Advances the run to its gated deploy call; returns the pending request."""
    run_advance(run_id=run_id, owner="w")
    assert Run.objects.get(id=run_id).status == RunStatus.AWAITING_APPROVAL
    return ApprovalRequest.objects.get(run_id=run_id)


def started_by(tenant: TenantFixture, ledger: Path, model: FakeOpenAI, user: User) -> str:
    model.script = deploy_script(ledger)
    return str(
        run_start(
            organization=tenant.organization, workflow="effects", input={}, created_by_user=user
        ).id
    )


def decide(client: APIClient, request: ApprovalRequest, decision: str = "approve") -> Any:
    return client.post(f"/api/approvals/{request.id}/decide", {"decision": decision}, format="json")


def assert_refused(response: Any, status: int, *words: str) -> None:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == PROBLEM
    for word in words:
        assert word in response.json()["detail"], response.json()


def assert_nothing_ran(request: ApprovalRequest, ledger: Path) -> None:
    run_advance(run_id=str(request.run_id), owner="w")
    request.refresh_from_db()
    assert request.status == ApprovalStatus.PENDING
    assert not (ledger / "deploys.log").exists()


def approve_and_run(request: ApprovalRequest, ledger: Path, reviewer: User) -> None:
    """The rightful decision goes through and the tool runs once: the gate was live."""
    response = decide(rest(user=reviewer), request)
    assert response.status_code == 200, response.content
    run_advance(run_id=str(request.run_id), owner="w")
    assert lines(ledger / "deploys.log") == [f"{request.run_id}:0:0 prod"]


# --- finding 6: the reviewer who started the run with a key they own --------------------------


def test_a_reviewer_cannot_approve_a_run_they_started_with_their_own_api_key(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    # Given: the reviewer mints a key and starts a run with it, not with their session
    key = owned_key(acme, acme.reviewer)
    model.script = deploy_script(runtime)
    created = rest(key).post("/api/runs", {"workflow": "effects"}, format="json")
    assert created.status_code == 201, created.content
    request = paused(created.json()["id"])

    # When: they approve its deploy with their session, and with the key itself
    by_session = decide(rest(user=acme.reviewer), request)
    by_key = decide(rest(key), request)

    # Then: both are refused with a clear problem detail, and nothing was deployed
    assert_refused(by_session, 403, "requester", "acme-reviewer", "API key they own")
    assert_refused(by_key, 403, "requester")
    assert Run.objects.get(id=request.run_id).created_by_user == acme.reviewer
    assert request.requested_by_user == acme.reviewer
    assert_nothing_ran(request, runtime)
    approve_and_run(request, runtime, acme.owner)


# --- finding 6, second half: a policy on run_command covers run_tests --------------------------

# run_tests imports the workspace's conftest.py (under pytest) and its test modules (always).
PAYLOAD = "raise RuntimeError('WORKSPACE-CODE-EXECUTED')\n"


def tarball(files: dict[str, str]) -> io.BytesIO:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, text in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(text.encode())
            info.mode = 0o644
            archive.addfile(info, io.BytesIO(text.encode()))
    buffer.seek(0)
    return buffer


@pytest.fixture
def reachable_workspaces(runtime: Path, settings: Any) -> Iterator[Path]:
    """Workspaces under a directory the sandbox's user can traverse (tmp_path is 0700)."""
    root = Path(tempfile.mkdtemp(prefix="longhaul-ten-"))
    root.chmod(0o755)
    settings.LONGHAUL_WORKSPACES_DIR = root / "workspaces"
    yield runtime
    shutil.rmtree(root, ignore_errors=True)


def test_a_run_command_policy_gates_run_tests_which_executes_workspace_code(
    acme: TenantFixture, reachable_workspaces: Path, model: FakeOpenAI
) -> None:
    # Given: the organization requires approval for run_command; the workspace has a conftest.py
    approval_policy_set(organization_id=acme.organization.id, tool="run_command", reason="")
    model.script = [{"tool_calls": [{"name": "run_tests", "arguments": {}}]}, {"content": "ok"}]
    archive = tarball({"conftest.py": PAYLOAD, "test_x.py": PAYLOAD})
    run = run_start(
        organization=acme.organization,
        workflow="effects",
        input={},
        workspace_archive=archive,
        created_by_user=acme.member,
    )

    # When: the agent calls run_tests instead of run_command
    request = paused(str(run.id))

    # Then: it waits for approval under the run_command rule, and nothing executed
    assert request.tool == "run_tests"
    assert "run_command" in request.reason
    assert not ToolCall.objects.filter(run=run).exists()
    # The gate is live: approved, run_tests executes the workspace's own code
    approval_decide(
        actor=actor_for(organization_id=acme.organization.id, user=acme.reviewer, api_key_id=None),
        approval_id=request.id,
        approve=True,
    )
    run_advance(run_id=str(run.id), owner="w")
    executed = ToolCall.objects.get(run=run, tool="run_tests")
    assert "WORKSPACE-CODE-EXECUTED" in json.dumps([executed.output, executed.error])


def gated_tools(tenant: TenantFixture) -> set[str]:
    """Which built-in tools (and the test `deploy`, high risk) need approval in `tenant`."""
    names = [spec.name for spec in BUILTIN_TOOLS] + ["deploy"]
    return {
        name
        for name in names
        if toolbox.approval_reason(name, organization_id=tenant.organization.id)
    }


def test_rules_cover_every_tool_that_can_do_what_the_named_one_does(
    acme: TenantFixture, globex: TenantFixture, runtime: Path
) -> None:
    high_risk = {"install_package", "push_branch", "deploy"}
    assert gated_tools(acme) == high_risk

    approval_policy_set(organization_id=acme.organization.id, capability="code_execution")
    approval_policy_set(organization_id=globex.organization.id, tool="write_file")

    # The repair engine runs the tests on its candidates, and writes the fix it chose
    assert gated_tools(acme) == high_risk | {"run_command", "run_tests", "repair"}
    # Writing files is also what patch_file and repair do, and what any code execution can do
    assert gated_tools(globex) == high_risk | {
        "write_file",
        "patch_file",
        "repair",
        "run_command",
        "run_tests",
    }
    reason = toolbox.approval_reason("run_tests", organization_id=acme.organization.id)
    assert "code_execution" in str(reason)


def test_rules_that_name_nothing_real_are_refused(acme: TenantFixture, runtime: Path) -> None:
    refused: list[dict[str, Any]] = [
        {"capabilities": ["teleport"]},
        {"tools": ["no_such_tool"]},
        {"tools": []},
        {"tool": "run_command"},
    ]
    for conditions in refused:
        with pytest.raises(ValidationError):
            approval_rule_create(
                actor=operator(acme.organization),
                data={"name": "x", "action": "require_approval", "conditions": conditions},
            )
    assert not ApprovalRule.objects.exists()


# --- deciding through API keys -------------------------------------------------------------


def test_an_api_key_decides_with_its_owners_current_role_only(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    request = paused(started_by(acme, runtime, model, acme.member))
    clerk = person(acme, "clerk", Role.MEMBER)
    departed = person(acme, "departed", Role.REVIEWER)
    retired = person(acme, "retired", Role.REVIEWER)
    keys = {
        "member": owned_key(acme, clerk),
        "ownerless": acme.api_key,
        "departed": owned_key(acme, departed),
        "retired": owned_key(acme, retired),
    }
    Membership.objects.filter(user=departed).delete()
    retired.is_active = False
    retired.save()

    assert_refused(decide(rest(keys["member"]), request), 403, "acme-clerk: member")
    assert_refused(decide(rest(keys["ownerless"]), request), 403, "has no owner")
    assert_refused(decide(rest(keys["departed"]), request), 403, "no longer an active member")
    assert_refused(decide(rest(keys["retired"]), request), 403, "no longer an active member")
    assert_nothing_ran(request, runtime)

    # A current reviewer's key decides, recorded as that person through that key
    reviewers_key = api_key_create(
        actor=operator(acme.organization), name="review bot", created_by=acme.reviewer
    )
    decided = decide(rest(reviewers_key.plaintext), request)
    assert decided.status_code == 200, decided.content
    assert decided.json()["decided_by"] == "acme-reviewer"
    assert decided.json()["decided_by_api_key"] == reviewers_key.api_key.prefix


def test_a_revoked_reviewer_key_cannot_decide(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    request = paused(started_by(acme, runtime, model, acme.member))
    created = api_key_create(actor=operator(acme.organization), name="k", created_by=acme.reviewer)
    from accounts.services import api_key_revoke

    api_key_revoke(actor=operator(created.api_key.organization), api_key=created.api_key)

    response = decide(rest(created.plaintext), request)

    assert response.status_code in (401, 403), response.content
    assert_nothing_ran(request, runtime)


def test_a_request_with_no_accountable_requester_needs_a_signed_in_reviewer(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    # Given: a system started the run with an ownerless key, and also holds a reviewer's key
    model.script = deploy_script(runtime)
    created = rest(acme.api_key).post("/api/runs", {"workflow": "effects"}, format="json")
    request = paused(created.json()["id"])
    assert request.requested_by_user is None

    by_key = decide(rest(owned_key(acme, acme.reviewer)), request)

    assert_refused(by_key, 403, "no accountable requester", "signed-in reviewer")
    assert_nothing_ran(request, runtime)
    approve_and_run(request, runtime, acme.reviewer)


def test_another_organizations_request_is_not_found_through_a_key(
    acme: TenantFixture, globex: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    request = paused(started_by(acme, runtime, model, acme.member))
    globex_reviewer_key = owned_key(globex, globex.reviewer)

    response = decide(rest(globex_reviewer_key), request)

    assert_refused(response, 404)
    assert_nothing_ran(request, runtime)


# --- roles that change between the request and the decision -------------------------------


def test_a_requester_promoted_to_reviewer_still_cannot_decide(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    request = paused(started_by(acme, runtime, model, acme.member))
    Membership.objects.filter(user=acme.member).update(role=Role.REVIEWER)

    by_session = decide(rest(user=acme.member), request)
    by_key = decide(rest(owned_key(acme, acme.member)), request)

    assert_refused(by_session, 403, "requester")
    assert_refused(by_key, 403, "requester")
    assert_nothing_ran(request, runtime)


def test_a_reviewer_demoted_before_deciding_is_refused(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    request = paused(started_by(acme, runtime, model, acme.member))
    key = owned_key(acme, acme.reviewer)
    Membership.objects.filter(user=acme.reviewer).update(role=Role.MEMBER)

    assert_refused(decide(rest(user=acme.reviewer), request), 403, "your role is member")
    assert_refused(decide(rest(key), request), 403, "acme-reviewer: member")
    assert_nothing_ran(request, runtime)
    approve_and_run(request, runtime, acme.owner)
