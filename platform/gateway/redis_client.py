"""One asyncio Redis client per event loop, and one synchronous client for flushers."""

from __future__ import annotations

import asyncio

import redis
import redis.asyncio as aioredis
from django.conf import settings

_async_clients: dict[int, aioredis.Redis] = {}
_sync_client: redis.Redis | None = None


def async_redis() -> aioredis.Redis:
    loop_id = id(asyncio.get_running_loop())
    client = _async_clients.get(loop_id)
    if client is None:
        client = _async_clients[loop_id] = aioredis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=5
        )
    return client


def sync_redis() -> redis.Redis:
    global _sync_client
    if _sync_client is None:
        _sync_client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=10)
    return _sync_client
