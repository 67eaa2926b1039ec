"""Per-tool Prometheus metrics in the default registry (the platform serves /metrics)."""

from __future__ import annotations

from prometheus_client import Counter, Histogram

TOOL_CALLS = Counter(
    "longhaul_tool_calls_total",
    "Tool calls by tool and outcome (ok or error).",
    ["tool", "outcome"],
)
TOOL_ERRORS = Counter(
    "longhaul_tool_errors_total",
    "Failed tool calls by tool and error class.",
    ["tool", "error_class"],
)
TOOL_LATENCY = Histogram(
    "longhaul_tool_duration_seconds",
    "Tool call latency in seconds.",
    ["tool"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120),
)


def record(tool: str, *, ok: bool, duration_s: float, error_class: str | None) -> None:
    TOOL_CALLS.labels(tool=tool, outcome="ok" if ok else "error").inc()
    TOOL_LATENCY.labels(tool=tool).observe(duration_s)
    if not ok:
        TOOL_ERRORS.labels(tool=tool, error_class=error_class or "Error").inc()
