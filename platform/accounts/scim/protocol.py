"""SCIM 2.0 (RFC 7643/7644) on the wire: media type, error bodies, list responses, filters."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from django.http import HttpResponse

MEDIA_TYPE = "application/scim+json"
USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User"
GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group"
ENTERPRISE_USER_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"
LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse"
ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error"
PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp"
MAX_PAGE = 200

# attr eq "value" (the filters identity providers send), joined by `and`.
_COMPARISON = re.compile(r'\s*([A-Za-z][\w.:]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*', re.IGNORECASE)


class ScimError(Exception):
    def __init__(self, status: int, detail: str, scim_type: str = "") -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.scim_type = scim_type


def respond(body: dict[str, Any] | None, status: int = 200, location: str = "") -> HttpResponse:
    response = HttpResponse(
        b"" if body is None else json.dumps(body, default=str),
        status=status,
        content_type=MEDIA_TYPE,
    )
    if location:
        response["Location"] = location
    return response


def error_response(error: ScimError) -> HttpResponse:
    body: dict[str, Any] = {
        "schemas": [ERROR_SCHEMA],
        "status": str(error.status),
        "detail": error.detail,
    }
    if error.scim_type:
        body["scimType"] = error.scim_type
    return respond(body, error.status)


def read_body(raw: bytes) -> dict[str, Any]:
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise ScimError(400, "The body is not JSON.", "invalidSyntax") from None
    if not isinstance(body, dict):
        raise ScimError(400, "The body must be a JSON object.", "invalidSyntax")
    return body


@dataclass(frozen=True)
class Page:
    start: int  # 1-based, as SCIM counts
    count: int


def page_of(query: Any) -> Page:
    start = _positive(query.get("startIndex"), 1, "startIndex")
    count = min(_positive(query.get("count"), MAX_PAGE, "count", minimum=0), MAX_PAGE)
    return Page(max(start, 1), count)


def _positive(value: str | None, default: int, name: str, minimum: int = 1) -> int:
    if value in (None, ""):
        return default
    try:
        number = int(value)
    except ValueError:
        raise ScimError(400, f"{name} must be an integer.", "invalidValue") from None
    return max(number, minimum)


def list_response(resources: list[dict[str, Any]], total: int, page: Page) -> HttpResponse:
    return respond(
        {
            "schemas": [LIST_SCHEMA],
            "totalResults": total,
            "startIndex": page.start,
            "itemsPerPage": len(resources),
            "Resources": resources,
        }
    )


def parse_filter(text: str | None, allowed: dict[str, str]) -> dict[str, str]:
    """`attr eq "value" [and ...]` as {model field: value}; `allowed` maps SCIM attribute names
    (lower case) to fields. Anything else is a 400 invalidFilter."""
    if not text:
        return {}
    conditions: dict[str, str] = {}
    for part in re.split(r"\s+and\s+", text.strip(), flags=re.IGNORECASE):
        match = _COMPARISON.fullmatch(part)
        field = allowed.get(match.group(1).lower()) if match else None
        if match is None or field is None:
            raise ScimError(
                400,
                f"Unsupported filter {text!r}; use {' or '.join(sorted(allowed))} with eq.",
                "invalidFilter",
            )
        conditions[field] = json.loads(f'"{match.group(2)}"')
    return conditions


def as_bool(value: object, name: str) -> bool:
    """SCIM booleans, including the strings Entra ID sends ("True", "False")."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    raise ScimError(400, f"{name} must be a boolean.", "invalidValue")
