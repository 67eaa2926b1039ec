"""How every process declares and exports Prometheus metrics.

Declaring: `counter`, `histogram` and `gauge` below, never prometheus_client's classes
directly. Under multiprocess mode (PROMETHEUS_MULTIPROC_DIR set, as `make up` and compose do)
each process writes its values to files in that directory and any web process's `/metrics` adds
up every process's files: several uvicorn workers, the Celery worker and beat answer as one. A
gauge must say how the processes' values combine (`mode`), since no single rule fits all:
`livesum` for a share each process holds, `livemax` for "any process sees it", `mostrecent`
for the last value any process set.

Figures computed from the database: `/metrics` is answered on the web server's event loop,
where the database may not be used, so beat computes such figures into the cache and a
collector exports that copy: every process exports the same figures, they survive restarts,
and a scrape never touches the database.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

from django.core.cache import cache
from prometheus_client import (
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import REGISTRY, Collector, CollectorRegistry

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
GaugeMode = Literal["livesum", "livemax", "livemin", "mostrecent", "livemostrecent"]

_registered: dict[type[Collector], Collector] = {}


def counter(name: str, documentation: str, labels: Sequence[str] = ()) -> Counter:
    return Counter(name, documentation, list(labels))


def histogram(
    name: str, documentation: str, labels: Sequence[str] = (), *, buckets: Sequence[float]
) -> Histogram:
    return Histogram(name, documentation, list(labels), buckets=tuple(buckets))


def gauge(name: str, documentation: str, labels: Sequence[str] = (), *, mode: GaugeMode) -> Gauge:
    """A gauge whose processes' values combine by `mode`; a `live*` mode forgets a process once
    it has ended."""
    return Gauge(name, documentation, list(labels), multiprocess_mode=mode)


def multiprocess_dir() -> str | None:
    return os.environ.get(MULTIPROC_ENV) or None


def multiprocess_dir_reset(directory: Path) -> None:
    """Empties the directory before the processes that share it start: values left by an
    earlier start would otherwise be added to the new ones."""
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True, exist_ok=True)


def metrics_exposition() -> bytes:
    """What `/metrics` answers: this process's metrics, or, in multiprocess mode, every
    process's, with the figures from the cache either way."""
    directory = multiprocess_dir()
    if directory is None:
        return generate_latest(REGISTRY)
    registry = _host_registry(directory)
    for collector in _registered.values():
        registry.register(collector)
    return generate_latest(registry)


def _host_registry(directory: str) -> CollectorRegistry:
    registry = CollectorRegistry()
    registry.register(_HostCollector(directory))
    return registry


class _HostCollector(Collector):
    """Every process's values in the directory, added up, once ended processes are forgotten."""

    def __init__(self, directory: str) -> None:
        self.directory = directory

    def collect(self) -> Iterator[Metric]:
        _forget_ended_processes(Path(self.directory))
        yield from multiprocess.MultiProcessCollector(None, path=self.directory).collect()


def worker_metrics_connect() -> None:
    """With LONGHAUL_WORKER_METRICS_PORT set, a Celery worker's main process serves its host's
    metrics (multiprocess mode) over HTTP: for a host or container that runs no web process."""
    from celery import signals

    signals.worker_init.connect(_worker_serve, weak=False, dispatch_uid="longhaul-metrics")


def _worker_serve(**_: Any) -> None:
    from django.conf import settings

    port, directory = settings.LONGHAUL_WORKER_METRICS_PORT, multiprocess_dir()
    if port and directory:
        host = settings.LONGHAUL_WORKER_METRICS_HOST
        start_http_server(port, addr=host, registry=_host_registry(directory))


def _forget_ended_processes(directory: Path) -> None:
    """A process that ended (a restarted uvicorn worker, a recycled Celery child) keeps its
    counters, which stay part of the totals, but its `live*` gauges are dropped."""
    for path in directory.glob("gauge_live*_*.db"):
        pid = path.stem.rsplit("_", 1)[-1]
        if pid.isdigit() and not _process_alive(int(pid)):
            multiprocess.mark_process_dead(int(pid), str(directory))


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def figures_store(key: str, figures: Any, *, refresh_seconds: float) -> None:
    """Beat's copy; it outlives a few missed refreshes, then lapses instead of going stale."""
    cache.set(key, figures, timeout=max(120, int(10 * refresh_seconds)))


def figures_cached(key: str) -> Any:
    """The copy, or None when there is none or the cache is down: a scrape then exports nothing
    of these figures rather than fail."""
    try:
        return cache.get(key)
    except Exception:
        return None


def collector_register(collector: type[Collector]) -> None:
    """Registers a collector of cached figures once per process, with the default registry and
    with the registry multiprocess mode exports."""
    if collector not in _registered:
        instance = collector()
        REGISTRY.register(instance)
        _registered[collector] = instance
