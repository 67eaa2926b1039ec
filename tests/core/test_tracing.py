"""Tracing is off without an OTLP endpoint: no SDK set up, no-op spans, nothing injected."""

from __future__ import annotations

import pytest
from opentelemetry import trace

from core import tracing


def test_without_an_endpoint_tracing_costs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in tracing.ENDPOINT_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    app = object()

    assert tracing.tracing_setup("longhaul-test") is False
    assert tracing.traced_asgi(app) is app
    with tracing.model_call_span(operation="chat", model="standard") as span:
        assert not span.is_recording()
        assert tracing.context_headers({"x": "1"}) == {"x": "1"}
    assert isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)


def test_an_endpoint_turns_it_on_unless_the_sdk_is_disabled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")
    assert tracing.tracing_enabled()
    monkeypatch.setenv("OTEL_SDK_DISABLED", "true")
    assert not tracing.tracing_enabled()
