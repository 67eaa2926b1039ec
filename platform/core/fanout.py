"""The channel layer: one Redis message per group message, fanned out to the sockets inside each
process.

`group_send` is one `PUBLISH` on the group's Redis channel, however many sockets listen. Each
process (each event loop) holds one subscriber connection, subscribed to the groups its own
consumers joined, and hands every message to those consumers' inboxes: a run's event reaches a
hundred sockets of one web process as one Redis message, where a layer that stores a copy per
subscriber makes the hundredth wait behind ninety-nine round trips.

Pub/sub delivers only to connections subscribed at the moment of the `PUBLISH`: a message sent
while the subscription is on its way (the first socket of a group in this process) or while the
connection is re-established is not received. So the layer never makes a consumer wait for
Redis to confirm; instead, whenever Redis confirms a subscription of this process (a new one,
or one renewed after a reconnection), every local member of the group gets a catch-up message
(`CATCH_UP`), and the consumer fetches what it may have missed from the database, the source of
truth (a run's events after the last sequence number it sent; a document's current state).
The same message replaces what a consumer that fell `capacity` messages behind would have
queued: a slow socket costs memory for at most that many messages and never delays the others,
whose inboxes are filled without waiting.

Channel names are local to their process: `send` reaches this process's consumers only (the
platform sends to groups). Pub/sub ignores Redis database numbers, so the database number is
part of every channel name: deployments, and test workers, sharing one Redis stay apart.
"""

from __future__ import annotations

import asyncio
import logging
import os
import uuid
from collections import deque
from typing import Any

import orjson
import redis.asyncio as aioredis
from channels.layers import BaseChannelLayer
from redis.exceptions import RedisError

from core.metrics import counter
from core.retry import Backoff

logger = logging.getLogger(__name__)

# A consumer handles this message (method `live_catch_up`) by reading what it may have missed.
CATCH_UP = "live.catch_up"

MESSAGES = counter(
    "longhaul_live_messages_total",
    "Live messages this process received from Redis for the sockets it holds (one per group "
    "message, however many sockets listen).",
)
DELIVERIES = counter(
    "longhaul_live_deliveries_total", "Live messages handed to this process's sockets."
)
CATCH_UPS = counter(
    "longhaul_live_catch_ups_total",
    "Sockets told to catch up from the database: `subscribed` when this process's subscription "
    "to their group started or was renewed, `overflow` when they fell behind.",
    ["reason"],
)


class FanoutChannelLayer(BaseChannelLayer):  # type: ignore[misc]
    extensions = ["groups", "flush"]

    def __init__(
        self, url: str, prefix: str = "longhaul:live", capacity: int = 100, **kwargs: Any
    ) -> None:
        super().__init__(capacity=capacity, **kwargs)
        self.url = url
        db = aioredis.Redis.from_url(url).connection_pool.connection_kwargs.get("db", 0)
        self.prefix = f"{prefix}:{db}:"
        self._hubs: dict[asyncio.AbstractEventLoop, _Hub] = {}

    @property
    def subscriber_name(self) -> str:
        """This process's subscriber connections' name in Redis' CLIENT LIST."""
        return f"{self.prefix}{os.getpid()}"

    def _hub(self) -> _Hub:
        loop = asyncio.get_running_loop()
        hub = self._hubs.get(loop)
        if hub is None:
            hub = self._hubs[loop] = _Hub(self, loop)
        return hub

    def _forget(self, loop: asyncio.AbstractEventLoop) -> None:
        self._hubs.pop(loop, None)

    async def new_channel(self, prefix: str = "specific.") -> str:
        return self._hub().open(f"{prefix}{uuid.uuid4().hex}")

    async def receive(self, channel: str) -> dict[str, Any]:
        return await self._hub().receive(channel)

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        self._hub().deliver(channel, message)

    async def group_add(self, group: str, channel: str) -> None:
        await self._hub().join(group, channel)

    async def group_discard(self, group: str, channel: str) -> None:
        await self._hub().leave(group, channel)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        await self._hub().publish(group, message)

    async def flush(self) -> None:
        await self._hub().close()


class _Inbox:
    """A consumer's queue: at most `capacity` messages, then one catch-up per group instead."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.messages: deque[dict[str, Any]] = deque()
        self.groups: set[str] = set()
        self.waiter: asyncio.Future[None] | None = None

    def put(self, message: dict[str, Any]) -> None:
        if len(self.messages) >= self.capacity:
            self.messages.clear()
            self.messages.extend(catch_up(group) for group in self.groups)
            CATCH_UPS.labels("overflow").inc(len(self.groups))
        else:
            self.messages.append(message)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def get(self) -> dict[str, Any]:
        while not self.messages:
            self.waiter = asyncio.get_running_loop().create_future()
            await self.waiter
        return self.messages.popleft()


def catch_up(group: str) -> dict[str, Any]:
    return {"type": CATCH_UP, "group": group}


class _Hub:
    """One event loop's share of the layer: its consumers' inboxes, the groups they joined, one
    connection for PUBLISH and one subscriber connection with its reader task."""

    def __init__(self, layer: FanoutChannelLayer, loop: asyncio.AbstractEventLoop) -> None:
        self.layer = layer
        self.loop = loop
        self.inboxes: dict[str, _Inbox] = {}
        self.groups: dict[str, set[str]] = {}
        self.client = aioredis.Redis.from_url(layer.url, socket_keepalive=True)
        subscriber = aioredis.Redis.from_url(
            layer.url, socket_keepalive=True, client_name=layer.subscriber_name
        )
        self.pubsub = subscriber.pubsub()
        self.started = asyncio.Event()  # the first subscription was sent
        # Lives as long as the loop: cancelled at its end (asyncio.run, uvicorn, asyncio.Runner),
        # it closes the connections.
        self.reader = loop.create_task(self._read())

    def open(self, channel: str) -> str:
        self.inboxes[channel] = _Inbox(self.layer.capacity)
        return channel

    async def receive(self, channel: str) -> dict[str, Any]:
        inbox = self.inboxes.get(channel) or self.inboxes.setdefault(
            channel, _Inbox(self.layer.capacity)
        )
        try:
            return await inbox.get()
        except asyncio.CancelledError:
            # Channels cancels a consumer's receive when the consumer ends: it leaves its groups.
            await self._drop(channel)
            raise

    def deliver(self, channel: str, message: dict[str, Any]) -> None:
        inbox = self.inboxes.get(channel)
        if inbox is not None:
            inbox.put(message)

    async def join(self, group: str, channel: str) -> None:
        inbox = self.inboxes.setdefault(channel, _Inbox(self.layer.capacity))
        inbox.groups.add(group)
        members = self.groups.setdefault(group, set())
        members.add(channel)
        if len(members) > 1:
            return
        try:
            await self.pubsub.subscribe(self.layer.prefix + group)
        except BaseException:
            self._remove(group, channel)  # so that the next member subscribes again
            inbox.groups.discard(group)
            raise
        self.started.set()

    async def leave(self, group: str, channel: str) -> None:
        inbox = self.inboxes.get(channel)
        if inbox is not None:
            inbox.groups.discard(group)
        if self._remove(group, channel):
            await self.pubsub.unsubscribe(self.layer.prefix + group)

    def _remove(self, group: str, channel: str) -> bool:
        """Takes `channel` out of `group`; True when that left the group without members."""
        members = self.groups.get(group)
        if members is None or channel not in members:
            return False
        members.discard(channel)
        if members:
            return False
        del self.groups[group]
        return True

    async def _drop(self, channel: str) -> None:
        inbox = self.inboxes.pop(channel, None)
        emptied = [
            group for group in (inbox.groups if inbox else ()) if self._remove(group, channel)
        ]
        if emptied:
            try:
                await self.pubsub.unsubscribe(*(self.layer.prefix + group for group in emptied))
            except RedisError:
                logger.warning("live events: could not unsubscribe from %s", emptied, exc_info=True)

    async def publish(self, group: str, message: dict[str, Any]) -> None:
        await self.client.publish(self.layer.prefix + group, orjson.dumps(message))

    async def close(self) -> None:
        self.reader.cancel()
        await asyncio.gather(self.reader, return_exceptions=True)

    async def _read(self) -> None:
        try:
            await self.started.wait()
            backoff = Backoff(first_seconds=0.1, cap_seconds=5.0)
            failures = 0
            while True:
                try:
                    message = await self.pubsub.get_message(timeout=None)
                except Exception:  # the reader must outlive any one failure
                    failures += 1
                    logger.warning("live events: Redis subscription lost", exc_info=True)
                    await asyncio.sleep(backoff.delay(failures))
                    continue
                failures = 0
                if message is not None:
                    self._on_message(message)
        finally:
            self.layer._forget(self.loop)
            await self.pubsub.aclose()
            await self.pubsub.connection_pool.disconnect()
            await self.client.aclose()

    def _on_message(self, message: dict[str, Any]) -> None:
        group = message["channel"].decode()[len(self.layer.prefix) :]
        if message["type"] == "message":
            self._fan_out(group, orjson.loads(message["data"]))
        elif message["type"] == "subscribe":
            self._catch_up(group)

    def _fan_out(self, group: str, message: dict[str, Any]) -> None:
        members = self.groups.get(group, ())
        MESSAGES.inc()
        for channel in members:
            self.inboxes[channel].put(message)  # the same dict for all: consumers only read it
        DELIVERIES.inc(len(members))

    def _catch_up(self, group: str) -> None:
        members = self.groups.get(group, ())
        for channel in members:
            self.inboxes[channel].put(catch_up(group))
        CATCH_UPS.labels("subscribed").inc(len(members))
