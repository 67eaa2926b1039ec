"""Checks on /v1 request bodies: clear 400s here instead of an opaque failure upstream."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gateway.chat_schema import check_chat_body, integer, whole_number
from gateway.errors import invalid

# Beyond any embedding model's width: larger is a mistake, refused before it reaches a backend.
MAX_DIMENSIONS = 65536


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


def _model(body: dict[str, Any]) -> str:
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise invalid(
            "'model' is required: a tier name (e.g. 'standard', 'fast') or 'auto'.", param="model"
        )
    return model


def _affinity(headers: dict[str, str], messages: list[dict[str, Any]]) -> str:
    # The start of the conversation names it: its replica then already holds its KV cache.
    explicit = headers.get("x-longhaul-session") or headers.get("x-longhaul-run")
    return explicit or json.dumps(messages[:2], sort_keys=False, default=str)


def chat_plan(body: dict[str, Any], raw_size: int, headers: dict[str, str]) -> Plan:
    model = _model(body)
    schema = check_chat_body(body)
    stream = bool(body.get("stream", False))
    options = body.get("stream_options") or {}
    payload = dict(body)
    # Checked above; counted as integers (1.0 is 1), since quotas reserve them in Redis.
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
        model=model,
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


def _token_id(value: Any) -> bool:
    return whole_number(value) is not None


def _embeddable(item: Any) -> bool:
    """A text, a token id, or a list of token ids."""
    if isinstance(item, list):
        return all(_token_id(token) for token in item)
    return isinstance(item, str) or _token_id(item)


def embeddings_plan(body: dict[str, Any], raw_size: int) -> Plan:
    model = _model(body)
    data = body.get("input")
    valid = (isinstance(data, str) and data) or (
        isinstance(data, list) and data and all(_embeddable(item) for item in data)
    )
    if not valid:
        raise invalid(
            "'input' must be a non-empty string, or a non-empty list of strings, token ids or "
            "lists of token ids.",
            param="input",
        )
    integer(body, "dimensions", 1, MAX_DIMENSIONS)
    if body.get("encoding_format") not in (None, "float", "base64"):
        raise invalid("'encoding_format' must be float or base64.", param="encoding_format")
    return Plan(
        endpoint="embeddings",
        path="/embeddings",
        model=model,
        payload=dict(body),
        prompt_estimate=max(1, raw_size // 4),
        max_tokens=0,
    )
