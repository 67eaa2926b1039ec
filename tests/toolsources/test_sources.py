"""Registering an organization's tool sources over REST: an MCP server over streamable HTTP, an
OpenAPI 3 service and a stdio MCP server in the sandbox have their tools listed with schemas,
at high risk with the `network` capability; credentials are sealed; a loopback host the operator
has not allowed is refused; hostile servers are contained."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from audit.models import AuditEntry
from tests.factories import TenantFixture
from tests.toolsources.conftest import STDIO_SERVER
from tests.toolsources.remote_service import DOCUMENT
from toolsources.models import ExternalTool, ToolSource

pytestmark = pytest.mark.django_db


def signed_in(person: Any) -> APIClient:
    client = APIClient()
    client.force_login(person)
    return client


def register(tenant: TenantFixture, **body: Any) -> Any:
    return signed_in(tenant.owner).post("/api/tool-sources", body, format="json")


def tools_of(reply: Any) -> dict[str, dict[str, Any]]:
    assert reply.status_code == 201, str(reply.json())
    return {tool["tool_name"]: tool for tool in reply.json()["tools"]}


@pytest.mark.usefixtures("loopback")
def test_an_mcp_server_lists_its_tools_governed_and_its_credentials_sealed(
    acme: TenantFixture, remote: str
) -> None:
    # When: an owner registers the shop's MCP server with a credential
    reply = register(
        acme,
        name="shop",
        kind="mcp_http",
        url=f"{remote}/shop/",
        headers={"Authorization": "Bearer shop-secret"},
    )

    # Then: its tools are listed with their schemas, at high risk, reaching the network
    tools = tools_of(reply)
    assert set(tools) == {"shop__lookup_order", "shop__refund", "shop__notes"}
    refund = tools["shop__refund"]
    assert refund["parameters"]["required"] == ["order_id", "amount"]
    assert (refund["risk"], refund["capabilities"]) == ("high", ["network"])
    # ... and the credential is stored encrypted and never shown again
    stored = ToolSource.objects.get(name="shop")
    assert reply.json()["has_credentials"] is True
    assert "shop-secret" not in reply.content.decode()
    assert "shop-secret" not in stored.headers_ciphertext
    assert stored.allowed_hosts == [remote.removeprefix("http://")]


@pytest.mark.usefixtures("loopback")
def test_each_openapi_operation_is_a_tool_whose_schema_comes_from_the_document(
    acme: TenantFixture, remote: str
) -> None:
    reply = register(
        acme, name="orders", kind="openapi", url=f"{remote}/openapi", document=DOCUMENT
    )

    tools = tools_of(reply)
    assert set(tools) == {"orders__getOrder", "orders__createOrder"}
    assert tools["orders__getOrder"]["parameters"]["required"] == ["order_id"]
    body = tools["orders__createOrder"]["parameters"]["properties"]["body"]
    assert body["properties"]["quantity"] == {"type": "integer"}  # the $ref, inlined
    # ... and a document that is not valid OpenAPI 3 is refused with the reason
    broken = register(
        acme, name="broken", kind="openapi", url=remote, document={"openapi": "3.0.3"}
    )
    assert broken.status_code == 400
    assert "not valid" in broken.json()["detail"] or "not valid" in str(broken.json())


@pytest.mark.usefixtures("loopback")
def test_a_stdio_server_runs_in_the_sandbox_to_list_its_tools(acme: TenantFixture) -> None:
    reply = register(
        acme, name="words", kind="mcp_stdio", command=["/usr/bin/python3", "-I", "-c", STDIO_SERVER]
    )

    assert set(tools_of(reply)) == {"words__word_count"}


def test_a_loopback_host_the_operator_has_not_allowed_is_refused(
    acme: TenantFixture, remote: str
) -> None:
    reply = register(acme, name="shop", kind="mcp_http", url=f"{remote}/shop/")

    assert reply.status_code == 400
    assert "not a public address" in str(reply.json())
    assert "LONGHAUL_TOOL_ALLOWED_PRIVATE_HOSTS" in str(reply.json())


def test_only_owners_and_admins_register_sources(acme: TenantFixture, remote: str) -> None:
    reply = signed_in(acme.member).post(
        "/api/tool-sources", {"name": "shop", "kind": "mcp_http", "url": remote}, format="json"
    )

    assert reply.status_code == 403


@pytest.mark.usefixtures("loopback")
@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("huge", "larger than"),  # 10 MB where a JSON-RPC answer belongs
        ("silent", "did not answer within 1 s"),  # never answers
        ("garbage", "out of protocol"),  # 200 with JSON that is not JSON-RPC
    ],
)
def test_hostile_servers_are_contained(
    acme: TenantFixture, remote: str, path: str, says: str
) -> None:
    reply = register(acme, name=path, kind="mcp_http", url=f"{remote}/{path}", timeout_seconds=1)

    assert reply.status_code == 400
    assert says in str(reply.json())
    assert not ToolSource.objects.filter(name=path).exists()


@pytest.mark.usefixtures("loopback")
def test_an_admin_lowers_a_tools_risk_in_the_admin_and_the_audit_log_says_so(
    acme: TenantFixture, remote: str
) -> None:
    # Given: a registered source, and an operator signed in to the admin
    tools_of(
        register(acme, name="orders", kind="openapi", url=f"{remote}/openapi", document=DOCUMENT)
    )
    tool = ExternalTool.objects.get(name="getOrder")
    operator = User.objects.create_superuser("operator", password="x")
    client = Client()
    client.force_login(operator)

    # When: they lower its risk
    form = {"risk": "low", "capabilities": '["network"]', "enabled": "on", "workflows": "[]"}
    reply = client.post(f"/admin/toolsources/externaltool/{tool.id}/change/", form)

    # Then: the change went through the service, which audited it
    assert reply.status_code == 302
    tool.refresh_from_db()
    assert tool.risk == "low"
    entry = AuditEntry.objects.filter(action="external_tool.updated").get()
    assert entry.data["risk"] == "low"
    assert entry.actor == "operator"


@pytest.mark.usefixtures("loopback")
def test_how_a_source_is_reached_changes_through_the_checked_service(
    acme: TenantFixture, remote: str
) -> None:
    source_id = register(acme, name="shop", kind="mcp_http", url=f"{remote}/shop/").json()["id"]
    path = f"/api/tool-sources/{source_id}"
    owner = signed_in(acme.owner)

    # New credentials and a shorter timeout are taken, sealed and audited without the secret
    reply = owner.patch(
        path, {"timeout_seconds": 3, "headers": {"X-Api-Key": "new-key"}}, format="json"
    )
    assert reply.status_code == 200
    assert (reply.json()["timeout_seconds"], reply.json()["has_credentials"]) == (3.0, True)
    entry = AuditEntry.objects.filter(action="tool_source.updated").get()
    assert entry.data["credentials"] == "replaced"
    assert "new-key" not in str(entry.data)

    # A host list without the URL's host, or a timeout past the operator's ceiling, is refused
    hosts = owner.patch(path, {"allowed_hosts": ["elsewhere.example.com"]}, format="json")
    assert hosts.status_code == 400
    assert "is not on the list" in str(hosts.json())
    slow = owner.patch(path, {"timeout_seconds": 3600}, format="json")
    assert slow.status_code == 400

    # ... and a member may not change it at all
    assert signed_in(acme.member).patch(path, {"enabled": False}, format="json").status_code == 403
    assert ToolSource.objects.get(id=source_id).enabled is True
