"""The usage ledger's hot half: each finished request is pushed to a Redis list (together with
its quota settlement, in one round trip after the response has been sent) and a background
flusher moves batches into PostgreSQL (`services.usage_flush`)."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings

from gateway.quotas import Reservation, settle
from gateway.redis_client import async_redis

logger = logging.getLogger(__name__)

LEDGER_KEY = "longhaul:gateway:usage"

_flusher: asyncio.Task[None] | None = None


async def record(entry: dict[str, Any], reservation: Reservation | None, billed: int) -> None:
    pipe = async_redis().pipeline(transaction=False)
    if reservation is not None:
        settle(pipe, reservation, billed)
    pipe.rpush(LEDGER_KEY, json.dumps(entry))
    try:
        await pipe.execute()
    except Exception:
        # Redis is down: the request was served; say so loudly rather than fail the caller.
        logger.exception("usage record for %s could not be queued", entry.get("request_id"))
    ensure_flusher()


def ensure_flusher() -> None:
    global _flusher
    if _flusher is None or _flusher.done():
        _flusher = asyncio.get_running_loop().create_task(_flush_forever())


async def _flush_forever() -> None:
    from gateway.services import usage_flush

    flush = sync_to_async(usage_flush, thread_sensitive=False)
    while True:
        await asyncio.sleep(settings.LONGHAUL_GATEWAY_LEDGER_FLUSH_SECONDS)
        try:
            await flush()
        except Exception:
            logger.exception("usage ledger flush failed; the records stay queued in Redis")
