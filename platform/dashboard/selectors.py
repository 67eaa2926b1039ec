"""Reads the usage page needs, built on the gateway's ledger selector (organization-scoped)."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Count, Sum
from django.db.models.functions import TruncDate

from gateway.selectors import usage_for_organization


def usage_by_day(*, organization_id: int, since: datetime) -> list[dict[str, object]]:
    """Requests and tokens per UTC day and tier since `since`, oldest first."""
    rows = (
        usage_for_organization(organization_id=organization_id)
        .filter(created_at__gte=since)
        .annotate(day=TruncDate("created_at"))
        .values("day", "tier")
        .annotate(requests=Count("id"), tokens=Sum("total_tokens"))
        .order_by("day", "tier")
    )
    return [dict(row) for row in rows]


def usage_by_key(*, organization_id: int, since: datetime) -> list[dict[str, object]]:
    rows = (
        usage_for_organization(organization_id=organization_id)
        .filter(created_at__gte=since)
        .values("api_key_id")
        .annotate(requests=Count("id"), tokens=Sum("total_tokens"))
        .order_by("-tokens")
    )
    return [dict(row) for row in rows]


def usage_by_run(*, organization_id: int, since: datetime) -> list[dict[str, object]]:
    """Tokens of runs' model calls (ledger rows that name a run) since `since`."""
    rows = (
        usage_for_organization(organization_id=organization_id)
        .filter(created_at__gte=since)
        .exclude(run_id="")
        .values("run_id")
        .annotate(requests=Count("id"), tokens=Sum("total_tokens"))
    )
    return [dict(row) for row in rows]


def tokens_since(*, organization_id: int, since: datetime, api_key_id: int | None = None) -> int:
    records = usage_for_organization(organization_id=organization_id).filter(created_at__gte=since)
    if api_key_id is not None:
        records = records.filter(api_key_id=api_key_id)
    return int(records.aggregate(total=Sum("total_tokens"))["total"] or 0)
