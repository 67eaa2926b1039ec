"""/v1 authentication: organization API keys with the `inference` scope, and runs' own tokens,
cached in-process. Runs mint and check their tokens (`runs.credentials`) and install that check
in the gateway when Django starts (`gateway.runs_port`).

The in-process cache lives for API_KEY_CACHE_SECONDS, the same bound accounts uses for its Redis
cache, so a revoked key stops working within that many seconds without an ORM call per request.
A busy key's entry is reloaded in the background shortly before it expires, and concurrent
requests share one load, so requests do not wait on the reload nor stampede the database.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from accounts.keys import bearer_token
from accounts.selectors import ApiKeyError, KeyPrincipal
from accounts.services import api_key_use
from gateway.errors import GatewayError
from gateway.runs_port import run_tokens
from gateway.selectors import Limits, limits_for

logger = logging.getLogger(__name__)

_MAX_ENTRIES = 50_000
_REFRESH_AHEAD = 0.2  # the last fifth of an entry's life: reload it in the background


@dataclass(frozen=True)
class Caller:
    principal: KeyPrincipal
    limits: Limits


_cache: dict[str, tuple[float, Caller | str]] = {}
_loading: dict[str, asyncio.Future[Caller | str]] = {}


def _load(token: str) -> Caller | str:
    close_old_connections()
    try:
        principal = _principal(token)
    except ApiKeyError as error:
        return str(error)
    limits = limits_for(organization_id=principal.organization_id, api_key_id=principal.api_key_id)
    return Caller(principal, limits)


def _principal(token: str) -> KeyPrincipal:
    """An organization API key, or a run's token: that acts as the key (or person) that started
    the run, with its tiers and quotas, billed to it and to the run."""
    tokens = run_tokens()
    if tokens is not None and tokens.is_run_token(token):
        return tokens.run_token_principal(token)
    return api_key_use(token)


def _token(headers: dict[str, str]) -> str:
    token = bearer_token(headers.get("authorization"))
    if token is None:
        raise GatewayError(
            401,
            "Missing API key: send `Authorization: Bearer lh_...`.",
            code="invalid_api_key",
        )
    return token


async def authenticate(headers: dict[str, str]) -> Caller:
    token = _token(headers)
    digest = hashlib.sha256(token.encode()).hexdigest()
    now = time.monotonic()
    hit = _cache.get(digest)
    if hit is None or hit[0] <= now:
        value = await asyncio.shield(_reload(digest, token))
    else:
        value = hit[1]
        if hit[0] - now < settings.API_KEY_CACHE_SECONDS * _REFRESH_AHEAD:
            _reload(digest, token)
    if isinstance(value, str):
        raise GatewayError(401, value, code="invalid_api_key")
    _check(value.principal)
    return value


def _reload(digest: str, token: str) -> asyncio.Future[Caller | str]:
    """The one load of this token under way, started if there is none."""
    loading = _loading.get(digest)
    if loading is None:
        loading = _loading[digest] = asyncio.ensure_future(_load_into_cache(digest, token))
        loading.add_done_callback(lambda done: _loaded(digest, done))
    return loading


def _loaded(digest: str, done: asyncio.Future[Caller | str]) -> None:
    _loading.pop(digest, None)
    if not done.cancelled() and done.exception() is not None:
        # The requests awaiting it got the error; a background reload only leaves a trace.
        logger.warning("loading an API key failed: %s", done.exception())


async def _load_into_cache(digest: str, token: str) -> Caller | str:
    value = await sync_to_async(_load)(token)
    if len(_cache) > _MAX_ENTRIES:
        _cache.clear()
    _cache[digest] = (time.monotonic() + settings.API_KEY_CACHE_SECONDS, value)
    return value


def _check(principal: KeyPrincipal) -> None:
    if principal.expires_at is not None and principal.expires_at <= timezone.now():
        raise GatewayError(401, "This API key has expired.", code="invalid_api_key")
    if not principal.has_scope("inference"):
        raise GatewayError(
            403, "This API key lacks the 'inference' scope.", code="insufficient_scope"
        )
