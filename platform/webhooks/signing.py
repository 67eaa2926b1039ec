"""Webhook signatures: HMAC-SHA256 over the timestamp and the exact body.

Header `Longhaul-Signature: t=<unix seconds>,v1=<hex>`, where
`v1 = HMAC-SHA256(secret, "<t>." + body)`. A receiver recomputes it over the raw body it got,
compares in constant time, and refuses a timestamp older than its tolerance (replays).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

SIGNATURE_HEADER = "Longhaul-Signature"
DEFAULT_TOLERANCE_SECONDS = 300


def new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(32)


def sign(secret: str, body: bytes, *, timestamp: int | None = None) -> str:
    moment = int(time.time()) if timestamp is None else timestamp
    digest = hmac.new(secret.encode(), f"{moment}.".encode() + body, hashlib.sha256)
    return f"t={moment},v1={digest.hexdigest()}"


def verify(
    secret: str,
    body: bytes,
    header: str,
    *,
    tolerance: int = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> bool:
    """What a receiver does; the tests use it as one."""
    parts = dict(part.split("=", 1) for part in header.split(",") if "=" in part)
    try:
        moment = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs((time.time() if now is None else now) - moment) > tolerance:
        return False
    expected = sign(secret, body, timestamp=moment).split("v1=", 1)[1]
    return hmac.compare_digest(expected, parts.get("v1", ""))
