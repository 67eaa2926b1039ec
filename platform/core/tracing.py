"""OpenTelemetry traces: REST and /v1 requests, Celery tasks, agent steps, model calls and tool
calls (the GenAI semantic conventions), with W3C trace context carried in Celery messages, on
the worker's calls to /v1 and on the gateway's calls to backends, so that one trace runs from
the REST request that started a run to the backend that answered its model calls.

Off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: the SDK
is then never loaded, `tracer` is OpenTelemetry's no-op tracer and a span costs a function
call. On, each process exports its spans in batches over OTLP/HTTP (protobuf); the exporter
reads the standard OTEL_* variables (headers, timeout, service name, resource attributes).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from opentelemetry import propagate, trace
from opentelemetry.trace import Span, SpanKind, Status, StatusCode

ENDPOINT_VARIABLES = ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
# Probes and scrapes would bury the traces people look for.
UNTRACED_PATHS = "/healthz,/readyz,/metrics"
tracer = trace.get_tracer("longhaul")
_provider: Any = None


def tracing_enabled() -> bool:
    if os.environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    return any(os.environ.get(name) for name in ENDPOINT_VARIABLES)


def tracing_setup(service: str) -> bool:
    """Once per process, when tracing is on: the SDK with a batching OTLP exporter, and Celery's
    instrumentation (context into the messages a process sends, out of those it runs). Returns
    whether tracing is on."""
    global _provider
    if _provider is not None or not tracing_enabled():
        return _provider is not None
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.instrumentation.celery import CeleryInstrumentor
    from opentelemetry.sdk.resources import SERVICE_NAME, Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    name = os.environ.get("OTEL_SERVICE_NAME") or service
    _provider = TracerProvider(resource=Resource.create({SERVICE_NAME: name}))
    _provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(_provider)
    CeleryInstrumentor().instrument()
    return True


def tracing_flush() -> None:
    """Exports what is buffered: a process about to end without running atexit (a Celery
    child) would otherwise lose its last spans."""
    if _provider is not None:
        _provider.force_flush()


def connect_celery() -> None:
    """Tracing in each Celery worker process (after the fork: the exporter's thread does not
    survive one) and in beat; the last spans flushed as a worker process ends."""
    from celery import signals

    def worker(**_: Any) -> None:
        tracing_setup("longhaul-worker")

    def beat(**_: Any) -> None:
        tracing_setup("longhaul-beat")

    signals.worker_process_init.connect(worker, weak=False, dispatch_uid="longhaul-tracing")
    signals.beat_init.connect(beat, weak=False, dispatch_uid="longhaul-tracing-beat")
    signals.worker_process_shutdown.connect(
        lambda **_: tracing_flush(), weak=False, dispatch_uid="longhaul-tracing-flush"
    )


def traced_asgi(application: Any) -> Any:
    """The ASGI application with a server span per HTTP request (context taken from the
    request's traceparent), or the application itself when tracing is off."""
    if not tracing_enabled():
        return application
    from opentelemetry.instrumentation.asgi import OpenTelemetryMiddleware

    # No span per ASGI message: a streamed answer would otherwise make one per token.
    return OpenTelemetryMiddleware(
        application, excluded_urls=UNTRACED_PATHS, exclude_spans=["receive", "send"]
    )


def context_headers(headers: dict[str, str]) -> dict[str, str]:
    """`headers` with the current trace context added (traceparent), for an outgoing call."""
    if _provider is not None:
        propagate.inject(headers)
    return headers


@contextmanager
def model_call_span(
    *, operation: str, model: str, url: str = "", **attributes: Any
) -> Iterator[Span]:
    """A client span for one model call, named and described by the GenAI conventions;
    `usage_record` adds what the answer said."""
    where = urlsplit(url) if url else None
    names = {
        "gen_ai.operation.name": operation,
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": model,
        **(
            {"server.address": where.hostname or "", "server.port": where.port or 0}
            if where
            else {}
        ),
        **attributes,
    }
    with tracer.start_as_current_span(
        f"{operation} {model}", kind=SpanKind.CLIENT, attributes=_clean(names)
    ) as span:
        yield span


def usage_record(span: Span, **attributes: Any) -> None:
    """gen_ai.usage.input_tokens, gen_ai.response.model and the like, on a model-call span."""
    if span.is_recording():
        span.set_attributes(_clean(attributes))


def current_span_record(**attributes: Any) -> None:
    usage_record(trace.get_current_span(), **attributes)


@contextmanager
def tool_call_span(*, tool: str, call_id: str, **attributes: Any) -> Iterator[Span]:
    names = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": tool,
        "gen_ai.tool.call.id": call_id,
        **attributes,
    }
    with tracer.start_as_current_span(
        f"execute_tool {tool}", kind=SpanKind.INTERNAL, attributes=_clean(names)
    ) as span:
        yield span


def outcome_record(span: Span, *, ok: bool, error_type: str | None = None) -> None:
    """A failed tool call or model call marks its span as an error, with its class."""
    if span.is_recording() and not ok:
        span.set_attribute("error.type", error_type or "error")
        span.set_status(Status(StatusCode.ERROR))


@contextmanager
def step_span(*, run_id: str, workflow: str, step: int, node: str) -> Iterator[Span]:
    names: dict[str, Any] = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": workflow,
        "gen_ai.conversation.id": run_id,
        "longhaul.run.id": run_id,
        "longhaul.step": step,
        "longhaul.node": node,
    }
    with tracer.start_as_current_span(f"step {node or 'start'}", attributes=_clean(names)) as span:
        yield span


def _clean(attributes: Mapping[str, Any]) -> dict[str, Any]:
    """Only the values OpenTelemetry can carry; None and empty strings dropped."""
    return {k: v for k, v in attributes.items() if v is not None and v != ""}
