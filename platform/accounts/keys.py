"""The API key format: `lh_<prefix>_<secret>`; only SHA-256 of the whole key is stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

KEY_MARKER = "lh"
DIRECTORY_TOKEN_MARKER = "lhscim"  # SCIM bearer tokens: lhscim_<prefix>_<secret>
PREFIX_LENGTH = 10


@dataclass(frozen=True)
class ParsedKey:
    prefix: str
    secret_hash: str


def generate_key(marker: str = KEY_MARKER) -> tuple[str, str]:
    """Returns (prefix, full plaintext key)."""
    prefix = secrets.token_hex(PREFIX_LENGTH // 2)
    secret = secrets.token_urlsafe(32)
    return prefix, f"{marker}_{prefix}_{secret}"


def hash_key(plaintext: str) -> str:
    return hashlib.sha256(plaintext.encode()).hexdigest()


def parse_key(plaintext: str, marker: str = KEY_MARKER) -> ParsedKey | None:
    found, _, rest = plaintext.partition("_")
    prefix, _, secret = rest.partition("_")
    if found != marker or len(prefix) != PREFIX_LENGTH or not secret:
        return None
    return ParsedKey(prefix=prefix, secret_hash=hash_key(plaintext))


def bearer_token(authorization: str | bytes | None) -> str | None:
    """The credential an `Authorization: Bearer <token>` header value carries; None for another
    scheme or an empty token. Raw ASGI header bytes are read as Latin-1, which never fails."""
    if isinstance(authorization, bytes):
        authorization = authorization.decode("latin-1")
    scheme, _, token = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def hashes_match(stored: str, candidate: str) -> bool:
    return hmac.compare_digest(stored, candidate)
