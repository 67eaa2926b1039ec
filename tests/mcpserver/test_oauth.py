"""/mcp/<organization> as an OAuth resource: the official SDK's MCP client, holding an access
token that the organization's identity provider issued for this resource, acts as the person
the token names with the scopes it grants; the resource's metadata names the provider; tokens
that are spoiled, meant for another resource or another organization, or that name nobody
who has signed in, are refused with a challenge that points at the metadata. A real provider
process and a real ASGI server on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import anyio
import httpx
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from accounts.models import ExternalIdentity, IdentityProvider
from accounts.sso_providers import identity_provider_create
from runs.models import Run
from tests.factories import TenantFixture, operator
from tests.support.oidc_provider import oidc_provider_process
from tests.support.processes import asgi_server
from tests.toolsources.workflows import PATCH

pytestmark = pytest.mark.django_db(transaction=True)

SUBJECT = "ada-0001"


@pytest.fixture(scope="module")
def issuer() -> Iterator[str]:
    with oidc_provider_process("longhaul", "s3cret") as url:
        yield url


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with asgi_server(LONGHAUL_EXTRA_WORKFLOWS=PATCH) as base:
        yield base


@pytest.fixture
def provider(acme: TenantFixture, issuer: str) -> IdentityProvider:
    provider = identity_provider_create(
        actor=operator(acme.organization),
        kind="oidc",
        name="Acme ID",
        settings={"issuer": issuer, "client_id": "longhaul"},
        client_secret="s3cret",
    )
    # Ada (acme's reviewer) has signed in through the provider before
    ExternalIdentity.objects.create(
        provider=provider, subject=SUBJECT, user=acme.reviewer, email="ada@acme.example"
    )
    return provider


def token(issuer: str, resource: str, **request: Any) -> str:
    body = {"sub": SUBJECT, "resource": resource, "scope": "runs approvals", **request}
    reply = httpx.post(f"{issuer}/_control/access-token", json=body)
    return str(reply.raise_for_status().json()["access_token"])


def test_an_mcp_client_acts_as_the_person_its_token_names(
    provider: IdentityProvider, issuer: str, server: str, acme: TenantFixture
) -> None:
    resource = f"{server}/mcp/acme"
    headers = {"Authorization": f"Bearer {token(issuer, resource)}"}

    async def scenario() -> dict[str, Any]:
        async with (
            httpx.AsyncClient(headers=headers, timeout=60) as client,
            streamable_http_client(resource, http_client=client) as (read, write, _),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            started = await session.call_tool("start_run", {"workflow": "patch", "input": {}})
            memory = await session.call_tool("search_memory", {"query": "staplers"})
            assert not started.isError, started.content
            return {"started": started.structuredContent, "memory": memory}

    answers = anyio.run(scenario)

    # Then: the run is Ada's, and the token's scopes bound what she may do here
    run = Run.objects.get(id=answers["started"]["run_id"])
    assert (run.organization_id, run.created_by_user_id) == (acme.organization.id, acme.reviewer.id)
    assert run.created_by_api_key_id is None
    assert answers["memory"].isError
    assert "lacks the 'memory' scope" in answers["memory"].content[0].text


def test_the_metadata_names_the_organizations_provider(
    provider: IdentityProvider, issuer: str, server: str, globex: TenantFixture
) -> None:
    found = httpx.get(f"{server}/.well-known/oauth-protected-resource/mcp/acme")
    assert found.status_code == 200
    assert found.json()["resource"] == f"{server}/mcp/acme"
    assert found.json()["authorization_servers"] == [issuer]
    assert "runs" in found.json()["scopes_supported"]
    # an organization without a provider (or none at all) has no such resource
    assert httpx.get(f"{server}/.well-known/oauth-protected-resource/mcp/globex").status_code == 404
    assert httpx.get(f"{server}/.well-known/oauth-protected-resource/mcp/nobody").status_code == 404


def refusal(server: str, path: str, bearer: str | None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {bearer}"} if bearer else {}
    hello = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    return httpx.post(f"{server}{path}", json=hello, headers=headers)


@pytest.mark.parametrize(
    ("spoiled", "says"),
    [
        ({"tamper": "signature"}, "signature does not check"),
        ({"tamper": "expired"}, "wrong expiry"),
        ({"tamper": "audience"}, "wrong audience"),
        ({"tamper": "issuer"}, "not this organization's identity provider"),
        ({"sub": "somebody-else"}, "Nobody has signed in"),
        ({"scope": "openid email"}, "grants none of Longhaul's scopes"),
    ],
)
def test_spoiled_or_misdirected_tokens_are_refused(
    provider: IdentityProvider, issuer: str, server: str, spoiled: dict[str, str], says: str
) -> None:
    reply = refusal(server, "/mcp/acme", token(issuer, f"{server}/mcp/acme", **spoiled))

    assert reply.status_code == 401
    assert says in reply.json()["error"]["message"]
    challenge = reply.headers["www-authenticate"]
    assert (
        f'resource_metadata="{server}/.well-known/oauth-protected-resource/mcp/acme"' in challenge
    )


def test_a_token_or_key_of_one_organization_opens_nothing_of_another(
    provider: IdentityProvider, issuer: str, server: str, globex: TenantFixture
) -> None:
    acme_token = token(issuer, f"{server}/mcp/acme")
    # acme's token at globex's resource: neither its audience nor globex's provider
    assert refusal(server, "/mcp/globex", acme_token).status_code == 401
    # a token meant for globex's resource, sent to acme's
    misdirected = refusal(server, "/mcp/acme", token(issuer, f"{server}/mcp/globex"))
    assert "wrong audience" in misdirected.json()["error"]["message"]
    # globex's API key at acme's resource
    wrong_key = refusal(server, "/mcp/acme", globex.api_key)
    assert "belongs to another organization" in wrong_key.json()["error"]["message"]
    # and an access token is no credential at the key-only /mcp
    assert refusal(server, "/mcp", acme_token).status_code == 401
