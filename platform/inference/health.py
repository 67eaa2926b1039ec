"""Backend health: the readiness check behind /readyz and the active probe the beat runs.

A busy backend is not a dead one. The probe asks a cheap liveness route first, `GET
<server root>/health` (vLLM, SGLang, llama.cpp's server and the embedded server answer it
without waiting for a decode; the embedded one also reports its queue), and falls back to
`GET <base>/models` for servers without it (hosted APIs). A server that accepts the
connection but is slow to answer is "busy", not "down": on a single-slot CPU server even the
model list can wait behind a long decode. Only refused or failed connections and error
answers are "down".
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import httpx
from django.db.models import QuerySet

from core.health import CheckResult
from core.metrics import counter, gauge
from inference.breakers import breaker_states, describe_breaker
from inference.models import Backend
from inference.selectors import BackendConfig, backend_config, backends_enabled
from inference.services import backend_record_probe

# Readiness must answer quickly even when every backend hangs.
PROBE_TIMEOUT_S = 2.0
UP, BUSY, DOWN = Backend.ProbeStatus.UP, Backend.ProbeStatus.BUSY, Backend.ProbeStatus.DOWN
_STATUS_VALUE: dict[str, int] = {DOWN: 0, UP: 1, BUSY: 2}

PROBES = counter(
    "longhaul_inference_probes", "Backend health probes, by outcome.", ["backend", "status"]
)
PROBE_STATUS = gauge(
    "longhaul_inference_probe_status",
    "A backend's last probe (beat's or a readiness check's): 0 down, 1 up, 2 busy (alive, queue full).",
    ["backend"],
    mode="mostrecent",
)


@dataclass(frozen=True)
class Probe:
    status: str
    detail: str
    in_flight: int | None = None
    waiting: int | None = None

    @property
    def alive(self) -> bool:
        return self.status != DOWN


def _headers(config: BackendConfig) -> dict[str, str]:
    return {"Authorization": f"Bearer {config.api_key}"} if config.api_key else {}


def probe(config: BackendConfig, timeout_s: float = PROBE_TIMEOUT_S) -> Probe:
    timeout = httpx.Timeout(timeout_s, connect=min(timeout_s, config.connect_timeout_s))
    try:
        with httpx.Client(timeout=timeout, headers=_headers(config), trust_env=False) as client:
            result = _liveness(client, config)
            if result is None:
                result = _models(client, config)
    except httpx.ReadTimeout:
        result = Probe(BUSY, f"{config.base_url}: accepts connections, slow to answer (busy)")
    except httpx.HTTPError as error:
        result = Probe(DOWN, f"{config.base_url}: {type(error).__name__}: {error}"[:300])
    PROBES.labels(config.name, result.status).inc()
    PROBE_STATUS.labels(config.name).set(_STATUS_VALUE[result.status])
    return result


def _liveness(client: httpx.Client, config: BackendConfig) -> Probe | None:
    """GET <root>/health; None when the server has no such route."""
    reply = client.get(f"{config.root_url}/health")
    if reply.status_code in (404, 405):
        return None
    if reply.status_code != 200:
        return Probe(DOWN, f"{config.root_url}/health: HTTP {reply.status_code}")
    try:
        load = reply.json()
    except ValueError:
        load = {}
    load = load if isinstance(load, dict) else {}
    in_flight, waiting = load.get("in_flight"), load.get("waiting")
    if not isinstance(in_flight, int) or not isinstance(waiting, int):
        return Probe(UP, f"{config.root_url}: alive")
    status = BUSY if waiting > 0 else UP
    detail = f"{config.root_url}: alive, {in_flight} decoding, {waiting} waiting"
    return Probe(status, detail, in_flight, waiting)


def _models(client: httpx.Client, config: BackendConfig) -> Probe:
    reply = client.get(f"{config.base_url}/models")
    if reply.status_code != 200:
        return Probe(DOWN, f"{config.base_url}: HTTP {reply.status_code}")
    try:
        served = {item.get("id") for item in reply.json().get("data", [])}
    except (ValueError, AttributeError):
        return Probe(UP, f"{config.base_url}: answers")
    if served and config.served_model not in served:
        # Reachable, but requests for this model would fail upstream: say so, stay up.
        return Probe(UP, f"{config.base_url}: answers, but does not list {config.served_model!r}")
    return Probe(UP, f"{config.base_url}: serves {config.served_model!r}")


def _probe_all(backends: list[Backend]) -> list[Probe]:
    if not backends:
        return []
    configs = [backend_config(backend) for backend in backends]
    with ThreadPoolExecutor(max_workers=min(8, len(configs))) as pool:
        return list(pool.map(probe, configs))


def check_backends() -> dict[str, CheckResult]:
    """One entry per enabled backend, `inference:<name>`, probed live and in parallel, with
    the gateway's circuit breaker for it (shown, not judged: the view can be stale). Busy is
    ready; down is not."""
    backends = list(backends_enabled())
    results = _probe_all(backends)
    breakers = breaker_states()
    checks = {}
    for backend, result in zip(backends, results, strict=True):
        breaker = breakers.get(backend.name)
        ok = result.alive
        detail = f"{result.status}: {result.detail}; {describe_breaker(breaker)}"
        checks[f"inference:{backend.name}"] = CheckResult(ok, detail)
    return checks


def backends_probe_and_record(queryset: QuerySet[Backend] | None = None) -> dict[str, bool]:
    """The active health probe: probe the backends (default: every enabled one), store results.
    Returns whether each is alive (up or busy)."""
    backends = list(backends_enabled() if queryset is None else queryset.select_related("tier"))
    results = _probe_all(backends)
    for backend, result in zip(backends, results, strict=True):
        backend_record_probe(
            backend=backend,
            status=result.status,
            error=result.detail,
            in_flight=result.in_flight,
            waiting=result.waiting,
        )
    return {backend.name: result.alive for backend, result in zip(backends, results, strict=True)}
