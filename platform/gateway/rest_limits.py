"""Request rates at the REST API and the sign-in forms, counted by the gateway's admission.

The same Redis script that meters /v1 (gateway.quotas) counts, per minute:
- every /api/ call per client address (LONGHAUL_REST_ADDRESS_RPM) and per credential, an API key
  or a session (LONGHAUL_REST_KEY_RPM). A credential is counted by a digest of what the caller
  presented, before anything is looked up, so a flood of made-up keys costs no database query
  and nobody can spend a key's allowance without holding the key;
- every POST to the sign-in and password forms per client address
  (LONGHAUL_SIGN_IN_ADDRESS_RPM), in front of the per-account lockout (accounts.lockout).

A refusal is a 429 with Retry-After (problem details under /api/, the platform's page on the
forms) and never reaches Django. Without Redis nothing can be counted: the request goes on, as
it would without this layer (the gateway's own quotas, which bill, refuse instead).
"""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings

from core import clock
from core.guards import ASGIApp, Receive, Scope, Send, header, refuse, route_name
from gateway.errors import GatewayError
from gateway.quotas import Counter, admit_requests, minute_counter

logger = logging.getLogger(__name__)

# The forms that check a password or set one (django.contrib.auth's views and the admin's).
SIGN_IN_ROUTES = frozenset(
    {"login", "password_reset_confirm", "admin:login", "admin:password_change"}
)


def rate_limit_requests(app: ASGIApp) -> ASGIApp:
    async def application(scope: Scope, receive: Receive, send: Send) -> None:
        counters = _counters(scope) if scope["type"] == "http" else []
        if counters:
            try:
                await admit_requests(counters, clock.now())
            except GatewayError as error:
                if error.status != 429:
                    _warn_uncounted(error.message)
                else:
                    await refuse(
                        scope,
                        send,
                        status=429,
                        title="Too many requests",
                        detail=error.message,
                        retry_after=error.retry_after,
                    )
                    return
        await app(scope, receive, send)

    return application


_last_warning = [0.0]


def _warn_uncounted(message: str) -> None:
    # Once every ten seconds at most: during an outage every request would say it.
    if clock.monotonic() - _last_warning[0] > 10:
        _last_warning[0] = clock.monotonic()
        logger.warning("request rates cannot be counted: %s", message)


def _counters(scope: Scope) -> list[Counter]:
    path, now = str(scope.get("path", "")), clock.now()
    address = (scope.get("client") or ("unknown", 0))[0]
    if path.startswith("/api/"):
        return [
            minute_counter("address", address, settings.LONGHAUL_REST_ADDRESS_RPM, now),
            *_credential_counter(scope, now),
        ]
    if scope.get("method") == "POST" and route_name(path) in SIGN_IN_ROUTES:
        limit = settings.LONGHAUL_SIGN_IN_ADDRESS_RPM
        return [minute_counter("sign-in address", address, limit, now)]
    return []


def _credential_counter(scope: Scope, now: float) -> list[Counter]:
    credential = header(scope, b"authorization") or _session_cookie(header(scope, b"cookie"))
    if not credential:
        return []
    digest = hashlib.sha256(credential.encode("latin-1")).hexdigest()[:32]
    return [minute_counter("key", digest, settings.LONGHAUL_REST_KEY_RPM, now)]


def _session_cookie(cookies: str) -> str:
    name = f"{settings.SESSION_COOKIE_NAME}="
    found = next((c.strip() for c in cookies.split(";") if c.strip().startswith(name)), "")
    return found
