"""Answers on their way out: emulated tool calls converted back into OpenAI's `tool_calls`,
JSON-schema answers validated, top logprobs cut to the number asked for, and whole answers
written as a stream when the gateway had to ask the backend for a whole answer.

An answer that does not match what the client asked for is a 502 (the backend's answer is
unusable), never passed on as if it were fine; it does not count against the backend's
circuit breaker, because it is about this request, not the server.
"""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

from jsonschema import Draft202012Validator

from gateway.dialects import Upstream
from gateway.errors import GatewayError
from gateway.sse import cut_top_logprobs, done_event, sse_event


def output_error(message: str, finish_reason: str | None) -> GatewayError:
    if finish_reason == "length":
        message += " The answer was cut off at max_tokens: raise max_tokens."
    # Billed already, and the agent re-asks with the problem in hand: a client's silent retry
    # would only buy the same kind of answer again.
    return GatewayError(502, message, code="invalid_model_output", retry=False)


def schema_problem(text: str | None, schema: dict[str, Any]) -> str | None:
    """Why `text` is not a JSON document matching `schema`; None when it is."""
    try:
        value = json.loads(text or "")
    except ValueError as error:
        return f"The model's answer is not valid JSON ({error})."
    failure = next(iter(Draft202012Validator(schema).iter_errors(value)), None)
    if failure is None:
        return None
    where = "/".join(str(part) for part in failure.absolute_path) or "(root)"
    return f"The model's answer does not match the JSON schema at {where}: {failure.message}"


def finish_completion(
    data: dict[str, Any], upstream: Upstream, schema: dict[str, Any] | None
) -> None:
    """Converts and checks a whole chat completion in place."""
    for choice in data.get("choices") or []:
        if upstream.top_logprobs is not None:
            cut_top_logprobs(choice, upstream.top_logprobs)
        message = choice.get("message") or {}
        if upstream.emulated_tools:
            _convert_emulated(choice, message, upstream)
        if schema is not None and not message.get("tool_calls"):
            problem = schema_problem(message.get("content"), schema)
            if problem:
                raise output_error(problem, choice.get("finish_reason"))


def _convert_emulated(choice: dict[str, Any], message: dict[str, Any], upstream: Upstream) -> None:
    finish = choice.get("finish_reason")
    text = message.get("content") or ""
    try:
        value = json.loads(text)
    except ValueError:
        partial = _cut_answer(text) if finish == "length" else None
        if partial is None:
            raise output_error("The model's tool call is not valid JSON.", finish) from None
        value = {"answer": partial}  # a direct answer cut off at max_tokens, as text would be
    if isinstance(value, dict) and "answer" in value:
        answer = value["answer"]
        message["content"] = answer if isinstance(answer, str) else json.dumps(answer)
        return
    name = value.get("tool") if isinstance(value, dict) else None
    if name not in upstream.emulated_tools:
        raise output_error("The model's answer is neither a tool call nor an answer.", finish)
    arguments = json.dumps(value.get("arguments", {}))
    parameters = (upstream.tool_schemas or {}).get(name)
    problem = schema_problem(arguments, parameters) if parameters else None
    if problem:
        raise output_error(f"The arguments for {name}: {problem}", finish)
    call = {"id": f"call_{secrets.token_hex(12)}", "type": "function"}
    call["function"] = {"name": name, "arguments": arguments}  # type: ignore[assignment]
    message["content"], message["tool_calls"] = None, [call]
    choice["finish_reason"] = "tool_calls"


_ANSWER_START = re.compile(r'^\s*\{\s*"answer"\s*:\s*"', re.DOTALL)


def _cut_answer(text: str) -> str | None:
    """The text of a direct answer that max_tokens cut off inside its JSON string."""
    start = _ANSWER_START.match(text)
    if start is None:
        return None
    rest = text[start.end() :]
    for trim in range(min(len(rest), 6) + 1):  # drop a half-written escape sequence
        try:
            return str(json.loads(f'"{rest[: len(rest) - trim]}"'))
        except ValueError:
            continue
    return None


def synthesized_stream(data: dict[str, Any], tier: str, include_usage: bool) -> bytes:
    """A whole chat completion as the chunks a streaming backend would have sent."""
    base = {
        "id": data.get("id") or f"chatcmpl-{secrets.token_hex(12)}",
        "object": "chat.completion.chunk",
        "created": data.get("created", 0),
        "model": tier,
    }
    events = []
    for choice in data.get("choices") or []:
        index, message = choice.get("index", 0), choice.get("message") or {}
        delta: dict[str, Any] = {"role": "assistant", "content": message.get("content")}
        if message.get("tool_calls"):
            delta["tool_calls"] = [
                {"index": i, **call} for i, call in enumerate(message["tool_calls"])
            ]
        events.append({**base, "choices": [_chunk_choice(index, delta, None)]})
        events.append({**base, "choices": [_chunk_choice(index, {}, choice.get("finish_reason"))]})
    if include_usage and data.get("usage"):
        events.append({**base, "choices": [], "usage": data["usage"]})
    return b"".join(sse_event(event) for event in events) + done_event()


def _chunk_choice(index: int, delta: dict[str, Any], finish: str | None) -> dict[str, Any]:
    return {"index": index, "delta": delta, "logprobs": None, "finish_reason": finish}
