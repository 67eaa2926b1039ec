"""SCIM PATCH (RFC 7644 §3.5.2) as identity providers send it.

Entra ID capitalizes operations ("Replace"), sends booleans as strings and removes members with
a value list; Okta replaces without a path (`{"op": "replace", "value": {"active": false}}`) and
removes members with a filter path (`members[value eq "<id>"]`). Both are read here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from accounts.directory_services import GroupMembersChange, PersonChange
from accounts.scim.protocol import PATCH_SCHEMA, ScimError
from accounts.scim.resources import members_of, user_patch_field

_MEMBER_FILTER = re.compile(r'members\[\s*value\s+eq\s+"([^"]+)"\s*\]', re.IGNORECASE)


@dataclass(frozen=True)
class Operation:
    op: str  # add, remove or replace
    path: str
    value: Any


def operations(body: dict[str, Any]) -> list[Operation]:
    if PATCH_SCHEMA not in body.get("schemas", []):
        raise ScimError(400, f"A PATCH body names the schema {PATCH_SCHEMA}.", "invalidSyntax")
    found = body.get("Operations", body.get("operations"))
    if not isinstance(found, list) or not found:
        raise ScimError(400, "A PATCH body holds a list of Operations.", "invalidSyntax")
    return [_operation(item) for item in found]


def _operation(item: object) -> Operation:
    if not isinstance(item, dict):
        raise ScimError(400, "Each operation is an object.", "invalidSyntax")
    op = str(item.get("op", "")).lower()
    if op not in ("add", "remove", "replace"):
        raise ScimError(400, f"Unknown operation {item.get('op')!r}.", "invalidSyntax")
    return Operation(op, str(item.get("path") or ""), item.get("value"))


def user_change(body: dict[str, Any]) -> PersonChange:
    fields: dict[str, Any] = {}
    for operation in operations(body):
        for path, value in _attributes(operation):
            if operation.op == "remove":
                value = False if path.lower() == "active" else ""
            found = user_patch_field(path, value)
            if found is not None:
                fields[found[0]] = found[1]
    return PersonChange(**fields)


def _attributes(operation: Operation) -> list[tuple[str, Any]]:
    """(path, value) pairs an operation sets; a pathless one sets each key of its value."""
    if operation.path:
        if operation.path.lower() == "name" and isinstance(operation.value, dict):
            return [(f"name.{key}", value) for key, value in operation.value.items()]
        return [(operation.path, operation.value)]
    if not isinstance(operation.value, dict):
        raise ScimError(400, "An operation without a path carries an object.", "invalidValue")
    pairs: list[tuple[str, Any]] = []
    for key, value in operation.value.items():
        if key.lower() == "name" and isinstance(value, dict):
            pairs += [(f"name.{inner}", inner_value) for inner, inner_value in value.items()]
        else:
            pairs.append((key, value))
    return pairs


@dataclass
class GroupPatch:
    members: GroupMembersChange
    display_name: str | None = None
    external_id: str | None = None


def group_change(organization_id: int, body: dict[str, Any]) -> GroupPatch:
    patch = GroupPatch(GroupMembersChange())
    for operation in operations(body):
        for path, value in _attributes(operation):
            _group_operation(organization_id, patch, operation.op, path, value)
    return patch


def _group_operation(
    organization_id: int, patch: GroupPatch, op: str, path: str, value: Any
) -> None:
    key = path.lower()
    member = _MEMBER_FILTER.fullmatch(path)
    if member and op == "remove":
        patch.members.remove += members_of(organization_id, [{"value": member.group(1)}])
    elif key == "members":
        _members_operation(organization_id, patch.members, op, value)
    elif key == "displayname" and op != "remove":
        patch.display_name = str(value)
    elif key == "externalid":
        patch.external_id = "" if op == "remove" else str(value)
    elif key != "id":
        raise ScimError(400, f"Groups have no attribute {path!r} to {op}.", "noTarget")


def _members_operation(
    organization_id: int, change: GroupMembersChange, op: str, value: Any
) -> None:
    if op == "remove" and value is None:
        change.replace, change.add, change.remove = [], [], []
        return
    people = members_of(organization_id, value)
    if op == "add":
        change.add += people
    elif op == "remove":
        change.remove += people
    else:
        change.replace, change.add, change.remove = people, [], []
