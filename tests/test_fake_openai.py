"""The scripted model server behaves like an OpenAI endpoint for the official client."""

from __future__ import annotations

import httpx
import openai
import pytest
from openai.types.chat import ChatCompletionMessageFunctionToolCall

from tests.support.fake_openai import FakeOpenAI, Fault, serve_fake_openai


def test_scripted_replies_follow_the_conversation_not_the_call_order() -> None:
    fake = FakeOpenAI(
        script=[
            {"tool_calls": [{"name": "read_file", "arguments": {"path": "a.py"}}]},
            {"content": "done"},
        ]
    )
    with serve_fake_openai(fake) as base:
        client = openai.OpenAI(base_url=base, api_key="x")
        first = client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": "go"}]
        )
        again = client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": "go"}]
        )
        later = client.chat.completions.create(
            model="m",
            messages=[{"role": "user", "content": "go"}, {"role": "assistant", "content": "x"}],
        )
    calls, again_calls = first.choices[0].message.tool_calls, again.choices[0].message.tool_calls
    assert calls is not None
    assert again_calls is not None
    call, repeated = calls[0], again_calls[0]
    assert isinstance(call, ChatCompletionMessageFunctionToolCall)
    assert isinstance(repeated, ChatCompletionMessageFunctionToolCall)
    assert call.function.name == "read_file"
    assert repeated.function.arguments == call.function.arguments
    assert later.choices[0].message.content == "done"
    assert len(fake.requests) == 3


def test_streaming_with_usage() -> None:
    fake = FakeOpenAI(script=[{"content": "hello there world"}])
    with serve_fake_openai(fake) as base:
        client = openai.OpenAI(base_url=base, api_key="x")
        chunks = list(
            client.chat.completions.create(
                model="m",
                messages=[{"role": "user", "content": "hi"}],
                stream=True,
                stream_options={"include_usage": True},
            )
        )
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "hello there world"
    assert chunks[-1].usage is not None
    assert chunks[-1].usage.completion_tokens == 3


def test_error_fault_then_recovery() -> None:
    fake = FakeOpenAI(fault=Fault(kind="error", status=503, times=1))
    with serve_fake_openai(fake) as base:
        client = openai.OpenAI(base_url=base, api_key="x", max_retries=0)
        with pytest.raises(openai.InternalServerError):
            client.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
        ok = client.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
    assert ok.choices[0].message.content == "ok"


def test_reset_mid_stream_breaks_the_body() -> None:
    fake = FakeOpenAI(
        script=[{"content": "a b c d e f"}], fault=Fault(kind="reset", after_chunks=2)
    )
    with (
        serve_fake_openai(fake) as base,
        pytest.raises(httpx.HTTPError),
        httpx.stream(
            "POST", f"{base}/chat/completions", json={"model": "m", "stream": True, "messages": []}
        ) as reply,
    ):
        for _ in reply.iter_bytes():
            pass


def test_embeddings_are_deterministic_per_text() -> None:
    with serve_fake_openai(FakeOpenAI(embedding_dimensions=8)) as base:
        client = openai.OpenAI(base_url=base, api_key="x")
        result = client.embeddings.create(model="e", input=["same", "same", "other"])
    vectors = [item.embedding for item in result.data]
    assert len(vectors[0]) == 8
    assert vectors[0] == vectors[1] != vectors[2]
