"""The /v1 description (gateway/openapi.yaml) and the gateway's request checks say the same thing:
a body the description allows passes the checks, and a body it refuses is a 400.

The gateway checks bodies with the description's own request schemas, compiled by jsonschema-rs
(gateway.request_schema); here a second reader, Python's jsonschema, judges the same bodies near
the edge of validity (tests/fuzz/v1_bodies.py), so a schema two validators read differently (a
regular expression's `$`, say) is found. The gateway reads a request as it always does
(gateway.http.parse_json_object, then gateway.validation). Two rules are beyond what a JSON
Schema can say about the body, and the gateway holds them alone: `parameters` and
`json_schema.schema` must themselves be valid JSON Schemas, and a `tool_choice` function must be
one of `tools`. And a whole number written as a float past 2**53 is an integer to JSON Schema but
not to the gateway (`imprecise`)."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client
from hypothesis import given
from jsonschema import Draft202012Validator

from gateway.errors import GatewayError
from gateway.http import parse_json_object
from gateway.openapi import v1_description
from gateway.validation import chat_plan, embeddings_plan
from tests.fuzz.profiles import fuzz_settings
from tests.fuzz.v1_bodies import chat_bodies, embeddings_bodies

BEYOND_JSON_SCHEMA = ("is not a valid JSON Schema", "which is not among 'tools'")


def request_schema(name: str) -> Draft202012Validator:
    """The description's schema of a request body; its $refs resolve within the description."""
    document = {"$ref": f"#/components/schemas/{name}", **v1_description()}
    return Draft202012Validator(document)


CHAT = request_schema("ChatCompletionRequest")
EMBEDDINGS = request_schema("EmbeddingsRequest")


def gateway_error(body: dict[str, Any], plan: Any) -> GatewayError | None:
    raw = json.dumps(body).encode()
    try:
        plan(parse_json_object(raw), len(raw))
    except GatewayError as error:
        return error
    return None


def imprecise(value: Any) -> bool:
    """Whether the body holds a whole number past 2**53 as a float: it no longer names one
    integer, and where an integer is due the gateway refuses it (JSON Schema calls it one)."""
    if isinstance(value, dict):
        return any(imprecise(item) for item in value.values())
    if isinstance(value, list):
        return any(imprecise(item) for item in value)
    return isinstance(value, float) and value.is_integer() and abs(value) > 2**53


def assert_agree(body: dict[str, Any], schema: Draft202012Validator, plan: Any) -> None:
    described = next(iter(schema.iter_errors(body)), None)
    error = gateway_error(body, plan)
    if described is None and error is not None:
        read = parse_json_object(json.dumps(body).encode())  # integers past 64 bits: floats
        beyond = any(rule in error.message for rule in BEYOND_JSON_SCHEMA) or imprecise(read)
        assert beyond, f"described as valid, refused with {error.message!r}: {body!r}"
    if described is not None:
        assert error is not None, f"described as invalid ({described.message}), taken: {body!r}"
        assert error.status == 400


def chat(body: dict[str, Any], size: int) -> Any:
    return chat_plan(body, size, {})


@given(body=chat_bodies())
@fuzz_settings(bounded=300, long=20000)
def test_the_description_and_the_checks_agree_on_chat_bodies(body: dict[str, Any]) -> None:
    assert_agree(body, CHAT, chat)


@given(body=embeddings_bodies())
@fuzz_settings(bounded=150, long=10000)
def test_the_description_and_the_checks_agree_on_embeddings_bodies(body: dict[str, Any]) -> None:
    assert_agree(body, EMBEDDINGS, embeddings_plan)


def test_the_description_is_served_beside_the_rest_schema(client: Client) -> None:
    response = client.get("/api/schema/v1/")
    served: dict[str, Any] = response.json()
    assert response["Content-Type"] == "application/vnd.oai.openapi+json"
    assert served == v1_description()
    assert set(served["paths"]) == {
        "/v1/models",
        "/v1/models/{model}",
        "/v1/chat/completions",
        "/v1/embeddings",
    }
