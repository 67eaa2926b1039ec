"""A directory provisions a person over HTTP on the real ASGI server: created, made a reviewer
through a mapped group (they can then decide approvals), then deactivated: their session, API
key and websocket end within the key cache window (one second in the test settings)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
import redis as redis_lib
from django.test import Client

from accounts.directory_services import directory_token_create, group_role_mapping_set
from accounts.models import Role, User
from accounts.services import api_key_create
from tests.accounts.scim_client import ScimClient
from tests.factories import TenantFixture, make_approval_request, operator
from tests.runs.fixtures import runtime
from tests.security.test_websocket_auth import new_run
from tests.security.test_websocket_revocation import close_code, opened, signed_in
from tests.support.processes import asgi_server

__all__ = ["runtime"]
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def live(django_db_setup: None) -> Iterator[str]:
    with asgi_server() as base:
        yield base


def decide(person: User, approval_id: int) -> int:
    client = Client()
    client.force_login(person)
    url = f"/api/approvals/{approval_id}/decide"
    return client.post(url, {"decision": "approve"}, content_type="application/json").status_code


def test_a_directory_creates_a_reviewer_and_deactivates_them_everywhere(
    acme: TenantFixture, live: str, redis_client: redis_lib.Redis, runtime: object
) -> None:
    # Given a directory token and the organization's mapping of the Reviewers group
    token = directory_token_create(organization=acme.organization, name="Okta").plaintext
    group_role_mapping_set(
        organization_id=acme.organization.id,
        group="Longhaul Reviewers",
        role=Role.REVIEWER,
        actor="test",
    )
    scim = ScimClient(live, token)
    run = new_run(acme)
    approval = make_approval_request(
        run_id=run.id, organization_id=acme.organization.id, requester_id=None, arguments={"n": 1}
    )

    # When the directory looks the person up, creates them and puts them in the group
    assert scim.find_user("ada@acme.example") == []
    created = scim.create_user("ada@acme.example", given="Ada", family="Lovelace")
    person = User.objects.get(username="ada@acme.example")
    assert decide(person, approval.id) == 403  # a plain member
    group = scim.create_group("Longhaul Reviewers")
    assert scim.add_member(group["id"], created["id"]).status_code in (200, 204)

    # Then they are a reviewer who can decide the approval
    assert [user["id"] for user in scim.find_user("ada@acme.example")] == [created["id"]]
    assert decide(person, approval.id) == 200

    # When the directory deactivates them, with a session, a key and a socket open
    key = api_key_create(
        actor=operator(acme.organization), name="ada's", created_by=person
    ).plaintext
    client, cookie = signed_in(person)
    ws = opened(live, run, {"Cookie": cookie, "Origin": live})
    assert (
        httpx.get(f"{live}/api/me", headers={"Authorization": f"Bearer {key}"}).status_code == 200
    )
    deactivated = scim.deactivate(created["id"])

    # Then the socket closes, and neither the key nor the session opens anything
    assert deactivated.status_code == 200
    assert deactivated.json()["active"] is False
    assert close_code(ws) == 4401
    assert (
        httpx.get(f"{live}/api/me", headers={"Authorization": f"Bearer {key}"}).status_code == 401
    )
    assert httpx.get(f"{live}/api/me", headers={"Cookie": cookie}).status_code in (401, 403)
    assert client.get("/api/me").status_code in (401, 403)
    assert json.loads(scim.http.get(f"/Users/{created['id']}").text)["active"] is False
