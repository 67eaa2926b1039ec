"""What the /v1 fuzzers found, each kept fixed: a request that crashed the gateway, a request the
description refuses that the checks let through to a backend, a backend stream that broke the
relay or stalled it, a 405 without `Allow`."""

from __future__ import annotations

from typing import Any

import pytest

from gateway.app import v1_application
from gateway.errors import GatewayError
from gateway.sse import SseRelay
from gateway.usage import Usage
from gateway.validation import chat_plan, embeddings_plan

HELLO = [{"role": "user", "content": "hello"}]


def chat(fields: dict[str, Any]) -> dict[str, Any]:
    """The payload of a chat request saying hello, with `fields` added."""
    return chat_plan({"model": "standard", "messages": HELLO, **fields}, 100, {}).payload


def refused(plan: Any, body: dict[str, Any]) -> GatewayError:
    with pytest.raises(GatewayError) as caught:
        plan(body)
    assert caught.value.status == 400
    return caught.value


def test_a_content_part_whose_type_is_a_list_is_a_400_not_a_crash() -> None:
    # It was looked up in a set: TypeError, and a 500 from the gateway.
    message = {"role": "system", "content": [{"type": []}]}
    error = refused(lambda body: chat_plan(body, 100, {}), {"model": "m", "messages": [message]})
    assert error.param == "messages[0].content[0].type"


@pytest.mark.parametrize(
    ("fields", "param"),
    [
        ({"tools": [{"function": {"name": "get_weather\n"}}]}, "tools[0].function.name"),
        (
            {"tools": [{"function": {"name": "f", "description": 5}}]},
            "tools[0].function.description",
        ),
        ({"logit_bias": {"²": 1}}, "logit_bias"),
        ({"response_format": {"type": "json_schema", "json_schema": {"name": "a\n"}}}, None),
    ],
)
def test_requests_the_description_refuses_do_not_reach_a_backend(
    fields: dict[str, Any], param: str | None
) -> None:
    error = refused(chat, fields)
    assert param is None or error.param == param


def test_an_earlier_tool_call_of_another_type_is_refused() -> None:
    call = {"id": "c1", "type": "tool", "function": {"name": "f", "arguments": "{}"}}
    messages = [*HELLO, {"role": "assistant", "tool_calls": [call]}]
    error = refused(lambda body: chat_plan(body, 100, {}), {"model": "m", "messages": messages})
    assert error.param == "messages[1].tool_calls[0].type"


def test_whole_numbers_written_as_floats_are_integers() -> None:
    body = {"model": "standard", "messages": HELLO, "max_completion_tokens": 16.0, "n": 1.0}
    plan = chat_plan(body, 100, {})
    # Quotas reserve max tokens in Redis, whose INCRBY refuses "16.0": that was a 503.
    assert (plan.max_tokens, plan.n) == (16, 1)
    assert type(plan.max_tokens) is int
    refused(chat, {"max_tokens": 16.5})
    refused(chat, {"seed": -9.3e18})  # past 2**53 a float names no single integer


def test_max_tokens_past_the_quota_counters_are_refused() -> None:
    assert refused(chat, {"max_tokens": 2**40}).param == "max_tokens"


@pytest.mark.parametrize(
    "body",
    [
        {"input": [True]},
        {"input": [[1, False]]},
        {"input": [[1.5]]},
        {"input": [None]},
        {"input": "x", "dimensions": 10**6},
    ],
)
def test_embeddings_take_texts_and_token_ids_only(body: dict[str, Any]) -> None:
    refused(lambda b: embeddings_plan(b, 10), {"model": "embeddings", **body})


def test_a_cr_lf_split_before_its_last_lf_is_relayed_when_the_lf_arrives() -> None:
    relay = SseRelay(client_wants_usage=False, served_model="m", tier="standard")
    assert relay.feed(b'data: {"choices": []}\r\n\r') == b""
    assert relay.feed(b"\n") == b'data: {"choices": []}\n\n'
    relay.feed(b"data: [DONE]\r\n\r")
    relay.feed(b"\n")
    assert relay.done


@pytest.mark.parametrize(
    "event",
    [
        b'{"created": "yesterday", "choices": [1, {"delta": []}]}',
        b'{"choices": [{"delta": {"content": 7, "tool_calls": [3, {"function": []}]}}]}',
        b'{"error": "overloaded"}',
        b'{"usage": [1, 2], "choices": []}',
        b'{"usage": {"prompt_tokens": "many", "completion_tokens": 1e300}, "choices": []}',
    ],
)
def test_a_backend_event_of_odd_shape_is_passed_on_not_a_crash(event: bytes) -> None:
    relay = SseRelay(client_wants_usage=True, served_model="m", tier="standard", collect=True)
    assert relay.feed(b"data: " + event + b"\n\n").endswith(b"\n\n")
    assert relay.completion_tokens() >= 0
    assert relay.prompt_tokens(3) >= 0


def test_a_backend_usage_of_odd_shape_bills_nothing_rather_than_crash() -> None:
    usage = Usage()
    usage.take_usage({"prompt_tokens": "12", "completion_tokens": 10**12})
    assert (usage.prompt_tokens, usage.completion_tokens) == (0, 0)
    usage.take_usage({"prompt_tokens": 12.0, "completion_tokens": 3})
    assert (usage.prompt_tokens, usage.completion_tokens) == (12, 3)


async def test_a_wrong_method_is_a_405_that_says_which_is_right() -> None:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "DELETE", "path": "/v1/chat/completions", "headers": []}
    await v1_application(scope, receive, send)

    start = sent[0]
    assert start["status"] == 405
    assert (b"allow", b"POST") in start["headers"]
