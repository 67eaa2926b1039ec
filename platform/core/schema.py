"""The REST schema documents its errors: every operation lists the problem details (RFC 9457)
it can answer with, so clients and the fuzzer (tests/fuzz) hold the API to them.

The statuses every operation of a kind can return are added here, once, from the operation's
shape; a status only some views return (409, 413, ...) is declared on the view with `problems()`.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse

from core.problems import PROBLEM_CONTENT_TYPE

PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}
_DESCRIPTIONS = {
    400: "The request is invalid: `detail` says why, `errors` names each field.",
    401: "No valid credentials (an API key as a bearer token, or a session).",
    403: "The credentials may not do this (an API key's scope, or a role).",
    404: "No such object in the caller's organization.",
    409: "The object's state does not allow this now.",
    413: "The request body is larger than this operation accepts (`limit_bytes` says how much).",
    412: "`If-Match` names a version that is no longer the current one.",
    415: "The request body's media type is not one the operation reads.",
    428: "The operation needs `If-Match` with the version that was reviewed.",
    429: "Too many calls from this key or address this minute; `Retry-After` says when to retry.",
}
_HTTP_METHODS = {"get", "put", "post", "patch", "delete", "head", "options", "trace"}


def problems(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """A view's own error responses, for `extend_schema(responses={200: ..., **problems(409)})`;
    the hook below puts the one Problem schema in place of the placeholder."""
    return {
        (status, PROBLEM_CONTENT_TYPE): OpenApiResponse(
            OpenApiTypes.OBJECT, description=_DESCRIPTIONS.get(status, "")
        )
        for status in statuses
    }


def add_problem_responses(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """A drf-spectacular postprocessing hook: each operation's error responses, by its shape."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault("Problem", _problem_component())
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in _HTTP_METHODS:
                continue
            _empty_means_absent(operation.get("parameters", []))
            responses = operation["responses"]
            for status in _error_statuses(operation):
                responses.setdefault(str(status), _problem_body(status))
            for response in responses.values():
                if PROBLEM_CONTENT_TYPE in response.get("content", {}):
                    response["content"][PROBLEM_CONTENT_TYPE] = {"schema": PROBLEM_REF}
    return result


def _empty_means_absent(parameters: list[dict[str, Any]]) -> None:
    # DRF reads an optional query parameter sent empty (`?status=`) as one left out, as HTML
    # forms send them; the schema says so rather than calling such a request invalid.
    for parameter in parameters:
        if parameter["in"] == "query" and not parameter.get("required"):
            parameter["allowEmptyValue"] = True


def _error_statuses(operation: dict[str, Any]) -> list[int]:
    parameters = operation.get("parameters", [])
    statuses = [400] if parameters or "requestBody" in operation else []
    if operation.get("security") and {} not in operation["security"]:
        statuses += [401, 403]
    if any(parameter["in"] == "path" for parameter in parameters):
        statuses.append(404)
    if "requestBody" in operation:
        statuses += [413, 415]
    # Every call is counted per address, and per key or session (gateway.rest_limits).
    return [*statuses, 429]


def _problem_body(status: int) -> dict[str, Any]:
    return {
        "description": _DESCRIPTIONS[status],
        "content": {PROBLEM_CONTENT_TYPE: {"schema": PROBLEM_REF}},
    }


def _problem_component() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "An error, as problem details (RFC 9457).",
        "properties": {
            "type": {"type": "string"},
            "title": {"type": "string"},
            "status": {"type": "integer"},
            "detail": {"type": "string", "description": "What went wrong, for people."},
            "errors": {"description": "Field by field, when the request itself was invalid."},
        },
        "required": ["type", "title", "status", "detail"],
    }
