"""What one /v1 request cost and how it went: filled in as the request runs, then billed."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from gateway import ledger, metrics
from gateway.auth import Caller
from gateway.http import Exchange
from gateway.pricing import billable
from gateway.quotas import Reservation
from gateway.sse import token_count

logger = logging.getLogger(__name__)


@dataclass
class Usage:
    run_id: str = ""
    caller: Caller | None = None
    endpoint: str = ""
    requested_model: str = ""
    stream: bool = False
    tier: str = ""
    backend: str = ""
    model: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    ttft_ms: float | None = None
    status: int = 0
    error_code: str = ""
    reservation: Reservation | None = None

    def fail(self, status: int, code: str | None) -> None:
        self.status = status
        self.error_code = code or ""

    def take_usage(self, usage: Any) -> None:
        if isinstance(usage, dict):  # whatever else a backend sent, it is billed by what it says
            self.prompt_tokens = token_count(usage.get("prompt_tokens"))
            self.completion_tokens = token_count(usage.get("completion_tokens"))

    def billed(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def _entry(ex: Exchange, usage: Usage, status: int, latency_ms: float) -> dict[str, Any]:
    assert usage.caller is not None
    principal = usage.caller.principal
    entry = {
        "request_id": ex.request_id,
        "client_request_id": ex.client_request_id,
        "organization_id": principal.organization_id,
        "api_key_id": principal.api_key_id,
        "endpoint": usage.endpoint,
        "requested_model": usage.requested_model[:64],
        "tier": usage.tier,
        "backend": usage.backend,
        "model": usage.model[:200],
        "stream": usage.stream,
        "prompt_tokens": usage.prompt_tokens,
        "completion_tokens": usage.completion_tokens,
        "total_tokens": usage.billed(),
        "ttft_ms": usage.ttft_ms,
        "latency_ms": latency_ms,
        "overhead_ms": ex.overhead_at_start,
        "status": status,
        "error_code": usage.error_code,
        # A run's own token names its run; the header is only a label for other callers.
        "run_id": principal.run_id or usage.run_id,
        "created_at": timezone.now().isoformat(),
    }
    reservation = usage.reservation
    if reservation is not None and reservation.spend_keys:
        # Priced and settled by the flusher, off the request path (gateway.services).
        entry["spend"] = {"keys": reservation.spend_keys, "nanos": reservation.spend_nanos}
    return entry


async def account(ex: Exchange, usage: Usage) -> None:
    """Metrics for every /v1 request; a ledger entry for every authenticated model call."""
    latency_ms = ex.elapsed_ms()
    status = usage.status or ex.status or 500
    if ex.backend is not None and not usage.backend:
        usage.tier, usage.backend = ex.backend.config.tier, ex.backend.name
        usage.model = ex.backend.config.served_model
    tier, backend = usage.tier or "-", usage.backend or "-"
    endpoint = usage.endpoint or "other"
    metrics.REQUESTS.labels(endpoint, tier, backend, str(status)).inc()
    if usage.caller is None or not usage.endpoint:
        return
    metrics.LATENCY.labels(endpoint, tier, backend).observe(latency_ms / 1000)
    if ex.overhead_at_start is not None:
        metrics.OVERHEAD.labels(endpoint).observe(ex.overhead_at_start / 1000)
    if usage.ttft_ms is not None:
        metrics.TTFT.labels(tier, backend).observe(usage.ttft_ms / 1000)
    if usage.billed():
        metrics.TOKENS.labels(tier, backend, "prompt").inc(usage.prompt_tokens)
        metrics.TOKENS.labels(tier, backend, "completion").inc(usage.completion_tokens)
    billed = usage.billed() if billable(status, usage.completion_tokens) else 0
    await ledger.record(_entry(ex, usage, status, latency_ms), usage.reservation, billed)
