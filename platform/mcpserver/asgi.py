"""`/mcp`: Longhaul as an MCP server over streamable HTTP, served ahead of Django's stack.

Two ways in, each served statelessly by the SDK's transport and answering in JSON:
- `/mcp` with an API key (`Authorization: Bearer lh_...`, the same check as every other way
  in): the tools act for the key's organization with its scopes and its owner's role. A run's
  own token is refused: an agent never drives the platform that runs it.
- `/mcp/<organization>`, the OAuth resource of one organization: an API key of that
  organization, or an access token its identity provider issued for this resource
  (accounts.access_tokens), acting as that person. Its protected-resource metadata (RFC 9728)
  is at `/.well-known/oauth-protected-resource/mcp/<organization>`, and a refusal names it, so
  an MCP client can find the provider and ask for a token on its own.
"""

from __future__ import annotations

import json
import re
from typing import Any

import anyio
from asgiref.sync import sync_to_async
from django.conf import settings

from accounts.access_tokens import (
    TOKEN_SCOPES,
    AccessTokenRefused,
    access_token_person,
    looks_like_jwt,
    token_issuers,
)
from accounts.keys import bearer_token
from accounts.selectors import ApiKeyError, organization_with_slug
from accounts.services import api_key_use
from mcpserver.actions import Caller
from mcpserver.server import CALLER, build_server

PATH = "/mcp"
METADATA_PREFIX = "/.well-known/oauth-protected-resource"
_ORGANIZATION_PATH = re.compile(r"/mcp/([a-z0-9][a-z0-9_-]{0,79})/?")
_METADATA_PATH = re.compile(re.escape(METADATA_PREFIX) + r"/mcp/([a-z0-9][a-z0-9_-]{0,79})/?")


def wrap_mcp(inner: Any) -> Any:
    """Serves /mcp, /mcp/<organization> and their metadata; hands every other request on."""
    server = build_server()

    async def application(scope: Any, receive: Any, send: Any) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        organization = _ORGANIZATION_PATH.fullmatch(path)
        metadata = _METADATA_PATH.fullmatch(path)
        if path.rstrip("/") == PATH or organization:
            slug = organization.group(1) if organization else ""
            await _serve(server, scope, receive, send, slug)
        elif metadata:
            await _metadata(scope, send, metadata.group(1))
        else:
            await inner(scope, receive, send)

    return application


async def _serve(server: Any, scope: Any, receive: Any, send: Any, slug: str) -> None:
    caller, problem = await _authenticated(scope, slug)
    if caller is None:
        await _refuse(scope, send, problem, slug)
        return
    CALLER.set(caller)
    await _stateless(server, scope, receive, send)


async def _authenticated(scope: Any, slug: str) -> tuple[Caller | None, str]:
    headers = dict(scope.get("headers") or [])
    token = bearer_token(headers.get(b"authorization"))
    if token is None:
        wanted = "an API key or an access token" if slug else "an API key"
        return None, f"Send {wanted}: Authorization: Bearer ..."
    if slug and looks_like_jwt(token):
        try:
            person = await sync_to_async(access_token_person)(
                token=token, organization_slug=slug, resource=_resource(scope, slug)
            )
        except AccessTokenRefused as refused:
            return None, str(refused)
        return Caller(person.organization_id, person.scopes, user=person.user), ""
    return await _key_caller(token, slug)


async def _key_caller(token: str, slug: str) -> tuple[Caller | None, str]:
    try:
        principal = await sync_to_async(api_key_use)(token)
    except ApiKeyError as error:
        return None, str(error)
    if principal.run_id:
        return None, "A run's own token cannot use /mcp."
    if slug:
        organization = await sync_to_async(organization_with_slug)(slug=slug)
        if organization is None or organization.id != principal.organization_id:
            return None, "This API key belongs to another organization."
    return Caller.of_key(principal), ""


def _base_url(scope: Any) -> str:
    if settings.LONGHAUL_PUBLIC_URL:
        return str(settings.LONGHAUL_PUBLIC_URL).rstrip("/")
    host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
    return f"{scope.get('scheme', 'http')}://{host}"


def _resource(scope: Any, slug: str) -> str:
    return f"{_base_url(scope)}{PATH}/{slug}"


async def _metadata(scope: Any, send: Any, slug: str) -> None:
    """RFC 9728 metadata of the organization's resource: which providers issue its tokens."""
    issuers = await sync_to_async(token_issuers)(organization_slug=slug)
    if not issuers:
        await _answer(send, 404, {"error": "No such resource."})
        return
    await _answer(
        send,
        200,
        {
            "resource": _resource(scope, slug),
            "authorization_servers": issuers,
            "scopes_supported": list(TOKEN_SCOPES),
            "bearer_methods_supported": ["header"],
            "resource_name": "Longhaul",
        },
    )


async def _stateless(server: Any, scope: Any, receive: Any, send: Any) -> None:
    from mcp.server.streamable_http import StreamableHTTPServerTransport

    transport = StreamableHTTPServerTransport(mcp_session_id=None, is_json_response_enabled=True)

    async def run_server(*, task_status: Any = anyio.TASK_STATUS_IGNORED) -> None:
        async with transport.connect() as (read, write):
            task_status.started()
            options = server.create_initialization_options()
            await server.run(read, write, options, stateless=True)

    async with anyio.create_task_group() as group:
        await group.start(run_server)
        try:
            await transport.handle_request(scope, receive, send)
        finally:
            with anyio.CancelScope(shield=True):
                await transport.terminate()


async def _refuse(scope: Any, send: Any, problem: str, slug: str) -> None:
    challenge = 'Bearer realm="longhaul"'
    if slug:
        where = f"{_base_url(scope)}{METADATA_PREFIX}{PATH}/{slug}"
        challenge += f', error="invalid_token", resource_metadata="{where}"'
    body = {"jsonrpc": "2.0", "id": None, "error": {"code": -32001, "message": problem}}
    await _answer(send, 401, body, ((b"www-authenticate", challenge.encode()),))


async def _answer(
    send: Any, status: int, body: dict[str, Any], headers: tuple[tuple[bytes, bytes], ...] = ()
) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), *headers],
        }
    )
    await send({"type": "http.response.body", "body": json.dumps(body).encode()})
