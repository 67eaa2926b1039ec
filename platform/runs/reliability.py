"""Tool reliability, read from the ToolCall rows the runtime records (selectors).

Per tool and organization over a window: calls, success rate, latency p50/p95, failures by class
(agents.engine.recovery.FAILURE_CLASSES) and recovery chains: a failed call repeated with the
same arguments, directly or after one successful call of another tool (the remedy), and how the
repeat went. Every figure is one grouped SQL query; the rows are the source of truth, so the
figures are the same in every process and survive restarts. Also the run failures of the
environment and of runs by kind, for /metrics (runs.metrics).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Aggregate, Count, Exists, FloatField, OuterRef, Q, QuerySet

from agents.engine.recovery import FAILURE_CLASSES
from runs.models import Run, RunStatus, ToolCall

OK = Q(failure_class="")


@dataclass(frozen=True)
class CallScope:
    """Which completed calls count: an organization's (None: all), completed in [since, until),
    of one tool (None: all)."""

    organization_id: int | None = None
    since: datetime | None = None
    until: datetime | None = None
    tool: str | None = None


class Percentile(Aggregate):
    """percentile_cont(fraction) WITHIN GROUP (ORDER BY expression): interpolated, as p50/p95
    are usually read."""

    function = "percentile_cont"
    template = "%(function)s(%(fraction)s) WITHIN GROUP (ORDER BY %(expressions)s)"
    output_field = FloatField()

    def __init__(self, expression: str, *, fraction: float) -> None:
        super().__init__(expression, fraction=float(fraction))


def completed_calls(scope: CallScope) -> QuerySet[ToolCall]:
    calls = ToolCall.objects.filter(completed_at__isnull=False)
    if scope.organization_id is not None:
        calls = calls.filter(run__organization_id=scope.organization_id)
    if scope.since is not None:
        calls = calls.filter(completed_at__gte=scope.since)
    if scope.until is not None:
        calls = calls.filter(completed_at__lt=scope.until)
    return calls.filter(tool=scope.tool) if scope.tool else calls


def _per_tool(rows: QuerySet[ToolCall], *extra: str, **figures: Any) -> list[dict[str, Any]]:
    """The figures grouped by organization, tool and the `extra` fields (one query)."""
    grouped = rows.values("run__organization_id", "tool", *extra).order_by().annotate(**figures)
    return [{"organization_id": row.pop("run__organization_id"), **row} for row in grouped]


def tool_call_figures(
    scope: CallScope, *, counts: bool = True, latency: bool = True
) -> list[dict[str, Any]]:
    """{organization_id, tool} per organization and tool, with `calls` and `succeeded` (counts)
    and `p50` and `p95`, seconds (latency)."""
    figures: dict[str, Any] = {}
    if counts:
        figures.update(calls=Count("id"), succeeded=Count("id", filter=OK))
    if latency:
        figures.update(
            p50=Percentile("duration_s", fraction=0.5),
            p95=Percentile("duration_s", fraction=0.95),
        )
    return _per_tool(completed_calls(scope), **figures)


def tool_failure_counts(scope: CallScope, *, unrepeated: bool = False) -> list[dict[str, Any]]:
    """{organization_id, tool, failure_class, count} of the failed calls, and with `unrepeated`
    `not_repeated`: how many of them no later call repeated (yet)."""
    figures: dict[str, Any] = {"count": Count("id")}
    if unrepeated:
        repeats = ToolCall.objects.filter(retry_of=OuterRef("pk"))
        figures["not_repeated"] = Count("id", filter=~Q(Exists(repeats)))
    return _per_tool(completed_calls(scope).exclude(OK), "failure_class", **figures)


def tool_recoveries(scope: CallScope) -> list[dict[str, Any]]:
    """{organization_id, tool, failure_class, remedy, outcome, count}: repeats of failed calls,
    by the class of the failure, the remedy ("" for a direct repeat) and how the repeat went
    ("ok" or "failed")."""
    repeats = completed_calls(scope).filter(retry_of__isnull=False)
    rows = _per_tool(
        repeats,
        "retry_of__failure_class",
        "remedy",
        ok=Count("id", filter=OK),
        failed=Count("id", filter=~OK),
    )
    return [
        {
            "organization_id": row["organization_id"],
            "tool": row["tool"],
            "failure_class": row["retry_of__failure_class"],
            "remedy": row["remedy"],
            "outcome": outcome,
            "count": row[outcome],
        }
        for row in rows
        for outcome in ("ok", "failed")
        if row[outcome]
    ]


def recovery_chain(failure_class: str, remedy: str, outcome: str) -> str:
    """The chain in words: "missing_dependency → install_package → retried OK"."""
    repeat = "retried OK" if outcome == "ok" else "retried, failed again"
    return " → ".join(part for part in (failure_class, remedy, repeat) if part)


def tool_reliability(*, scope: CallScope) -> list[dict[str, Any]]:
    """One organization's report: an entry per tool with every figure above."""
    tools = {row["tool"]: _entry(row) for row in tool_call_figures(scope)}
    for row in tool_failure_counts(scope, unrepeated=True):
        tools[row["tool"]]["failures"][row["failure_class"]] = row["count"]
        if row["not_repeated"]:
            tools[row["tool"]]["not_repeated"][row["failure_class"]] = row["not_repeated"]
    for row in tool_recoveries(scope):
        chain = recovery_chain(row["failure_class"], row["remedy"], row["outcome"])
        tools[row["tool"]]["recoveries"].append({**_chain_fields(row), "chain": chain})
    for entry in tools.values():
        entry["failures"] = _in_class_order(entry["failures"])
        entry["not_repeated"] = _in_class_order(entry["not_repeated"])
        entry["recoveries"].sort(key=lambda chain: (-chain["count"], chain["chain"]))
    return [tools[name] for name in sorted(tools)]


def _entry(row: dict[str, Any]) -> dict[str, Any]:
    calls, succeeded = row["calls"], row["succeeded"]
    return {
        "tool": row["tool"],
        "calls": calls,
        "succeeded": succeeded,
        "failed": calls - succeeded,
        "success_rate": round(succeeded / calls, 4),
        "latency_p50_seconds": round(row["p50"], 4),
        "latency_p95_seconds": round(row["p95"], 4),
        "failures": {},
        "not_repeated": {},
        "recoveries": [],
    }


def _chain_fields(row: dict[str, Any]) -> dict[str, Any]:
    return {key: row[key] for key in ("failure_class", "remedy", "outcome", "count")}


def _in_class_order(counts: dict[str, int]) -> dict[str, int]:
    rank = {name: index for index, name in enumerate(FAILURE_CLASSES)}
    return dict(sorted(counts.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0])))


_ENVIRONMENT_FAILURES = """
SELECT run.organization_id, backend.key, kind.key, sum((kind.value #>> '{}')::bigint)
FROM runs_run AS run
CROSS JOIN LATERAL jsonb_each(run.environment_failure_counts) AS backend
CROSS JOIN LATERAL jsonb_each(backend.value) AS kind
WHERE run.environment_failures > 0
GROUP BY 1, 2, 3
"""


def environment_failure_counts() -> list[dict[str, Any]]:
    """{organization_id, backend, kind, count}: the environment failures runs met, summed from
    each run's own counts ({backend: {kind: n}})."""
    with connection.cursor() as cursor:
        cursor.execute(_ENVIRONMENT_FAILURES)
        rows = cursor.fetchall()
    return [
        {"organization_id": org, "backend": backend, "kind": kind, "count": int(count)}
        for org, backend, kind, count in rows
    ]


def run_failure_counts() -> list[dict[str, Any]]:
    """{organization_id, failure_kind, count} of the runs that ended failed."""
    failed = Run.objects.filter(status=RunStatus.FAILED).values("organization_id", "failure_kind")
    return [dict(row) for row in failed.order_by().annotate(count=Count("id"))]
