"""Checks on /v1 request bodies: clear 400s here instead of an opaque failure upstream."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gateway.errors import invalid

_RESPONSE_FORMATS = {"text", "json_object", "json_schema"}
_TOOL_CHOICES = {"none", "auto", "required"}


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
    affinity: str | None = None
    prompt_estimate: int = 0
    max_tokens: int | None = None


def _int(body: dict[str, Any], name: str, minimum: int = 1) -> int | None:
    value = body.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise invalid(f"'{name}' must be an integer ≥ {minimum}.", param=name)
    return value


def _number(body: dict[str, Any], name: str, low: float, high: float) -> None:
    value = body.get(name)
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise invalid(f"'{name}' must be a number between {low} and {high}.", param=name)


def _model(body: dict[str, Any]) -> str:
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise invalid(
            "'model' is required: a tier name (e.g. 'standard', 'fast') or 'auto'.", param="model"
        )
    return model


def _messages(body: dict[str, Any]) -> list[dict[str, Any]]:
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise invalid("'messages' must be a non-empty list.", param="messages")
    for index, message in enumerate(messages):
        if not isinstance(message, dict) or not isinstance(message.get("role"), str):
            raise invalid(f"messages[{index}] must be an object with a 'role'.", param="messages")
    return messages


def _stop(body: dict[str, Any]) -> None:
    stop = body.get("stop")
    if stop is None or isinstance(stop, str):
        return
    if not isinstance(stop, list) or len(stop) > 4 or not all(isinstance(s, str) for s in stop):
        raise invalid("'stop' must be a string or a list of up to 4 strings.", param="stop")


def _tools(body: dict[str, Any]) -> bool:
    tools = body.get("tools")
    if tools is None:
        if body.get("tool_choice") not in (None, "none"):
            raise invalid("'tool_choice' needs 'tools'.", param="tool_choice")
        return False
    if not isinstance(tools, list) or not all(
        isinstance(t, dict) and isinstance((t.get("function") or {}).get("name"), str)
        for t in tools
    ):
        raise invalid(
            "'tools' must be a list of {type: function, function: {name, ...}}.", param="tools"
        )
    choice = body.get("tool_choice")
    if choice is not None and not (choice in _TOOL_CHOICES or isinstance(choice, dict)):
        raise invalid(
            "'tool_choice' must be none, auto, required or a function choice.", param="tool_choice"
        )
    return bool(tools)


def _response_format(body: dict[str, Any]) -> bool:
    fmt = body.get("response_format")
    if fmt is None:
        return False
    if not isinstance(fmt, dict) or fmt.get("type") not in _RESPONSE_FORMATS:
        raise invalid(
            "'response_format.type' must be text, json_object or json_schema.",
            param="response_format",
        )
    if fmt["type"] != "json_schema":
        return False
    spec = fmt.get("json_schema")
    if (
        not isinstance(spec, dict)
        or not isinstance(spec.get("name"), str)
        or not isinstance(spec.get("schema", {}), dict)
    ):
        raise invalid(
            "'response_format.json_schema' needs a 'name' and a 'schema' object.",
            param="response_format",
        )
    return True


def _affinity(headers: dict[str, str], messages: list[dict[str, Any]]) -> str:
    # The start of the conversation names it: its replica then already holds its KV cache.
    explicit = headers.get("x-longhaul-session") or headers.get("x-longhaul-run")
    return explicit or json.dumps(messages[:2], sort_keys=False, default=str)


def chat_plan(body: dict[str, Any], raw_size: int, headers: dict[str, str]) -> Plan:
    model, messages = _model(body), _messages(body)
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise invalid("'stream' must be true or false.", param="stream")
    options = body.get("stream_options")
    if options is not None and (not stream or not isinstance(options, dict)):
        raise invalid("'stream_options' is only allowed with stream: true.", param="stream_options")
    for name in ("max_tokens", "max_completion_tokens", "n"):
        _int(body, name)
    _int(body, "seed", minimum=-(2**63))
    _number(body, "temperature", 0, 2)
    _number(body, "top_p", 0, 1)
    _stop(body)
    needs_tools, needs_schema = _tools(body), _response_format(body)
    payload = dict(body)
    max_tokens = body.get("max_completion_tokens") or body.get("max_tokens")
    if body.get("max_completion_tokens") and body.get("max_tokens") is None:
        payload["max_tokens"] = body["max_completion_tokens"]  # servers that predate the name
    if stream:
        payload["stream_options"] = {**(options or {}), "include_usage": True}
    return Plan(
        endpoint="chat.completions",
        path="/chat/completions",
        model=model,
        payload=payload,
        stream=stream,
        client_wants_usage=bool((options or {}).get("include_usage")),
        needs_tools=needs_tools,
        needs_schema=needs_schema,
        affinity=_affinity(headers, messages),
        prompt_estimate=max(1, raw_size // 4),
        max_tokens=max_tokens,
    )


def embeddings_plan(body: dict[str, Any], raw_size: int) -> Plan:
    model = _model(body)
    data = body.get("input")
    valid = (isinstance(data, str) and data) or (
        isinstance(data, list) and data and all(isinstance(item, str | int | list) for item in data)
    )
    if not valid:
        raise invalid("'input' must be a non-empty string or list.", param="input")
    _int(body, "dimensions")
    return Plan(
        endpoint="embeddings",
        path="/embeddings",
        model=model,
        payload=dict(body),
        prompt_estimate=max(1, raw_size // 4),
        max_tokens=0,
    )
