"""/v1 request bodies checked against the /v1 description (openapi.yaml, served at /api/schema/v1/):
the description is the only statement of what a body may hold. Each operation's JSON request-body
schema is compiled once, at start-up, by jsonschema-rs (Draft 2020-12, as OpenAPI 3.1 reads
schemas); a body it refuses is a 400 whose `param` names the field (gateway.schema_errors).

One rule is added to the description when it is compiled: JSON Schema calls a whole float such as
9.3e18 an integer, but past 2**53 a float no longer says which integer it is, so where an integer
is due, such a float is refused (`x-exact-integer`)."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from jsonschema_rs import Draft202012Validator, Validator

from gateway.errors import invalid
from gateway.openapi import v1_description
from gateway.schema_errors import describe

EXACT = "x-exact-integer"
_JSON = "application/json"


class ExactInteger:
    """The `x-exact-integer` keyword: a float where an integer is due names exactly one."""

    def __init__(self, parent_schema: dict[str, Any], value: Any, schema_path: list[Any]) -> None:
        pass

    def validate(self, instance: Any) -> None:
        if isinstance(instance, float) and abs(instance) > 2**53:
            raise ValueError(f"{instance:g} is past 2**53 and names no single integer; send digits")


def check_request(path: str, body: dict[str, Any]) -> None:
    """Raises a 400 GatewayError naming the most specific field that is wrong, if any."""
    document, validators = compiled()
    validator = validators[path]
    if validator.is_valid(body):  # the common case: stops at nothing, collects nothing
        return
    param, message = describe(list(validator.iter_errors(body)), body, document)
    raise invalid(message, param=param)


@cache
def compiled() -> tuple[dict[str, Any], dict[str, Validator]]:
    """The description with the integer rule added, and a validator per /v1 path with a body."""
    document = _with_exact_integers(copy.deepcopy(v1_description()))
    keywords: dict[str, Any] = {EXACT: ExactInteger}
    return document, {
        path: Draft202012Validator({**document, "$ref": pointer}, keywords=keywords)
        for path, pointer in _body_schemas(document).items()
    }


def _body_schemas(document: dict[str, Any]) -> dict[str, str]:
    """Each operation's JSON request-body schema, as a JSON pointer into the document."""
    found = {}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody", {}) if isinstance(operation, dict) else {}
            if _JSON in body.get("content", {}):
                escaped = path.replace("~", "~0").replace("/", "~1")
                found[path] = (
                    f"#/paths/{escaped}/{method}/requestBody/content/application~1json/schema"
                )
    return found


def _with_exact_integers(node: Any) -> Any:
    if isinstance(node, dict):
        kinds = node.get("type")
        if kinds == "integer" or (isinstance(kinds, list) and "integer" in kinds):
            node[EXACT] = True
        for value in node.values():
            _with_exact_integers(value)
    elif isinstance(node, list):
        for value in node:
            _with_exact_integers(value)
    return node
