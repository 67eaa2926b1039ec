"""Relaying a backend's server-sent events: usage capture, token timing, model renaming, and top
logprobs cut to the number asked for.

The gateway always asks the backend for the final usage chunk (so streamed requests are
billed) and drops that chunk again when the client did not ask for it. `[DONE]` is held back:
the relay's owner ends the stream, after writing the usage chunk it computed itself when the
backend sent none.
"""

from __future__ import annotations

import json
import math
from typing import Any

_MAX_COUNT = 2**31 - 1  # UsageRecord's token columns
_NO_USAGE = (b'"usage": null', b'"usage":null')
# The closing chunk (finish_reason only) carries no token.
_EMPTY_DELTA = (b'"delta": {}', b'"delta":{}', b'"content": ""', b'"content":""')


class SseRelay:
    def __init__(
        self,
        *,
        client_wants_usage: bool,
        served_model: str,
        tier: str,
        collect: bool = False,
        top_logprobs: int | None = None,
    ) -> None:
        self.client_wants_usage = client_wants_usage
        # Cut each token's top logprobs to this many (see gateway.dialects).
        self.top_logprobs = top_logprobs
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
        # On the buffer, whatever this read holds: a CR LF may be split between two reads, and
        # the read that completes it may be the LF alone.
        if b"\r" in self.buffer:
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
            if payload is not None and isinstance(payload.get("usage"), dict):
                self.usage = payload["usage"]
                if not payload.get("choices") and not self.client_wants_usage:
                    return b""
        if not self.first_token:
            self._look_for_token(event)
        elif b'"delta"' in event and not any(marker in event for marker in _EMPTY_DELTA):
            self.token_chunks += 1
        if b'"error"' in event and b'"choices"' not in event:
            error = (_payload(event) or {}).get("error")
            message = error.get("message", "error") if isinstance(error, dict) else error
            self.upstream_error = str(message or "error")
        if self.top_logprobs is not None and b'"top_logprobs"' in event:
            event = self._cut(event, self.top_logprobs)
        for old, new in self._renames:
            if old in event:
                event = event.replace(old, new)
        return event + b"\n\n"

    @staticmethod
    def _cut(event: bytes, count: int) -> bytes:
        payload = _payload(event)
        if payload is None:
            return event
        for choice in _dicts(payload.get("choices")):
            cut_top_logprobs(choice, count)
        return b"data: " + json.dumps(payload).encode()

    def _collect(self, event: bytes) -> None:
        payload = _payload(event) or {}
        self.stream_id = self.stream_id or _text(payload.get("id"))
        self.created = self.created or token_count(payload.get("created"))
        for delta, choice in _deltas(payload):
            content = delta.get("content")
            if content and isinstance(content, str):
                self.text.append(content)
                self.content.append(content)
            for call in _dicts(delta.get("tool_calls")):
                function = call.get("function")
                arguments = function.get("arguments") if isinstance(function, dict) else ""
                self.text.append(_text(arguments))
            finish = choice.get("finish_reason")
            self.finish_reason = (
                finish if finish and isinstance(finish, str) else self.finish_reason
            )

    def _look_for_token(self, event: bytes) -> None:
        for delta, _ in _deltas(_payload(event) or {}):
            if delta.get("content") or delta.get("tool_calls"):
                self.first_token = True
                self.token_chunks += 1
                return

    def completion_tokens(self) -> int:
        if self.usage:
            return token_count(self.usage.get("completion_tokens"))
        return self.token_chunks  # backends without usage: one token per content chunk

    def prompt_tokens(self, estimate: int) -> int:
        if self.usage:
            return token_count(self.usage.get("prompt_tokens"))
        return estimate


# A backend's JSON is read by name, and a field of the wrong shape is as good as absent: the
# stream goes on, and what the relay counts comes from what it could read.
def _dicts(value: Any) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _deltas(payload: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(delta, choice) for each choice of a chunk that has a delta object."""
    choices = _dicts(payload.get("choices"))
    return [(c["delta"], c) for c in choices if isinstance(c.get("delta"), dict)]


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def token_count(value: Any) -> int:
    """A count a backend reports (tokens, a timestamp): a whole number that fits the ledger's
    columns, else 0 (no count is that large; a backend that says so is not believed)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        return 0
    return value if 0 <= value <= _MAX_COUNT else 0


def cut_top_logprobs(choice: Any, count: int) -> None:
    """Keeps the `count` likeliest of each token's top logprobs (a server may add the sampled
    token to them), as OpenAI lists them."""
    logprobs = choice.get("logprobs") if isinstance(choice, dict) else None
    content = logprobs.get("content") if isinstance(logprobs, dict) else None
    for token in content if isinstance(content, list) else []:
        top = token.get("top_logprobs") if isinstance(token, dict) else None
        if isinstance(top, list) and len(top) > count:
            likeliest = sorted(top, key=_logprob, reverse=True)
            token["top_logprobs"] = likeliest[:count]


def _logprob(entry: Any) -> float:
    value = entry.get("logprob") if isinstance(entry, dict) else None
    return float(value) if isinstance(value, int | float) else -math.inf


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
