# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item"
"""/metrics: Prometheus text with the gateway's series; who may read it."""

from __future__ import annotations

import httpx
import pytest
from django.test import override_settings
from prometheus_client.parser import text_string_to_metric_families

from gateway.metrics import metrics_allowed
from tests.factories import TenantFixture
from tests.gateway.conftest import Backends, client_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_metrics_count_requests_tokens_and_latency_per_tier_and_backend(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    _, backend = backends.add("standard")
    backends.settle()
    client = client_for(gateway, acme.api_key)
    client.chat.completions.create(model="standard", messages=[{"role": "user", "content": "hi"}])
    list(
        client.chat.completions.create(
            model="standard", messages=[{"role": "user", "content": "hi"}], stream=True
        )
    )

    text = httpx.get(f"{gateway}/metrics").text
    samples = {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }

    def value(name: str, **labels: str) -> float:
        return samples[(name, tuple(sorted(labels.items())))]

    where = {"tier": "standard", "backend": backend.name}
    chat = {"endpoint": "chat.completions", **where}
    assert value("longhaul_gateway_requests_total", status="200", **chat) == 2
    assert value("longhaul_gateway_request_seconds_count", **chat) == 2
    assert value("longhaul_gateway_ttft_seconds_count", **where) == 1
    assert value("longhaul_gateway_tokens_total", kind="completion", **where) == 2
    assert value("longhaul_gateway_queue_depth", **where) == 0
    assert value("longhaul_gateway_in_flight", **where) == 0


def test_metrics_access_rule() -> None:
    assert metrics_allowed({}, ("127.0.0.1", 5000))
    assert metrics_allowed({}, ("::1", 5000))
    assert not metrics_allowed({}, ("10.0.0.7", 5000))
    with override_settings(LONGHAUL_METRICS_TOKEN="s3cret"):
        assert not metrics_allowed({}, ("127.0.0.1", 5000))
        assert metrics_allowed({"authorization": "Bearer s3cret"}, ("10.0.0.7", 5000))
        assert not metrics_allowed({"authorization": "Bearer s3crét"}, ("10.0.0.7", 5000))
