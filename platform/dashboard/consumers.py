"""Websocket `/ws/documents/{id}`: a document's ingestion progress, for the upload page.

Signed-in browsers only (the session cookie; core.websocket checks the Origin), and only while
that session and the person's membership last (accounts.sockets). The current state is sent
right after joining the document's group, so an update published before the page connected is
not lost, and again on the channel layer's catch-up message (core.fanout), for an update
published before this process's subscription took effect.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.core.exceptions import ObjectDoesNotExist

from accounts.selectors import primary_membership
from accounts.sockets import CredentialWatch, SocketCredential, credential_of_session
from core.websocket import LiveConsumer
from memory.events import document_group, progress_event
from memory.selectors import document_get

CLOSE_UNAUTHORIZED = 4401
CLOSE_NOT_FOUND = 4404


class DocumentProgressConsumer(LiveConsumer):
    group: str = ""
    organization_id: int
    document_id: int
    last_sent: dict[str, Any] | None = None
    watch: CredentialWatch | None = None

    async def connect(self) -> None:
        document_id = int(self.scope["url_route"]["kwargs"]["document_id"])
        await self.accept()
        credential = await database_sync_to_async(_credential_of)(self.scope)
        if credential is None:
            await self.close(code=CLOSE_UNAUTHORIZED)
            return
        self.organization_id, self.document_id = credential.organization_id, document_id
        if await self._current() is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.group = document_group(document_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.watch = CredentialWatch(self, credential)
        await self.live_catch_up({})  # read again after joining: nothing in between is missed

    async def live_catch_up(self, message: dict[str, Any]) -> None:
        current = await self._current()
        if current is not None and current != self.last_sent:
            await self.document_progress(current)

    async def _current(self) -> dict[str, Any] | None:
        return await database_sync_to_async(_current)(self.organization_id, self.document_id)

    async def disconnect(self, code: int) -> None:
        if self.watch is not None:
            self.watch.stop()
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def document_progress(self, message: dict[str, Any]) -> None:
        self.last_sent = message
        await self.send_json(message)


def _credential_of(scope: dict[str, Any]) -> SocketCredential | None:
    user = scope.get("user")
    if user is None or not user.is_authenticated or not user.is_active:
        return None
    membership = primary_membership(user=user)
    if membership is None:
        return None
    session = scope.get("session")
    session_key = session.session_key if session is not None else None
    return credential_of_session(user, session_key, organization_id=membership.organization_id)


def _current(organization_id: int, document_id: int) -> dict[str, Any] | None:
    try:
        return progress_event(
            document_get(organization_id=organization_id, document_id=document_id)
        )
    except ObjectDoesNotExist:
        return None
