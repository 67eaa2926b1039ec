"""Websocket `/ws/runs/{id}`: every event after `?after=SEQ`, then live ones, in order.

Authentication: a single-use `?ticket=` from `POST /api/runs/{id}/ws-ticket`, an API key in the
`Authorization` header, or the session cookie. A key in the URL (`?api_key=`) is refused. The
socket stays open only while that key, or the person and session behind the cookie or the
ticket, may still read the run (accounts.sockets).

Sequence numbers and the database make it gap-free: join the run's group, backfill from
PostgreSQL, then deliver live events deduplicated by seq. A live event that skips ahead (a lost
publish) triggers a backfill of the hole; the channel layer's catch-up message (sent once Redis
confirms this process's subscription, again after a reconnection, and instead of the events a
socket too slow to keep up would have queued: core.fanout) triggers a backfill of everything
after the last seq sent, so an event published before the subscription took effect is not lost
even when no later one reveals the hole.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async

from accounts.keys import bearer_token
from accounts.selectors import ApiKeyError, primary_membership
from accounts.services import api_key_use
from accounts.sockets import (
    CredentialWatch,
    SocketCredential,
    credential_of_key,
    credential_of_session,
)
from core.websocket import LiveConsumer, ws_ticket_redeem
from runs.events import event_payload, run_group
from runs.models import Run, RunEvent

CLOSE_UNAUTHORIZED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_BAD_REQUEST = 4400
# Close reasons are limited to 123 bytes.
KEY_IN_URL = "API keys in the URL are refused: send Authorization: Bearer, or use a ws-ticket"
MISSING_SCOPE = "This API key lacks the 'runs' scope."


class MissingScope(Exception):
    """A valid key of the organization that may not read runs: 4403, as REST answers 403."""


class RunEventsConsumer(LiveConsumer):
    run_id: str
    last_seq: int
    watch: CredentialWatch | None = None

    async def connect(self) -> None:
        query = parse_qs(self.scope.get("query_string", b"").decode())
        try:
            self.last_seq = int((query.get("after") or ["0"])[0])
        except ValueError:
            await self._refuse(CLOSE_BAD_REQUEST)
            return
        if "api_key" in query:
            # Refused even when valid, so that clients move the key out of the URL.
            await self._refuse(CLOSE_UNAUTHORIZED, KEY_IN_URL)
            return
        run_id = str(self.scope["url_route"]["kwargs"]["run_id"])
        try:
            credential = await database_sync_to_async(_credential_of)(self.scope, query, run_id)
        except MissingScope:
            await self._refuse(CLOSE_FORBIDDEN, MISSING_SCOPE)
            return
        if credential is None:
            await self._refuse(CLOSE_UNAUTHORIZED)
            return
        self.run_id = run_id
        organization_id = credential.organization_id
        if not await database_sync_to_async(_run_visible)(self.run_id, organization_id):
            await self._refuse(CLOSE_NOT_FOUND)
            return
        await self.channel_layer.group_add(run_group(self.run_id), self.channel_name)
        await self.accept()
        self.watch = CredentialWatch(self, credential)
        await self._backfill()

    async def _refuse(self, code: int, reason: str = "") -> None:
        # Accept first so the client sees the close code (a refused handshake is a bare 403).
        await self.accept()
        await self.close(code=code, reason=reason or None)

    async def disconnect(self, code: int) -> None:
        if self.watch is not None:
            self.watch.stop()
        if getattr(self, "run_id", None):
            await self.channel_layer.group_discard(run_group(self.run_id), self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        # Clients only listen; a ping gets a pong so proxies keep the connection open.
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong", "last_seq": self.last_seq})

    async def run_event(self, message: dict[str, Any]) -> None:
        event = message["event"]
        if event["seq"] <= self.last_seq:
            return  # already sent by the backfill
        if event["seq"] > self.last_seq + 1:
            await self._backfill(until=event["seq"] - 1)
        await self._send_event(event)

    async def live_catch_up(self, message: dict[str, Any]) -> None:
        await self._backfill()

    async def _backfill(self, until: int | None = None) -> None:
        events = await database_sync_to_async(_events_after)(self.run_id, self.last_seq, until)
        for event in events:
            await self._send_event(event)

    async def _send_event(self, event: dict[str, Any]) -> None:
        if event["seq"] <= self.last_seq:
            return
        self.last_seq = event["seq"]
        await self.send_json({"type": "event", **event})


def _credential_of(
    scope: dict[str, Any], query: dict[str, list[str]], run_id: str
) -> SocketCredential | None:
    """A single-use ticket for this run, an API key in the Authorization header, or the
    session cookie (whose Origin core.websocket checked)."""
    if "ticket" in query:
        grant = ws_ticket_redeem(query["ticket"][0], resource=ws_ticket_resource(run_id))
        return SocketCredential(**grant.holder) if grant else None
    key = bearer_token(dict(scope.get("headers", [])).get(b"authorization"))
    if key:
        try:
            principal = api_key_use(key)
        except ApiKeyError:
            return None
        if not principal.has_scope("runs"):
            raise MissingScope
        return credential_of_key(principal, scope="runs")
    user = scope.get("user")
    if user is None or not user.is_authenticated:
        return None
    membership = primary_membership(user=user)
    if membership is None:
        return None
    session = scope.get("session")
    session_key = session.session_key if session is not None else None
    return credential_of_session(user, session_key, organization_id=membership.organization_id)


def ws_ticket_resource(run_id: str) -> str:
    return f"runs:{run_id}"


def _run_visible(run_id: str, organization_id: int) -> bool:
    return Run.objects.filter(id=run_id, organization_id=organization_id).exists()


def _events_after(run_id: str, after: int, until: int | None) -> list[dict[str, Any]]:
    events = RunEvent.objects.filter(run_id=run_id, seq__gt=after).order_by("seq")
    if until is not None:
        events = events.filter(seq__lte=until)
    return [event_payload(event) for event in events]
