"""The platform's one secret store: secrets at rest as Fernet tokens, keyed from SECRET_KEY.

The tiers' upstream API keys, identity providers' client secrets, webhook signing secrets and
tool sources' credentials are stored with it. Rotating SECRET_KEY makes stored secrets
unreadable; `decrypt_secret` then raises `SecretError` rather than returning garbage, and the
secret must be given again.
"""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings

# A fixed context string keeps this key distinct from other keys derived from SECRET_KEY. It
# names the store's first user; changing it would make every stored secret unreadable.
_CONTEXT = b"longhaul.inference.backend-api-key.v1"


class SecretError(Exception):
    """A stored secret cannot be decrypted with the current SECRET_KEY."""


def _fernet() -> Fernet:
    return _fernet_for(settings.SECRET_KEY)


# PBKDF2 is deliberately slow; the registry decrypts on every refresh, so derive once per key.
@lru_cache(maxsize=4)
def _fernet_for(secret_key: str) -> Fernet:
    digest = hashlib.pbkdf2_hmac("sha256", secret_key.encode(), _CONTEXT, 100_000)
    return Fernet(base64.urlsafe_b64encode(digest))


def encrypt_secret(plaintext: str) -> str:
    return _fernet().encrypt(plaintext.encode()).decode()


def decrypt_secret(token: str) -> str:
    try:
        return _fernet().decrypt(token.encode()).decode()
    except InvalidToken:
        raise SecretError(
            "a stored secret cannot be decrypted with the current SECRET_KEY"
        ) from None
