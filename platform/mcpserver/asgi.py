"""`/mcp`: Longhaul as an MCP server over streamable HTTP, served ahead of Django's stack.

Each request is authenticated with an API key (`Authorization: Bearer lh_...`, the same check as
every other way in) and served statelessly by the SDK's transport, answering in JSON: the tools
then act for the key's organization with its scopes and its owner's role. A run's own token is
refused here: an agent never drives the platform that runs it.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
from asgiref.sync import sync_to_async

from accounts.keys import bearer_token
from accounts.selectors import ApiKeyError, KeyPrincipal
from accounts.services import api_key_use
from mcpserver.actions import Caller
from mcpserver.server import CALLER, build_server

PATH = "/mcp"


def wrap_mcp(inner: Any) -> Any:
    """Serves /mcp; hands every other request to `inner`."""
    server = build_server()

    async def application(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope.get("path", "").rstrip("/") == PATH:
            await _serve(server, scope, receive, send)
        else:
            await inner(scope, receive, send)

    return application


async def _serve(server: Any, scope: Any, receive: Any, send: Any) -> None:
    principal, problem = await _authenticated(scope)
    if principal is None:
        await _refuse(send, problem)
        return
    CALLER.set(Caller(principal))
    await _stateless(server, scope, receive, send)


async def _authenticated(scope: Any) -> tuple[KeyPrincipal | None, str]:
    headers = dict(scope.get("headers") or [])
    token = bearer_token(headers.get(b"authorization"))
    if token is None:
        return None, "Send an API key: Authorization: Bearer lh_..."
    try:
        principal = await sync_to_async(api_key_use)(token)
    except ApiKeyError as error:
        return None, str(error)
    if principal.run_id:
        return None, "A run's own token cannot use /mcp."
    return principal, ""


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


async def _refuse(send: Any, problem: str) -> None:
    body = json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": -32001, "message": problem}})
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json"),
                (b"www-authenticate", b'Bearer realm="longhaul"'),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body.encode()})
