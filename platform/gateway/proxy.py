"""Sending a request to a backend: choice, slots, retries before the first byte, fallback.

A request is retried on another replica whenever nothing of its answer can have reached the
client: a connection refused or dropped before the answer's head, a 5xx that is the backend's
fault, and, for an answer that is relayed whole (not streamed), a connection dropped while its
body was being read, since that body is read here in full before the client sees any of it."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

import orjson
from django.conf import settings

from core import clock
from gateway import metrics
from gateway.auth import Caller
from gateway.balancer import BackendState, Overloaded, candidates, choose
from gateway.dialects import Upstream, upstream_request
from gateway.errors import GatewayError
from gateway.faults import caused_by_request, request_error
from gateway.http import Exchange
from gateway.selectors import Registry
from gateway.upstream import (
    RETRYABLE,
    Response,
    UpstreamError,
    UpstreamTimeout,
    headers_for,
    upstream_client,
)
from gateway.validation import Plan
from inference.selectors import TierConfig

logger = logging.getLogger(__name__)


@dataclass
class Target:
    """An open upstream response; the caller reads it, then calls `finish`."""

    tier: TierConfig
    state: BackendState
    response: Response
    upstream: Upstream
    body: bytes | None = None  # a whole (not streamed) answer, read before it is relayed

    async def finish(self, *, ok: bool) -> None:
        try:
            await self.response.aclose()
        finally:  # even when cancelled mid-close, the slot must come back
            if ok:
                backend_succeeded(self.state)
            self.state.release()

    def fail(self, kind: str) -> None:
        backend_failed(self.state, kind)


def backend_failed(state: BackendState, kind: str) -> None:
    """A backend fault (see gateway.faults): it counts towards opening the breaker."""
    state.breaker.failure(clock.monotonic())
    metrics.UPSTREAM_ERRORS.labels(state.config.tier, state.name, kind).inc()
    state.breaker_changed()


def backend_succeeded(state: BackendState) -> None:
    """The backend answered (even if the answer was the request's error): it is alive."""
    if state.breaker.state != "closed" or state.breaker.failures:
        state.breaker.success()
        state.breaker_changed()


def _tiers_to_try(tier: TierConfig, caller: Caller, registry: Registry) -> list[TierConfig]:
    order = [tier]
    fallback = registry.tiers.get(tier.fallback or "")
    if fallback and caller.limits.allow_fallback and caller.principal.may_use_tier(fallback.name):
        order.append(fallback)
    return order


async def open_upstream(
    ex: Exchange,
    caller: Caller,
    registry: Registry,
    tier: TierConfig,
    plan: Plan,
    *,
    admitted: asyncio.Future[Any],
) -> Target:
    """Opens the response of the first backend that answers; raises GatewayError otherwise.

    `admitted` (the request's admission) is awaited once a request is written upstream and
    before its answer is read: a refusal abandons the upstream request and is raised.
    `ex.backend` names the backend being tried, so a request cancelled meanwhile is billed
    to the right place."""
    error: GatewayError | None = None
    for option in _tiers_to_try(tier, caller, registry):
        priority = caller.principal.priority
        target, error = await _try_tier(ex, registry, option, plan, error, admitted, priority)
        if target is not None:
            if option.name != tier.name:
                metrics.FALLBACKS.labels(tier.name, option.name).inc()
                ex.add_header("x-longhaul-fallback", f"{tier.name}->{option.name}")
            return target
    assert error is not None
    raise error


async def _try_tier(
    ex: Exchange,
    registry: Registry,
    tier: TierConfig,
    plan: Plan,
    error: GatewayError | None,
    admitted: asyncio.Future[Any],
    priority: str,
) -> tuple[Target | None, GatewayError | None]:
    tried: set[str] = set()
    for _ in range(1 + settings.LONGHAUL_GATEWAY_MAX_RETRIES):
        states = _usable(registry, tier, plan, tried)
        if not states:
            break
        state = await _acquire(states, plan, priority)
        ex.backend = state
        try:
            upstream = upstream_request(plan, state.config)
            response = await _send(ex, state, upstream, admitted)
        except BaseException as exc:
            state.release()
            error = _send_failure(state, exc)
            tried.add(state.name)
            continue
        if response.status_code >= 500:
            error = await _server_error(state, response)
            tried.add(state.name)
            continue
        target = Target(tier, state, response, upstream)
        if not upstream.stream:
            error = await _read_whole(ex, target)
            if error is not None:
                tried.add(state.name)
                continue
        return target, None
    return None, error or _no_backend(tier, plan)


async def _read_whole(ex: Exchange, target: Target) -> GatewayError | None:
    """Reads an answer that is not streamed in full, before the client sees any of it.

    Returns the error to retry elsewhere when the backend dropped the connection meanwhile; a
    timeout is the request's answer (504), as it is before the head."""
    started = time.perf_counter()
    try:
        target.body = await target.response.aread()
    except UpstreamError as exc:
        timeout = isinstance(exc, UpstreamTimeout)
        target.fail("timeout" if timeout else "reset")
        await target.finish(ok=False)
        if timeout:
            raise GatewayError(504, "The backend timed out.", code="upstream_timeout") from None
        return GatewayError(
            502, "The backend closed the connection mid-response.", code="upstream_reset"
        )
    except BaseException:
        await target.finish(ok=False)
        raise
    finally:
        ex.upstream_s += time.perf_counter() - started
    return None


def can_dispatch_now(registry: Registry, tier: TierConfig, plan: Plan) -> bool:
    """Whether a backend of the tier can take the request at once, without queueing."""
    return any(
        state.has_slot() and not state.waiters for state in _usable(registry, tier, plan, set())
    )


def _usable(
    registry: Registry, tier: TierConfig, plan: Plan, tried: set[str]
) -> list[BackendState]:
    def find(exclude: set[str]) -> list[BackendState]:
        return candidates(
            tier,
            registry.healthy,
            exclude=exclude,
            needs_tools=plan.needs_tools,
            needs_schema=plan.needs_schema,
            needs_logprobs=plan.needs_logprobs,
        )

    # A lone replica is retried too (a transient 500); its breaker stops a hopeless loop.
    return find(tried) or (find(set()) if tried else [])


def _no_backend(tier: TierConfig, plan: Plan) -> GatewayError:
    # Name a capability only when no backend of the tier has it: while some do but are down,
    # this is an outage (callers wait and retry), not a missing capability (callers adapt).
    need = ""
    if plan.needs_tools and not any(b.supports_tools for b in tier.backends):
        need = " that supports tools"
    elif plan.needs_schema and not any(b.supports_json_schema for b in tier.backends):
        need = " that supports json_schema"
    elif plan.needs_logprobs and not any(b.supports_logprobs for b in tier.backends):
        need = " that supports logprobs"
    return GatewayError(
        503,
        f"No healthy backend{need} is available for the '{tier.name}' tier.",
        code="no_backend_available",
    )


async def _acquire(states: list[BackendState], plan: Plan, priority: str) -> BackendState:
    try:
        state = choose(states, plan.affinity)
        await state.acquire(priority)
    except Overloaded:
        metrics.RATE_LIMITED.labels("backend queue full").inc()
        raise GatewayError(
            429, "The tier is at capacity; retry shortly.", code="overloaded", retry_after=1
        ) from None
    if state.breaker.on_dispatch(clock.monotonic()):
        state.breaker_changed()
    return state


async def _server_error(state: BackendState, response: Response) -> GatewayError:
    """A 5xx before any byte was relayed: the request's own error, or a backend fault to
    retry elsewhere."""
    try:
        raw = await response.aread()
    except UpstreamError:
        raw = b""
    finally:
        await response.aclose()
        state.release()
    status = response.status_code
    if caused_by_request(status, raw, state.config.dialect):
        backend_succeeded(state)
        metrics.REQUEST_ERRORS.labels(state.config.tier, state.name).inc()
        raise request_error(status, raw)
    backend_failed(state, f"http_{status}")
    return GatewayError(
        502, f"The '{state.config.tier}' backend failed (HTTP {status}).", code="upstream_error"
    )


async def _send(
    ex: Exchange, state: BackendState, upstream: Upstream, admitted: asyncio.Future[Any]
) -> Response:
    config = state.config
    body = orjson.dumps(upstream.body)
    started = time.perf_counter()
    try:
        return await upstream_client().post(
            config.base_url + upstream.path,
            body,
            headers_for(config, ex.request_id),
            connect_timeout=config.connect_timeout_s,
            read_timeout=config.read_timeout_s,
            before_answer=admitted,
        )
    finally:
        ex.upstream_s += time.perf_counter() - started


def _send_failure(state: BackendState, exc: BaseException) -> GatewayError:
    if isinstance(exc, RETRYABLE):
        backend_failed(state, "connect")
        logger.warning("backend %s unreachable: %s", state.name, exc)
        return GatewayError(
            502, f"The '{state.config.tier}' backend is unreachable.", code="upstream_unreachable"
        )
    if isinstance(exc, UpstreamTimeout):
        backend_failed(state, "timeout")
        raise GatewayError(
            504, f"The '{state.config.tier}' backend timed out.", code="upstream_timeout"
        ) from None
    raise exc
