"""Websockets stay open only as long as what opened them: a key, a person's session.

A socket is authenticated once, at its handshake, and may then stay open for days. Each socket
keeps the credential that opened it (`SocketCredential`: the key, or the person and their
session, also behind a ticket) and checks it again every `API_KEY_CACHE_SECONDS`, the same window
in which a revoked key stops working for REST; once the key is revoked, expired or has lost the
scope, the person has left the organization or was deactivated, or the session ended (sign-out,
password change), the socket is closed with 4401.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import asdict, dataclass
from importlib import import_module
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.auth import get_user
from django.http import HttpRequest

from accounts.selectors import KeyPrincipal, api_key_active, user_role_in
from accounts.two_factor import session_data_satisfies

logger = logging.getLogger(__name__)
CLOSE_REVOKED = 4401
REVOKED = "The credentials this connection was opened with were revoked or have ended."


@dataclass(frozen=True)
class SocketCredential:
    """Who opened a socket: a key (by prefix), or a person and the session they came with."""

    organization_id: int
    scope: str = ""  # the key scope the socket needs
    api_key_prefix: str = ""
    user_id: int | None = None
    session_key: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def credential_of_key(principal: KeyPrincipal, *, scope: str = "") -> SocketCredential:
    return SocketCredential(principal.organization_id, scope, api_key_prefix=principal.prefix)


def credential_of_session(
    user: Any, session_key: str | None, *, organization_id: int
) -> SocketCredential:
    return SocketCredential(organization_id, user_id=user.pk, session_key=session_key or "")


def credential_of_request(request: Any, *, organization_id: int, scope: str) -> SocketCredential:
    """The credential of a REST call (its key, or its signed-in person), e.g. to bind a ticket."""
    if isinstance(request.auth, KeyPrincipal):
        return credential_of_key(request.auth, scope=scope)
    session_key = request.session.session_key if hasattr(request, "session") else None
    return credential_of_session(request.user, session_key, organization_id=organization_id)


def credential_valid(credential: SocketCredential) -> bool:
    if credential.api_key_prefix:
        principal = api_key_active(prefix=credential.api_key_prefix)
        return (
            principal is not None
            and principal.organization_id == credential.organization_id
            and (not credential.scope or principal.has_scope(credential.scope))
        )
    if credential.user_id is None:
        return False
    user = _session_user(credential.session_key)
    return (
        user is not None
        and user.pk == credential.user_id
        and user_role_in(user=user, organization_id=credential.organization_id) is not None
    )


def _session_user(session_key: str) -> Any:
    """The active person a session still authenticates (Django's own check: the session exists,
    names the user, and its password hash still matches; and the second factor when the person
    needs one), None otherwise."""
    if not session_key:
        return None
    request = HttpRequest()
    request.session = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    user = get_user(request)
    if not user.is_authenticated or not session_data_satisfies(user, request.session):
        return None
    return user


class CredentialWatch:
    """Closes a consumer's socket once its credential is no longer valid (see the module)."""

    def __init__(self, consumer: Any, credential: SocketCredential) -> None:
        self.consumer = consumer
        self.credential = credential
        self.task = asyncio.ensure_future(self._watch())

    def stop(self) -> None:
        self.task.cancel()

    async def _watch(self) -> None:
        interval = max(float(settings.API_KEY_CACHE_SECONDS), 0.5)
        check = database_sync_to_async(credential_valid)
        delay = 0.0  # the first check at once: a session without its second factor goes now
        while True:
            await asyncio.sleep(delay)
            delay = interval
            try:
                valid = await check(self.credential)
            except Exception as error:  # the database or Redis is out: keep the socket, retry
                logger.warning("websocket credential check failed, retrying: %s", error)
                continue
            if not valid:
                with contextlib.suppress(Exception):  # the client may be gone already
                    await self.consumer.close(code=CLOSE_REVOKED, reason=REVOKED)
                return
