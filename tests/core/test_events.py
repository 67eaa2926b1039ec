"""One on-commit publisher: a transaction's live events leave in order after commit; a rolled-back
transaction or savepoint publishes none of its own."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connections, transaction

from core.events import publish_on_commit
from tests.support.live import join

pytestmark = pytest.mark.django_db


class Rollback(Exception):
    pass


def received_while(work: Callable[[], None], *groups: str) -> list[int]:
    """The `n` of every message `groups` received while `work` ran in a thread of its own."""

    async def scenario() -> list[int]:
        layer = get_channel_layer()
        channel = await layer.new_channel()
        for group in groups:
            await join(layer, group, channel)
        await sync_to_async(in_thread, thread_sensitive=False)()
        received: list[int] = []
        with contextlib.suppress(TimeoutError):
            while True:
                received.append((await asyncio.wait_for(layer.receive(channel), 1))["n"])
        return received

    def in_thread() -> None:
        try:
            work()
        finally:
            connections.close_all()  # the thread's connection would keep the test database open

    return asyncio.run(scenario())


def test_events_of_a_committed_transaction_arrive_in_order() -> None:
    def work() -> None:
        with transaction.atomic():
            publish_on_commit("events-a", {"type": "probe", "n": 1})
            publish_on_commit("events-b", {"type": "probe", "n": 2})
            publish_on_commit("events-a", {"type": "probe", "n": 3})

    assert received_while(work, "events-a", "events-b") == [1, 2, 3]


def test_a_rolled_back_transaction_publishes_nothing() -> None:
    def work() -> None:
        with contextlib.suppress(Rollback), transaction.atomic():
            publish_on_commit("events-c", {"type": "probe", "n": 1})
            raise Rollback
        with transaction.atomic():
            publish_on_commit("events-c", {"type": "probe", "n": 2})

    assert received_while(work, "events-c") == [2]


def test_a_rolled_back_savepoint_drops_its_own_events_and_keeps_the_rest() -> None:
    def work() -> None:
        with transaction.atomic():
            publish_on_commit("events-d", {"type": "probe", "n": 1})
            with contextlib.suppress(Rollback), transaction.atomic():
                publish_on_commit("events-d", {"type": "probe", "n": 2})
                raise Rollback
            with transaction.atomic():  # a savepoint that commits keeps its events
                publish_on_commit("events-d", {"type": "probe", "n": 3})
            publish_on_commit("events-d", {"type": "probe", "n": 4})

    assert received_while(work, "events-d") == [1, 3, 4]


def test_events_outside_a_transaction_leave_at_once_in_order() -> None:
    def work() -> None:
        for n in range(1, 6):
            publish_on_commit("events-e", {"type": "probe", "n": n})

    assert received_while(work, "events-e") == [1, 2, 3, 4, 5]
