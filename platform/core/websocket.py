"""Websocket handshakes: Origin checks, and single-use tickets for browser pages."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from channels.security.websocket import AllowedHostsOriginValidator
from django.conf import settings
from django.core.cache import cache


class BrowserOriginValidator:
    """Checks Origin against ALLOWED_HOSTS when a handshake carries one.

    Browsers always send Origin on websocket handshakes, and it is browsers (with their
    cookies) that cross-site hijacking abuses; systems that connect with an API key usually
    send no Origin at all, and must still be able to subscribe.
    """

    def __init__(self, application: Any) -> None:
        self.application = application
        self.validated = AllowedHostsOriginValidator(application)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        has_origin = any(name == b"origin" for name, _ in scope.get("headers", []))
        inner = self.validated if has_origin else self.application
        return await inner(scope, receive, send)


class LiveConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """A websocket consumer of live events (core.fanout).

    Channels closes stale database connections before every message a consumer handles: a hop
    to the one database thread, per socket and message, which queued a run event to a thousand
    sockets behind a thousand hops. These consumers reach the database only through
    `database_sync_to_async`, which closes them around each call, so a live event is handled
    on the event loop alone.

    Channels also waits for the next message of either source (the socket, the channel layer)
    with `asyncio.wait` and a new task per message: per socket and event, a task created and
    two woken. Here each source has one long-lived loop, and a lock keeps Channels' promise
    that a consumer handles one message at a time.
    """

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = await self.channel_layer.new_channel()
        self.channel_receive = functools.partial(self.channel_layer.receive, self.channel_name)
        self.base_send = send
        self._handling = asyncio.Lock()
        layer = asyncio.ensure_future(self._serve(self.channel_receive))
        client = asyncio.ensure_future(self._serve(receive))
        try:
            # Either loop ends the consumer: the client's with a disconnect, or one that raised.
            done, _ = await asyncio.wait((layer, client), return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()
        except StopConsumer:
            pass
        finally:
            for task in (layer, client):
                task.cancel()
            await asyncio.gather(layer, client, return_exceptions=True)

    async def _serve(self, source: Any) -> None:
        while True:
            message = await source()
            async with self._handling:
                await self.dispatch(message)

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


# --- Tickets: how a browser page that holds no session authenticates a websocket.
#
# A long-lived API key in a URL ends up in access logs, proxies and browser history. A ticket is
# minted by an authenticated REST call, bound to one resource (e.g. `runs:<id>`) and one
# organization, lives LONGHAUL_WS_TICKET_SECONDS, works once, and is stored only as a hash.

_TICKET_PREFIX = "ws-ticket:"


@dataclass(frozen=True)
class TicketGrant:
    organization_id: int
    resource: str
    # Who minted it (accounts.sockets.SocketCredential as a dict): the socket it opens stays
    # open only while that key or session does.
    holder: dict[str, Any]


def ws_ticket_mint(*, organization_id: int, resource: str, holder: dict[str, Any]) -> str:
    ticket = secrets.token_urlsafe(32)
    grant = {"organization_id": organization_id, "resource": resource, "holder": holder}
    cache.set(_ticket_key(ticket), grant, timeout=ws_ticket_seconds())
    return ticket


def ws_ticket_redeem(ticket: str, *, resource: str) -> TicketGrant | None:
    """The grant of a live ticket for `resource`, used up now; None otherwise.

    Of two handshakes racing with one ticket only the one whose delete removed the key wins; a
    ticket presented for another resource is used up too, so a stolen one cannot be retried.
    """
    if not ticket or len(ticket) > 100:
        return None
    key = _ticket_key(ticket)
    grant = cache.get(key)
    if grant is None or not cache.delete(key):
        return None
    if grant.get("resource") != resource or not isinstance(grant.get("holder"), dict):
        return None
    return TicketGrant(int(grant["organization_id"]), resource, grant["holder"])


def ws_ticket_seconds() -> int:
    return int(getattr(settings, "LONGHAUL_WS_TICKET_SECONDS", 30))


def _ticket_key(ticket: str) -> str:
    return _TICKET_PREFIX + hashlib.sha256(ticket.encode()).hexdigest()
