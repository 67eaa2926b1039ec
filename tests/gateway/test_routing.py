# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item"
"""Routing under faults: retries, circuit breaking, fallback, load spreading, affinity,
bounded queues and cancellation."""

from __future__ import annotations

import json
import socket
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from subprocess import Popen

import openai
import pytest

from gateway.models import UsageRecord
from gateway.services import quota_policy_set
from tests.factories import TenantFixture
from tests.gateway.conftest import Backends, client_for, wait_for
from tests.support.clock import FakeMonotonic
from tests.support.fake_openai import FakeOpenAI, Fault
from tests.support.processes import scripted_model_server, stop_process

pytestmark = pytest.mark.django_db(transaction=True)
HELLO = [{"role": "user", "content": "hello"}]


def _ask(client: openai.OpenAI, model: str = "standard", **kwargs: object) -> str:
    # A fresh conversation each time, so prefix affinity does not pin the backend.
    messages = [{"role": "user", "content": f"hello {uuid.uuid4().hex}"}]
    reply = client.chat.completions.create(model=model, messages=messages, **kwargs)  # type: ignore[call-overload]
    return reply.choices[0].message.content or ""


def test_a_5xx_is_retried_on_another_replica(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    broken, _ = backends.add("standard")
    working, _ = backends.add("standard")
    broken.fault = Fault(kind="error", status=503)
    working.script = [{"content": "rescued"}]
    backends.settle()
    client = client_for(gateway, acme.api_key)

    answers = [_ask(client) for _ in range(4)]

    assert answers == ["rescued"] * 4


def test_the_circuit_breaker_ejects_a_failing_backend_and_retries_it_after_cooldown(
    gateway: str, acme: TenantFixture, backends: Backends, server_monotonic: FakeMonotonic
) -> None:
    broken, _ = backends.add("standard")
    working, _ = backends.add("standard")
    broken.fault = Fault(kind="error", status=500)
    backends.settle()
    client = client_for(gateway, acme.api_key)

    # Each fresh conversation picks either replica (affinity), so the broken one is met at
    # random: ask until it has failed three times (the threshold), then ten more.
    asked = 0
    while len(broken.requests) < 3 and asked < 100:
        _ask(client)
        asked += 1
    for _ in range(10):
        _ask(client)
    ejected_after = len(broken.requests)
    server_monotonic.advance(2.2)  # past the breaker's cooldown in GATEWAY_ENV
    # In 20, the half-open one is picked at least once but for a chance of 2**-20.
    for _ in range(20):
        _ask(client)

    assert ejected_after == 3  # the failure threshold, then no more traffic
    assert len(broken.requests) == 4  # one half-open trial, which failed and reopened it
    assert len(working.requests) == asked + 30  # every request answered by the working one


def test_fast_falls_back_to_standard_unless_the_key_policy_forbids_it(
    gateway: str, acme: TenantFixture, backends: Backends, server_monotonic: FakeMonotonic
) -> None:
    standard, _ = backends.add("standard")
    standard.script = [{"content": "from standard"}]
    backends.tier("fast", fallback="standard")
    backends.add("fast", healthy=False)
    backends.settle()
    client = client_for(gateway, acme.api_key)

    raw = client.chat.completions.with_raw_response.create(model="fast", messages=HELLO)
    quota_policy_set(organization=acme.organization, allow_fallback=False)
    server_monotonic.advance(1.2)  # the key's cached policy expires
    with pytest.raises(openai.InternalServerError) as caught:
        _ask(client, "fast")

    assert raw.parse().choices[0].message.content == "from standard"
    assert raw.headers["x-longhaul-fallback"] == "fast->standard"
    assert raw.headers["x-longhaul-tier"] == "standard"
    assert caught.value.status_code == 503


def test_requests_spread_to_the_backend_with_fewest_outstanding(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    # Long enough that all eight are in flight together even on a loaded machine.
    first, _ = backends.add("standard", FakeOpenAI(delay_s=2.0))
    second, _ = backends.add("standard", FakeOpenAI(delay_s=2.0))
    backends.settle()
    client = client_for(gateway, acme.api_key)

    with ThreadPoolExecutor(8) as pool:
        list(
            pool.map(
                lambda i: client.chat.completions.create(
                    model="standard", messages=[{"role": "user", "content": f"q{i}"}]
                ),
                range(8),
            )
        )

    assert len(first.requests) == 4
    assert len(second.requests) == 4


def test_a_conversation_keeps_its_replica(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fakes = [backends.add("standard")[0] for _ in range(3)]
    backends.settle()
    client = client_for(gateway, acme.api_key)
    system = {"role": "system", "content": "You are a careful analyst. " * 20}

    for turn in range(6):
        client.chat.completions.create(
            model="standard",
            messages=[
                system,
                {"role": "user", "content": "start"},
                *[{"role": "assistant", "content": f"a{i}"} for i in range(turn)],
            ],
        )

    assert sorted(len(f.requests) for f in fakes) == [0, 0, 6]


def test_a_full_backend_queue_answers_429_with_retry_after(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, _ = backends.add("standard", FakeOpenAI(delay_s=1.0), max_concurrency=1, max_queue=1)
    backends.settle()
    client = client_for(gateway, acme.api_key)

    def attempt(_: int) -> str:
        try:
            return _ask(client)
        except openai.RateLimitError as error:
            return f"429 retry-after={error.response.headers['retry-after']}"

    with ThreadPoolExecutor(3) as pool:
        outcomes = list(pool.map(attempt, range(3)))

    assert sorted(outcomes) == ["429 retry-after=1", "ok", "ok"]
    assert len(fake.requests) == 2


def test_a_client_that_hangs_up_cancels_its_upstream_request(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, backend = backends.add("standard", max_concurrency=1)
    fake.fault = Fault(kind="hang", times=1)
    backends.settle()
    body = json.dumps({"model": "standard", "messages": HELLO}).encode()
    host, port = gateway.removeprefix("http://").split(":")
    request = (
        f"POST /v1/chat/completions HTTP/1.1\r\nHost: {host}\r\n"
        f"Authorization: Bearer {acme.api_key}\r\nX-Request-Id: gone-1\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode()

    with socket.create_connection((host, int(port))) as conn:
        conn.sendall(request + body)
        wait_for(lambda: fake.requests)  # the request is upstream, hanging there
    record = wait_for(lambda: UsageRecord.objects.filter(client_request_id="gone-1").first())

    assert record.status == 499
    assert record.backend == backend.name
    # The slot was freed: with max_concurrency=1 the next request is served at once.
    assert _ask(client_for(gateway, acme.api_key)) == "ok"


def _slow_backend_process(*extra: str) -> AbstractContextManager[tuple[str, Popen[bytes]]]:
    """A scripted backend in its own process (so a test can kill it) answering after 3 s."""
    return scripted_model_server("--delay-ms", "3000", *extra)


@pytest.mark.slow
def test_killing_the_backend_mid_request_gives_a_clean_error_or_a_retry(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    with _slow_backend_process() as (base_url, server):
        backends.add("standard", base_url=base_url)
        backends.settle()
        client = client_for(gateway, acme.api_key)
        client.models.list()  # warm: the request below must reach the backend within a second
        with ThreadPoolExecutor(1) as pool:
            pending = pool.submit(_ask, client)
            time.sleep(1.0)  # the request reaches the backend's process, which answers after 3 s
            stop_process(server, grace=0.1)
            with pytest.raises(openai.APIStatusError) as caught:
                pending.result(timeout=15)

    assert caught.value.status_code in (502, 503)
    assert caught.value.response.json()["error"]["code"] in (
        "upstream_unreachable",
        "upstream_reset",
        "no_backend_available",
    )


@pytest.mark.slow
def test_killing_one_replica_mid_request_retries_on_another(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    with _slow_backend_process("--content", "doomed") as (base_url, server):
        _, doomed = backends.add("standard", base_url=base_url, weight=100)
        survivor, _ = backends.add("standard")
        survivor.script = [{"content": "survived"}]
        backends.settle()
        client = client_for(gateway, acme.api_key)
        client.models.list()  # warm: the request below must reach the backend within a second
        with ThreadPoolExecutor(1) as pool:
            pending = pool.submit(_ask, client, extra_headers={"X-Longhaul-Session": "s1"})
            time.sleep(1.0)  # the request reaches the backend's process, which answers after 3 s
            stop_process(server, grace=0.1)
            answer = pending.result(timeout=15)

    assert answer == "survived"
    assert doomed.name
