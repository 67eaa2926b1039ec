"""The real llama.cpp server with the bundled model, started by `manage.py serve_inference`."""

from __future__ import annotations

import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from openai import OpenAI
from openai.types.chat import ChatCompletionMessageParam

from tests.support.processes import embedded_inference_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def embedded_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    with embedded_inference_server(
        tmp_path_factory.mktemp("inference-data"), timeout=120
    ) as server:
        yield server


def client(base: str) -> OpenAI:
    return OpenAI(base_url=base, api_key="unused", max_retries=0, timeout=120)


def test_both_tiers_are_listed(embedded_server: tuple[str, subprocess.Popen[bytes]]) -> None:
    base, _ = embedded_server
    assert {model.id for model in client(base).models.list()} == {"standard", "fast"}


@pytest.mark.parametrize("tier", ["standard", "fast"])
def test_chat_completion(embedded_server: tuple[str, subprocess.Popen[bytes]], tier: str) -> None:
    base, _ = embedded_server
    reply = client(base).chat.completions.create(
        model=tier,
        messages=[{"role": "user", "content": "What is the capital of France?"}],
        max_tokens=16,
        temperature=0,
    )
    assert reply.model == tier
    assert reply.choices[0].message.content
    assert reply.usage is not None
    assert 0 < reply.usage.completion_tokens <= 16


@pytest.mark.parametrize("tier", ["standard", "fast"])
def test_streaming_chat_completion(
    embedded_server: tuple[str, subprocess.Popen[bytes]], tier: str
) -> None:
    base, _ = embedded_server
    stream = client(base).chat.completions.create(
        model=tier,
        messages=[{"role": "user", "content": "Count from one to five."}],
        max_tokens=24,
        temperature=0,
        stream=True,
    )
    chunks = list(stream)
    text = "".join(chunk.choices[0].delta.content or "" for chunk in chunks if chunk.choices)
    assert len(chunks) > 2
    assert text.strip()
    assert chunks[-1].choices[0].finish_reason in {"stop", "length"}


COPY_ME = (
    "def total_units(self) -> int:\n"
    "    return sum(item.quantity for item in self.items.values())\n\n"
    "def to_reorder(self) -> list[Item]:\n"
    "    return [item for item in self.items.values() if item.quantity <= item.reorder_level]\n"
)


def test_fast_speculates_without_changing_greedy_answers(
    embedded_server: tuple[str, subprocess.Popen[bytes]],
) -> None:
    """Prompt lookup drafts from the prompt a reply that copies it; every accepted draft token
    must be the token standard decodes, the second time too (prompt prefix reused)."""
    base, _ = embedded_server
    messages: list[ChatCompletionMessageParam] = [
        {"role": "user", "content": f"Repeat this code exactly:\n\n{COPY_ME}"}
    ]

    def answer(tier: str) -> str:
        reply = client(base).chat.completions.create(
            model=tier, messages=messages, max_tokens=48, temperature=0
        )
        return reply.choices[0].message.content or ""

    answers = {tier: [answer(tier), answer(tier)] for tier in ("standard", "fast")}

    assert answers["fast"] == answers["standard"]
    assert "item.quantity" in answers["fast"][0]  # it copied, so drafts were proposed


def test_standard_answers_logprobs_for_what_it_decodes(
    embedded_server: tuple[str, subprocess.Popen[bytes]],
) -> None:
    """Every position's logits are computed only for requests that ask for logprobs; asking
    changes no answer, and a prompt prefix left by a request without them is reused soundly."""
    base, _ = embedded_server
    messages: list[ChatCompletionMessageParam] = [
        {"role": "user", "content": "Name three colours of the rainbow."}
    ]

    def ask(logprobs: bool) -> Any:
        return client(base).chat.completions.create(
            model="standard",
            messages=messages,
            max_tokens=4,
            temperature=0,
            logprobs=logprobs,
            top_logprobs=3 if logprobs else None,
        )

    scored, plain, again = ask(True), ask(False), ask(True)

    assert scored.choices[0].message.content == plain.choices[0].message.content
    assert plain.choices[0].logprobs is None
    tokens = scored.choices[0].logprobs.content
    assert len(tokens) == scored.usage.completion_tokens
    for token in tokens:  # greedy: each token is the likeliest at its position
        assert token.logprob <= 0
        assert token.logprob == pytest.approx(max(top.logprob for top in token.top_logprobs))
    repeated = [token.logprob for token in again.choices[0].logprobs.content]
    assert repeated == pytest.approx([token.logprob for token in tokens], abs=1e-5)


def test_echoed_prompt_logprobs_are_computed_for_the_prompt_asked(
    embedded_server: tuple[str, subprocess.Popen[bytes]],
) -> None:
    """The logprobs of an echoed prompt come from that prompt's own tokens, also where an
    earlier request without logprobs left a different continuation of its prefix."""
    base, _ = embedded_server
    shared = "A fox saw a dog."
    prompt = f"{shared} It ran home."

    def echo(text: str, *, logprobs: bool = True) -> list[float | None]:
        reply = client(base).completions.create(
            model="standard",
            prompt=text,
            max_tokens=1,
            temperature=0,
            echo=True,
            logprobs=1 if logprobs else None,
        )
        listed = reply.choices[0].logprobs
        return list(listed.token_logprobs) if listed and listed.token_logprobs else []

    alone = echo(prompt)
    echo(f"{shared} We sat.")
    echo(f"{shared} It ran", logprobs=False)  # most of the prompt, without logprobs
    after = echo(prompt)

    assert len(alone) > 6
    assert alone[0] is None  # the first token has no context
    assert after[1:] == pytest.approx(alone[1:], abs=1e-4)


def test_stops_cleanly_on_sigterm_during_a_request(
    embedded_server: tuple[str, subprocess.Popen[bytes]],
) -> None:
    base, process = embedded_server
    outcome: dict[str, object] = {}

    def long_request() -> None:
        try:
            stream = client(base).chat.completions.create(
                model="standard",
                messages=[{"role": "user", "content": "Write a long story about a lighthouse."}],
                max_tokens=2000,
                stream=True,
            )
            for _ in stream:
                outcome["streaming"] = True
        except Exception as error:  # the server going away mid-stream is expected here
            outcome["error"] = error

    worker = threading.Thread(target=long_request)
    worker.start()
    wait_until_streaming(outcome, worker)
    assert outcome.get("streaming"), outcome
    process.send_signal(signal.SIGTERM)

    assert process.wait(timeout=60) == 0
    worker.join(timeout=30)
    assert not worker.is_alive()


def wait_until_streaming(outcome: dict[str, object], worker: threading.Thread) -> None:
    """Until the first chunk arrives, so SIGTERM lands while the model is decoding."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and worker.is_alive() and not outcome:
        # Until the embedded server (another process) streams its first chunk.
        time.sleep(0.2)
