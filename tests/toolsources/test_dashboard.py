"""Tool sources in the dashboard: an owner registers an MCP server with credentials typed as
`Name: value` lines, governs one of its tools and changes how it is reached, each change checked
by the services REST uses and audited; a member reads but changes nothing; another organization
sees nothing; what a person mistypes comes back on the field that was wrong."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from audit.models import AuditEntry
from tests.factories import TenantFixture
from tests.toolsources.remote_service import DOCUMENT
from toolsources.models import ExternalTool, ToolSource

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("loopback")]


def browser(person: Any) -> Client:
    client = Client()
    client.force_login(person)
    return client


def register(client: Client, remote: str, **fields: Any) -> Any:
    form = {"name": "shop", "kind": "mcp_http", "url": f"{remote}/shop/", "timeout_seconds": "20"}
    return client.post("/tools/sources/new", {**form, **fields})


def test_an_owner_registers_a_source_and_governs_its_tools(
    acme: TenantFixture, remote: str
) -> None:
    owner = browser(acme.owner)

    # When: the owner registers the shop's MCP server with a credential header
    reply = register(owner, remote, headers="Authorization: Bearer shop-secret\n")

    # Then: its page lists the tools with their schemas, at high risk; the secret is not shown
    source = ToolSource.objects.get(organization=acme.organization, name="shop")
    assert reply.status_code == 302
    assert reply["Location"] == f"/tools/sources/{source.id}/"
    page = owner.get(reply["Location"]).content.decode()
    assert "shop__refund" in page
    assert "high risk" in page
    assert "order_id" in page
    assert "shop-secret" not in page
    assert "stored, encrypted" in page
    assert "shop-secret" not in source.headers_ciphertext
    assert "shop" in owner.get("/tools/").content.decode()

    # When: the owner lowers one tool's risk and offers it to coding runs
    refund = ExternalTool.objects.get(source=source, name="refund")
    governed = owner.post(
        f"/tools/{refund.id}/",
        {
            "risk": "medium",
            "capabilities": ["network"],
            "workflows": ["coding"],
            "enabled": "on",
        },
    )

    # Then: the tool is governed so, and the audit log says who changed what
    assert governed.status_code == 302
    refund.refresh_from_db()
    assert (refund.risk, refund.workflows, refund.enabled) == ("medium", ["coding"], True)
    entry = AuditEntry.objects.filter(action="external_tool.updated").latest("seq")
    assert entry.actor == acme.owner.username
    assert entry.data["risk"] == "medium"

    # When: the owner replaces the credentials and disables the source
    settings_form = {
        "allowed_hosts": source.allowed_hosts[0],
        "timeout_seconds": "5",
        "headers": "X-Api-Key: rotated-key",
    }
    assert owner.post(f"/tools/sources/{source.id}/", settings_form).status_code == 302
    source.refresh_from_db()
    assert (source.timeout_seconds, source.enabled) == (5.0, False)
    assert "rotated-key" not in source.headers_ciphertext
    change = AuditEntry.objects.filter(action="tool_source.updated").latest("seq")
    assert change.data["credentials"] == "replaced"
    assert "rotated-key" not in str(change.data)


def test_mistakes_come_back_on_their_field(acme: TenantFixture, remote: str) -> None:
    owner = browser(acme.owner)

    header = register(owner, remote, headers="Authorization Bearer no-colon")
    assert header.status_code == 400
    assert "Line 1: write each header as &#x27;Name: value&#x27;" in header.content.decode()

    quote = register(owner, remote, kind="mcp_stdio", url="", command="python3 -c 'unclosed")
    assert quote.status_code == 400
    assert "does not parse" in quote.content.decode()

    document = register(owner, remote, kind="openapi", url="", document="openapi: [3.0")
    assert document.status_code == 400
    assert "neither JSON nor YAML" in document.content.decode()

    # The service's own checks land on the form too: a taken name, a host not on the list
    assert register(owner, remote).status_code == 302
    taken = register(owner, remote)
    assert taken.status_code == 400
    assert "already has a source named" in taken.content.decode()
    source = ToolSource.objects.get(organization=acme.organization, name="shop")
    elsewhere = owner.post(
        f"/tools/sources/{source.id}/",
        {"allowed_hosts": "elsewhere.example.com", "timeout_seconds": "5", "enabled": "on"},
    )
    assert elsewhere.status_code == 400
    assert "is not on the list" in elsewhere.content.decode()
    source.refresh_from_db()
    assert source.allowed_hosts != ["elsewhere.example.com"]


def test_an_openapi_document_in_yaml_becomes_tools(acme: TenantFixture, remote: str) -> None:
    import yaml

    reply = register(
        browser(acme.owner),
        remote,
        name="orders",
        kind="openapi",
        url=f"{remote}/openapi",
        document=yaml.safe_dump(DOCUMENT),
    )

    assert reply.status_code == 302
    names = set(ExternalTool.objects.filter(source__name="orders").values_list("name", flat=True))
    assert names == {"getOrder", "createOrder"}


def test_members_read_and_other_organizations_see_nothing(
    acme: TenantFixture, globex: TenantFixture, remote: str
) -> None:
    assert register(browser(acme.owner), remote).status_code == 302
    source = ToolSource.objects.get(organization=acme.organization)
    tool = source.tools.get(name="refund")

    member = browser(acme.member)
    page = member.get(f"/tools/sources/{source.id}/").content.decode()
    assert "shop__refund" in page
    assert "Remove this source" not in page
    assert register(member, remote, name="mine").status_code == 403
    refused = member.post(f"/tools/{tool.id}/", {"risk": "low"})
    assert refused.status_code == 403
    assert member.post(f"/tools/sources/{source.id}/delete").status_code == 403
    tool.refresh_from_db()
    assert tool.risk == "high"
    assert ToolSource.objects.filter(id=source.id).exists()

    stranger = browser(globex.owner)
    assert "shop" not in stranger.get("/tools/").content.decode()
    assert stranger.get(f"/tools/sources/{source.id}/").status_code == 404
    assert stranger.post(f"/tools/sources/{source.id}/delete").status_code == 404
    assert stranger.post(f"/tools/{tool.id}/", {"risk": "low"}).status_code == 404

    # Removing asks first (here the server does: no script ran to ask), then removes
    owner = browser(acme.owner)
    asked = owner.post(f"/tools/sources/{source.id}/delete")
    assert asked.status_code == 200
    assert "Remove the source “shop” and its 3 tools?" in asked.content.decode()
    assert ToolSource.objects.filter(id=source.id).exists()
    removed = owner.post(f"/tools/sources/{source.id}/delete", {"confirmed": "yes"})
    assert removed.status_code == 302
    assert not ToolSource.objects.filter(id=source.id).exists()
