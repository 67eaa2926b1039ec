"""The channel layer (core.fanout) against the real Redis: one Redis message per group message
however many members a process holds, members that leave or end stop receiving, a member that
does not read never delays the others, and members catch up whenever the subscription
(re)starts."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
import redis.asyncio as aioredis
from django.conf import settings
from prometheus_client import REGISTRY

from core.fanout import CATCH_UP, FanoutChannelLayer
from tests.support.live import join


def layer(capacity: int = 100) -> FanoutChannelLayer:
    return FanoutChannelLayer(settings.REDIS_URL, prefix="longhaul-test:fanout", capacity=capacity)


def run(scenario: Callable[[FanoutChannelLayer, aioredis.Redis], Awaitable[None]]) -> None:
    async def main() -> None:
        admin = aioredis.Redis.from_url(settings.REDIS_URL)
        try:
            await scenario(layer(), admin)
        finally:
            await admin.aclose()

    asyncio.run(main())


async def members(fanout: FanoutChannelLayer, group: str, count: int) -> list[str]:
    channels = [await fanout.new_channel() for _ in range(count)]
    await join(fanout, group, channels[0])
    for channel in channels[1:]:  # the subscription is live: no catch-up for them
        await fanout.group_add(group, channel)
    return channels


async def receive_all(fanout: FanoutChannelLayer, channel: str, count: int) -> list[Any]:
    return [(await asyncio.wait_for(fanout.receive(channel), 10))["n"] for _ in range(count)]


def deliveries() -> float:
    return REGISTRY.get_sample_value("longhaul_live_deliveries_total") or 0.0


async def eventually(read: Callable[[], Awaitable[int]], expected: int) -> None:
    """Waits (10 s at most) for Redis to have applied what this process sent it."""
    for _ in range(1000):
        if await read() == expected:
            return
        # Until Redis (another process) applies what this one sent.
        await asyncio.sleep(0.01)
    assert await read() == expected


async def subscribers(admin: aioredis.Redis, fanout: FanoutChannelLayer, group: str) -> int:
    return int((await admin.pubsub_numsub(fanout.prefix + group))[0][1])


def test_a_group_message_reaches_every_member_of_a_process_as_one_redis_message() -> None:
    async def scenario(fanout: FanoutChannelLayer, admin: aioredis.Redis) -> None:
        channels = await members(fanout, "fanout-a", 50)

        assert await subscribers(admin, fanout, "fanout-a") == 1
        for n in range(3):  # PUBLISH answers how many connections it reached
            payload = orjson.dumps({"type": "probe", "n": n})
            assert await admin.publish(fanout.prefix + "fanout-a", payload) == 1
        for channel in channels:
            assert await receive_all(fanout, channel, 3) == [0, 1, 2]

    run(scenario)


def test_members_that_leave_or_end_stop_receiving_and_the_last_one_unsubscribes() -> None:
    async def scenario(fanout: FanoutChannelLayer, admin: aioredis.Redis) -> None:
        leaving, ending, staying = await members(fanout, "fanout-b", 3)
        await fanout.group_discard("fanout-b", leaving)
        ended = asyncio.ensure_future(fanout.receive(ending))
        await asyncio.sleep(0)  # it waits; then it ends, as Channels ends a consumer
        ended.cancel()
        await asyncio.gather(ended, return_exceptions=True)
        before = deliveries()

        await fanout.group_send("fanout-b", {"type": "probe", "n": 1})

        assert await receive_all(fanout, staying, 1) == [1]
        assert deliveries() - before == 1
        await fanout.group_discard("fanout-b", staying)
        await eventually(lambda: subscribers(admin, fanout, "fanout-b"), 0)

    run(scenario)


def test_a_member_that_does_not_read_delays_no_one_and_is_told_to_catch_up() -> None:
    async def scenario(_: FanoutChannelLayer, admin: aioredis.Redis) -> None:
        fanout = layer(capacity=5)
        reading, idle = await members(fanout, "fanout-c", 2)

        for n in range(12):  # the reading member gets each while the idle one reads nothing
            await fanout.group_send("fanout-c", {"type": "probe", "n": n})
            assert await receive_all(fanout, reading, 1) == [n]

        # It kept at most 5 (capacity): a catch-up in place of what overflowed, then the rest.
        assert await fanout.receive(idle) == {"type": CATCH_UP, "group": "fanout-c"}
        assert await receive_all(fanout, idle, 1) == [11]

    run(scenario)


def test_members_catch_up_when_the_subscription_is_renewed_after_a_lost_connection() -> None:
    async def scenario(fanout: FanoutChannelLayer, admin: aioredis.Redis) -> None:
        first, second = await members(fanout, "fanout-d", 2)
        name = fanout.subscriber_name
        [connection] = [c for c in await admin.client_list(_type="pubsub") if c["name"] == name]

        await admin.client_kill_filter(_id=connection["id"])

        for channel in (first, second):
            message = await asyncio.wait_for(fanout.receive(channel), 30)
            assert message == {"type": CATCH_UP, "group": "fanout-d"}
        await fanout.group_send("fanout-d", {"type": "probe", "n": 7})
        assert await receive_all(fanout, second, 1) == [7]

    run(scenario)


def test_channel_names_carry_the_redis_database_number() -> None:
    db = settings.REDIS_URL.rsplit("/", 1)[1]
    assert layer().prefix == f"longhaul-test:fanout:{db}:"
    assert str(os.getpid()) in layer().subscriber_name
