"""MCP servers over streamable HTTP, through the official SDK's client.

The SDK's HTTP client is given a transport from `agents.outbound`, so every request it makes is
checked by the address policy and the source's host allow-list, pinned, and bounded in size. A
transport error the SDK reports (an answer too large, invalid JSON-RPC) ends the exchange at
once instead of leaving the request to wait; the whole exchange is bounded by the timeout.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any, TypeVar

import anyio

from agents.outbound import async_policy_transport
from agents.tools.external.source import RemoteTool, SourceConfig, SourceError

T = TypeVar("T")
MAX_TOOLS = 200


def list_tools(config: SourceConfig) -> list[RemoteTool]:
    async def listing(session: Any) -> list[RemoteTool]:
        tools: list[RemoteTool] = []
        cursor = None
        while len(tools) < MAX_TOOLS:
            page = await session.list_tools(cursor=cursor) if cursor else await session.list_tools()
            tools += [_remote(tool) for tool in page.tools]
            cursor = page.nextCursor
            if not cursor:
                break
        return tools[:MAX_TOOLS]

    return exchange(config, listing)


def call_tool(config: SourceConfig, name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
    """(ok, the result's text): ok is False when the server says the call failed."""

    async def calling(session: Any) -> tuple[bool, str]:
        result = await session.call_tool(name, arguments)
        return not result.isError, result_text(result)

    return exchange(config, calling)


def result_text(result: Any) -> str:
    parts = []
    for item in result.content:
        text = getattr(item, "text", None)
        parts.append(text if isinstance(text, str) else f"[{getattr(item, 'type', 'content')}]")
    if not parts and result.structuredContent is not None:
        import json

        parts.append(json.dumps(result.structuredContent))
    return "\n".join(parts)


def _remote(tool: Any) -> RemoteTool:
    schema = tool.inputSchema if isinstance(tool.inputSchema, dict) else {"type": "object"}
    return RemoteTool(str(tool.name), str(tool.description or ""), schema)


def exchange(config: SourceConfig, operation: Callable[[Any], Awaitable[T]]) -> T:
    try:
        return anyio.run(_exchange, config, operation)
    except SourceError:
        raise
    except TimeoutError:
        raise SourceError(f"{config.name!r} did not answer within {config.timeout_s:g} s") from None
    except BaseException as error:  # an SDK error, possibly wrapped in exception groups
        if not isinstance(error, Exception):
            raise
        raise SourceError(f"{config.name!r} failed: {_leaf(error)}") from None


async def _exchange(config: SourceConfig, operation: Callable[[Any], Awaitable[T]]) -> T:
    import httpx
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    problems: list[Exception] = []
    transport = async_policy_transport(
        config.policy, hosts=config.hosts, answer_bytes=config.answer_bytes
    )
    with anyio.fail_after(config.timeout_s):
        async with (
            httpx.AsyncClient(
                transport=transport,
                headers=config.headers,
                timeout=config.timeout_s,
                follow_redirects=False,
                trust_env=False,
            ) as client,
            streamable_http_client(config.url, http_client=client) as (read, write, _),
        ):
            with anyio.CancelScope() as scope:

                async def on_message(message: Any) -> None:
                    if isinstance(message, Exception):
                        problems.append(message)
                        scope.cancel()

                async with ClientSession(
                    read,
                    write,
                    message_handler=on_message,
                    read_timeout_seconds=timedelta(seconds=config.timeout_s),
                ) as session:
                    await session.initialize()
                    return await operation(session)
    raise SourceError(f"{config.name!r} answered out of protocol: {_leaf(problems[0])}")


def _leaf(error: BaseException) -> str:
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0][:300] if text else ''}"
