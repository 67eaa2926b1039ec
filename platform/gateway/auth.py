"""/v1 authentication: organization API keys with the `inference` scope, and runs' own tokens
(`runs.credentials`), cached in-process.

The in-process cache lives for API_KEY_CACHE_SECONDS, the same bound accounts uses for its Redis
cache, so a revoked key stops working within that many seconds without an ORM call per request.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from accounts.selectors import ApiKeyError, KeyPrincipal, api_key_authenticate
from gateway.errors import GatewayError
from gateway.selectors import Limits, limits_for
from runs.credentials import is_run_token, run_token_principal

_MAX_ENTRIES = 50_000


@dataclass(frozen=True)
class Caller:
    principal: KeyPrincipal
    limits: Limits


_cache: dict[str, tuple[float, Caller | str]] = {}


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
    if is_run_token(token):
        return run_token_principal(token)
    return api_key_authenticate(token)


def _token(headers: dict[str, str]) -> str:
    scheme, _, token = headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise GatewayError(
            401,
            "Missing API key: send `Authorization: Bearer lh_...`.",
            code="invalid_api_key",
        )
    return token.strip()


async def authenticate(headers: dict[str, str]) -> Caller:
    token = _token(headers)
    digest = hashlib.sha256(token.encode()).hexdigest()
    now = time.monotonic()
    hit = _cache.get(digest)
    if hit is None or hit[0] <= now:
        value = await sync_to_async(_load)(token)
        if len(_cache) > _MAX_ENTRIES:
            _cache.clear()
        _cache[digest] = (now + settings.API_KEY_CACHE_SECONDS, value)
    else:
        value = hit[1]
    if isinstance(value, str):
        raise GatewayError(401, value, code="invalid_api_key")
    _check(value.principal)
    return value


def _check(principal: KeyPrincipal) -> None:
    if principal.expires_at is not None and principal.expires_at <= timezone.now():
        raise GatewayError(401, "This API key has expired.", code="invalid_api_key")
    if not principal.has_scope("inference"):
        raise GatewayError(
            403, "This API key lacks the 'inference' scope.", code="insufficient_scope"
        )
