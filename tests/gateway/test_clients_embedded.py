# mypy: disable-error-code="arg-type, call-overload, union-attr, index, attr-defined, misc"
"""Popular OpenAI clients, unmodified, against the gateway in front of the embedded backend:
LangChain's ChatOpenAI (the `test` extra) and LiteLLM (the `bench` extra, when installed)."""

from __future__ import annotations

import json

import pytest

from tests.factories import TenantFixture
from tests.gateway.conftest import WEATHER

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PERSON = {
    "title": "person",
    "type": "object",
    "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
    "required": ["name", "age"],
    "additionalProperties": False,
}


def test_langchain_chat_openai(gateway: str, llama: str, acme: TenantFixture) -> None:
    chat_openai = pytest.importorskip("langchain_openai").ChatOpenAI
    model = chat_openai(
        base_url=f"{gateway}/v1",
        api_key=acme.api_key,
        model="fast",
        temperature=0,
        max_tokens=8,
        max_retries=0,
        timeout=120,
        stream_usage=True,
    )

    reply = model.invoke("Say hello.")
    chunks = list(model.stream("Say hello."))
    called = model.bind_tools([WEATHER], tool_choice="get_weather").invoke(
        "What is the weather in Paris?", max_tokens=40
    )
    person = (
        model.model_copy(update={"max_tokens": 60})
        .with_structured_output(PERSON, method="json_schema")
        .invoke("Describe Ann, aged 30, as JSON.")
    )

    assert reply.content
    assert reply.usage_metadata["output_tokens"] > 0
    total = chunks[0]
    for chunk in chunks[1:]:
        total += chunk
    assert total.content
    assert total.usage_metadata["total_tokens"] > 0
    assert called.tool_calls[0]["name"] == "get_weather"
    assert isinstance(called.tool_calls[0]["args"]["city"], str)
    assert isinstance(person["name"], str)
    assert isinstance(person["age"], int)


def test_litellm_as_a_client(gateway: str, llama: str, acme: TenantFixture) -> None:
    litellm = pytest.importorskip("litellm")
    common = {
        "model": "openai/fast",
        "api_base": f"{gateway}/v1",
        "api_key": acme.api_key,
        "messages": [{"role": "user", "content": "Say hello."}],
        "max_tokens": 8,
        "num_retries": 0,
    }

    reply = litellm.completion(**common)
    chunks = list(litellm.completion(**common, stream=True))
    called = litellm.completion(
        **{**common, "model": "openai/standard", "max_tokens": 40},
        tools=[WEATHER],
        tool_choice="required",
    )

    assert reply.choices[0].message.content
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    arguments = json.loads(called.choices[0].message.tool_calls[0].function.arguments)
    assert isinstance(arguments["city"], str)
