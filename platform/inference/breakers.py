"""The gateway's circuit breakers as every process can see them.

Each gateway process keeps its breakers in memory (no Redis round trip per request) and
writes a backend's breaker here whenever it changes (a failure, opening, closing), so
`/readyz` and the admin show the passive side of a backend's health beside the active probe.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import redis
from django.conf import settings

logger = logging.getLogger(__name__)

BREAKERS_KEY = "longhaul:inference:breakers"


def breaker_document(*, state: str, failures: int) -> str:
    return json.dumps({"state": state, "failures": failures, "at": time.time()})


def breaker_states() -> dict[str, dict[str, Any]]:
    """{backend name: {"state", "failures", "at"}}; empty when Redis cannot be read."""
    client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)
    try:
        raw = client.hgetall(BREAKERS_KEY)
    except redis.RedisError as error:
        logger.warning("breaker states unavailable: %s", error)
        return {}
    finally:
        client.close()
    return {name.decode(): json.loads(value) for name, value in raw.items()}  # type: ignore[union-attr]


def describe_breaker(entry: dict[str, Any] | None) -> str:
    if not entry:
        return "breaker closed"
    failures = entry.get("failures", 0)
    return f"breaker {entry.get('state', 'closed')}" + (
        f" ({failures} consecutive failures)" if failures else ""
    )
