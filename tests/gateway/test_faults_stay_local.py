# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item, attr-defined, misc"
"""Faults stay local: one client's bad requests and embeddings never take a tier down for
anyone else, and a busy single-slot backend is not a dead one."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import openai
import pytest

from inference.breakers import breaker_states
from inference.health import backends_probe_and_record, check_backends
from inference.models import Backend
from tests.factories import TenantFixture
from tests.gateway.conftest import Backends, client_for, register_embedded, wait_for
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai

pytestmark = [pytest.mark.django_db(transaction=True)]

HELLO = [{"role": "user", "content": "Say hello."}]
# Each is wrong in a different way; the gateway answers every one with a 400 naming the field.
BAD_BODIES: list[dict[str, Any]] = [
    {"messages": [{"role": "wizard", "content": "hi"}]},
    {"messages": HELLO, "temperature": 5},
    {"messages": HELLO, "top_p": 1.5},
    {"messages": HELLO, "n": 0},
    {"messages": HELLO, "stop": ["a", "b", "c", "d", "e"]},
    {"messages": [{"role": "tool", "content": "21 degrees"}]},
    {"messages": HELLO, "tools": [], "tool_choice": {"type": "function", "function": {"name": "x"}}},
    {"messages": HELLO, "response_format": {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": 12}}}},
    {"messages": [{"role": "user", "content": [{"type": "video", "video": "x"}]}]},
    {"messages": HELLO, "logit_bias": {"hello": 5}},
    {"messages": HELLO, "max_tokens": 0},
    {"messages": HELLO, "presence_penalty": -3},
    {"messages": [{"role": "assistant"}]},
]  # fmt: skip


def _post(gateway: str, key: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(
        f"{gateway}/v1/chat/completions",
        headers={"Authorization": f"Bearer {key}"},
        json={"model": "fast", "max_tokens": 4, **body},
        timeout=120,
    )


@pytest.mark.slow
def test_bad_requests_and_embeddings_from_one_key_never_fail_another_organization(
    gateway: str, llama_base: str, backends: Backends, acme: TenantFixture, globex: TenantFixture
) -> None:
    registered = register_embedded(backends, llama_base)
    too_long = {"messages": [{"role": "user", "content": "a " * 1900}]}  # fits the estimate only
    embed = client_for(gateway, globex.api_key, timeout=60).embeddings

    refused = [_post(gateway, globex.api_key, BAD_BODIES[i % len(BAD_BODIES)]) for i in range(25)]
    rejected_upstream = [_post(gateway, globex.api_key, too_long) for _ in range(25)]
    vectors = [embed.create(model="embeddings", input=f"text {i}") for i in range(50)]
    reply = client_for(gateway, acme.api_key, timeout=120).chat.completions.create(
        model="fast", messages=HELLO, max_tokens=4
    )

    assert {r.status_code for r in refused} == {400}
    assert all(r.json()["error"]["param"] for r in refused)
    assert {r.status_code for r in rejected_upstream} == {400}  # the backend's own 400
    assert all(len(v.data[0].embedding) == 384 for v in vectors)
    assert reply.choices[0].message.content
    states = breaker_states()
    for backend in registered.values():
        assert states.get(backend.name, {}).get("failures", 0) == 0


@pytest.mark.slow
def test_a_long_generation_in_flight_leaves_the_single_slot_backend_healthy(
    gateway: str, llama_base: str, backends: Backends, acme: TenantFixture, globex: TenantFixture
) -> None:
    registered = register_embedded(backends, llama_base)
    long_request = {
        "model": "standard",
        "messages": [{"role": "user", "content": "Write a long story about a lighthouse."}],
        "max_tokens": 300,
        "temperature": 0.8,
    }
    results: list[Any] = []
    client = client_for(gateway, acme.api_key, timeout=120)

    def generate() -> None:
        results.append(client.chat.completions.create(**long_request))

    threads = [threading.Thread(target=generate) for _ in range(2)]
    for thread in threads:
        thread.start()
    load = wait_for(lambda: _waiting_load(llama_base), timeout=60)  # one decodes, one waits
    alive = backends_probe_and_record(Backend.objects.filter(pk=registered["standard"].pk))
    readiness = check_backends()[f"inference:{registered['standard'].name}"]
    stored = Backend.objects.get(pk=registered["standard"].pk)
    ordinary = client_for(gateway, globex.api_key, timeout=120).chat.completions.create(
        model="fast", messages=HELLO, max_tokens=4
    )
    for thread in threads:
        thread.join(timeout=120)

    assert load == {"in_flight": 1, "waiting": 1}
    assert alive == {registered["standard"].name: True}
    assert stored.healthy
    assert stored.probe_status == Backend.ProbeStatus.BUSY
    assert (stored.probe_in_flight, stored.probe_waiting) == (1, 1)
    assert readiness.ok
    assert "busy" in readiness.detail
    assert ordinary.choices[0].message.content
    assert len(results) == 2


def _waiting_load(base: str) -> dict[str, int] | None:
    health = httpx.get(base.removesuffix("/v1") + "/health", timeout=5).json()
    if health["waiting"] < 1:
        return None
    return {"in_flight": health["in_flight"], "waiting": health["waiting"]}


class _BlamesSomeRequests:
    """A backend that answers 500 with a validation error to requests that say "poison"
    (as some servers do for a bad request), and serves every other request normally."""

    def __init__(self) -> None:
        self.fake = FakeOpenAI()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].endswith("/chat/completions"):
            body, more = b"", True
            while more:
                message = await receive()
                body, more = body + message.get("body", b""), message.get("more_body", False)
            if b"poison" in body:
                error = {"error": {"message": "1 validation error: bad", "type": "server_error"}}
                payload = json.dumps(error).encode()
                headers = [(b"content-type", b"application/json")]
                await send({"type": "http.response.start", "status": 500, "headers": headers})
                await send({"type": "http.response.body", "body": payload})
                return
            replay = iter([{"type": "http.request", "body": body, "more_body": False}])

            async def receive_again() -> Any:
                return next(replay, {"type": "http.disconnect"})

            await self.fake(scope, receive_again, send)
            return
        await self.fake(scope, receive, send)


@contextmanager
def _blaming_backend() -> Iterator[str]:
    with serve_fake_openai(_BlamesSomeRequests()) as url:
        yield url


def test_a_500_that_blames_the_request_is_that_requests_400_and_opens_no_breaker(
    gateway: str, backends: Backends, acme: TenantFixture, globex: TenantFixture
) -> None:
    with _blaming_backend() as url:
        _, backend = backends.add("fast", base_url=url)
        backends.settle()
        poisoned = [
            _post(gateway, globex.api_key, {"messages": [{"role": "user", "content": "poison"}]})
            for _ in range(6)  # twice the breaker's threshold in GATEWAY_ENV
        ]
        reply = client_for(gateway, acme.api_key).chat.completions.create(
            model="fast", messages=HELLO
        )

    assert {r.status_code for r in poisoned} == {400}
    assert {r.json()["error"]["code"] for r in poisoned} == {"upstream_invalid_request"}
    assert reply.choices[0].message.content == "ok"
    assert breaker_states().get(backend.name, {}).get("failures", 0) == 0


def test_a_real_5xx_still_counts_against_the_backend(
    gateway: str, backends: Backends, acme: TenantFixture
) -> None:
    fake, backend = backends.add("fast")
    backends.settle()
    fake.fault.kind, fake.fault.status = "error", 500

    with pytest.raises(openai.APIStatusError) as caught:
        client_for(gateway, acme.api_key).chat.completions.create(model="fast", messages=HELLO)

    assert caught.value.status_code == 502
    assert wait_for(lambda: breaker_states().get(backend.name, {}).get("failures", 0) >= 1)
