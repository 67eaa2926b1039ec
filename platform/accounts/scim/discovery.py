"""SCIM discovery documents: ServiceProviderConfig, ResourceTypes and Schemas (RFC 7643 §5-7)."""

from __future__ import annotations

from typing import Any

from accounts.scim.protocol import GROUP_SCHEMA, LIST_SCHEMA, MAX_PAGE, USER_SCHEMA, ScimError

_CONFIG_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"
_RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType"
_SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema"


def _attribute(name: str, kind: str = "string", **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "type": kind,
        "multiValued": False,
        "required": False,
        "caseExact": False,
        "mutability": "readWrite",
        "returned": "default",
        "uniqueness": "none",
        **extra,
    }


_SCHEMAS = {
    USER_SCHEMA: {
        "name": "User",
        "attributes": [
            _attribute("userName", required=True, uniqueness="server"),
            _attribute("externalId"),
            _attribute(
                "name",
                "complex",
                subAttributes=[_attribute("givenName"), _attribute("familyName")],
            ),
            _attribute("displayName", mutability="readOnly"),
            _attribute("active", "boolean"),
            _attribute("emails", "complex", multiValued=True, subAttributes=[_attribute("value")]),
            _attribute("groups", "complex", multiValued=True, mutability="readOnly"),
        ],
    },
    GROUP_SCHEMA: {
        "name": "Group",
        "attributes": [
            _attribute("displayName", required=True, uniqueness="server"),
            _attribute("externalId"),
            _attribute("members", "complex", multiValued=True, subAttributes=[_attribute("value")]),
        ],
    },
}
_RESOURCE_TYPES = {"User": ("/Users", USER_SCHEMA), "Group": ("/Groups", GROUP_SCHEMA)}


def document(kind: str, base: str, name: str) -> dict[str, Any]:
    if kind == "config":
        return _config(base)
    items = _schemas(base) if kind == "schemas" else _resource_types(base)
    if not name:
        return {"schemas": [LIST_SCHEMA], "totalResults": len(items), "Resources": items}
    for item in items:
        if name in (item["id"], item.get("name")):
            return item
    raise ScimError(404, f"No {kind} {name!r}.")


def _config(base: str) -> dict[str, Any]:
    return {
        "schemas": [_CONFIG_SCHEMA],
        "documentationUri": "https://longhaul.dev/docs/identity",
        "patch": {"supported": True},
        "bulk": {"supported": False, "maxOperations": 0, "maxPayloadSize": 0},
        "filter": {"supported": True, "maxResults": MAX_PAGE},
        "changePassword": {"supported": False},
        "sort": {"supported": False},
        "etag": {"supported": False},
        "authenticationSchemes": [
            {
                "type": "oauthbearertoken",
                "name": "Directory token",
                "description": "The organization's SCIM token, sent as a bearer token.",
                "primary": True,
            }
        ],
        "meta": {
            "resourceType": "ServiceProviderConfig",
            "location": f"{base}/ServiceProviderConfig",
        },
    }


def _schemas(base: str) -> list[dict[str, Any]]:
    return [
        {
            "schemas": [_SCHEMA_SCHEMA],
            "id": urn,
            **schema,
            "meta": {"resourceType": "Schema", "location": f"{base}/Schemas/{urn}"},
        }
        for urn, schema in _SCHEMAS.items()
    ]


def _resource_types(base: str) -> list[dict[str, Any]]:
    return [
        {
            "schemas": [_RESOURCE_TYPE_SCHEMA],
            "id": name,
            "name": name,
            "endpoint": endpoint,
            "schema": schema,
            "meta": {"resourceType": "ResourceType", "location": f"{base}/ResourceTypes/{name}"},
        }
        for name, (endpoint, schema) in _RESOURCE_TYPES.items()
    ]
