"""Figures computed from the database and exported on /metrics.

`/metrics` is answered on the web server's event loop, where the database may not be used, so
beat computes such figures into the cache and a collector exports that copy: every process
exports the same figures, they survive restarts, and a scrape never touches the database.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from prometheus_client.registry import REGISTRY, Collector

_registered: set[type[Collector]] = set()


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
    """Registers the collector with the default registry once per process."""
    if collector not in _registered:
        REGISTRY.register(collector())
        _registered.add(collector)
