"""One chat completion through any OpenAI-compatible endpoint, turned into a ChatResult.

Both the in-memory context and the platform's RunContext use this, so the loop sees the same
shapes whatever serves the model (the gateway's /v1, llama.cpp, vLLM or the scripted server).
"""

from __future__ import annotations

from typing import Any

from agents.engine.types import ChatResult, ToolCallRequest


def chat_completion(
    client: Any,
    *,
    model: str,
    messages: list[dict[str, Any]],
    tools: list[dict[str, Any]] | None = None,
    response_format: dict[str, Any] | None = None,
    max_tokens: int | None = None,
    extra: dict[str, Any] | None = None,
) -> ChatResult:
    """`client` is an `openai.OpenAI`; optional arguments are only sent when set."""
    kwargs: dict[str, Any] = {"model": model, "messages": messages, **(extra or {})}
    if tools:
        kwargs["tools"] = tools
    if response_format:
        kwargs["response_format"] = response_format
    if max_tokens:
        kwargs["max_tokens"] = max_tokens
    response = client.chat.completions.create(**kwargs)
    return chat_result_from(response.model_dump())


def chat_result_from(raw: dict[str, Any]) -> ChatResult:
    choices = raw.get("choices") or [{}]
    message = choices[0].get("message") or {}
    usage = raw.get("usage") or {}
    calls = [_tool_call(call) for call in message.get("tool_calls") or []]
    return ChatResult(
        content=message.get("content"),
        tool_calls=calls,
        prompt_tokens=int(usage.get("prompt_tokens") or 0),
        completion_tokens=int(usage.get("completion_tokens") or 0),
        raw=raw,
    )


def _tool_call(call: dict[str, Any]) -> ToolCallRequest:
    function = call.get("function") or {}
    arguments = function.get("arguments")
    return ToolCallRequest(
        id=str(call.get("id") or ""),
        name=str(function.get("name") or ""),
        arguments_json=arguments if isinstance(arguments, str) else "",
    )
