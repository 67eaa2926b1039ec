"""The SCIM API's protocol and its lines: filters, pagination, PATCH shapes, error bodies; one
organization's token never reaches another's people; no directory change makes an owner."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.directory_services import (
    directory_token_create,
    directory_token_revoke,
    group_role_mapping_set,
)
from accounts.models import DirectoryToken, Membership, Role, User
from audit.models import AuditEntry
from tests.accounts.scim_client import GROUP, PATCH, USER
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db
ERROR = "urn:ietf:params:scim:api:messages:2.0:Error"


class Scim:
    """Django's test client speaking SCIM with one organization's token."""

    def __init__(self, tenant: TenantFixture) -> None:
        self.tenant = tenant
        self.token = directory_token_create(organization=tenant.organization, name="idp").plaintext
        self.client = Client(HTTP_AUTHORIZATION=f"Bearer {self.token}")

    def call(self, method: str, path: str, body: Any = None, **query: str) -> Any:
        send = getattr(self.client, method)
        if method == "get":
            return send(f"/scim/v2{path}", query)
        return send(f"/scim/v2{path}", body, content_type="application/scim+json")

    def user(self, name: str) -> dict[str, Any]:
        response = self.call("post", "/Users", {"schemas": [USER], "userName": name})
        assert response.status_code == 201, response.content
        return dict(response.json())

    def group(self, name: str, members: list[str] = ()) -> dict[str, Any]:  # type: ignore[assignment]
        body = {"schemas": [GROUP], "displayName": name, "members": [{"value": m} for m in members]}
        response = self.call("post", "/Groups", body)
        assert response.status_code == 201, response.content
        return dict(response.json())

    def patch(self, path: str, *operations: dict[str, Any]) -> Any:
        return self.call("patch", path, {"schemas": [PATCH], "Operations": list(operations)})


@pytest.fixture
def scim(acme: TenantFixture) -> Scim:
    return Scim(acme)


def role_of(username: str, tenant: TenantFixture) -> str | None:
    membership = Membership.objects.filter(
        user__username=username, organization=tenant.organization
    ).first()
    return membership.role if membership else None


def test_users_are_filtered_and_paged_as_scim_lists(scim: Scim) -> None:
    for number in range(5):
        scim.user(f"person{number}@acme.example")

    page = scim.call("get", "/Users", startIndex="2", count="2").json()
    found = scim.call("get", "/Users", filter='userName eq "person3@acme.example"').json()
    none = scim.call("get", "/Users", filter='userName eq "nobody@acme.example"').json()

    assert page["totalResults"] == 5
    assert (page["startIndex"], page["itemsPerPage"]) == (2, 2)
    assert [user["userName"] for user in page["Resources"]] == [
        "person1@acme.example",
        "person2@acme.example",
    ]
    assert [user["userName"] for user in found["Resources"]] == ["person3@acme.example"]
    assert none["totalResults"] == 0
    assert none["Resources"] == []


def test_errors_are_scim_error_bodies(scim: Scim, acme: TenantFixture) -> None:
    scim.user("ada@acme.example")

    bad_filter = scim.call("get", "/Users", filter='userName co "ada"')
    duplicate = scim.call("post", "/Users", {"schemas": [USER], "userName": "ada@acme.example"})
    missing = scim.call("get", "/Users/00000000-0000-0000-0000-000000000000")
    not_json = scim.client.post("/scim/v2/Users", "{", content_type="application/scim+json")
    no_token = Client().get("/scim/v2/Users")

    assert (bad_filter.status_code, bad_filter.json()["scimType"]) == (400, "invalidFilter")
    assert (duplicate.status_code, duplicate.json()["scimType"]) == (409, "uniqueness")
    assert missing.status_code == 404
    assert missing.json()["schemas"] == [ERROR]
    assert (not_json.status_code, not_json.json()["scimType"]) == (400, "invalidSyntax")
    assert no_token.status_code == 401
    assert no_token["Content-Type"] == "application/scim+json"


def test_okta_and_entra_patches_update_and_deactivate(scim: Scim, acme: TenantFixture) -> None:
    user = scim.user("grace@acme.example")
    path = f"/Users/{user['id']}"

    okta = scim.patch(path, {"op": "replace", "value": {"name": {"givenName": "Grace"}}})
    entra = scim.patch(
        path,
        {"op": "Replace", "path": 'emails[type eq "work"].value', "value": "g@acme.example"},
        {"op": "Add", "path": "name.familyName", "value": "Hopper"},
        {"op": "Replace", "path": "title", "value": "Rear Admiral"},  # kept nowhere, accepted
    )
    deactivated = scim.patch(path, {"op": "replace", "value": {"active": False}})

    assert okta.status_code == entra.status_code == deactivated.status_code == 200
    person = User.objects.get(username="grace@acme.example")
    assert (person.first_name, person.last_name, person.email) == (
        "Grace",
        "Hopper",
        "g@acme.example",
    )
    assert deactivated.json()["active"] is False
    assert not person.is_active
    assert role_of("grace@acme.example", acme) is None
    reactivated = scim.patch(path, {"op": "Replace", "path": "active", "value": "True"})
    assert reactivated.json()["active"] is True
    assert role_of("grace@acme.example", acme) == Role.MEMBER


def test_group_membership_follows_add_remove_and_replace(scim: Scim, acme: TenantFixture) -> None:
    group_role_mapping_set(
        organization_id=acme.organization.id, group="admins", role=Role.ADMIN, actor="test"
    )
    one, two = scim.user("one@acme.example"), scim.user("two@acme.example")
    group = scim.group("admins", [one["id"]])
    path = f"/Groups/{group['id']}"
    assert role_of("one@acme.example", acme) == Role.ADMIN

    scim.patch(path, {"op": "add", "path": "members", "value": [{"value": two["id"]}]})
    assert role_of("two@acme.example", acme) == Role.ADMIN
    scim.patch(path, {"op": "remove", "path": f'members[value eq "{one["id"]}"]'})
    assert role_of("one@acme.example", acme) == Role.MEMBER
    scim.patch(path, {"op": "Remove", "path": "members", "value": [{"value": two["id"]}]})
    scim.patch(path, {"op": "replace", "path": "members", "value": [{"value": one["id"]}]})
    listed = scim.call("get", path).json()

    assert [member["value"] for member in listed["members"]] == [one["id"]]
    assert (role_of("one@acme.example", acme), role_of("two@acme.example", acme)) == (
        Role.ADMIN,
        Role.MEMBER,
    )
    assert (
        AuditEntry.objects.filter(
            organization_id=acme.organization.id, action="membership.role_changed"
        ).count()
        == 7  # two people joined as members, then five changes of role
    )


def test_no_directory_change_makes_or_unmakes_an_owner(scim: Scim, acme: TenantFixture) -> None:
    user = scim.user("mallory@acme.example")
    owners = scim.group("owners", [user["id"]])
    owner_group = scim.call("get", "/Users", filter='userName eq "mallory@acme.example"')

    roles = scim.patch(
        f"/Users/{user['id']}", {"op": "add", "path": "roles", "value": [{"value": "owner"}]}
    )
    with pytest.raises(Exception, match="never owner"):
        group_role_mapping_set(
            organization_id=acme.organization.id, group="owners", role=Role.OWNER, actor="test"
        )
    # An existing owner's account cannot be linked, demoted or deactivated by the directory
    taken = scim.call("post", "/Users", {"schemas": [USER], "userName": acme.owner.username})

    assert owner_group.status_code == roles.status_code == 200
    assert owners["id"]
    assert role_of("mallory@acme.example", acme) == Role.MEMBER
    assert taken.status_code == 409
    assert role_of(acme.owner.username, acme) == Role.OWNER
    assert User.objects.get(id=acme.owner.id).is_active


def test_one_organizations_token_never_reaches_anothers_people(
    scim: Scim, acme: TenantFixture, globex: TenantFixture
) -> None:
    theirs = Scim(globex)
    acme_user = scim.user("ada@acme.example")
    globex_group = theirs.group("staff")

    assert theirs.call("get", f"/Users/{acme_user['id']}").status_code == 404
    assert (
        theirs.patch(
            f"/Users/{acme_user['id']}", {"op": "replace", "value": {"active": False}}
        ).status_code
        == 404
    )
    assert theirs.call("get", "/Users").json()["totalResults"] == 0
    added = theirs.patch(
        f"/Groups/{globex_group['id']}",
        {"op": "add", "path": "members", "value": [{"value": acme_user["id"]}]},
    )
    assert (added.status_code, added.json()["scimType"]) == (400, "invalidValue")
    # A person of another organization cannot be taken over by provisioning their username
    taken = theirs.call("post", "/Users", {"schemas": [USER], "userName": acme.member.username})
    assert taken.status_code == 409
    assert User.objects.get(username="ada@acme.example").is_active


def test_a_revoked_or_foreign_format_token_is_refused(scim: Scim, acme: TenantFixture) -> None:
    directory_token_revoke(token=DirectoryToken.objects.get(organization=acme.organization))

    revoked = scim.call("get", "/Users")
    api_key = Client(HTTP_AUTHORIZATION=f"Bearer {acme.api_key}").get("/scim/v2/Users")

    assert revoked.status_code == api_key.status_code == 401


def test_discovery_documents_describe_the_service(scim: Scim) -> None:
    config = scim.call("get", "/ServiceProviderConfig").json()
    types = scim.call("get", "/ResourceTypes").json()
    schema = scim.call("get", f"/Schemas/{USER}").json()

    assert config["patch"]["supported"]
    assert config["filter"]["supported"]
    assert {item["endpoint"] for item in types["Resources"]} == {"/Users", "/Groups"}
    assert "userName" in {attribute["name"] for attribute in schema["attributes"]}
