"""Requests waiting for a backend's slot are served by priority without starving any: the
queue alone, then through the real gateway with keys of different priorities."""

from __future__ import annotations

import asyncio
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import httpx
import pytest

from accounts.services import api_key_create
from gateway.admission import PriorityWaiters
from tests.factories import TenantFixture, operator
from tests.gateway.conftest import Backends, wait_for
from tests.support.fake_openai import FakeOpenAI


def served_order(arrivals: list[str], skips: int, settings: Any) -> list[str]:
    settings.LONGHAUL_GATEWAY_PRIORITY_SKIPS = skips

    async def order() -> list[str]:
        loop = asyncio.get_running_loop()
        waiters = PriorityWaiters()
        names: dict[int, str] = {}
        for n, priority in enumerate(arrivals):
            future: asyncio.Future[None] = loop.create_future()
            names[id(future)] = f"{priority}{n}"
            waiters.append(future, priority)
        return [names[id(waiters.popleft())] for _ in arrivals]

    return asyncio.run(order())


def test_interactive_requests_go_first(settings: Any) -> None:
    arrivals = ["batch", "normal", "interactive", "batch", "interactive"]
    assert served_order(arrivals, 10, settings) == [
        "interactive2", "interactive4", "normal1", "batch0", "batch3",
    ]  # fmt: skip


def test_batch_is_not_starved_by_a_stream_of_interactive_requests(settings: Any) -> None:
    arrivals = ["batch", "batch"] + ["interactive"] * 6
    served = served_order(arrivals, 2, settings)
    # every third slot goes to the oldest request, whatever its priority
    assert served[:6] == [
        "interactive2", "interactive3", "batch0", "interactive4", "interactive5", "batch1",
    ]  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_the_gateway_hands_a_contended_slot_to_the_interactive_key_first(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    # Given one slot, held by a batch key's request
    gate = threading.Event()
    fake, _ = backends.add(
        "standard", FakeOpenAI(gate=gate), max_concurrency=1, max_queue=8, read_timeout_s=60
    )
    backends.settle()
    keys = {
        priority: api_key_create(
            actor=operator(acme.organization), name=priority, max_run_priority=priority
        ).plaintext
        for priority in ("interactive", "batch")
    }
    with ThreadPoolExecutor(4) as pool:
        first = pool.submit(chat, gateway, keys["batch"], "batch 0")
        wait_for(lambda: len(fake.requests) == 1, timeout=30)

        # When two more batch requests queue, then an interactive one
        rest = []
        for n in (1, 2):
            rest.append(pool.submit(chat, gateway, keys["batch"], f"batch {n}"))
            wait_for(partial(queued_is, gateway, n), timeout=30)
        rest.append(pool.submit(chat, gateway, keys["interactive"], "interactive"))
        wait_for(lambda: queued(gateway) == 3, timeout=30)
        gate.set()
        answers = [future.result() for future in [first, *rest]]

    # Then the interactive request reached the backend right after the one holding the slot
    assert answers == [200] * 4
    contents = [request["body"]["messages"][0]["content"] for request in fake.requests]
    assert contents == ["batch 0", "interactive", "batch 1", "batch 2"]


def chat(base: str, key: str, content: str) -> int:
    body = {"model": "standard", "messages": [{"role": "user", "content": content}]}
    headers = {"authorization": f"Bearer {key}"}
    return httpx.post(
        f"{base}/v1/chat/completions", json=body, headers=headers, timeout=60
    ).status_code


def queued(base: str) -> float:
    text = httpx.get(f"{base}/metrics", timeout=10).text
    values = re.findall(
        r'^longhaul_gateway_queue_depth\{[^}]*tier="standard"[^}]*\} (\S+)', text, re.M
    )
    return sum(float(value) for value in values)


def queued_is(base: str, count: int) -> bool:
    return queued(base) == count
