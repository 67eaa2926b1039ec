"""The tier registry, cached in-process and refreshed every few seconds off the hot path.

When the cached registry has just expired, the request that notices it is served from it while
one reload runs in the background; only a registry older than two refresh periods (an idle
process) is waited for. Admin edits and probe results apply within two periods."""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

from core import clock
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
        self._loading: asyncio.Future[None] | None = None

    async def get(self) -> Registry:
        value, now = self._value, clock.monotonic()
        if value is not None and now < self._expires:
            return value
        if value is not None and now < self._expires + settings.LONGHAUL_GATEWAY_REGISTRY_SECONDS:
            self._reload()
            return value
        await asyncio.shield(self._reload())
        assert self._value is not None
        return self._value

    def _reload(self) -> asyncio.Future[None]:
        """The one reload under way, started if there is none."""
        if self._loading is None or self._loading.done():
            self._loading = asyncio.ensure_future(self._refresh())
        return self._loading

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
        self._expires = clock.monotonic() + settings.LONGHAUL_GATEWAY_REGISTRY_SECONDS


registry_cache = RegistryCache()
