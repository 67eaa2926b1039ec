"""Passing a backend's answer to the client: whole JSON bodies, or server-sent events."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx

from gateway.errors import GatewayError
from gateway.http import Exchange
from gateway.proxy import Target
from gateway.sse import SseRelay, error_event
from gateway.usage import Usage
from gateway.validation import Plan


async def _read(ex: Exchange, target: Target) -> bytes:
    started = time.perf_counter()
    try:
        return await target.response.aread()
    except httpx.TimeoutException:
        target.fail("timeout")
        raise GatewayError(504, "The backend timed out.", code="upstream_timeout") from None
    except httpx.HTTPError:
        target.fail("reset")
        raise GatewayError(
            502, "The backend closed the connection mid-response.", code="upstream_reset"
        ) from None
    finally:
        ex.upstream_s += time.perf_counter() - started


def _upstream_message(raw: bytes) -> str:
    try:
        error = json.loads(raw).get("error")
    except (ValueError, AttributeError):
        return raw[:300].decode(errors="replace")
    if isinstance(error, dict):
        return str(error.get("message", ""))[:500]
    return str(error or "")[:500]


def client_error(status: int, raw: bytes) -> GatewayError:
    """A backend's 4xx as the gateway's caller should see it."""
    message = _upstream_message(raw)
    if status in (400, 413, 422):
        return GatewayError(
            400 if status == 422 else status,
            f"The backend rejected the request: {message}",
            code="upstream_invalid_request",
        )
    if status == 429:
        return GatewayError(
            429,
            "The backend is rate limiting; retry shortly.",
            code="upstream_rate_limited",
            retry_after=1,
        )
    return GatewayError(
        502, f"The backend refused the gateway (HTTP {status}): {message}", code="upstream_rejected"
    )


async def relay_body(ex: Exchange, target: Target, usage: Usage) -> bool:
    raw = await _read(ex, target)
    status = target.response.status_code
    if status >= 400:
        target.state.breaker.success()  # the backend is alive; the request was the problem
        raise client_error(status, raw)
    try:
        data: Any = json.loads(raw)
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except ValueError:
        target.fail("malformed")
        raise GatewayError(
            502, "The backend returned malformed JSON.", code="upstream_malformed"
        ) from None
    data["model"] = target.tier.name
    usage.take_usage(data.get("usage"))
    await ex.respond(200, json.dumps(data).encode())
    return True


async def relay_stream(ex: Exchange, target: Target, plan: Plan, usage: Usage) -> bool:
    response = target.response
    if response.status_code >= 400 or "text/event-stream" not in response.headers.get(
        "content-type", ""
    ):
        raw = await _read(ex, target)
        if response.status_code >= 400:
            target.state.breaker.success()
            raise client_error(response.status_code, raw)
        target.fail("malformed")
        raise GatewayError(
            502, "The backend did not answer with a stream.", code="upstream_malformed"
        )
    relay = SseRelay(
        client_wants_usage=plan.client_wants_usage,
        served_model=target.state.config.served_model,
        tier=target.tier.name,
    )
    await ex.start(200, b"text/event-stream")
    ok = await _pump(ex, target, relay, usage)
    usage.prompt_tokens = relay.prompt_tokens(plan.prompt_estimate)
    usage.completion_tokens = relay.completion_tokens()
    return ok


async def _pump(ex: Exchange, target: Target, relay: SseRelay, usage: Usage) -> bool:
    send = ex.send
    try:
        async for chunk in target.response.aiter_raw():
            out = relay.feed(chunk)
            if out:
                if usage.ttft_ms is None and relay.first_token:
                    usage.ttft_ms = ex.elapsed_ms()
                await send({"type": "http.response.body", "body": out, "more_body": True})
    except httpx.HTTPError as exc:
        timeout = isinstance(exc, httpx.TimeoutException)
        target.fail("timeout" if timeout else "reset")
        code = "upstream_timeout" if timeout else "upstream_reset"
        message = (
            "The backend timed out mid-stream."
            if timeout
            else ("The backend closed the connection mid-stream.")
        )
        usage.fail(504 if timeout else 502, code)
        await send(
            {"type": "http.response.body", "body": error_event(message, code), "more_body": True}
        )
        await ex.end_stream()
        return False
    if relay.upstream_error:
        usage.fail(502, "upstream_error")
    await ex.end_stream()
    return relay.upstream_error is None
