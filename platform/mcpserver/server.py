"""Longhaul's own MCP server: the tools an MCP client sees at /mcp, on the official SDK's
low-level server, each answered by one function of `mcpserver.actions` run in a thread (the
ORM is synchronous) with the caller the request authenticated."""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import Any

import anyio
from asgiref.sync import sync_to_async
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import close_old_connections
from mcp import types
from mcp.server.lowlevel import Server

from core.errors import ServiceError
from mcpserver import actions

FOLLOW_POLL_SECONDS = 0.5
CALLER: contextvars.ContextVar[actions.Caller] = contextvars.ContextVar("mcp_caller")
_RUN_ID = {"type": "string", "description": "The run's id."}


def _schema(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required}


TOOLS: dict[str, tuple[str, dict[str, Any], Callable[..., dict[str, Any]]]] = {
    "start_run": (
        "Start an agent run of a workflow with its input; returns the run's id and status.",
        _schema(
            {
                "workflow": {"type": "string"},
                "input": {"type": "object"},
                "tier": {"type": "string", "enum": ["standard", "fast"]},
                "tools": {"type": "array", "items": {"type": "string"}},
            },
            ["workflow"],
        ),
        actions.start_run,
    ),
    "get_run": (
        "A run's status and output, with its events after sequence number `after`; "
        "`wait_seconds` (at most 30) waits for a new event or the end.",
        _schema(
            {
                "run_id": _RUN_ID,
                "after": {"type": "integer", "minimum": 0},
                "wait_seconds": {"type": "number", "minimum": 0, "maximum": 30},
            },
            ["run_id"],
        ),
        actions.get_run,
    ),
    "list_artifacts": (
        "The files a run produced.",
        _schema({"run_id": _RUN_ID}, ["run_id"]),
        actions.list_artifacts,
    ),
    "read_artifact": (
        "One of a run's artifacts, as text.",
        _schema({"run_id": _RUN_ID, "name": {"type": "string"}}, ["run_id", "name"]),
        actions.read_artifact,
    ),
    "run_diff": (
        "The changes a run made, as a unified diff.",
        _schema({"run_id": _RUN_ID}, ["run_id"]),
        actions.run_diff,
    ),
    "list_approvals": (
        "The organization's approval requests (pending by default).",
        _schema({"status": {"type": "string"}}, []),
        actions.list_approvals,
    ),
    "decide_approval": (
        "Approve or reject an approval request as the key's owner (never one of your own runs').",
        _schema(
            {
                "approval_id": {"type": "integer"},
                "approve": {"type": "boolean"},
                "comment": {"type": "string"},
            },
            ["approval_id", "approve"],
        ),
        actions.decide_approval,
    ),
    "search_memory": (
        "Search the organization's long-term memory.",
        _schema(
            {"query": {"type": "string"}, "k": {"type": "integer", "minimum": 1, "maximum": 50}},
            ["query"],
        ),
        actions.search_memory,
    ),
    "search_documents": (
        "Search the organization's documents; passages with their sources.",
        _schema(
            {"query": {"type": "string"}, "k": {"type": "integer", "minimum": 1, "maximum": 50}},
            ["query"],
        ),
        actions.search_documents,
    ),
}


def build_server() -> Server[Any, Any]:
    server: Server[Any, Any] = Server("longhaul")

    @server.list_tools()  # type: ignore[no-untyped-call, untyped-decorator]
    async def list_tools() -> list[types.Tool]:
        return [
            types.Tool(name=name, description=description, inputSchema=schema)
            for name, (description, schema, _) in TOOLS.items()
        ]

    @server.call_tool()  # type: ignore[untyped-decorator]
    async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        if name not in TOOLS:
            raise ValueError(f"Unknown tool {name!r}.")
        action, caller = TOOLS[name][2], CALLER.get()
        answer = await sync_to_async(_answer)(action, caller, arguments)
        deadline = anyio.current_time() + float(arguments.get("wait_seconds") or 0)
        while name == "get_run" and _still_waiting(answer) and anyio.current_time() < deadline:
            await anyio.sleep(FOLLOW_POLL_SECONDS)  # following a run holds no thread meanwhile
            answer = await sync_to_async(_answer)(action, caller, arguments)
        return answer

    return server


def _still_waiting(answer: dict[str, Any]) -> bool:
    return not answer["events"] and answer["status"] not in actions.FINISHED


def _answer(
    action: Callable[..., dict[str, Any]], caller: actions.Caller, arguments: dict[str, Any]
) -> dict[str, Any]:
    """The action's result; a refusal the caller can act on is raised with its message only."""
    close_old_connections()  # as Django does around each request: /mcp is served ahead of it
    try:
        return action(caller, arguments)
    except ValidationError as error:
        raise ValueError(_validation_message(error)) from None
    except (PermissionDenied, ServiceError) as error:
        raise ValueError(str(error) or type(error).__name__) from None
    finally:
        close_old_connections()


def _validation_message(error: ValidationError) -> str:
    if hasattr(error, "message_dict"):
        return "; ".join(f"{field}: {' '.join(m)}" for field, m in error.message_dict.items())
    return " ".join(error.messages)
