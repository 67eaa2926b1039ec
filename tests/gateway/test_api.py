# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item"
"""The official openai SDK against the live gateway: models, chat, streaming, tools,
json_schema, embeddings, the `auto` rule and the response headers."""

from __future__ import annotations

import json

import openai
import pytest

from accounts.services import api_key_create
from tests.factories import TenantFixture, operator
from tests.gateway.conftest import Backends, client_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_models_lists_the_tiers_the_key_may_use(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    backends.add("standard")
    backends.add("fast")
    limited = api_key_create(
        actor=operator(acme.organization), name="fast only", allowed_tiers=["fast"]
    )
    backends.settle()

    everything = {m.id for m in client_for(gateway, acme.api_key).models.list()}
    only_fast = {m.id for m in client_for(gateway, limited.plaintext).models.list()}

    assert everything == {"standard", "fast", "auto"}
    assert only_fast == {"fast", "auto"}
    assert client_for(gateway, limited.plaintext).models.retrieve("fast").id == "fast"


def test_chat_answers_with_the_tier_name_and_gateway_headers(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, _ = backends.add("standard")
    fake.script = [{"content": "hello from standard"}]
    backends.settle()
    client = client_for(gateway, acme.api_key)

    raw = client.chat.completions.with_raw_response.create(
        model="standard",
        messages=[{"role": "user", "content": "hi"}],
        extra_headers={"X-Request-Id": "req-abc-123"},
    )
    reply = raw.parse()

    assert reply.choices[0].message.content == "hello from standard"
    assert reply.model == "standard"
    assert reply.usage is not None
    assert reply.usage.completion_tokens == 3
    # The caller's id is echoed as the client's; the gateway's own id keys the ledger.
    assert raw.headers["x-client-request-id"] == "req-abc-123"
    assert raw.headers["x-request-id"] != "req-abc-123"
    assert float(raw.headers["x-longhaul-overhead-ms"]) >= 0
    assert fake.requests[-1]["body"]["model"] == "standard-model"  # the served name upstream


def test_streaming_relays_chunks_and_usage_on_request(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, _ = backends.add("fast")
    fake.script = [{"content": "one two three four"}]
    backends.settle()
    client = client_for(gateway, acme.api_key)

    with_usage = list(
        client.chat.completions.create(
            model="fast",
            messages=[{"role": "user", "content": "count"}],
            stream=True,
            stream_options={"include_usage": True},
        )
    )
    without = list(
        client.chat.completions.create(
            model="fast",
            messages=[{"role": "user", "content": "count"}],
            stream=True,
        )
    )

    text = "".join(c.choices[0].delta.content or "" for c in with_usage if c.choices)
    assert text == "one two three four"
    assert with_usage[-1].usage is not None
    assert with_usage[-1].usage.completion_tokens == 4
    assert all(chunk.usage is None for chunk in without)
    assert all(chunk.model == "fast" for chunk in without)
    # The gateway always asks upstream for usage, so streamed requests are billed.
    assert fake.requests[-1]["body"]["stream_options"] == {"include_usage": True}


def test_tools_and_options_pass_through(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, _ = backends.add("standard")
    fake.script = [{"tool_calls": [{"name": "get_price", "arguments": {"ticker": "ACME"}}]}]
    backends.settle()
    tools = [
        {
            "type": "function",
            "function": {
                "name": "get_price",
                "parameters": {"type": "object", "properties": {"ticker": {"type": "string"}}},
            },
        }
    ]

    reply = client_for(gateway, acme.api_key).chat.completions.create(
        model="standard",
        messages=[{"role": "user", "content": "price?"}],
        tools=tools,
        tool_choice="auto",
        stop=["END"],
        max_completion_tokens=64,
        temperature=0.2,
        seed=7,
    )

    call = reply.choices[0].message.tool_calls[0]
    assert call.function.name == "get_price"
    assert json.loads(call.function.arguments) == {"ticker": "ACME"}
    sent = fake.requests[-1]["body"]
    assert sent["tools"] == tools
    assert sent["tool_choice"] == "auto"
    assert sent["stop"] == ["END"]
    assert sent["temperature"] == 0.2
    assert sent["seed"] == 7
    assert sent["max_completion_tokens"] == 64
    assert sent["max_tokens"] == 64


def test_json_schema_response_format_passes_through(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, _ = backends.add("standard")
    fake.script = [{"content": '{"answer": 42}'}]
    backends.settle()
    schema = {
        "type": "json_schema",
        "json_schema": {
            "name": "answer",
            "schema": {"type": "object", "properties": {"answer": {"type": "integer"}}},
        },
    }

    reply = client_for(gateway, acme.api_key).chat.completions.create(
        model="standard",
        messages=[{"role": "user", "content": "?"}],
        response_format=schema,
    )

    assert json.loads(reply.choices[0].message.content or "") == {"answer": 42}
    assert fake.requests[-1]["body"]["response_format"] == schema


def test_embeddings(gateway: str, acme: TenantFixture, backends: Backends) -> None:
    backends.add("embeddings")
    backends.add("standard")
    backends.settle()
    client = client_for(gateway, acme.api_key)

    result = client.embeddings.create(model="embeddings", input=["alpha", "beta"])
    with pytest.raises(openai.BadRequestError) as wrong_kind:
        client.embeddings.create(model="standard", input="alpha")

    assert [item.index for item in result.data] == [0, 1]
    assert len(result.data[0].embedding) == 384
    assert result.data[0].embedding != result.data[1].embedding
    assert result.model == "embeddings"
    assert wrong_kind.value.body["param"] == "model"  # a chat tier serves no embeddings


def test_auto_follows_latency_budget_then_prompt_length(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    standard, _ = backends.add("standard")
    fast, _ = backends.add("fast")
    standard.script, fast.script = [{"content": "S"}], [{"content": "F"}]
    backends.settle()
    client = client_for(gateway, acme.api_key)

    def ask(text: str, **headers: str) -> str:
        reply = client.chat.completions.create(
            model="auto", messages=[{"role": "user", "content": text}], extra_headers=headers
        )
        return reply.choices[0].message.content or ""

    assert ask("short") == "F"
    assert ask("x " * 3000) == "S"  # a long prompt goes to standard
    assert ask("short", **{"X-Longhaul-Latency-Budget-Ms": "60000"}) == "S"
    assert ask("x " * 3000, **{"X-Longhaul-Latency-Budget-Ms": "500"}) == "F"
