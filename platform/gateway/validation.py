"""/v1 request bodies turned into plans: what the /v1 description (gateway.request_schema) cannot
say about a body is checked here, after it, so a wrong request is a clear 400 instead of an opaque
failure upstream."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

import orjson
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from gateway.errors import invalid
from gateway.request_schema import check_request


@dataclass(frozen=True)
class Plan:
    """What to send upstream and how to treat the answer."""

    endpoint: str  # "chat.completions" | "embeddings"
    path: str
    model: str
    payload: dict[str, Any]
    stream: bool = False
    client_wants_usage: bool = False
    needs_tools: bool = False
    needs_schema: bool = False
    needs_logprobs: bool = False
    affinity: str | None = None
    prompt_estimate: int = 0
    max_tokens: int | None = None
    # The JSON schema the answer must match (response_format json_schema), checked on the way out.
    schema: dict[str, Any] | None = None
    n: int = 1


def _affinity(headers: dict[str, str], messages: list[dict[str, Any]]) -> str:
    # The start of the conversation names it: its replica then already holds its KV cache.
    explicit = headers.get("x-longhaul-session") or headers.get("x-longhaul-run")
    return explicit or json.dumps(messages[:2], sort_keys=False, default=str)


def chat_plan(body: dict[str, Any], raw_size: int, headers: dict[str, str]) -> Plan:
    check_request("/v1/chat/completions", body)
    schema = _checked_beyond_the_description(body)
    stream = bool(body.get("stream", False))
    options = body.get("stream_options") or {}
    payload = dict(body)
    # Counted as integers (1.0 is 1), since quotas reserve them in Redis.
    max_tokens = whole_number(body.get("max_completion_tokens")) or whole_number(
        body.get("max_tokens")
    )
    if body.get("max_completion_tokens") and body.get("max_tokens") is None:
        payload["max_tokens"] = body["max_completion_tokens"]  # servers that predate the name
    if stream:
        payload["stream_options"] = {**options, "include_usage": True}
    return Plan(
        endpoint="chat.completions",
        path="/chat/completions",
        model=body["model"],
        payload=payload,
        stream=stream,
        client_wants_usage=bool(options.get("include_usage")),
        needs_tools=bool(body.get("tools")) and body.get("tool_choice") != "none",
        needs_schema=schema is not None,
        needs_logprobs=body.get("logprobs") is True,
        affinity=_affinity(headers, body["messages"]),
        prompt_estimate=max(1, raw_size // 4),
        max_tokens=max_tokens,
        schema=schema,
        n=whole_number(body.get("n")) or 1,
    )


def embeddings_plan(body: dict[str, Any], raw_size: int) -> Plan:
    check_request("/v1/embeddings", body)
    return Plan(
        endpoint="embeddings",
        path="/embeddings",
        model=body["model"],
        payload=dict(body),
        prompt_estimate=max(1, raw_size // 4),
        max_tokens=0,
    )


def whole_number(value: Any) -> int | None:
    """The integer a JSON number stands for, or None. JSON has numbers only: 1.0 is the integer
    1, as JSON Schema reads it; past 2**53 a float no longer says which integer it is."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _checked_beyond_the_description(body: dict[str, Any]) -> dict[str, Any] | None:
    """What JSON Schema cannot say: a tool's `parameters` and a `json_schema`'s `schema` are
    JSON Schemas themselves, and a `tool_choice` function is one of `tools`. Returns the schema
    the answer must match, if the request asks for one."""
    tools = body.get("tools") or []
    for index, tool in enumerate(tools):
        _json_schema(tool["function"].get("parameters"), f"tools[{index}].function.parameters")
    choice = body.get("tool_choice")
    if isinstance(choice, dict):
        name = choice["function"]["name"]
        if name not in {tool["function"]["name"] for tool in tools}:
            raise invalid(
                f"'tool_choice' names the function {name!r}, which is not among 'tools'.",
                param="tool_choice.function.name",
            )
    fmt = body.get("response_format")
    if not isinstance(fmt, dict) or fmt["type"] != "json_schema":
        return None
    return _json_schema(fmt["json_schema"].get("schema"), "response_format.json_schema.schema")


def _json_schema(schema: dict[str, Any] | None, param: str) -> dict[str, Any]:
    if schema is None:
        return {}
    problem = _schema_problem(schema)
    if problem is not None:
        raise invalid(f"'{param}' is not a valid JSON Schema: {problem}", param=param)
    return schema


# Python's jsonschema takes milliseconds to check a schema against the metaschema, and an agent
# sends the same tools with every step: each distinct schema is checked once, remembered by a
# digest (never the schema itself, which may be megabytes).
_CHECKED: dict[bytes, str | None] = {}
_CHECKED_MAX = 4096


def _schema_problem(schema: dict[str, Any]) -> str | None:
    try:
        digest = hashlib.blake2b(orjson.dumps(schema, option=orjson.OPT_SORT_KEYS)).digest()
    except TypeError:  # not JSON as orjson writes it (an integer past 64 bits): not remembered
        return _metaschema_problem(schema)
    if digest not in _CHECKED:
        if len(_CHECKED) >= _CHECKED_MAX:
            _CHECKED.clear()
        _CHECKED[digest] = _metaschema_problem(schema)
    return _CHECKED[digest]


def _metaschema_problem(schema: dict[str, Any]) -> str | None:
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        return error.message
    return None
