"""The /v1 ASGI application: OpenAI-compatible routes, served ahead of Django's stack."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from core import context
from core.tracing import model_call_span, outcome_record, usage_record
from gateway import admission
from gateway.auth import Caller, authenticate
from gateway.errors import ClientGone, GatewayError
from gateway.http import Exchange, Receive, Scope, Send, parse_json_object, read_body
from gateway.proxy import Target, can_dispatch_now, open_upstream
from gateway.registry import registry_cache
from gateway.relay import relay_body, relay_stream
from gateway.selectors import Registry
from gateway.tiers import AUTO, allowed_tiers
from gateway.tiers import resolve as resolve_tier
from gateway.usage import Usage, account
from gateway.validation import Plan, chat_plan, embeddings_plan
from inference.selectors import TierConfig

logger = logging.getLogger(__name__)

Handler = Callable[[Exchange, Caller, bytes, Usage], Awaitable[None]]


async def v1_application(scope: Scope, receive: Receive, send: Send) -> None:
    ex = Exchange.begin(scope, send)
    token = context.request_id.set(ex.request_id)
    usage = Usage(run_id=ex.headers.get("x-longhaul-run", "")[:128])
    try:
        await _guarded(ex, receive, usage)
    finally:
        context.request_id.reset(token)
        await account(ex, usage)


async def _guarded(ex: Exchange, receive: Receive, usage: Usage) -> None:
    try:
        handler, method = _route(ex.scope["path"], ex.scope["method"])
        caller = usage.caller = await authenticate(ex.headers)
        if method == "GET":
            await handler(ex, caller, b"", usage)
            return
        raw = await read_body(receive, ex.headers, settings.LONGHAUL_GATEWAY_MAX_BODY_BYTES)
        await _until_disconnect(ex, receive, handler(ex, caller, raw, usage))
    except GatewayError as error:
        usage.fail(error.status, error.code)
        if not ex.response_started:
            await ex.respond_error(error)
    except ClientGone:
        usage.fail(499, "client_closed")
    except Exception:
        logger.exception("unexpected error in /v1")
        usage.fail(500, "internal_error")
        if not ex.response_started:
            await ex.respond_error(
                GatewayError(
                    500, f"Internal gateway error (request {ex.request_id}).", code="internal_error"
                )
            )


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def _until_disconnect(ex: Exchange, receive: Receive, work: Awaitable[None]) -> None:
    """Runs `work`; a client that hangs up cancels it, and with it the upstream request."""
    task = asyncio.ensure_future(work)
    watcher = asyncio.ensure_future(_disconnected(receive))
    try:
        done, _ = await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
        if task in done or ex.finished:
            return await task  # a "disconnect" after the last byte is the normal end
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
        raise ClientGone
    except asyncio.CancelledError:
        task.cancel()
        raise
    finally:
        watcher.cancel()


@dataclass(frozen=True)
class Route:
    """One /v1 route. With `below`, paths under it are answered too (the id in /v1/models/{id})."""

    method: str
    path: str
    handler: Handler
    below: bool = False

    def matches(self, path: str) -> bool:
        return path == self.path or (self.below and path.startswith(f"{self.path}/"))


def _route(path: str, method: str) -> tuple[Handler, str]:
    route = next((route for route in ROUTES if route.matches(path)), None)
    if route is None:
        raise GatewayError(404, f"Invalid URL ({method} {path}).", code="unknown_url")
    if method != route.method:
        raise GatewayError(
            405, f"Use {route.method} for {path}.", code="method_not_allowed", allow=route.method
        )
    return route.handler, method


def _model_object(name: str, context_window: int | None, kind: str = "chat") -> dict[str, Any]:
    return {
        "id": name,
        "object": "model",
        "created": 0,
        "owned_by": "longhaul",
        "context_window": context_window,
        "kind": kind,
    }


async def models(ex: Exchange, caller: Caller, raw: bytes, usage: Usage) -> None:
    registry = await registry_cache.get()
    names = allowed_tiers(caller, registry)
    tiers = [registry.tiers[name] for name in names]
    data = [_model_object(tier.name, tier.context_window, tier.kind) for tier in tiers]
    if any(tier.kind == "chat" for tier in tiers):
        data.append(_model_object(AUTO, None))
    wanted = ex.scope["path"][len("/v1/models") :].strip("/")
    if not wanted:
        await ex.respond_json(200, {"object": "list", "data": data})
        return
    found = next((item for item in data if item["id"] == wanted), None)
    if found is None:
        raise GatewayError(404, f"The model '{wanted}' does not exist.", code="model_not_found")
    await ex.respond_json(200, found)


async def chat_completions(ex: Exchange, caller: Caller, raw: bytes, usage: Usage) -> None:
    await _serve(ex, caller, chat_plan(parse_json_object(raw), len(raw), ex.headers), usage)


async def embeddings(ex: Exchange, caller: Caller, raw: bytes, usage: Usage) -> None:
    await _serve(ex, caller, embeddings_plan(parse_json_object(raw), len(raw)), usage)


# Every /v1 route; the tenant matrix (tests/matrix) enumerates them from here.
ROUTES: tuple[Route, ...] = (
    Route("GET", "/v1/models", models, below=True),
    Route("POST", "/v1/chat/completions", chat_completions),
    Route("POST", "/v1/embeddings", embeddings),
)


async def _serve(ex: Exchange, caller: Caller, plan: Plan, usage: Usage) -> None:
    usage.endpoint, usage.requested_model, usage.stream = plan.endpoint, plan.model, plan.stream
    registry = await registry_cache.get()
    tier = resolve_tier(plan, caller, registry, ex.headers)
    usage.tier = tier.name
    operation = "chat" if plan.endpoint == "chat.completions" else plan.endpoint
    with model_call_span(operation=operation, model=plan.model) as span:
        try:
            await _dispatch(ex, caller, registry, tier, plan, usage)
        finally:
            usage_record(
                span,
                **{
                    "gen_ai.response.model": usage.model,
                    "gen_ai.usage.input_tokens": usage.prompt_tokens,
                    "gen_ai.usage.output_tokens": usage.completion_tokens,
                    "longhaul.tier": usage.tier,
                    "longhaul.backend": usage.backend,
                    "longhaul.request_id": ex.request_id,
                },
            )
            outcome_record(span, ok=not usage.error_code, error_type=usage.error_code)


async def _dispatch(
    ex: Exchange, caller: Caller, registry: Registry, tier: TierConfig, plan: Plan, usage: Usage
) -> None:
    target = await _admit_and_open(ex, caller, registry, tier, plan, usage)
    usage.tier, usage.backend = target.tier.name, target.state.name
    usage.model = target.state.config.served_model
    ex.add_header("x-longhaul-tier", target.tier.name)
    ok = False
    try:
        if target.upstream.stream:
            ok = await relay_stream(ex, target, plan, usage)
        else:
            ok = await relay_body(ex, target, plan, usage)
    finally:
        await target.finish(ok=ok)


async def _admit_and_open(
    ex: Exchange, caller: Caller, registry: Registry, tier: TierConfig, plan: Plan, usage: Usage
) -> Target:
    """The backend's answer, opened while the admission runs (see gateway.admission)."""
    admitting = admission.start(caller, plan, tier, registry)
    try:
        # With no slot free, the wait for one hides the round trip anyway, and a refusal must
        # not wait in a backend's queue to be told.
        if admission.is_strict(caller) or not can_dispatch_now(registry, tier, plan):
            await admitting
        return await open_upstream(ex, caller, registry, tier, plan, admitted=admitting)
    finally:
        # Whatever happened upstream, the reservation is known before the request is billed,
        # and a refusal is the answer.
        usage.reservation = await admitting
        for warning in usage.reservation.warnings:
            ex.add_header("x-longhaul-budget-warning", warning)
