"""Whose fault an upstream error is: the backend's (it counts against its circuit breaker and
the request may be retried on another replica) or the request's (it is that request's error,
answered to its caller, and says nothing about the backend's health).

Backend faults: connection errors, timeouts before the first byte, and 5xx answers that the
request did not cause. Some servers answer 500 to a bad request, so a 500 whose error says
the request was invalid is the request's fault. llama-cpp-python answers 500 for any
exception raised while handling a request (a body its validation refuses, a seed or
logit_bias it cannot use, a tool that is not offered) while the server itself is fine; its
real faults are refused or dropped connections and timeouts. So for that dialect a 500 that
carries its well-formed error body is always the request's.
"""

from __future__ import annotations

import json
import re

from gateway.errors import GatewayError

# Error messages by which servers (llama-cpp-python, vLLM, SGLang) blame the request in a 500.
_REQUEST_MESSAGES = re.compile(
    r"validation errors?\b|input should be|field required|not found in tools|"
    r"context (window|length)|exceeds? (the )?(maximum|context)|requested tokens",
    re.IGNORECASE,
)
_REQUEST_TYPES = {"invalid_request_error", "badrequesterror", "bad_request", "validation_error"}


def upstream_message(raw: bytes) -> tuple[str, str]:
    """(error type, message) from an OpenAI-style error body, or ("", the body's start)."""
    try:
        error = json.loads(raw).get("error")
    except (ValueError, AttributeError):
        return "", raw[:300].decode(errors="replace")
    if isinstance(error, dict):
        return str(error.get("type") or ""), str(error.get("message", ""))[:500]
    return "", str(error or "")[:500]


def caused_by_request(status: int, raw: bytes, dialect: str = "openai") -> bool:
    if 400 <= status < 500:
        return status not in (408, 429)
    if status != 500:
        return False  # 502, 503, 504: the server or what is behind it is not answering
    kind, message = upstream_message(raw)
    if dialect == "llama_cpp_python" and kind == "internal_server_error":
        return True
    return kind.lower() in _REQUEST_TYPES or bool(_REQUEST_MESSAGES.search(message))


def request_error(status: int, raw: bytes) -> GatewayError:
    """A backend's answer that blames the request, as the gateway's caller should see it."""
    _, message = upstream_message(raw)
    if status == 429:
        return GatewayError(
            429,
            "The backend is rate limiting; retry shortly.",
            code="upstream_rate_limited",
            retry_after=1,
        )
    if status in (400, 413, 422, 500):
        return GatewayError(
            413 if status == 413 else 400,
            f"The backend rejected the request: {message}",
            code="upstream_invalid_request",
        )
    return GatewayError(
        502, f"The backend refused the gateway (HTTP {status}): {message}", code="upstream_rejected"
    )
