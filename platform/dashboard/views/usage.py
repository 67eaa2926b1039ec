"""Usage: tokens and cost per day by tier, by API key and by workflow, and this month's
consumption of the token quotas and spend budgets with the limits drawn."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.selectors import organization_keys
from dashboard import selectors as usage_selectors
from dashboard.access import Viewer, dashboard_page
from dashboard.forms import UsageForm
from dashboard.pages import page
from gateway.pricing import from_nanos
from gateway.selectors import UsageFilters, limits_for, usage_totals


@dashboard_page
def usage(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    form = UsageForm(request.GET or None)
    days = form.cleaned_data["days"] if form.is_valid() else 30
    today = timezone.now().date()
    org = viewer.organization_id
    since = timezone.now() - timedelta(days=days)
    period = UsageFilters(since=since)
    keys = list(organization_keys(organization=viewer.organization))
    rows = usage_selectors.usage_by_day(organization_id=org, since=since)
    keyed = by_key(usage_totals(organization_id=org, group_by="key", filters=period), keys)
    context = {
        "form": form,
        "days": days,
        "currency": settings.LONGHAUL_CURRENCY,
        "by_day": by_day(rows, today, days),
        "by_key": keyed,
        "unpriced": sum(row["unpriced"] for row in keyed),
        "by_workflow": by_workflow(
            usage_totals(organization_id=org, group_by="workflow", filters=period)
        ),
        "quotas": quotas(org, keys),
    }
    return page(request, viewer, "dashboard/usage.html", context, section="usage")


def by_day(rows: list[dict[str, Any]], today: date, days: int) -> dict[str, Any]:
    """Every day of the period (empty days too) with tokens per tier, for a stacked chart, and
    the days that had any use with their tokens per tier and their cost."""
    labels = [(today - timedelta(days=n)).isoformat() for n in range(days - 1, -1, -1)]
    tiers = sorted({str(row["tier"] or "-") for row in rows})
    tokens: dict[str, dict[str, int]] = {tier: dict.fromkeys(labels, 0) for tier in tiers}
    costs: dict[str, Decimal] = dict.fromkeys(labels, Decimal(0))
    for row in rows:
        day = row["day"].isoformat()
        tokens[str(row["tier"] or "-")][day] = int(row["tokens"] or 0)
        costs[day] += row["cost"] or Decimal(0)
    table = [
        {
            "day": day,
            "tiers": [tokens[t][day] for t in tiers],
            "total": sum(tokens[t][day] for t in tiers),
            "cost": costs[day],
        }
        for day in labels
        if any(tokens[t][day] for t in tiers)
    ]
    series = [{"label": t, "data": [tokens[t][d] for d in labels]} for t in tiers]
    totals = {
        "tiers": [sum(tokens[t].values()) for t in tiers],
        "total": sum(sum(tokens[t].values()) for t in tiers),
        "cost": sum(costs.values(), Decimal(0)),
    }
    return {"labels": labels, "series": series, "tiers": tiers, "table": table, "totals": totals}


def by_key(rows: list[dict[str, Any]], keys: list[Any]) -> list[dict[str, Any]]:
    names = {key.prefix: key.name for key in keys}
    named = []
    for row in sorted(rows, key=lambda r: -int(r["total_tokens"] or 0)):
        prefix = row["key"]
        name = f"{names.get(prefix, 'deleted key')} (lh_{prefix}_…)" if prefix else "no key"
        named.append(_totals(name, row))
    return named


def by_workflow(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [_totals(row["workflow"] or "outside runs", row) for row in rows]


def _totals(name: str, row: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": name,
        "requests": int(row["requests"]),
        "tokens": int(row["total_tokens"] or 0),
        "cost": row["cost"],
        "unpriced": int(row["unpriced_requests"]),
    }


def quotas(organization_id: int, keys: list[Any]) -> list[dict[str, Any]]:
    """This month's tokens and spend against the monthly limits (0: none, drawn without one)."""
    month_start = timezone.now().replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    limits = limits_for(organization_id=organization_id, api_key_id=0)
    tokens, cost = usage_selectors.spent_since(organization_id=organization_id, since=month_start)
    rows = _quota(
        "Organization", tokens, cost, limits.org_monthly, limits.org_monthly_spend, limits
    )
    for key in keys:
        if key.revoked_at is not None:
            continue
        key_limits = limits_for(organization_id=organization_id, api_key_id=key.id)
        tokens, cost = usage_selectors.spent_since(
            organization_id=organization_id, since=month_start, api_key_id=key.id
        )
        name = f"{key.name} (lh_{key.prefix}_…)"
        rows += _quota(
            name, tokens, cost, key_limits.key_monthly, key_limits.key_monthly_spend, key_limits
        )
    return rows


def _quota(
    name: str, tokens: int, cost: Decimal, token_limit: int, spend_nanos: int, limits: Any
) -> list[dict[str, Any]]:
    spend_limit = from_nanos(spend_nanos) if spend_nanos else Decimal(0)
    rows = [_meter(name, "tokens", tokens, token_limit, limits.soft_budget_percent)]
    if spend_limit:
        rows.append(_meter(name, "spend", cost, spend_limit, limits.soft_budget_percent))
    return rows


def _meter(name: str, unit: str, used: Any, limit: Any, soft: int) -> dict[str, Any]:
    percent = min(100, round(100 * float(used) / float(limit))) if limit else 0
    return {
        "name": name,
        "unit": unit,
        "used": used,
        "limit": limit,
        "percent": percent,
        "soft": soft,
    }
