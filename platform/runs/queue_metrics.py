"""The scheduler's queues on /metrics: the signal to scale workers on (docs/deployment.md).

Every admission pass (runs.scheduler) leaves its figures in the cache; this collector exports
that copy, so a scrape reads nothing but the cache and every web process exports the same.
Labels are bounded: two lanes, three priorities, one organization slug per tenant.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from core.metrics import collector_register
from runs.scheduler import queue_snapshot

RUNS_LANE = "runs"


def _queue_depth(snapshot: dict[str, Any]) -> Metric:
    family = GaugeMetricFamily(
        "longhaul_queue_depth",
        "Work waiting per lane: runs waiting for a slot (by organization and priority), and "
        "Celery tasks waiting in the steps and interactive queues.",
        labels=["lane", "organization", "priority"],
    )
    for row in snapshot.get("figures", {}).get("queued", []):
        family.add_metric([RUNS_LANE, row["organization"], row["priority"]], row["depth"])
    for queue, depth in (snapshot.get("lanes", {}).get("depth") or {}).items():
        family.add_metric([queue, "", ""], depth)
    return family


def _queue_wait(snapshot: dict[str, Any]) -> Metric:
    family = GaugeMetricFamily(
        "longhaul_queue_wait_seconds",
        "How long the oldest waiting run of each organization and priority has waited for a "
        "slot; for the interactive lane, how long the scheduler's last task waited for a worker.",
        labels=["lane", "organization", "priority"],
    )
    for row in snapshot.get("figures", {}).get("queued", []):
        family.add_metric([RUNS_LANE, row["organization"], row["priority"]], row["oldest_s"])
    waited = snapshot.get("lanes", {}).get("interactive_wait_s")
    if waited is not None:
        family.add_metric(["longhaul.interactive", "", ""], waited)
    return family


def _slots(snapshot: dict[str, Any]) -> Metric:
    family = GaugeMetricFamily(
        "longhaul_run_slots",
        "Run slots: the total (LONGHAUL_RUN_SLOTS) and those each organization holds.",
        labels=["organization"],
    )
    figures = snapshot.get("figures", {})
    if "slots" in figures:
        family.add_metric(["*"], figures["slots"])
    for organization, held in figures.get("held", {}).items():
        family.add_metric([organization], held)
    return family


class QueueMetricsCollector(Collector):
    """Exports the last admission pass's figures."""

    def collect(self) -> Iterator[Metric]:
        snapshot = queue_snapshot()
        for family in (_queue_depth, _queue_wait, _slots):
            yield family(snapshot)


def register_collector() -> None:
    collector_register(QueueMetricsCollector)
