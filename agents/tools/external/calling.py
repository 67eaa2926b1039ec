"""Discover a source's tools and call one, whatever the source's kind."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agents.tools.external import mcp_http, mcp_stdio, openapi
from agents.tools.external.source import (
    RemoteTool,
    SourceConfig,
    SourceError,
    SourceKind,
    untrusted_result,
)


class ExternalToolFailed(RuntimeError):
    """The source ran the call and said it failed; the message is the source's (clipped)."""


def discover(
    config: SourceConfig, *, sandbox: Any = None, workspace: Path | None = None
) -> list[RemoteTool]:
    """The tools the source exposes now (SourceError when it cannot say)."""
    if config.kind is SourceKind.OPENAPI:
        return openapi.operations(openapi.validated(config.document))
    if config.kind is SourceKind.MCP_STDIO:
        if sandbox is None or workspace is None:
            raise SourceError("a stdio source needs the sandbox to start its server")
        return mcp_stdio.list_tools(config, sandbox=sandbox, workspace=workspace)
    return mcp_http.list_tools(config)


def call_tool(
    config: SourceConfig, tool: RemoteTool, arguments: dict[str, Any], env: Any
) -> dict[str, Any]:
    """Calls the tool; its result as untrusted, clipped text (ExternalToolFailed or SourceError
    when it failed)."""
    ok, text = _raw_call(config, tool, arguments, env)
    if not ok:
        raise ExternalToolFailed(text[: min(config.result_chars, 2000)])
    return untrusted_result(config.name, tool.name, text, limit=config.result_chars)


def _raw_call(
    config: SourceConfig, tool: RemoteTool, arguments: dict[str, Any], env: Any
) -> tuple[bool, str]:
    if config.kind is SourceKind.OPENAPI:
        text = openapi.call(config, tool, arguments)
        return not text.startswith(("HTTP 4", "HTTP 5")), text
    if config.kind is SourceKind.MCP_STDIO:
        return mcp_stdio.call_tool(
            config,
            tool.name,
            arguments,
            sandbox=env.sandbox,
            workspace=Path(env.workspace),
            limits=env.limits,
        )
    return mcp_http.call_tool(config, tool.name, arguments)
