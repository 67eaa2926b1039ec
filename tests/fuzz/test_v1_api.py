"""schemathesis over the /v1 description (gateway/openapi.yaml), against the running gateway with
the scripted model server behind its tiers.

The rules: no 5xx for any input, every response matches the description, and every error is an
OpenAI error object. Requests the description allows are also sent naming a real tier (`model`
is any string in the description), so that they reach the backends and both dialects
(standard: passed through; fast: translated for the embedded server).

One 5xx is the contract, not a crash: a 502 `invalid_model_output` when the request asked for a
JSON schema or for tools and the scripted model, which does not read either, answered "ok"."""

from __future__ import annotations

import zlib
from typing import Any

import pytest
import schemathesis
from schemathesis import Case, GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from gateway.openapi import v1_description
from tests.fuzz.profiles import LONG, fuzz_settings, schemathesis_config
from tests.fuzz.world import FuzzWorld

pytestmark = pytest.mark.django_db  # the world is committed by a module fixture (conftest)
v1 = schemathesis.openapi.from_dict(v1_description(), config=schemathesis_config())
CHAT_TIERS = ("standard", "fast", "auto")


def positive(case: Case, location: ParameterLocation) -> bool:
    component = case.meta.components.get(location) if case.meta else None
    return component is None or component.mode == GenerationMode.POSITIVE


def on_real_tier(case: Case) -> bool:
    """Names a tier in a request the description allows; False when there is nothing to name."""
    if case.operation.path == "/v1/models/{model}" and positive(case, ParameterLocation.PATH):
        case.path_parameters = {"model": "standard"}
        return True
    if not isinstance(case.body, dict) or not positive(case, ParameterLocation.BODY):
        return False
    if case.operation.path == "/v1/embeddings":
        case.body = {**case.body, "model": "embeddings"}
        return True
    if case.operation.path == "/v1/chat/completions":
        pick = zlib.crc32(repr(sorted(case.body)).encode()) % len(CHAT_TIERS)
        case.body = {**case.body, "model": CHAT_TIERS[pick]}
        return True
    return False


def asks_for_structure(case: Case) -> bool:
    body = case.body if isinstance(case.body, dict) else {}
    fmt = body.get("response_format")
    wants_schema = isinstance(fmt, dict) and fmt.get("type") in ("json_object", "json_schema")
    return wants_schema or (bool(body.get("tools")) and body.get("tool_choice") != "none")


def assert_openai_error(case: Case, response: Any) -> None:
    if response.status_code < 400:
        return
    error = response.json()["error"]
    assert isinstance(error["message"], str), error
    assert isinstance(error["type"], str), error
    if response.status_code >= 500:
        assert error["code"] == "invalid_model_output", error
        assert asks_for_structure(case), error


def excluded_checks() -> list[Any]:
    """As for REST (tests/fuzz/test_rest_api.py): a request the description allows may name a
    model that does not exist or ask a tier for what its backend cannot do (n > 1 on the
    embedded server), and the bounded profile leaves the credential probes to the tenant
    matrix. Server errors are judged by `assert_openai_error`."""
    excluded: list[Any] = [positive_data_acceptance, not_a_server_error]
    if not LONG:
        excluded.append(ignored_auth)
    return excluded


def call(case: Case, world: FuzzWorld) -> None:
    response = case.call_and_validate(
        base_url=world.base, headers=world.headers, excluded_checks=excluded_checks()
    )
    assert_openai_error(case, response)


@v1.parametrize()
@fuzz_settings(bounded=8, long=500)
def test_v1_operation(case: Case, world: FuzzWorld) -> None:
    call(case, world)
    if on_real_tier(case):
        call(case, world)
