"""The tier registry, cached in-process and refreshed every few seconds off the hot path."""

from __future__ import annotations

import asyncio
import logging
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

from gateway.errors import GatewayError
from gateway.selectors import Registry, routable_registry

logger = logging.getLogger(__name__)


def _load() -> Registry:
    close_old_connections()
    return routable_registry()


class RegistryCache:
    def __init__(self) -> None:
        self._value: Registry | None = None
        self._expires = 0.0
        self._lock: asyncio.Lock | None = None

    async def get(self) -> Registry:
        if self._value is not None and time.monotonic() < self._expires:
            return self._value
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            if self._value is None or time.monotonic() >= self._expires:
                await self._refresh()
        assert self._value is not None
        return self._value

    async def _refresh(self) -> None:
        try:
            self._value = await sync_to_async(_load)()
        except Exception as error:
            # A database blip must not take /v1 down while a recent registry is at hand.
            if self._value is None:
                raise GatewayError(
                    503, "The model registry is unavailable.", code="registry_unavailable"
                ) from error
            logger.warning("tier registry refresh failed, keeping the last one: %s", error)
        self._expires = time.monotonic() + settings.LONGHAUL_GATEWAY_REGISTRY_SECONDS


registry_cache = RegistryCache()
