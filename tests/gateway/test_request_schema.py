"""/v1 request bodies are checked against the /v1 description itself, and a refused body names
the most specific field that is wrong in `param`, as OpenAI does."""

from __future__ import annotations

from typing import Any

import pytest

from gateway.app import ROUTES
from gateway.errors import GatewayError
from gateway.openapi import v1_description
from gateway.request_schema import compiled
from gateway.validation import chat_plan, embeddings_plan

HELLO = [{"role": "user", "content": "hello"}]
TOOLS = [{"type": "function", "function": {"name": "get_weather"}}]


def chat_refusal(**fields: Any) -> GatewayError:
    with pytest.raises(GatewayError) as caught:
        chat_plan({"model": "standard", "messages": HELLO, **fields}, 100, {})
    assert caught.value.status == 400
    assert caught.value.code == "invalid_request"
    return caught.value


def test_every_v1_operation_with_a_body_is_checked_by_its_described_schema() -> None:
    described = {
        path
        for path, item in v1_description()["paths"].items()
        if "requestBody" in item.get("post", {})
    }
    posted = {route.path for route in ROUTES if route.method == "POST"}

    _, validators = compiled()

    assert set(validators) == described == posted


@pytest.mark.parametrize(
    ("fields", "param", "says"),
    [
        ({"messages": [{"role": "wizard", "content": "hi"}]}, "messages[0].role", '"tool"'),
        (
            {"messages": [{"role": "tool", "content": "21 degrees"}]},
            "messages[0].tool_call_id",
            "Missing required parameter",
        ),
        (
            {"messages": [{"role": "user", "content": [{"type": "video"}]}]},
            "messages[0].content[0].type",
            '"image_url"',
        ),
        (
            {"messages": [{"role": "user", "content": [{"type": "image_url"}]}]},
            "messages[0].content[0].image_url",
            "Missing required parameter",
        ),
        ({"messages": [{"role": "user", "content": 5}]}, "messages[0].content", "an array"),
        (
            {"messages": [{"role": "assistant"}]},
            "messages[0].content",
            "unless the message calls tools",
        ),
        ({"stop": ["a", 5]}, "stop[1]", "expected a string"),
        ({"logit_bias": {"50256": 101}}, "logit_bias.50256", "maximum of 100"),
        ({"top_logprobs": 3}, "top_logprobs", "needs `logprobs: true`"),
        ({"tool_choice": "auto"}, "tool_choice", "needs `tools`"),
        ({"tools": [{"function": {"name": "two words"}}]}, "tools[0].function.name", "1-64"),
        ({"response_format": {"type": "xml"}}, "response_format.type", '"json_schema"'),
    ],
)
def test_a_nested_error_names_its_field(fields: dict[str, Any], param: str, says: str) -> None:
    error = chat_refusal(**fields)

    assert error.param == param
    assert says in error.message
    assert f"'{param}'" in error.message


def test_what_the_description_cannot_say_is_checked_after_it() -> None:
    bad_parameters = [{"function": {"name": "f", "parameters": {"required": "city"}}}]
    absent_choice = {"type": "function", "function": {"name": "absent"}}

    parameters = chat_refusal(tools=bad_parameters)
    again = chat_refusal(tools=bad_parameters)  # each schema's verdict is kept, the refusal too
    choice = chat_refusal(tools=TOOLS, tool_choice=absent_choice)

    assert parameters.param == "tools[0].function.parameters"
    assert "is not a valid JSON Schema" in parameters.message
    assert again.message == parameters.message
    assert choice.param == "tool_choice.function.name"
    assert "not among 'tools'" in choice.message


def test_a_float_past_2_53_is_no_integer_but_a_whole_float_below_is() -> None:
    with pytest.raises(GatewayError) as caught:
        embeddings_plan({"model": "embeddings", "input": [[1, 9.3e18]]}, 10)
    plan = chat_plan({"model": "standard", "messages": HELLO, "n": 2.0}, 100, {})

    assert caught.value.param == "input[0][1]"
    assert plan.n == 2


def test_a_message_quotes_only_the_start_of_a_long_value() -> None:
    error = chat_refusal(messages=[{"role": "x" * 5000, "content": "hi"}])

    assert error.param == "messages[0].role"
    assert len(error.message) < 300
