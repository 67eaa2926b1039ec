"""Several web workers share each backend's slots and queue: one process holds its share."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import openai
import pytest
import redis as redis_lib

from tests.factories import TenantFixture
from tests.gateway.conftest import GATEWAY_ENV, Backends, client_for
from tests.support.clock import FakeMonotonic
from tests.support.fake_openai import FakeOpenAI
from tests.support.processes import asgi_server

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def one_of_two_workers(
    django_db_setup: None, django_db_blocker: Any, server_monotonic: FakeMonotonic
) -> Iterator[str]:
    """A gateway process that knows it is one of two web workers."""
    env = {**GATEWAY_ENV, **server_monotonic.env(), "LONGHAUL_WEB_WORKERS": "2"}
    with django_db_blocker.unblock(), asgi_server(**env) as base:
        yield base


def test_a_worker_holds_its_share_of_a_backends_slots_and_queue(
    one_of_two_workers: str,
    redis_client: redis_lib.Redis,
    transactional_db: None,
    acme: TenantFixture,
    backends: Backends,
) -> None:
    # Two slots and two places in the queue for the backend: one of each for this worker.
    fake, _ = backends.add("standard", FakeOpenAI(delay_s=1.0), max_concurrency=2, max_queue=2)
    backends.settle()
    client = client_for(one_of_two_workers, acme.api_key)

    def attempt(_: int) -> str:
        try:
            messages = [{"role": "user", "content": f"hello {uuid.uuid4().hex}"}]
            reply = client.chat.completions.create(model="standard", messages=messages)  # type: ignore[arg-type]
            return reply.choices[0].message.content or ""
        except openai.RateLimitError as error:
            return str(error.response.json()["error"]["code"])

    with ThreadPoolExecutor(3) as pool:
        outcomes = list(pool.map(attempt, range(3)))

    assert sorted(outcomes) == ["ok", "ok", "overloaded"]
    assert len(fake.requests) == 2
