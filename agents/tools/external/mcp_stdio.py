"""MCP servers over stdio, started inside the sandbox from the command the organization gave.

The sandbox runs one bounded command with its input given up front, so each exchange is a whole
session: the handshake and one request are written to the server's stdin, stdin is closed, and
the answer is read from its stdout (at most the source's answer size, within its timeout, with
no network). The server's messages are checked against the SDK's JSON-RPC types.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from agents.tools.external.source import RemoteTool, SourceConfig, SourceError

REQUEST_ID = 2


def list_tools(
    config: SourceConfig, *, sandbox: Any, workspace: Path, limits: Any = None
) -> list[RemoteTool]:
    result = _exchange(config, "tools/list", {}, sandbox, workspace, limits)
    tools = result.get("tools") if isinstance(result, dict) else None
    if not isinstance(tools, list):
        raise SourceError(f"{config.name!r} listed no tools")
    return [_remote(tool) for tool in tools[:200] if isinstance(tool, dict) and tool.get("name")]


def call_tool(
    config: SourceConfig,
    name: str,
    arguments: dict[str, Any],
    *,
    sandbox: Any,
    workspace: Path,
    limits: Any = None,
) -> tuple[bool, str]:
    from mcp.types import CallToolResult

    raw = _exchange(
        config, "tools/call", {"name": name, "arguments": arguments}, sandbox, workspace, limits
    )
    try:
        result = CallToolResult.model_validate(raw)
    except ValueError as error:
        raise SourceError(f"{config.name!r} answered out of protocol: {str(error)[:300]}") from None
    from agents.tools.external.mcp_http import result_text

    return not result.isError, result_text(result)


def _remote(tool: dict[str, Any]) -> RemoteTool:
    schema = tool.get("inputSchema")
    return RemoteTool(
        str(tool["name"]),
        str(tool.get("description") or ""),
        schema if isinstance(schema, dict) else {"type": "object"},
    )


def _exchange(
    config: SourceConfig,
    method: str,
    params: dict[str, Any],
    sandbox: Any,
    workspace: Path,
    limits: Any,
) -> Any:
    from agents.sandbox import SandboxError, SandboxLimits

    bounded = replace(
        limits or SandboxLimits(), wall_seconds=config.timeout_s, output_bytes=config.answer_bytes
    )
    try:
        outcome = sandbox.run(
            list(config.command),
            workspace=workspace,
            limits=bounded,
            stdin=_session(method, params),
        )
    except SandboxError as error:
        raise SourceError(f"{config.name!r} (stdio) failed in the sandbox: {error}") from None
    return _answer(config, outcome.stdout)


def _session(method: str, params: dict[str, Any]) -> str:
    from mcp.types import LATEST_PROTOCOL_VERSION

    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": LATEST_PROTOCOL_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "longhaul", "version": "1"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": REQUEST_ID, "method": method, "params": params},
    ]
    return "".join(json.dumps(message) + "\n" for message in messages)


def _answer(config: SourceConfig, stdout: str) -> Any:
    from mcp.types import JSONRPCError, JSONRPCMessage, JSONRPCResponse

    for line in stdout.splitlines():
        try:
            message = JSONRPCMessage.model_validate_json(line).root
        except ValueError:
            raise SourceError(
                f"{config.name!r} wrote something that is not JSON-RPC: {line[:200]!r}"
            ) from None
        if isinstance(message, JSONRPCError) and message.id == REQUEST_ID:
            raise SourceError(f"{config.name!r} refused: {message.error.message[:300]}")
        if isinstance(message, JSONRPCResponse) and message.id == REQUEST_ID:
            return message.result
    raise SourceError(f"{config.name!r} (stdio) gave no answer")
