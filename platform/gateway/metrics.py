"""The gateway's Prometheus metrics (declared through core.metrics, so that every web process's
values add up on /metrics)."""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.conf import settings
from prometheus_client import Gauge

from accounts.keys import bearer_token
from core.metrics import counter, gauge, histogram

if TYPE_CHECKING:
    from gateway.models import UsageRecord

_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)
_OVERHEAD_BUCKETS = (0.0005, 0.001, 0.002, 0.003, 0.005, 0.01, 0.025, 0.05, 0.1)

REQUESTS = counter(
    "longhaul_gateway_requests",
    "Requests answered by /v1, by outcome.",
    ["endpoint", "tier", "backend", "status"],
)
LATENCY = histogram(
    "longhaul_gateway_request_seconds",
    "Total time from request to the last byte.",
    ["endpoint", "tier", "backend"],
    buckets=_LATENCY_BUCKETS,
)
TTFT = histogram(
    "longhaul_gateway_ttft_seconds",
    "Time to the first streamed token.",
    ["tier", "backend"],
    buckets=_LATENCY_BUCKETS,
)
OVERHEAD = histogram(
    "longhaul_gateway_overhead_seconds",
    "The gateway's own time (total minus time waiting on the backend).",
    ["endpoint"],
    buckets=_OVERHEAD_BUCKETS,
)
TOKENS = counter("longhaul_gateway_tokens", "Tokens billed.", ["tier", "backend", "kind"])
UPSTREAM_ERRORS = counter(
    "longhaul_gateway_upstream_errors",
    "Backend failures (connect, timeout, 5xx, malformed, reset).",
    ["tier", "backend", "kind"],
)
RATE_LIMITED = counter("longhaul_gateway_rate_limited", "Requests refused with 429.", ["reason"])
SOFT_BUDGET = counter(
    "longhaul_gateway_soft_budget_warnings",
    "Requests served past the soft monthly budget threshold.",
    ["scope"],
)
FALLBACKS = counter(
    "longhaul_gateway_fallbacks", "Requests served by a fallback tier.", ["from_tier", "to_tier"]
)
QUEUE_DEPTH = gauge(
    "longhaul_gateway_queue_depth",
    "Requests waiting for a backend slot.",
    ["tier", "backend"],
    mode="livesum",
)
IN_FLIGHT = gauge(
    "longhaul_gateway_in_flight",
    "Requests being served by a backend.",
    ["tier", "backend"],
    mode="livesum",
)
BREAKER_OPEN = gauge(
    "longhaul_gateway_circuit_open",
    "1 while a backend's circuit breaker is open (in any web process).",
    ["tier", "backend"],
    mode="livemax",
)
BREAKER_STATES = ("closed", "open", "half_open")
BREAKER_STATE = gauge(
    "longhaul_gateway_breaker_state",
    "A backend's circuit breaker as last changed in any web process: 0 closed, 1 open, 2 half-open.",
    ["tier", "backend"],
    mode="livemostrecent",
)
BREAKER_FAILURES = gauge(
    "longhaul_gateway_breaker_failures",
    "Consecutive backend faults counted by a backend's circuit breaker (the most in any web process).",
    ["tier", "backend"],
    mode="livemax",
)
BREAKER_TRANSITIONS = counter(
    "longhaul_gateway_breaker_transitions",
    "Circuit breaker changes of state, by the state entered.",
    ["tier", "backend", "state"],
)
SPEND = counter(
    "longhaul_gateway_spend",
    "What model calls cost at the tiers' prices, in LONGHAUL_CURRENCY, counted as their usage "
    "records are written (unpriced calls count nothing).",
    ["tier", "currency"],
)
REQUEST_ERRORS = counter(
    "longhaul_gateway_upstream_request_errors",
    "Backend answers that blamed the request (not counted against the backend).",
    ["tier", "backend"],
)


def spend_count(records: Iterable[UsageRecord]) -> None:
    currency = settings.LONGHAUL_CURRENCY
    for record in records:
        if record.cost:
            SPEND.labels(record.tier or "-", currency).inc(float(record.cost))


@dataclass(frozen=True)
class BackendGauges:
    queue: Gauge
    in_flight: Gauge
    breaker: Gauge
    breaker_state: Gauge
    failures: Gauge


def backend_gauges(tier: str, backend: str) -> BackendGauges:
    return BackendGauges(
        QUEUE_DEPTH.labels(tier, backend),
        IN_FLIGHT.labels(tier, backend),
        BREAKER_OPEN.labels(tier, backend),
        BREAKER_STATE.labels(tier, backend),
        BREAKER_FAILURES.labels(tier, backend),
    )


def metrics_allowed(headers: dict[str, str], client: tuple[str, int] | None) -> bool:
    """With LONGHAUL_METRICS_TOKEN set, a matching bearer token; otherwise loopback only."""
    token = settings.LONGHAUL_METRICS_TOKEN
    if token:
        presented = bearer_token(headers.get("authorization"))
        # Bytes: compare_digest refuses str that is not ASCII, and a header may be anything.
        return presented is not None and hmac.compare_digest(presented.encode(), token.encode())
    if client is None:
        return False
    try:
        return ipaddress.ip_address(client[0]).is_loopback
    except ValueError:
        return False
