"""Properties of what the gateway sends a backend (gateway.dialects), for any chat request the
gateway's checks let through:

- an `openai` backend gets the request as the client sent it, naming its served model;
- the embedded server (`llama_cpp_python`) gets plain-text messages, none of the fields it cannot
  read, and a grammar (json_object with a schema) whenever the gateway must convert the answer;
- either way the body is JSON, and a request one backend cannot serve is a 400 naming the field,
  never another error.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from hypothesis import assume, given

from gateway.dialects import LLAMA_CPP_PYTHON, Upstream, upstream_request
from gateway.errors import GatewayError
from gateway.http import parse_json_object
from gateway.validation import Plan, chat_plan
from inference.selectors import BackendConfig
from tests.fuzz.profiles import fuzz_settings
from tests.fuzz.v1_bodies import chat_bodies

DROPPED_FOR_LLAMA = ("tools", "tool_choice", "parallel_tool_calls", "n")


def backend(dialect: str) -> BackendConfig:
    return BackendConfig(
        name=f"{dialect}-1",
        tier="standard",
        base_url="http://127.0.0.1:9/v1",
        served_model="served-7b",
        weight=1,
        max_concurrency=1,
        max_queue=1,
        connect_timeout_s=1.0,
        read_timeout_s=1.0,
        api_key=None,
        supports_tools=True,
        supports_json_schema=True,
        dialect=dialect,
    )


def accepted(body: dict[str, Any]) -> Plan:
    raw = json.dumps(body).encode()
    try:
        return chat_plan(parse_json_object(raw), len(raw), {})
    except GatewayError:
        assume(False)
        raise


@given(body=chat_bodies(faults_at_most=0))
@fuzz_settings(bounded=100, long=10000)
def test_an_openai_backend_gets_the_request_as_sent(body: dict[str, Any]) -> None:
    plan = accepted(body)
    upstream = upstream_request(plan, backend("openai"))

    sent = orjson.loads(orjson.dumps(upstream.body))
    assert sent["model"] == "served-7b"
    assert {k: v for k, v in sent.items() if k != "model"} == {
        k: v for k, v in plan.payload.items() if k != "model"
    }
    assert upstream.stream == plan.stream


def for_llama(plan: Plan) -> Upstream | GatewayError:
    try:
        return upstream_request(plan, backend(LLAMA_CPP_PYTHON))
    except GatewayError as error:
        return error


@given(body=chat_bodies(faults_at_most=0))
@fuzz_settings(bounded=100, long=10000)
def test_the_embedded_server_gets_what_it_can_read_or_a_400(body: dict[str, Any]) -> None:
    plan = accepted(body)
    upstream = for_llama(plan)
    if isinstance(upstream, GatewayError):
        assert upstream.status == 400
        assert upstream.param == "n" or "reads text only" in upstream.message
        return

    sent = orjson.loads(orjson.dumps(upstream.body))
    assert sent["model"] == "served-7b"
    assert all(isinstance(m["content"], str) for m in sent["messages"])
    assert not set(DROPPED_FOR_LLAMA) & set(sent) - {"tools", "tool_choice"}
    if "tool_choice" in sent:  # native only: one named function, its tools alongside
        assert isinstance(sent["tool_choice"], dict)
        assert sent["tools"]
    if upstream.emulated_tools or plan.schema is not None:
        assert sent["response_format"]["type"] == "json_object"
        assert isinstance(sent["response_format"].get("schema"), dict)
    assert upstream.synthesized_stream == (plan.stream and bool(upstream.emulated_tools))
