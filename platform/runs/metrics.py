"""Prometheus metrics of runs, in the default registry of the process that observes them."""

from __future__ import annotations

from prometheus_client import Counter

ENVIRONMENT_FAILURES = Counter(
    "longhaul_run_environment_failures_total",
    "Steps that failed because the environment did (model endpoint, sandbox), by kind and "
    "backend; each is retried, none counts against the agent.",
    ["kind", "backend"],
)
RUN_FAILURES = Counter(
    "longhaul_run_failures_total",
    "Runs that failed, by whose failure it was (agent or infrastructure).",
    ["failure_kind"],
)
