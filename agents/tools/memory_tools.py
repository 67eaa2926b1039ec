"""Memory tools for agents: remember, recall, search_documents.

Register them with `registry.register_from("agents.tools.memory_tools:TOOLS")`. Agents never
import Django: each tool reaches the platform through the `MemoryPort` that its ToolEnvironment
carries as `env.memory` (the platform binds one to the run's organization in
`memory.port.DjangoMemoryPort`). Arguments are checked against each tool's JSON schema here as
well as by the executor, so a direct call with a malformed argument also stores nothing.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import jsonschema

from agents.tools.spec import RiskLevel, ToolSpec

SCOPES = ["organization", "user", "workflow", "run"]


@runtime_checkable
class MemoryPort(Protocol):
    def remember(self, text: str, scope: str, metadata: dict[str, Any]) -> int: ...

    def recall(self, query: str, k: int, filters: dict[str, Any]) -> list[dict[str, Any]]: ...

    def search_documents(self, query: str, k: int) -> list[dict[str, Any]]: ...


class MemoryToolError(ValueError):
    """The tool call is invalid or the context has no memory."""


REMEMBER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "text": {"type": "string", "minLength": 1, "maxLength": 20000},
        "scope": {"type": "string", "enum": SCOPES, "default": "run"},
        "metadata": {"type": "object", "default": {}},
    },
    "required": ["text"],
    "additionalProperties": False,
}
RECALL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "maxLength": 4000},
        "k": {"type": "integer", "minimum": 1, "maximum": 50, "default": 5},
        "scope": {"type": "string", "enum": SCOPES},
        "kinds": {"type": "array", "items": {"enum": ["fact", "episode", "chunk"]}},
        "metadata": {"type": "object"},
    },
    "required": ["query"],
    "additionalProperties": False,
}
SEARCH_DOCUMENTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "maxLength": 4000},
        "k": {"type": "integer", "minimum": 1, "maximum": 50, "default": 5},
    },
    "required": ["query"],
    "additionalProperties": False,
}


def _port(env: Any) -> MemoryPort:
    port = getattr(env, "memory", None)
    if not isinstance(port, MemoryPort):
        raise MemoryToolError("this tool environment has no memory port")
    return port


def _checked(arguments: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    try:
        jsonschema.validate(arguments, schema)
    except jsonschema.ValidationError as error:
        raise MemoryToolError(f"invalid arguments: {error.message}") from None
    defaults = {k: v["default"] for k, v in schema["properties"].items() if "default" in v}
    return {**defaults, **arguments}


def remember(arguments: dict[str, Any], env: Any) -> dict[str, Any]:
    """Stores a fact for later runs; the same text in the same scope is stored once."""
    args = _checked(arguments, REMEMBER_SCHEMA)
    item_id = _port(env).remember(args["text"], args["scope"], args["metadata"])
    return {"id": item_id, "scope": args["scope"]}


def recall(arguments: dict[str, Any], env: Any) -> dict[str, Any]:
    """The memories most relevant to a query, best first, with scores and provenance."""
    args = _checked(arguments, RECALL_SCHEMA)
    filters: dict[str, Any] = {k: args[k] for k in ("scope", "kinds", "metadata") if k in args}
    return {"results": _port(env).recall(args["query"], args["k"], filters)}


def search_documents(arguments: dict[str, Any], env: Any) -> dict[str, Any]:
    """Passages from the organization's documents, each citing its document and page."""
    args = _checked(arguments, SEARCH_DOCUMENTS_SCHEMA)
    passages = _port(env).search_documents(args["query"], args["k"])
    return {"passages": passages}


TOOLS: list[ToolSpec] = [
    ToolSpec(
        name="remember",
        description="Save a fact or observation to long-term memory so later steps and runs "
        "can recall it.",
        parameters=REMEMBER_SCHEMA,
        risk=RiskLevel.LOW,
        function=f"{__name__}:remember",
    ),
    ToolSpec(
        name="recall",
        description="Search long-term memory (facts, past episodes and document passages) by "
        "meaning and keywords.",
        parameters=RECALL_SCHEMA,
        risk=RiskLevel.LOW,
        function=f"{__name__}:recall",
    ),
    ToolSpec(
        name="search_documents",
        description="Search the organization's uploaded documents; returns passages with "
        "document title and page number to cite.",
        parameters=SEARCH_DOCUMENTS_SCHEMA,
        risk=RiskLevel.LOW,
        function=f"{__name__}:search_documents",
    ),
]
TOOL_SPECS = TOOLS
