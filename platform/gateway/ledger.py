"""The usage ledger's hot half: each finished request is pushed to a Redis list together with
its quota settlement, after the response has been sent and in one round trip with the other
requests finishing at the same moment; a background flusher moves batches into PostgreSQL
(`services.usage_flush`). While Redis cannot be reached, the records are written to PostgreSQL
directly, so an outage loses none of them (their settlements are moot: the counters they
would correct are in the Redis that is gone)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import orjson
from asgiref.sync import sync_to_async
from django.conf import settings

from gateway.quotas import Reservation, settle
from gateway.redis_client import async_redis

logger = logging.getLogger(__name__)

LEDGER_KEY = "longhaul:gateway:usage"

_flusher: asyncio.Task[None] | None = None


class _Batch:
    """Records of requests that finished in the same turn of the event loop: pushed, with their
    quota settlements, in one round trip."""

    def __init__(self) -> None:
        self.items: list[tuple[dict[str, Any], Reservation | None, int]] = []
        self.pushed: asyncio.Future[None] = asyncio.get_running_loop().create_future()


_batch: _Batch | None = None
_background: set[asyncio.Future[None]] = set()


async def record(entry: dict[str, Any], reservation: Reservation | None, billed: int) -> None:
    """Queues the request's record and settles its reservation; returns once Redis has both."""
    global _batch
    batch = _batch
    if batch is None:
        batch = _batch = _Batch()
        _background.add(task := asyncio.ensure_future(_push(batch)))
        task.add_done_callback(_background.discard)
    batch.items.append((entry, reservation, billed))
    await asyncio.shield(batch.pushed)
    ensure_flusher()


async def _push(batch: _Batch) -> None:
    global _batch
    await asyncio.sleep(0)  # let the other requests finishing now join the batch
    if _batch is batch:
        _batch = None
    try:
        pipe = async_redis().pipeline(transaction=False)
        for _, reservation, billed in batch.items:
            if reservation is not None:
                settle(pipe, reservation, billed)
        pipe.rpush(LEDGER_KEY, *[orjson.dumps(entry) for entry, _, _ in batch.items])
        await pipe.execute()
    except Exception as error:
        logger.warning("usage records could not be queued (%s); writing them directly", error)
        await _write_directly([entry for entry, _, _ in batch.items])
    finally:
        batch.pushed.set_result(None)


async def _write_directly(entries: list[dict[str, Any]]) -> None:
    from gateway.services import usage_record

    try:
        await sync_to_async(usage_record, thread_sensitive=False)(entries=entries)
    except Exception:
        # Neither store answers: the requests were served; say so loudly rather than fail them.
        ids = [entry.get("request_id") for entry in entries]
        logger.exception("usage records for %s were lost", ids)


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
