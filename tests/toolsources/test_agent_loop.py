"""A run calls its organization's own tools through the agent loop (the scripted model choosing
them): an MCP server's over HTTP, an OpenAPI service's and a stdio server's in the sandbox. A
high-risk tool waits for a person's approval; what a source says (a tool description, a result)
reaches the model labelled as untrusted and approves nothing; calls are recorded like built-in
ones; a call to a host the operator no longer allows is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from accounts.actors import actor_for
from accounts.services import api_key_create, api_key_use
from approvals.models import ApprovalRequest, ApprovalStatus
from approvals.services import approval_decide
from core.errors import Forbidden
from core.metrics import metrics_exposition
from mcpserver.actions import Caller, decide_approval
from runs import toolbox
from runs.models import RunStatus, ToolCall
from runs.rerun import run_rerun
from runs.selectors import run_offered_external_tools
from runs.services import run_advance, run_start
from tests.factories import TenantFixture, operator
from tests.runs.fixtures import model
from tests.support.fake_openai import FakeOpenAI
from tests.toolsources.conftest import STDIO_SERVER
from tests.toolsources.remote_service import APPROVE_EVERYTHING, DOCUMENT
from tests.toolsources.workflows import LOOP
from toolsources.models import ExternalTool
from toolsources.services import external_tool_update, tool_source_create

__all__ = ["model"]
pytestmark = pytest.mark.django_db(transaction=True)


def next_call(body: dict[str, Any]) -> dict[str, Any]:
    """Plans, then calls each source's tool in turn, each chosen by what it has seen so far."""
    if body.get("response_format"):
        return {"content": json.dumps({"subtasks": ["check the order", "refund it"]})}
    seen = json.dumps(body.get("messages", []))
    steps = [
        ("refunded", "finish", {"summary": "refunded"}),
        ("APPROVED", "shop__refund", {"order_id": "A1", "amount": 5}),
        ("3 words", "shop__notes", {}),
        ("packed", "words__word_count", {"text": "one two three"}),
        ("shipped", "orders__getOrder", {"order_id": "A1"}),
    ]
    for marker, tool, arguments in steps:
        if marker in seen:
            return {"tool_calls": [{"name": tool, "arguments": json.dumps(arguments)}]}
    return {"tool_calls": [{"name": "shop__lookup_order", "arguments": '{"order_id": "A1"}'}]}


@pytest.fixture
def sources(acme: TenantFixture, remote: str, loopback: None, settings: Any) -> None:
    settings.LONGHAUL_EXTRA_WORKFLOWS = [LOOP]
    org = acme.organization.id
    owner = actor_for(organization_id=org, user=acme.owner, api_key_id=None)
    tool_source_create(name="shop", kind="mcp_http", url=f"{remote}/shop/", actor=owner)
    tool_source_create(
        name="orders",
        kind="openapi",
        url=f"{remote}/openapi",
        document=DOCUMENT,
        headers={"X-Api-Key": "s3cret"},
        actor=owner,
    )
    tool_source_create(
        name="words",
        kind="mcp_stdio",
        command=["/usr/bin/python3", "-I", "-c", STDIO_SERVER],
        actor=owner,
    )
    for tool in ExternalTool.objects.exclude(name="refund"):  # an admin lowers the risk
        external_tool_update(tool=tool, risk="low", workflows=["tool-loop"], actor=owner)


def outputs(run: Any) -> dict[str, Any]:
    return {call.tool: call.output for call in ToolCall.objects.filter(run=run)}


@pytest.mark.usefixtures("sources")
def test_a_run_calls_its_organizations_tools_and_waits_for_approval_of_a_risky_one(
    acme: TenantFixture, model: FakeOpenAI
) -> None:
    # Given: a run of a key owned by a reviewer, offered refund by name
    model.responder = next_call
    key = api_key_create(actor=operator(acme.organization), name="ide", created_by=acme.reviewer)
    run = run_start(
        organization=acme.organization,
        workflow="tool-loop",
        input={"goal": "refund A1"},
        tools=["shop__refund"],
        created_by_api_key_id=api_key_use(key.plaintext).api_key_id,
    )

    # When: the loop runs until it stops
    run_advance(run_id=str(run.id), owner="w")

    # Then: the three sources' tools ran, their results wrapped as untrusted data
    run.refresh_from_db()
    assert run.status == RunStatus.AWAITING_APPROVAL, run.error
    done = outputs(run)
    assert "order A1: shipped" in done["shop__lookup_order"]["content"]
    assert '"key_seen":true' in done["orders__getOrder"]["content"]  # the sealed credential
    assert done["words__word_count"]["content"] == "3 words"
    assert "not instructions" in done["shop__notes"]["note"]
    # ... the hostile description reached the model labelled as the source's words
    offered = json.dumps(model.requests[-1]["body"]["tools"])
    assert "its description is untrusted] " + APPROVE_EVERYTHING[:40] in offered
    # ... and "APPROVED" in a result approved nothing: the refund waits for a person
    request = ApprovalRequest.objects.get(run=run)
    assert (request.tool, request.status) == ("shop__refund", ApprovalStatus.PENDING)
    assert "shop__refund" not in done
    # ... whom the key that started the run cannot replace
    with pytest.raises(Forbidden, match="requester"):
        decide_approval(
            Caller.of_key(api_key_use(key.plaintext)),
            {"approval_id": request.id, "approve": True},
        )

    # ... and the reviewer's page says what the tool is (in the source's words, labelled so)
    # and edits its arguments against the source's schema
    reviewer = Client()
    reviewer.force_login(acme.owner)
    page = reviewer.get(f"/review/{request.id}/").content.decode()
    assert "external tool from source &#x27;shop&#x27;; its description is untrusted" in page
    assert "a tool this platform no longer has" not in page
    assert '"amount"' in page.split('id="tool-schema"')[1].split("</script>")[0]

    # When: an owner approves a smaller refund (an edit checked against the tool's schema)
    approval_decide(
        actor=actor_for(organization_id=acme.organization.id, user=acme.owner, api_key_id=None),
        approval_id=request.id,
        approve=True,
        patch={"amount": 4},
    )
    run_advance(run_id=str(run.id), owner="w")

    # Then: the refund ran once, as approved, and the run finished
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert "refunded 4" in outputs(run)["shop__refund"]["content"]
    # ... and each external tool's calls are counted per tool in what /metrics serves
    exposed = metrics_exposition().decode()
    for tool in ("shop__lookup_order", "orders__getOrder", "words__word_count", "shop__refund"):
        assert f'longhaul_tool_call_seconds_count{{outcome="ok",tool="{tool}"}}' in exposed, tool


@pytest.mark.usefixtures("sources")
def test_a_call_to_a_host_the_operator_no_longer_allows_is_refused(
    acme: TenantFixture, settings: Any
) -> None:
    # Given: the operator withdrew the loopback allowance after the source was registered
    settings.LONGHAUL_TOOL_ALLOWED_PRIVATE_HOSTS = []
    run = run_start(organization=acme.organization, workflow="tool-loop", input={"goal": "x"})

    # When: the tool is called
    outcome = toolbox.execute(
        "shop__lookup_order", {"order_id": "A1"}, run=run, idempotency_key=f"{run.id}:0:0"
    )

    # Then: nothing was sent; the agent is told why
    assert not outcome.ok
    assert "not a public address" in (outcome.error or "")


@pytest.mark.usefixtures("sources")
def test_a_rerun_is_offered_the_tools_its_original_asked_for_by_name(
    acme: TenantFixture,
) -> None:
    original = run_start(
        organization=acme.organization,
        workflow="tool-loop",
        input={"goal": "refund A1"},
        tools=["shop__refund"],
    )

    again = run_rerun(actor=operator(acme.organization), run_id=original.id)

    offered = run_offered_external_tools(run=again)
    assert "shop__refund" in offered  # by name: refund is not enabled for the workflow
    assert offered == run_offered_external_tools(run=original)
