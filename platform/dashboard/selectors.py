"""Reads the usage page needs beyond `gateway.selectors.usage_totals`, on the same ledger
selector (organization-scoped): totals per UTC day and tier, and sums since a moment."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.db.models import Count, Sum
from django.db.models.functions import TruncDate

from gateway.selectors import UsageFilters, usage_for_organization


def usage_by_day(*, organization_id: int, since: datetime) -> list[dict[str, object]]:
    """Requests, tokens and cost per UTC day and tier since `since`, oldest first."""
    rows = (
        usage_for_organization(organization_id=organization_id, filters=UsageFilters(since=since))
        .annotate(day=TruncDate("created_at"))
        .values("day", "tier")
        .annotate(requests=Count("id"), tokens=Sum("total_tokens"), cost=Sum("cost"))
        .order_by("day", "tier")
    )
    return [dict(row) for row in rows]


def spent_since(
    *, organization_id: int, since: datetime, api_key_id: int | None = None
) -> tuple[int, Decimal]:
    """(tokens, cost) since `since`, for the organization or one of its keys."""
    records = usage_for_organization(
        organization_id=organization_id, filters=UsageFilters(since=since)
    )
    if api_key_id is not None:
        records = records.filter(api_key_id=api_key_id)
    totals = records.aggregate(tokens=Sum("total_tokens"), cost=Sum("cost"))
    return int(totals["tokens"] or 0), totals["cost"] or Decimal(0)
