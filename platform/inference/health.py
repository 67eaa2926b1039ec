"""Backend health: the readiness check behind /readyz and the active probe the beat runs."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx
from django.db.models import QuerySet

from core.health import CheckResult
from inference.models import Backend
from inference.selectors import BackendConfig, backend_config, backends_enabled
from inference.services import backend_record_probe

# Readiness must answer quickly even when every backend hangs.
PROBE_TIMEOUT_S = 2.0


def probe(config: BackendConfig, timeout_s: float = PROBE_TIMEOUT_S) -> CheckResult:
    """GET <base_url>/models, the cheapest call every OpenAI-compatible server answers."""
    headers = {"Authorization": f"Bearer {config.api_key}"} if config.api_key else {}
    timeout = httpx.Timeout(timeout_s, connect=min(timeout_s, config.connect_timeout_s))
    try:
        reply = httpx.get(f"{config.base_url}/models", headers=headers, timeout=timeout)
    except httpx.HTTPError as error:
        return CheckResult(False, f"{config.base_url}: {type(error).__name__}: {error}"[:300])
    if reply.status_code != 200:
        return CheckResult(False, f"{config.base_url}: HTTP {reply.status_code}")
    return CheckResult(True, _models_detail(config, reply))


def _models_detail(config: BackendConfig, reply: httpx.Response) -> str:
    try:
        served = {item.get("id") for item in reply.json().get("data", [])}
    except (ValueError, AttributeError):
        return f"{config.base_url}: answers"
    if served and config.served_model not in served:
        # Reachable, but requests for this model would fail upstream: say so, stay up.
        return f"{config.base_url}: answers, but does not list model {config.served_model!r}"
    return f"{config.base_url}: serves {config.served_model!r}"


def _probe_all(backends: list[Backend]) -> list[CheckResult]:
    if not backends:
        return []
    configs = [backend_config(backend) for backend in backends]
    with ThreadPoolExecutor(max_workers=min(8, len(configs))) as pool:
        return list(pool.map(probe, configs))


def check_backends() -> dict[str, CheckResult]:
    """One entry per enabled backend, `inference:<name>`, probed live and in parallel."""
    backends = list(backends_enabled())
    results = _probe_all(backends)
    return {f"inference:{b.name}": result for b, result in zip(backends, results, strict=True)}


def backends_probe_and_record(queryset: QuerySet[Backend] | None = None) -> dict[str, bool]:
    """The active health probe: probe the backends (default: every enabled one), store results."""
    backends = list(backends_enabled() if queryset is None else queryset.select_related("tier"))
    results = _probe_all(backends)
    for backend, result in zip(backends, results, strict=True):
        backend_record_probe(backend=backend, healthy=result.ok, error=result.detail)
    return {backend.name: result.ok for backend, result in zip(backends, results, strict=True)}
