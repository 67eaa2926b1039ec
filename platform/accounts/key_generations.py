"""Each API key's revocation generation: a counter in Redis that accounts raises whenever a key's
cached copies must go (its revocation), and that every cache of the key checks before trusting
an entry. accounts' Redis cache and the gateway's in-process layer over it stamp each entry with
the generation they read before loading it; an entry whose stamp is not the current generation
is loaded again. So a revocation holds at once in every process, and the caches' lifetime
(API_KEY_CACHE_SECONDS) only bounds changes made behind the services' back.

The counter lives in the cache's namespace (`cache.make_key`) as a plain integer, which Django's
Redis cache reads back as one. Only equality counts, so a counter lost with a Redis flush starts
again at zero without reviving an entry stamped before the loss.
"""

from __future__ import annotations

import logging

import redis
import redis.asyncio as aioredis
from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)
_NAME = "apikey-generation:"
_client: redis.Redis | None = None


def generation_cache_key(prefix: str) -> str:
    """The counter's key for Django's cache (`cache.get_many` reads it with the entry)."""
    return _NAME + prefix


def _redis_key(prefix: str) -> str:
    return cache.make_key(generation_cache_key(prefix))


def api_key_generation_bump(*, prefix: str) -> None:
    """Every cached copy of the key, in any process, is stale from now on."""
    try:
        _sync_client().incr(_redis_key(prefix))
    except redis.RedisError as error:
        # Without Redis no process caches keys beyond API_KEY_CACHE_SECONDS either.
        logger.warning("could not raise the generation of API key %s: %s", prefix, error)


async def api_key_generation(client: aioredis.Redis, *, prefix: str) -> int | None:
    """The key's current generation (0 until its first bump); None while Redis cannot say."""
    try:
        raw = await client.get(_redis_key(prefix))
    except redis.RedisError:
        return None
    return int(raw or 0)


def _sync_client() -> redis.Redis:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
    return _client
