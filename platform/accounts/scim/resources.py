"""SCIM resources: provisioned people and groups as SCIM JSON, and SCIM JSON as changes."""

from __future__ import annotations

from typing import Any

from accounts.directory_selectors import directory_users_with_ids
from accounts.directory_services import UNSET, PersonChange
from accounts.models import DirectoryGroup, DirectoryUser
from accounts.scim.protocol import GROUP_SCHEMA, USER_SCHEMA, ScimError, as_bool

USER_FILTERS = {"username": "user_name", "externalid": "external_id", "id": "scim_id"}
GROUP_FILTERS = {"displayname": "display_name", "externalid": "external_id", "id": "scim_id"}


def user_resource(person: DirectoryUser, base: str) -> dict[str, Any]:
    user = person.user
    resource: dict[str, Any] = {
        "schemas": [USER_SCHEMA],
        "id": str(person.scim_id),
        "userName": person.user_name,
        "name": {"givenName": user.first_name, "familyName": user.last_name},
        "displayName": user.get_full_name() or person.user_name,
        "active": person.active,
        "emails": [{"value": user.email, "type": "work", "primary": True}] if user.email else [],
        "groups": [
            {"value": str(group.scim_id), "display": group.display_name}
            for group in person.groups.all()
        ],
        "meta": _meta(
            "User", person.created_at, person.updated_at, f"{base}/Users/{person.scim_id}"
        ),
    }
    if person.external_id:
        resource["externalId"] = person.external_id
    return resource


def group_resource(group: DirectoryGroup, base: str, *, members: bool = True) -> dict[str, Any]:
    resource: dict[str, Any] = {
        "schemas": [GROUP_SCHEMA],
        "id": str(group.scim_id),
        "displayName": group.display_name,
        "meta": _meta(
            "Group", group.created_at, group.updated_at, f"{base}/Groups/{group.scim_id}"
        ),
    }
    if members:
        resource["members"] = [
            {"value": str(person.scim_id), "display": person.user_name, "type": "User"}
            for person in group.members.all()
        ]
    if group.external_id:
        resource["externalId"] = group.external_id
    return resource


def _meta(kind: str, created: Any, modified: Any, location: str) -> dict[str, Any]:
    return {
        "resourceType": kind,
        "created": created.isoformat(),
        "lastModified": modified.isoformat(),
        "location": location,
    }


def person_change(body: dict[str, Any], *, replace: bool) -> PersonChange:
    """The change a POST or PUT body describes; PUT (replace) clears what it leaves out."""
    blank: Any = "" if replace else UNSET
    name: dict[str, Any] = body["name"] if isinstance(body.get("name"), dict) else {}
    return PersonChange(
        user_name=body.get("userName"),
        external_id=body.get("externalId", blank),
        email=_primary_email(body["emails"]) if "emails" in body else blank,
        given_name=name.get("givenName", blank),
        family_name=name.get("familyName", blank),
        active=as_bool(body["active"], "active") if "active" in body else True,
    )


def _primary_email(emails: object) -> str:
    if not isinstance(emails, list):
        raise ScimError(400, "emails must be a list.", "invalidValue")
    entries = [entry for entry in emails if isinstance(entry, dict) and entry.get("value")]
    primary = [entry for entry in entries if entry.get("primary") in (True, "true", "True")]
    chosen = (primary or entries or [{"value": ""}])[0]
    return str(chosen["value"])


# A user PATCH path (lower case) and the PersonChange field it sets.
USER_PATHS = {
    "username": "user_name",
    "externalid": "external_id",
    "active": "active",
    "name.givenname": "given_name",
    "name.familyname": "family_name",
    "emails": "email",
    'emails[type eq "work"].value': "email",
    "emails[primary eq true].value": "email",
}


def user_patch_field(path: str, value: Any) -> tuple[str, Any] | None:
    """(PersonChange field, value) for one attribute a PATCH sets; None for attributes the
    platform does not keep (titles, addresses, roles, ...), which are accepted and ignored."""
    key = path.lower().removeprefix(USER_SCHEMA.lower() + ":")
    if key == "name" and isinstance(value, dict):
        return None  # expanded by the caller into name.givenName and name.familyName
    field = USER_PATHS.get(key)
    if field is None:
        return None
    if field == "active":
        return field, as_bool(value, "active")
    if field == "email" and isinstance(value, list):
        return field, _primary_email(value)
    return field, value


def members_of(organization_id: int, value: object) -> list[DirectoryUser]:
    """The provisioned people a `members` value names; an id the organization does not have is a
    400, so one organization's group never holds another's person."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(
        isinstance(item, dict) and isinstance(item.get("value"), str) for item in value
    ):
        raise ScimError(400, 'members must be a list of {"value": "<user id>"}.', "invalidValue")
    ids = {item["value"] for item in value}
    people = directory_users_with_ids(organization_id=organization_id, scim_ids=ids)
    missing = ids - {str(person.scim_id) for person in people}
    if missing:
        raise ScimError(400, f"No such users: {sorted(missing)}.", "invalidValue")
    return people
