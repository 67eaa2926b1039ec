"""One asyncio Redis client per event loop, and one synchronous client for flushers."""

from __future__ import annotations

import asyncio

import redis
import redis.asyncio as aioredis
from django.conf import settings
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

_async_clients: dict[int, aioredis.Redis] = {}
_sync_client: redis.Redis | None = None


def async_redis() -> aioredis.Redis:
    loop_id = id(asyncio.get_running_loop())
    client = _async_clients.get(loop_id)
    if client is None:
        client = _async_clients[loop_id] = aioredis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=5, retry=_RETRY
        )
    return client


# One immediate retry, which replaces a pooled connection that a Redis restart broke. The
# client's default (three, with back-off of up to seconds) would keep each request of a
# Redis outage waiting, holding its backend slot, before its 503.
_RETRY = Retry(NoBackoff(), 1)


def sync_redis() -> redis.Redis:
    global _sync_client
    if _sync_client is None:
        _sync_client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=10)
    return _sync_client
