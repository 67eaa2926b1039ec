"""Relaying a backend's server-sent events: usage capture, token timing, model renaming.

The gateway always asks the backend for the final usage chunk (so streamed requests are
billed) and drops that chunk again when the client did not ask for it. `[DONE]` is held back:
the relay's owner ends the stream, after writing the usage chunk it computed itself when the
backend sent none.
"""

from __future__ import annotations

import json
from typing import Any

_NO_USAGE = (b'"usage": null', b'"usage":null')
# The closing chunk (finish_reason only) carries no token.
_EMPTY_DELTA = (b'"delta": {}', b'"delta":{}', b'"content": ""', b'"content":""')


class SseRelay:
    def __init__(
        self, *, client_wants_usage: bool, served_model: str, tier: str, collect: bool = False
    ) -> None:
        self.client_wants_usage = client_wants_usage
        # Keep the answer's text (content and tool-call arguments) to count or validate it.
        self.collect = collect
        self.text: list[str] = []
        self.content: list[str] = []
        self.finish_reason: str | None = None
        self.stream_id = ""
        self.created = 0
        self.buffer = b""
        self.usage: dict[str, Any] | None = None
        self.token_chunks = 0
        self.first_token = False
        self.done = False
        self.upstream_error: str | None = None
        self._renames = [
            (
                f'"model": {json.dumps(served_model)}'.encode(),
                f'"model": {json.dumps(tier)}'.encode(),
            ),
            (
                f'"model":{json.dumps(served_model)}'.encode(),
                f'"model":{json.dumps(tier)}'.encode(),
            ),
        ]

    def feed(self, data: bytes) -> bytes:
        """Takes raw bytes from the backend; returns the complete events to pass on."""
        self.buffer += data
        if b"\r" in data:  # on the buffer: a CR LF may be split between two reads
            self.buffer = self.buffer.replace(b"\r\n", b"\n")
        if b"\n\n" not in self.buffer:
            return b""
        events = self.buffer.split(b"\n\n")
        self.buffer = events.pop()
        return b"".join(self._relay(event) for event in events if event.strip())

    def _relay(self, event: bytes) -> bytes:
        if event.startswith(b"data: [DONE]") or event.startswith(b"data:[DONE]"):
            self.done = True
            return b""
        if self.collect:
            self._collect(event)
        if b'"usage"' in event and not any(marker in event for marker in _NO_USAGE):
            payload = _payload(event)
            if payload is not None and payload.get("usage"):
                self.usage = payload["usage"]
                if not payload.get("choices") and not self.client_wants_usage:
                    return b""
        if not self.first_token:
            self._look_for_token(event)
        elif b'"delta"' in event and not any(marker in event for marker in _EMPTY_DELTA):
            self.token_chunks += 1
        if b'"error"' in event and b'"choices"' not in event:
            payload = _payload(event) or {}
            self.upstream_error = str((payload.get("error") or {}).get("message", "error"))
        for old, new in self._renames:
            if old in event:
                event = event.replace(old, new)
        return event + b"\n\n"

    def _collect(self, event: bytes) -> None:
        payload = _payload(event) or {}
        self.stream_id = self.stream_id or str(payload.get("id") or "")
        self.created = self.created or int(payload.get("created") or 0)
        for choice in payload.get("choices") or []:
            delta = choice.get("delta") or {}
            if delta.get("content"):
                self.text.append(delta["content"])
                self.content.append(delta["content"])
            for call in delta.get("tool_calls") or []:
                self.text.append((call.get("function") or {}).get("arguments") or "")
            self.finish_reason = choice.get("finish_reason") or self.finish_reason

    def _look_for_token(self, event: bytes) -> None:
        payload = _payload(event) or {}
        for choice in payload.get("choices") or []:
            delta = choice.get("delta") or {}
            if delta.get("content") or delta.get("tool_calls"):
                self.first_token = True
                self.token_chunks += 1
                return

    def completion_tokens(self) -> int:
        if self.usage:
            return int(self.usage.get("completion_tokens") or 0)
        return self.token_chunks  # backends without usage: one token per content chunk

    def prompt_tokens(self, estimate: int) -> int:
        if self.usage:
            return int(self.usage.get("prompt_tokens") or 0)
        return estimate


def _payload(event: bytes) -> dict[str, Any] | None:
    for line in event.split(b"\n"):
        if line.startswith(b"data:"):
            try:
                value = json.loads(line[5:])
            except ValueError:
                return None
            return value if isinstance(value, dict) else None
    return None


def error_event(message: str, code: str) -> bytes:
    """An OpenAI-style error inside the stream, for failures after the first byte was sent."""
    body = {"error": {"message": message, "type": "upstream_error", "param": None, "code": code}}
    return b"data: " + json.dumps(body).encode() + b"\n\n"


def sse_event(payload: Any) -> bytes:
    return b"data: " + json.dumps(payload).encode() + b"\n\n"


def done_event() -> bytes:
    return b"data: [DONE]\n\n"
