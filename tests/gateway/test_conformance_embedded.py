# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item, attr-defined, misc"
"""The ordinary OpenAI surface on the embedded backend: the official `openai` SDK, unmodified,
against the gateway (real uvicorn) in front of the real llama.cpp server with the bundled
SmolLM2 and MiniLM. Small max_tokens keep it quick (the model decodes ~85 tokens/s here)."""

from __future__ import annotations

import asyncio
import json
import math
from datetime import UTC, datetime
from typing import Any

import httpx
import jsonschema
import openai
import pytest

from accounts.services import api_key_create
from gateway.services import quota_policy_set
from tests.factories import TenantFixture, operator
from tests.gateway.conftest import WEATHER, Backends, client_for
from tests.support.clock import FakeMonotonic, FrozenClock

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PERSON = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
    "required": ["name", "age"],
    "additionalProperties": False,
}
TIME = {
    "type": "function",
    "function": {
        "name": "get_time",
        "description": "The local time in a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
        },
    },
}
ASK_WEATHER = [{"role": "user", "content": "What is the weather in Paris?"}]


def sdk(gateway: str, key: str) -> openai.OpenAI:
    return client_for(gateway, key, timeout=120)


def test_models_lists_chat_tiers_auto_and_embeddings(
    gateway: str, llama: str, acme: TenantFixture
) -> None:
    client = sdk(gateway, acme.api_key)

    listed = {model.id for model in client.models.list()}
    embeddings = client.models.retrieve("embeddings")

    assert listed == {"standard", "fast", "auto", "embeddings"}
    assert embeddings.id == "embeddings"


@pytest.mark.parametrize("tier", ["standard", "fast"])
def test_streaming_ends_with_the_usage_the_backend_counts(
    gateway: str, llama: str, acme: TenantFixture, tier: str
) -> None:
    client = sdk(gateway, acme.api_key)
    request: dict[str, Any] = {
        "model": tier,
        "messages": [{"role": "user", "content": "Count from one to five."}],
        "max_tokens": 12,
        "temperature": 0,
    }

    whole = client.chat.completions.create(**request)
    chunks = list(
        client.chat.completions.create(
            **request, stream=True, stream_options={"include_usage": True}
        )
    )

    final = chunks[-1]
    content_chunks = [c for c in chunks if c.choices and c.choices[0].delta.content]
    assert final.choices == []
    assert final.usage.prompt_tokens == whole.usage.prompt_tokens  # the model's own tokenizer
    assert final.usage.completion_tokens == whole.usage.completion_tokens == len(content_chunks)
    assert final.usage.total_tokens == final.usage.prompt_tokens + final.usage.completion_tokens
    assert all(chunk.usage is None for chunk in chunks[:-1])


def test_streaming_without_include_usage_sends_no_usage_chunk(
    gateway: str, llama: str, acme: TenantFixture
) -> None:
    chunks = list(
        sdk(gateway, acme.api_key).chat.completions.create(
            model="fast", messages=[{"role": "user", "content": "Hi"}], max_tokens=4, stream=True
        )
    )
    assert all(chunk.choices for chunk in chunks)
    assert all(chunk.usage is None for chunk in chunks)


# Both tiers: fast's engine speculates, and a draft must never carry a token the grammar refuses.
@pytest.mark.parametrize("tier", ["standard", "fast"])
@pytest.mark.parametrize("stream", [False, True])
def test_json_schema_is_constrained_and_validated(
    gateway: str, llama: str, acme: TenantFixture, stream: bool, tier: str
) -> None:
    client = sdk(gateway, acme.api_key)
    request: dict[str, Any] = {
        "model": tier,
        "messages": [{"role": "user", "content": "Describe Ann, aged 30, as JSON."}],
        "max_tokens": 40,
        "temperature": 0,
        "response_format": {
            "type": "json_schema",
            "json_schema": {"name": "person", "schema": PERSON, "strict": True},
        },
    }

    if stream:
        text = "".join(
            c.choices[0].delta.content or ""
            for c in client.chat.completions.create(**request, stream=True)
            if c.choices
        )
    else:
        text = client.chat.completions.create(**request).choices[0].message.content

    jsonschema.validate(json.loads(text), PERSON)


def test_json_schema_cut_off_by_max_tokens_is_a_clear_error(
    gateway: str, llama: str, acme: TenantFixture
) -> None:
    with pytest.raises(openai.APIStatusError) as caught:
        sdk(gateway, acme.api_key).with_options(max_retries=0).chat.completions.create(
            model="standard",
            messages=[{"role": "user", "content": "Describe Ann, aged 30, as JSON."}],
            max_tokens=3,
            temperature=0,
            response_format={
                "type": "json_schema",
                "json_schema": {"name": "person", "schema": PERSON},
            },
        )
    assert caught.value.status_code == 502
    assert caught.value.body["code"] == "invalid_model_output"
    assert "max_tokens" in caught.value.body["message"]
    # Billed already: the SDKs are told not to buy the same kind of answer again silently.
    assert caught.value.response.headers["x-should-retry"] == "false"


@pytest.mark.parametrize("tier", ["standard", "fast"])
@pytest.mark.parametrize(
    ("tools", "choice"),
    [
        ([WEATHER], {"type": "function", "function": {"name": "get_weather"}}),
        ([WEATHER], "required"),
        ([WEATHER, TIME], "required"),
        ([TIME, WEATHER], {"type": "function", "function": {"name": "get_weather"}}),
    ],
)
def test_forced_tool_calls_in_every_form(
    gateway: str, llama: str, acme: TenantFixture, tools: list[Any], choice: Any, tier: str
) -> None:
    reply = sdk(gateway, acme.api_key).chat.completions.create(
        model=tier,
        messages=ASK_WEATHER,
        tools=tools,
        tool_choice=choice,
        max_tokens=40,
        temperature=0,
    )

    (call,) = reply.choices[0].message.tool_calls
    offered = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    assert reply.choices[0].finish_reason == "tool_calls"
    assert call.id
    assert call.type == "function"
    jsonschema.validate(json.loads(call.function.arguments), offered[call.function.name])
    if isinstance(choice, dict):
        assert call.function.name == "get_weather"


@pytest.mark.parametrize("tier", ["standard", "fast"])
@pytest.mark.parametrize("tools", [[WEATHER], [WEATHER, TIME]])
def test_forced_tool_calls_stream(
    gateway: str, llama: str, acme: TenantFixture, tools: list[Any], tier: str
) -> None:
    chunks = list(
        sdk(gateway, acme.api_key).chat.completions.create(
            model=tier,
            messages=ASK_WEATHER,
            tools=tools,
            tool_choice="required",
            max_tokens=40,
            temperature=0,
            stream=True,
            stream_options={"include_usage": True},
        )
    )

    calls = [call for c in chunks if c.choices for call in c.choices[0].delta.tool_calls or []]
    name = next(call.function.name for call in calls if call.function.name)
    arguments = "".join(call.function.arguments or "" for call in calls)
    assert name in {"get_weather", "get_time"}
    assert isinstance(json.loads(arguments).get("city"), str)
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "tool_calls"
    assert chunks[-1].usage.completion_tokens > 0


def test_a_full_tool_round_trip(gateway: str, llama: str, acme: TenantFixture) -> None:
    client = sdk(gateway, acme.api_key)
    messages: list[Any] = list(ASK_WEATHER)

    first = client.chat.completions.create(
        model="standard", messages=messages, tools=[WEATHER], tool_choice="required", max_tokens=40
    )
    call = first.choices[0].message.tool_calls[0]
    messages += [
        first.choices[0].message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": '{"sky": "sunny", "celsius": 21}'},
    ]
    automatic = client.chat.completions.create(
        model="standard", messages=messages, tools=[WEATHER], max_tokens=40, temperature=0
    )
    final = client.chat.completions.create(
        model="standard",
        messages=messages,
        tools=[WEATHER],
        tool_choice="none",
        max_tokens=24,
        temperature=0,
    )

    answer = automatic.choices[0].message
    if answer.tool_calls:  # `auto` may call again; then it is a well-formed call
        assert automatic.choices[0].finish_reason == "tool_calls"
        assert isinstance(json.loads(answer.tool_calls[0].function.arguments)["city"], str)
    else:
        assert answer.content
    assert final.choices[0].message.content
    assert not final.choices[0].message.tool_calls


def test_automatic_tools_answer_or_call(gateway: str, llama: str, acme: TenantFixture) -> None:
    client = sdk(gateway, acme.api_key)

    replies = [
        client.chat.completions.create(
            model="standard", messages=ASK_WEATHER, tools=[WEATHER, TIME], max_tokens=40, **extra
        )
        for extra in ({"tool_choice": "auto", "temperature": 0}, {"seed": 7})
    ]

    for reply in replies:
        message = reply.choices[0].message
        assert bool(message.tool_calls) != bool(message.content)
        for call in message.tool_calls or []:
            assert call.function.name in {"get_weather", "get_time"}
            json.loads(call.function.arguments)


def test_embeddings_float_and_base64(gateway: str, llama: str, acme: TenantFixture) -> None:
    client = sdk(gateway, acme.api_key)
    texts = ["a cat sits on the mat", "a kitten rests on a rug", "quarterly revenue grew"]

    floats = client.embeddings.create(model="embeddings", input=texts, encoding_format="float")
    packed = client.embeddings.create(model="embeddings", input=texts)  # the SDK asks base64

    vectors = [item.embedding for item in floats.data]
    assert [len(v) for v in vectors] == [384, 384, 384]
    for unpacked, vector in zip(packed.data, vectors, strict=True):
        assert unpacked.embedding == pytest.approx(vector, abs=1e-6)
    assert _cosine(vectors[0], vectors[1]) > _cosine(vectors[0], vectors[2])
    assert floats.usage.prompt_tokens > 0
    assert floats.model == "embeddings"


def _cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    return dot / (math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b)))


def test_async_client_streams(gateway: str, llama: str, acme: TenantFixture) -> None:
    async def run() -> list[Any]:
        client = openai.AsyncOpenAI(base_url=f"{gateway}/v1", api_key=acme.api_key, timeout=120)
        stream = await client.chat.completions.create(
            model="fast",
            messages=[{"role": "user", "content": "Say hello."}],
            max_tokens=6,
            stream=True,
            stream_options={"include_usage": True},
        )
        chunks = [chunk async for chunk in stream]
        await client.close()
        return chunks

    chunks = asyncio.run(run())

    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices).strip()
    assert chunks[-1].usage.completion_tokens > 0


def _status_of(call: Any) -> openai.APIStatusError:
    with pytest.raises(openai.APIStatusError) as caught:
        call()
    return caught.value


def test_logprobs_asked_of_fast_are_answered_by_standard_or_refused_by_name(
    gateway: str,
    llama: str,
    acme: TenantFixture,
    backends: Backends,
    server_monotonic: FakeMonotonic,
) -> None:
    """The fast engine computes no logits for what it does not sample: the gateway never sends
    it a request for logprobs (the server would fail it), but the tier's fallback."""
    backends.tier("fast", fallback="standard")  # as seeded
    backends.settle()
    client = sdk(gateway, acme.api_key)
    # Greedy: llama.cpp lists a sampled token among the top ones even when it is not.
    ask = {"messages": [{"role": "user", "content": "Say hi."}], "max_tokens": 4, "temperature": 0}

    raw = client.chat.completions.with_raw_response.create(
        model="fast", logprobs=True, top_logprobs=2, **ask
    )
    quota_policy_set(organization=acme.organization, allow_fallback=False)
    server_monotonic.advance(1.2)  # the key's cached policy expires
    with pytest.raises(openai.InternalServerError) as refused:
        client.chat.completions.create(model="fast", logprobs=True, **ask)
    without_logprobs = client.chat.completions.create(model="fast", **ask)

    reply = raw.parse()
    assert raw.headers["x-longhaul-fallback"] == "fast->standard"
    assert reply.choices[0].logprobs is not None
    assert all(len(token.top_logprobs) == 2 for token in reply.choices[0].logprobs.content)
    assert refused.value.status_code == 503
    assert "that supports logprobs" in refused.value.message
    assert without_logprobs.model == "fast"


def test_logprobs_are_answered_as_openai_lists_them(
    gateway: str, llama: str, acme: TenantFixture
) -> None:
    """The embedded server answers `logprobs` only when `top_logprobs` is sent too, and adds the
    sampled token to the top ones when it is not among them (likely at temperature 2)."""
    client = sdk(gateway, acme.api_key)
    ask: dict[str, Any] = {
        "model": "standard",
        "messages": [{"role": "user", "content": "Name three colours."}],
        "max_tokens": 12,
        "logprobs": True,
    }

    plain = client.chat.completions.create(**ask, temperature=0)
    wild = client.chat.completions.create(**ask, temperature=2.0, top_logprobs=1, seed=3)
    streamed = [
        chunk.choices[0].logprobs
        for chunk in client.chat.completions.create(
            **ask, temperature=2.0, top_logprobs=1, seed=4, stream=True
        )
        if chunk.choices and chunk.choices[0].logprobs
    ]

    assert plain.choices[0].logprobs is not None
    tokens = plain.choices[0].logprobs.content
    assert len(tokens) == plain.usage.completion_tokens
    assert all(token.logprob <= 0 and token.top_logprobs == [] for token in tokens)
    wild_tokens = wild.choices[0].logprobs.content
    assert all(len(token.top_logprobs) == 1 for token in wild_tokens)
    assert any(token.top_logprobs[0].token != token.token for token in wild_tokens)
    streamed_tokens = [token for logprobs in streamed for token in logprobs.content]
    assert streamed_tokens
    assert all(len(token.top_logprobs) == 1 for token in streamed_tokens)


def test_every_documented_error(
    gateway: str, llama: str, acme: TenantFixture, clock: FrozenClock
) -> None:
    clock.set(datetime(2030, 1, 15, 12, 0, 30, tzinfo=UTC))  # no new minute renews the limit
    client = sdk(gateway, acme.api_key)
    fast_only = api_key_create(actor=operator(acme.organization), name="f", allowed_tiers=["fast"])
    limited = api_key_create(actor=operator(acme.organization), name="limited")
    quota_policy_set(organization=acme.organization, api_key=limited.api_key, requests_per_minute=1)
    hello = [{"role": "user", "content": "hi"}]

    def chat(c: openai.OpenAI = client, **body: Any) -> Any:
        return lambda: c.chat.completions.create(**{"max_tokens": 2, "messages": hello, **body})

    unauthorized = _status_of(chat(sdk(gateway, "lh_wrong_key"), model="fast"))
    forbidden = _status_of(chat(sdk(gateway, fast_only.plaintext), model="standard"))
    unknown = _status_of(chat(model="gpt-imaginary"))
    bad_role = _status_of(chat(model="fast", messages=[{"role": "wizard", "content": "hi"}]))
    bad_temperature = _status_of(chat(model="fast", temperature=3))
    too_large = _status_of(
        chat(model="fast", messages=[{"role": "user", "content": "x" * 300_000}])
    )
    sdk(gateway, limited.plaintext).chat.completions.create(
        model="fast", messages=hello, max_tokens=1
    )
    limited_again = _status_of(chat(sdk(gateway, limited.plaintext), model="fast"))

    assert (unauthorized.status_code, unauthorized.body["code"]) == (401, "invalid_api_key")
    assert (forbidden.status_code, forbidden.body["code"]) == (403, "tier_not_allowed")
    assert (unknown.status_code, unknown.body["code"]) == (404, "model_not_found")
    assert (bad_role.status_code, bad_role.body["param"]) == (400, "messages[0].role")
    assert (bad_temperature.status_code, bad_temperature.body["param"]) == (400, "temperature")
    assert too_large.status_code == 413
    assert limited_again.status_code == 429
    assert int(limited_again.response.headers["retry-after"]) >= 1
    for error in (unauthorized, forbidden, unknown, bad_role, too_large, limited_again):
        assert set(error.body) == {"message", "type", "param", "code"}  # OpenAI's error format


def test_plain_http_client_gets_a_400_with_param_for_a_tool_message_without_id(
    gateway: str, llama: str, acme: TenantFixture
) -> None:
    reply = httpx.post(
        f"{gateway}/v1/chat/completions",
        headers={"Authorization": f"Bearer {acme.api_key}"},
        json={"model": "fast", "messages": [{"role": "tool", "content": "21 degrees"}]},
        timeout=30,
    )
    assert reply.status_code == 400
    assert reply.json()["error"]["param"] == "messages[0].tool_call_id"
