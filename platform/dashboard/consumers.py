"""Websocket `/ws/documents/{id}`: a document's ingestion progress, for the upload page.

Signed-in browsers only (the session cookie; core.websocket checks the Origin). The current state
is sent right after subscribing, so an update published before the page connected is not lost.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.core.exceptions import ObjectDoesNotExist

from accounts.selectors import primary_membership
from memory.events import document_group, progress_event
from memory.selectors import document_get

CLOSE_UNAUTHORIZED = 4401
CLOSE_NOT_FOUND = 4404


class DocumentProgressConsumer(AsyncJsonWebsocketConsumer):
    group: str = ""

    async def connect(self) -> None:
        document_id = int(self.scope["url_route"]["kwargs"]["document_id"])
        await self.accept()
        organization_id = await database_sync_to_async(_organization_of)(self.scope)
        if organization_id is None:
            await self.close(code=CLOSE_UNAUTHORIZED)
            return
        read = database_sync_to_async(_current)
        if await read(organization_id, document_id) is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.group = document_group(document_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        # Read again after subscribing: nothing published in between is missed.
        current = await read(organization_id, document_id)
        if current is not None:
            await self.send_json(current)

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def document_progress(self, message: dict[str, Any]) -> None:
        await self.send_json(message)


def _organization_of(scope: dict[str, Any]) -> int | None:
    user = scope.get("user")
    if user is None or not user.is_authenticated or not user.is_active:
        return None
    membership = primary_membership(user=user)
    return membership.organization_id if membership else None


def _current(organization_id: int, document_id: int) -> dict[str, Any] | None:
    try:
        return progress_event(
            document_get(organization_id=organization_id, document_id=document_id)
        )
    except ObjectDoesNotExist:
        return None
