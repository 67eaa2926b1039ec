"""Passing a backend's answer to the client: whole JSON bodies, or server-sent events."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson

from gateway import metrics
from gateway.errors import GatewayError
from gateway.faults import request_error
from gateway.http import Exchange
from gateway.outputs import finish_completion, schema_problem, synthesized_stream
from gateway.proxy import Target, backend_succeeded
from gateway.sse import SseRelay, done_event, error_event, sse_event
from gateway.tier_speeds import speeds
from gateway.tokens import count_stream
from gateway.upstream import UpstreamError, UpstreamTimeout
from gateway.usage import Usage
from gateway.validation import Plan


async def _read(ex: Exchange, target: Target) -> bytes:
    if target.body is not None:  # read whole already (gateway.proxy), where it may be retried
        return target.body
    started = time.perf_counter()
    try:
        return await target.response.aread()
    except UpstreamTimeout:
        target.fail("timeout")
        raise GatewayError(504, "The backend timed out.", code="upstream_timeout") from None
    except UpstreamError:
        target.fail("reset")
        raise GatewayError(
            502, "The backend closed the connection mid-response.", code="upstream_reset"
        ) from None
    finally:
        ex.upstream_s += time.perf_counter() - started


def _measured(target: Target, plan: Plan, usage: Usage, seconds: float) -> None:
    """A chat answer's output rate, which `auto` compares across tiers (gateway.tier_speeds)."""
    if plan.endpoint == "chat.completions" and not usage.error_code:
        speeds.observe(
            tier=target.tier,
            prompt_estimate=plan.prompt_estimate,
            completion_tokens=usage.completion_tokens,
            seconds=seconds,
        )


def _refused(target: Target, status: int, raw: bytes) -> GatewayError:
    """A 4xx: the backend is alive and the request was the problem."""
    backend_succeeded(target.state)
    metrics.REQUEST_ERRORS.labels(target.tier.name, target.state.name).inc()
    return request_error(status, raw)


async def relay_body(ex: Exchange, target: Target, plan: Plan, usage: Usage) -> bool:
    raw = await _read(ex, target)
    status = target.response.status_code
    if status >= 400:
        raise _refused(target, status, raw)
    try:
        data: Any = orjson.loads(raw)
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except ValueError:
        target.fail("malformed")
        raise GatewayError(
            502, "The backend returned malformed JSON.", code="upstream_malformed"
        ) from None
    data["model"] = target.tier.name
    usage.take_usage(data.get("usage"))
    if plan.endpoint == "chat.completions":
        backend_succeeded(target.state)  # whatever the answer holds, the backend is alive
        finish_completion(data, target.upstream, plan.schema)
    if target.upstream.synthesized_stream:
        body = synthesized_stream(data, target.tier.name, plan.client_wants_usage)
        await ex.respond(200, body, b"text/event-stream")
    else:
        await ex.respond(200, orjson.dumps(data))
    _measured(target, plan, usage, ex.upstream_s)
    return True


async def relay_stream(ex: Exchange, target: Target, plan: Plan, usage: Usage) -> bool:
    # The backend's time: until its headers (counted while opening) plus the stream itself.
    started, until_headers = time.perf_counter(), ex.upstream_s
    response = target.response
    if response.status_code >= 400 or "text/event-stream" not in response.headers.get(
        "content-type", ""
    ):
        raw = await _read(ex, target)
        if response.status_code >= 400:
            raise _refused(target, response.status_code, raw)
        target.fail("malformed")
        raise GatewayError(
            502, "The backend did not answer with a stream.", code="upstream_malformed"
        )
    relay = SseRelay(
        client_wants_usage=plan.client_wants_usage,
        served_model=target.state.config.served_model,
        tier=target.tier.name,
        collect=target.upstream.counts_usage or plan.schema is not None,
        top_logprobs=target.upstream.top_logprobs,
    )
    await ex.start(200, b"text/event-stream")
    try:
        if not await _pump(ex, target, relay, usage):
            return False
        await _finish_stream(ex, target, plan, relay, usage)
        if relay.upstream_error is None:
            _measured(target, plan, usage, until_headers + time.perf_counter() - started)
    except asyncio.CancelledError:
        if not ex.finished:  # the client hung up mid-stream: bill what was relayed
            usage.prompt_tokens = relay.prompt_tokens(plan.prompt_estimate)
            usage.completion_tokens = relay.completion_tokens()
        raise
    return relay.upstream_error is None


async def _finish_stream(
    ex: Exchange, target: Target, plan: Plan, relay: SseRelay, usage: Usage
) -> None:
    """The stream's tail: the usage chunk (counted here when the backend sent none), a
    schema check of the streamed answer, then [DONE]."""
    tail = b""
    if relay.usage is None and relay.done:
        counted = await count_stream(
            target.state.config,
            ex.request_id,
            upstream_body=target.upstream.body,
            answer="".join(relay.text),
            prompt_estimate=plan.prompt_estimate,
            chunks=relay.token_chunks,
        )
        relay.usage = counted.usage()
        if plan.client_wants_usage:
            tail += sse_event(_usage_chunk(relay, target.tier.name))
    usage.prompt_tokens = relay.prompt_tokens(plan.prompt_estimate)
    usage.completion_tokens = relay.completion_tokens()
    if plan.schema is not None and relay.done:
        problem = schema_problem("".join(relay.content), plan.schema)
        if problem:
            usage.fail(502, "invalid_model_output")
            tail += error_event(problem, "invalid_model_output")
    if relay.done:
        tail += done_event()
        # [DONE] is the answer's end: a client that hangs up once it has read it has been
        # served, and the disconnect that follows must not bill the request as cut short.
        ex.finished = True
    if tail:
        await ex.send({"type": "http.response.body", "body": tail, "more_body": True})
    await ex.end_stream()


def _usage_chunk(relay: SseRelay, tier: str) -> dict[str, Any]:
    return {
        "id": relay.stream_id,
        "object": "chat.completion.chunk",
        "created": relay.created,
        "model": tier,
        "choices": [],
        "usage": relay.usage,
    }


async def _pump(ex: Exchange, target: Target, relay: SseRelay, usage: Usage) -> bool:
    send = ex.send
    try:
        async for chunk in target.response.aiter_raw():
            out = relay.feed(chunk)
            if out:
                if usage.ttft_ms is None and relay.first_token:
                    usage.ttft_ms = ex.elapsed_ms()
                await send({"type": "http.response.body", "body": out, "more_body": True})
    except UpstreamError as exc:
        # After the first byte a timeout is about this (long) request; a reset is the server's.
        timeout = isinstance(exc, UpstreamTimeout)
        if not timeout:
            target.fail("reset")
        code = "upstream_timeout" if timeout else "upstream_reset"
        message = (
            "The backend timed out mid-stream."
            if timeout
            else "The backend closed the connection mid-stream."
        )
        usage.fail(504 if timeout else 502, code)
        await send(
            {"type": "http.response.body", "body": error_event(message, code), "more_body": True}
        )
        await ex.end_stream()
        return False
    if relay.upstream_error:
        usage.fail(502, "upstream_error")
    return True
