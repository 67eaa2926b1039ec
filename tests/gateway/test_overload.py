# mypy: disable-error-code="arg-type, union-attr"
"""The gateway over capacity and through faults, on loopback: twice its capacity is refused with
429 and Retry-After, never a 5xx; a backend killed mid-load loses no whole (non-streamed)
request; a Redis restart mid-load is survived, and the gateway recovers by itself."""

from __future__ import annotations

import os
import signal
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from gateway.models import UsageRecord
from tests.factories import TenantFixture
from tests.gateway.conftest import GATEWAY_ENV, Backends, wait_for
from tests.support.clock import FakeMonotonic
from tests.support.fake_openai import FakeOpenAI, Fault
from tests.support.processes import RedisServer, asgi_server, scripted_model_server

pytestmark = pytest.mark.django_db(transaction=True)


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: dict[str, Any]
    text: str = ""


def post_chat(base: str, key: str, *, stream: bool = False, timeout: float = 30) -> Answer:
    """One chat completion over plain HTTP (no client retries), answered or not."""
    body = {
        "model": "standard",
        "messages": [{"role": "user", "content": f"hello {uuid.uuid4().hex}"}],
        "max_tokens": 4,
        "stream": stream,
    }
    headers = {"authorization": f"Bearer {key}"}
    response = httpx.post(
        f"{base}/v1/chat/completions", json=body, headers=headers, timeout=timeout
    )
    is_json = response.headers.get("content-type", "").startswith("application/json")
    return Answer(
        response.status_code,
        dict(response.headers),
        response.json() if is_json else {},
        "" if is_json else response.text,
    )


def test_twice_the_capacity_is_refused_with_429_and_retry_after_never_a_5xx(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    # Given: a backend whose capacity is 4 in flight and 4 queued, holding every request it
    # gets until the test lets them go.
    gate = threading.Event()
    fake, _ = backends.add(
        "standard", FakeOpenAI(gate=gate), max_concurrency=4, max_queue=4, read_timeout_s=60
    )
    backends.settle()
    capacity = 8

    # When: twice that many requests at once, half of them streamed.
    with ThreadPoolExecutor(2 * capacity) as pool:
        pending = [
            pool.submit(post_chat, gateway, acme.api_key, stream=bool(i % 2))
            for i in range(2 * capacity)
        ]
        wait_for(
            lambda: (
                sum(future.done() for future in pending) >= capacity and len(fake.requests) >= 4
            ),
            timeout=30,
        )
        held_by_the_backend = len(fake.requests)  # while the gate is shut: only its 4 slots
        gate.set()
        answers = [future.result() for future in pending]

    # Then: the capacity is served, the rest refused at once with a reason and a Retry-After;
    # refusals never reach the backend, and nothing is a server error.
    served = [answer for answer in answers if answer.status == 200]
    refused = [answer for answer in answers if answer.status == 429]
    assert (len(served), len(refused)) == (capacity, capacity)
    assert held_by_the_backend == 4
    assert len(fake.requests) == capacity
    for answer in refused:
        assert answer.body["error"]["code"] == "overloaded"
        assert int(answer.headers["retry-after"]) >= 1
    assert all("[DONE]" in answer.text for answer in served if answer.text)


@pytest.mark.slow
def test_killing_one_of_two_backends_mid_load_loses_no_whole_request(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    # Given: two scripted backends in processes of their own, answering after 100 ms.
    with (
        scripted_model_server("--delay-ms", "100", "--content", "doomed") as (doomed_url, doomed),
        scripted_model_server("--delay-ms", "100", "--content", "survivor") as (survivor_url, _),
    ):
        _, doomed_backend = backends.add("standard", base_url=doomed_url, max_concurrency=16)
        backends.add("standard", base_url=survivor_url, max_concurrency=16, max_queue=64)
        backends.settle()

        # When: 8 clients send 6 requests each, and one backend is killed once it has served
        # some of them, while others are in flight there.
        def client_loop(_: int) -> list[Answer]:
            return [post_chat(gateway, acme.api_key) for _ in range(6)]

        with ThreadPoolExecutor(8) as pool:
            loops = [pool.submit(client_loop, i) for i in range(8)]
            wait_for(
                lambda: UsageRecord.objects.filter(backend=doomed_backend.name).count() >= 4,
                timeout=60,
            )
            os.killpg(doomed.pid, signal.SIGKILL)
            answers = [answer for loop in loops for answer in loop.result()]

    # Then: every request was answered, by whichever backend was alive.
    assert [answer.status for answer in answers] == [200] * 48
    contents = {answer.body["choices"][0]["message"]["content"] for answer in answers}
    assert contents == {"doomed", "survivor"}


def test_a_backend_dropping_the_connection_mid_body_is_retried_on_another(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    # Given: one backend that sends the head and half the body of its answer, then drops.
    dropping, _ = backends.add("standard", FakeOpenAI(fault=Fault(kind="reset")), weight=100)
    healthy, _ = backends.add("standard")
    backends.settle()

    # When
    answer = post_chat(gateway, acme.api_key)

    # Then: the client never saw the broken answer, only the other backend's.
    assert answer.status == 200
    assert answer.body["choices"][0]["message"]["content"] == "ok"
    assert (len(dropping.requests), len(healthy.requests)) == (1, 1)


# --- a Redis restart mid-load -----------------------------------------------------------------
@pytest.fixture(scope="module")
def own_redis() -> Iterator[RedisServer]:
    """A Redis of this module's own: it is killed and restarted here, which no one else's may be."""
    server = RedisServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def gateway_on_own_redis(
    django_db_setup: None,
    django_db_blocker: Any,
    own_redis: RedisServer,
    server_monotonic: FakeMonotonic,
) -> Iterator[str]:
    env = {**GATEWAY_ENV, "TEST_REDIS_URL": own_redis.url(), "API_KEY_CACHE_SECONDS": "1"}
    env.update(server_monotonic.env())
    with django_db_blocker.unblock(), asgi_server(**env) as base:
        yield base


class Load:
    """Clients sending requests one after another until stopped; a request that does not
    finish within the client's timeout is recorded as "hung"."""

    def __init__(self, base: str, key: str) -> None:
        self.base, self.key = base, key
        self.outcomes: list[Answer | str] = []
        self.stop = threading.Event()

    def client_loop(self) -> None:
        while not self.stop.is_set():
            try:
                self.outcomes.append(post_chat(self.base, self.key, timeout=20))
            except httpx.TimeoutException:
                self.outcomes.append("hung")

    def count(self, status: int, since: int = 0) -> int:
        return sum(
            isinstance(outcome, Answer) and outcome.status == status
            for outcome in self.outcomes[since:]
        )


@pytest.mark.slow
def test_a_redis_restart_mid_load_is_survived_and_the_gateway_recovers_by_itself(
    gateway_on_own_redis: str,
    own_redis: RedisServer,
    acme: TenantFixture,
    backends: Backends,
    transactional_db: None,
) -> None:
    # Given: 4 clients in a loop against a gateway on a Redis of its own.
    backends.add("standard", FakeOpenAI(delay_s=0.05))
    backends.settle()
    load = Load(gateway_on_own_redis, acme.api_key)
    with ThreadPoolExecutor(4) as pool:
        loops = [pool.submit(load.client_loop) for _ in range(4)]
        try:
            wait_for(lambda: load.count(200) >= 8, timeout=30)

            # When: Redis dies, stays down while requests keep coming, then comes back empty.
            own_redis.kill()
            killed_at = len(load.outcomes)
            wait_for(lambda: load.count(503, since=killed_at) >= 8, timeout=60)
            own_redis.start()
            restarted_at = len(load.outcomes)
            wait_for(lambda: load.count(200, since=restarted_at) >= 8, timeout=60)
        finally:
            load.stop.set()
            for loop in loops:
                loop.result()

    # Then: nothing hung; every answer was a success or a clear, retryable 503, and the
    # gateway served again by itself once Redis was back.
    assert "hung" not in load.outcomes
    answers = [outcome for outcome in load.outcomes if isinstance(outcome, Answer)]
    refused = [answer for answer in answers if answer.status != 200]
    assert len(refused) >= 8
    for answer in refused:
        assert answer.status == 503
        assert answer.body["error"]["code"] == "quota_store_unavailable"
        assert int(answer.headers["retry-after"]) >= 1
    # Requests that ended while Redis was down are in the ledger all the same.
    wait_for(lambda: UsageRecord.objects.filter(status=503).count() == len(refused), timeout=30)
