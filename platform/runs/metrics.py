"""Prometheus metrics of runs and their tool calls.

Most are computed from the database by beat and exported by the web process's /metrics
(core.metrics explains why through the cache). `longhaul_tool_call_seconds` is the workers' own,
observed as each call completes and added up across processes by multiprocess mode.

Counts are cumulative over every recorded call or run, so they are counters and `rate()` /
`increase()` give any window; latency quantiles cover the last
LONGHAUL_TOOL_LATENCY_WINDOW_SECONDS. Label values are bounded: tool names come from the tool
registry, classes from agents.engine.recovery.FAILURE_CLASSES, backends and kinds from the
deployment's configuration, and one organization id per tenant.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from core.metrics import collector_register, figures_cached, figures_store, histogram
from runs import reliability
from runs.reliability import CallScope

CACHE_KEY = "runs:metrics"
TOOL_CALL_SECONDS = histogram(
    "longhaul_tool_call_seconds",
    "Tool calls completed by the workers, by tool and outcome (ok when the call did what it was "
    "asked, else error), with their latency.",
    ["tool", "outcome"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600),
)


def tool_call_observe(*, tool: str, ok: bool, seconds: float) -> None:
    TOOL_CALL_SECONDS.labels(tool, "ok" if ok else "error").observe(max(0.0, seconds))


def metrics_refresh(*, now: datetime | None = None) -> dict[str, int]:
    """Beat: recomputes every organization's figures into the cache the collector reads."""
    since = (now or timezone.now()) - timedelta(
        seconds=float(settings.LONGHAUL_TOOL_LATENCY_WINDOW_SECONDS)
    )
    everything = CallScope()
    figures = {
        "calls": reliability.tool_call_figures(everything, latency=False),
        "failures": reliability.tool_failure_counts(everything),
        "recoveries": reliability.tool_recoveries(everything),
        "latency": reliability.tool_call_figures(CallScope(since=since), counts=False),
        "environment_failures": reliability.environment_failure_counts(),
        "run_failures": reliability.run_failure_counts(),
    }
    figures_store(CACHE_KEY, figures, refresh_seconds=float(settings.LONGHAUL_RUN_METRICS_SECONDS))
    return {name: len(rows) for name, rows in figures.items()}


def _labels(row: dict[str, Any], *names: str) -> list[str]:
    return [str(row[name]) for name in names]


def _tool_calls(figures: dict[str, Any]) -> Metric:
    family = CounterMetricFamily(
        "longhaul_tool_calls",
        "Completed tool calls by outcome: ok when the call did what it was asked (no error, "
        "exit code 0, tests passing), else error.",
        labels=["tool", "organization_id", "outcome"],
    )
    for row in figures.get("calls", []):
        labels = _labels(row, "tool", "organization_id")
        family.add_metric([*labels, "ok"], row["succeeded"])
        family.add_metric([*labels, "error"], row["calls"] - row["succeeded"])
    return family


def _tool_errors(figures: dict[str, Any]) -> Metric:
    family = CounterMetricFamily(
        "longhaul_tool_errors",
        "Failed tool calls by failure class (docs/runs.md, Tool reliability).",
        labels=["tool", "organization_id", "class"],
    )
    for row in figures.get("failures", []):
        family.add_metric(_labels(row, "tool", "organization_id", "failure_class"), row["count"])
    return family


def _tool_recoveries(figures: dict[str, Any]) -> Metric:
    family = CounterMetricFamily(
        "longhaul_tool_recoveries",
        "Repeats of failed tool calls (same arguments) by the failure's class, the remedy in "
        'between ("" for a direct repeat) and the outcome of the repeat (ok, failed).',
        labels=["tool", "organization_id", "class", "remedy", "outcome"],
    )
    for row in figures.get("recoveries", []):
        labels = _labels(row, "tool", "organization_id", "failure_class", "remedy", "outcome")
        family.add_metric(labels, row["count"])
    return family


def _tool_latency(figures: dict[str, Any]) -> Metric:
    family = GaugeMetricFamily(
        "longhaul_tool_latency_seconds",
        "Tool call latency quantiles (0.5, 0.95) over the last "
        "LONGHAUL_TOOL_LATENCY_WINDOW_SECONDS.",
        labels=["tool", "organization_id", "quantile"],
    )
    for row in figures.get("latency", []):
        labels = _labels(row, "tool", "organization_id")
        family.add_metric([*labels, "0.5"], row["p50"])
        family.add_metric([*labels, "0.95"], row["p95"])
    return family


def _environment_failures(figures: dict[str, Any]) -> Metric:
    family = CounterMetricFamily(
        "longhaul_run_environment_failures",
        "Steps that failed because the environment did (model endpoint, sandbox), by kind and "
        "backend; each is retried, none counts against the agent.",
        labels=["organization_id", "backend", "kind"],
    )
    for row in figures.get("environment_failures", []):
        family.add_metric(_labels(row, "organization_id", "backend", "kind"), row["count"])
    return family


def _run_failures(figures: dict[str, Any]) -> Metric:
    family = CounterMetricFamily(
        "longhaul_run_failures",
        "Runs that ended failed, by whose failure it was (agent or infrastructure).",
        labels=["organization_id", "failure_kind"],
    )
    for row in figures.get("run_failures", []):
        family.add_metric(_labels(row, "organization_id", "failure_kind"), row["count"])
    return family


class RunMetricsCollector(Collector):
    """Exports beat's cached copy; reads nothing but the cache, so it is safe on the loop."""

    FAMILIES = (
        _tool_calls,
        _tool_errors,
        _tool_recoveries,
        _tool_latency,
        _environment_failures,
        _run_failures,
    )

    def collect(self) -> Iterator[Metric]:
        figures = figures_cached(CACHE_KEY) or {}
        for family in self.FAMILIES:
            yield family(figures)


def register_collector() -> None:
    collector_register(RunMetricsCollector)
