"""/v1 authentication: organization API keys with the `inference` scope, and runs' own tokens,
cached in-process. Runs mint and check their tokens (`runs.credentials`) and install that check
in the gateway when Django starts (`gateway.runs_port`).

The in-process cache is a layer over accounts' key cache, not a second owner: each entry is
stamped with its key's revocation generation (accounts.key_generations), and every request
compares the stamp with the current generation, one Redis GET, so a revocation holds from the
very next request. Entries also expire after API_KEY_CACHE_SECONDS, the bound for changes that
bypass the services, and while Redis cannot say the generation. A busy key's entry is reloaded in
the background shortly before it expires, and concurrent requests share one load, so requests
do not wait on the reload nor stampede the database.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from dataclasses import dataclass
from typing import NamedTuple

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from accounts.key_generations import api_key_generation
from accounts.keys import bearer_token, parse_key
from accounts.selectors import ApiKeyError, KeyPrincipal
from accounts.services import api_key_use
from core import clock
from gateway.errors import GatewayError
from gateway.redis_client import async_redis
from gateway.runs_port import run_tokens
from gateway.selectors import Limits, limits_for

logger = logging.getLogger(__name__)

_MAX_ENTRIES = 50_000
_REFRESH_AHEAD = 0.2  # the last fifth of an entry's life: reload it in the background


@dataclass(frozen=True)
class Caller:
    principal: KeyPrincipal
    limits: Limits


class _Entry(NamedTuple):
    expires: float  # on core.clock.monotonic
    generation: int | None  # the key's, read before loading; None: Redis could not say
    value: Caller | str  # a refusal's message is cached too


_cache: dict[str, _Entry] = {}
# One load per token and generation: a request after a revocation never shares a load that
# began before it.
_loading: dict[tuple[str, int | None], asyncio.Future[Caller | str]] = {}


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
    hit = _cache.get(digest)
    generation = await _generation(_prefix(token, hit))
    now = clock.monotonic()
    if hit is not None and hit.expires > now and _current(hit, generation):
        value = hit.value
        if hit.expires - now < settings.API_KEY_CACHE_SECONDS * _REFRESH_AHEAD:
            _reload(digest, token, generation)
    else:
        value = await asyncio.shield(_reload(digest, token, generation))
    if isinstance(value, str):
        raise GatewayError(401, value, code="invalid_api_key")
    _check(value.principal)
    return value


def _prefix(token: str, hit: _Entry | None) -> str:
    """The key whose generation the token follows: an API key's own, or the key a run's token
    acts for (known once loaded; "" for a run a person started)."""
    parsed = parse_key(token)
    if parsed is not None:
        return parsed.prefix
    return hit.value.principal.prefix if hit is not None and isinstance(hit.value, Caller) else ""


async def _generation(prefix: str) -> int | None:
    return await api_key_generation(async_redis(), prefix=prefix) if prefix else None


def _current(entry: _Entry, generation: int | None) -> bool:
    """Whether no revocation happened since the entry was loaded; while Redis cannot say, the
    entry's lifetime alone bounds it."""
    return generation is None or entry.generation == generation


def _reload(digest: str, token: str, generation: int | None) -> asyncio.Future[Caller | str]:
    """The one load of this token at this generation under way, started if there is none."""
    key = (digest, generation)
    loading = _loading.get(key)
    if loading is None:
        loading = _loading[key] = asyncio.ensure_future(_load_into_cache(digest, token, generation))
        loading.add_done_callback(lambda done: _loaded(key, done))
    return loading


def _loaded(key: tuple[str, int | None], done: asyncio.Future[Caller | str]) -> None:
    _loading.pop(key, None)
    if not done.cancelled() and done.exception() is not None:
        # The requests awaiting it got the error; a background reload only leaves a trace.
        logger.warning("loading an API key failed: %s", done.exception())


async def _load_into_cache(digest: str, token: str, generation: int | None) -> Caller | str:
    value = await sync_to_async(_load)(token)
    if len(_cache) > _MAX_ENTRIES:
        _cache.clear()
    expires = clock.monotonic() + settings.API_KEY_CACHE_SECONDS
    # Stamped with the generation read before the load: a revocation that commits during it
    # leaves the entry stale.
    _cache[digest] = _Entry(expires, generation, value)
    return value


def _check(principal: KeyPrincipal) -> None:
    if principal.expires_at is not None and principal.expires_at <= timezone.now():
        raise GatewayError(401, "This API key has expired.", code="invalid_api_key")
    if not principal.has_scope("inference"):
        raise GatewayError(
            403, "This API key lacks the 'inference' scope.", code="insufficient_scope"
        )
