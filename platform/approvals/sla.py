"""SLA figures of approvals, per organization: what is waiting, how long decisions take, how
often deadlines act.

The API computes them on request; for `/metrics`, beat refreshes a copy in the cache
(`sla_refresh`) and a collector exports that copy (core.metrics says why).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from approvals.statuses import ApprovalStatus
from core.metrics import collector_register, figures_cached, figures_store

CACHE_KEY = "approvals:sla"
DECIDED = (ApprovalStatus.APPROVED, ApprovalStatus.REJECTED, ApprovalStatus.EXPIRED)
_QUERY = """
SELECT organization_id,
       count(*) FILTER (WHERE status IN ('pending', 'escalated')),
       min(created_at) FILTER (WHERE status IN ('pending', 'escalated')),
       count(*) FILTER (WHERE status IN ('approved', 'rejected', 'expired') AND decided_at >= %s),
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - created_at))
           FILTER (WHERE status IN ('approved', 'rejected') AND resolution = 'votes'
                   AND decided_at >= %s),
       percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - created_at))
           FILTER (WHERE status IN ('approved', 'rejected') AND resolution = 'votes'
                   AND decided_at >= %s),
       count(*) FILTER (WHERE status = 'expired' AND decided_at >= %s),
       count(*) FILTER (WHERE escalations > 0 AND created_at >= %s)
FROM approvals_approvalrequest
WHERE (status IN ('pending', 'escalated') OR decided_at >= %s OR created_at >= %s) {where}
GROUP BY organization_id
"""


def sla_figures(
    *, organization_id: int | None = None, days: int | None = None
) -> list[dict[str, Any]]:
    """Per organization: open requests and the age of the oldest, decisions in the window,
    time to a reviewer's decision (p50, p95, seconds), expiries and escalations."""
    window = days or int(settings.LONGHAUL_APPROVAL_SLA_WINDOW_DAYS)
    now = timezone.now()
    since = now - timedelta(days=window)
    where = "AND organization_id = %s" if organization_id else ""
    params: list[Any] = [since] * 7 + ([organization_id] if organization_id else [])
    with connection.cursor() as cursor:
        cursor.execute(_QUERY.format(where=where), params)
        rows = cursor.fetchall()
    return [_row(row, now, window) for row in rows]


def _row(row: tuple[Any, ...], now: Any, window: int) -> dict[str, Any]:
    org, pending, oldest, decided, p50, p95, expired, escalated = row
    return {
        "organization_id": int(org),
        "window_days": window,
        "pending": int(pending),
        "oldest_pending_seconds": round((now - oldest).total_seconds(), 3) if oldest else None,
        "decided": int(decided),
        "time_to_decision_p50_seconds": None if p50 is None else round(float(p50), 3),
        "time_to_decision_p95_seconds": None if p95 is None else round(float(p95), 3),
        "expired": int(expired),
        "escalated": int(escalated),
    }


def sla_for(*, organization_id: int, days: int | None = None) -> dict[str, Any]:
    figures = sla_figures(organization_id=organization_id, days=days)
    if figures:
        return figures[0]
    window = days or int(settings.LONGHAUL_APPROVAL_SLA_WINDOW_DAYS)
    return _row((organization_id, 0, None, 0, None, None, 0, 0), timezone.now(), window)


def sla_refresh() -> dict[str, Any]:
    """Beat: recomputes every organization's figures into the cache the collector reads."""
    figures = sla_figures()
    figures_store(CACHE_KEY, figures, refresh_seconds=settings.LONGHAUL_APPROVAL_SLA_SECONDS)
    return {"organizations": len(figures)}


class SlaCollector(Collector):
    """Exports the cached figures; reads nothing but the cache, so it is safe on the loop."""

    GAUGES = (
        ("pending", "longhaul_approvals_pending", "Open approval requests (pending or escalated)."),
        (
            "oldest_pending_seconds",
            "longhaul_approvals_oldest_pending_seconds",
            "Age of the oldest open approval request.",
        ),
        (
            "time_to_decision_p50_seconds",
            "longhaul_approvals_time_to_decision_p50_seconds",
            "Median time from request to a reviewer's decision, over the SLA window.",
        ),
        (
            "time_to_decision_p95_seconds",
            "longhaul_approvals_time_to_decision_p95_seconds",
            "95th percentile time from request to a reviewer's decision, over the SLA window.",
        ),
        ("expired", "longhaul_approvals_expired", "Requests that expired in the SLA window."),
        (
            "escalated",
            "longhaul_approvals_escalated",
            "Requests raised in the SLA window that were escalated.",
        ),
    )

    def collect(self) -> Any:
        figures = figures_cached(CACHE_KEY) or []
        for field, name, text in self.GAUGES:
            gauge = GaugeMetricFamily(name, text, labels=["organization_id"])
            for row in figures:
                if row.get(field) is not None:
                    gauge.add_metric([str(row["organization_id"])], float(row[field]))
            yield gauge


def register_collector() -> None:
    collector_register(SlaCollector)
