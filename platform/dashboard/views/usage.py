"""Usage: tokens per day by tier, by API key and by workflow,
and this month's consumption of the quotas with the limits drawn."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.selectors import organization_keys
from dashboard import selectors as usage_selectors
from dashboard.access import Viewer, dashboard_page
from dashboard.forms import UsageForm
from dashboard.pages import page
from gateway.selectors import limits_for
from runs.selectors import run_workflows


@dashboard_page
def usage(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    form = UsageForm(request.GET or None)
    days = form.cleaned_data["days"] if form.is_valid() else 30
    today = timezone.now().date()
    since = timezone.now() - timedelta(days=days)
    org = viewer.organization_id
    keys = {key.id: key for key in organization_keys(organization=viewer.organization)}
    context = {
        "form": form,
        "days": days,
        "by_day": by_day(
            usage_selectors.usage_by_day(organization_id=org, since=since), today, days
        ),
        "by_key": by_key(usage_selectors.usage_by_key(organization_id=org, since=since), keys),
        "by_workflow": by_workflow(
            org, usage_selectors.usage_by_run(organization_id=org, since=since)
        ),
        "quotas": quotas(org, list(keys.values())),
    }
    return page(request, viewer, "dashboard/usage.html", context, section="usage")


def by_day(rows: list[dict[str, Any]], today: date, days: int) -> dict[str, Any]:
    """Every day of the period (empty days too) with tokens per tier, for a stacked chart."""
    labels = [(today - timedelta(days=n)).isoformat() for n in range(days - 1, -1, -1)]
    tiers = sorted({str(row["tier"] or "-") for row in rows})
    tokens: dict[str, dict[str, int]] = {tier: dict.fromkeys(labels, 0) for tier in tiers}
    for row in rows:
        tokens[str(row["tier"] or "-")][row["day"].isoformat()] = int(row["tokens"] or 0)
    table = [
        {
            "day": day,
            "tiers": [tokens[t][day] for t in tiers],
            "total": sum(tokens[t][day] for t in tiers),
        }
        for day in labels
        if any(tokens[t][day] for t in tiers)
    ]
    series = [{"label": t, "data": [tokens[t][d] for d in labels]} for t in tiers]
    return {"labels": labels, "series": series, "tiers": tiers, "table": table}


def by_key(rows: list[dict[str, Any]], keys: dict[int, Any]) -> list[dict[str, Any]]:
    named = []
    for row in rows:
        key = keys.get(row["api_key_id"])
        if key is not None:
            name = f"{key.name} (lh_{key.prefix}_…)"
        else:
            name = "deleted key" if row["api_key_id"] else "no key"
        named.append({"name": name, "requests": row["requests"], "tokens": int(row["tokens"] or 0)})
    return named


def by_workflow(organization_id: int, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    workflows = run_workflows(organization_id=organization_id, run_ids=[r["run_id"] for r in rows])
    totals: dict[str, dict[str, int]] = defaultdict(lambda: {"requests": 0, "tokens": 0})
    for row in rows:
        total = totals[workflows.get(str(row["run_id"]), "other")]
        total["requests"] += int(row["requests"])
        total["tokens"] += int(row["tokens"] or 0)
    return [{"name": name, **total} for name, total in sorted(totals.items())]


def quotas(organization_id: int, keys: list[Any]) -> list[dict[str, Any]]:
    """This month's tokens against the monthly limits (0: unlimited, drawn without a limit)."""
    month_start = timezone.now().replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    rows = []
    org_limits = limits_for(organization_id=organization_id, api_key_id=0)
    used = usage_selectors.tokens_since(organization_id=organization_id, since=month_start)
    rows.append(
        _quota("Organization", used, org_limits.org_monthly, org_limits.soft_budget_percent)
    )
    for key in keys:
        if key.revoked_at is not None:
            continue
        limits = limits_for(organization_id=organization_id, api_key_id=key.id)
        used = usage_selectors.tokens_since(
            organization_id=organization_id, since=month_start, api_key_id=key.id
        )
        rows.append(
            _quota(
                f"{key.name} (lh_{key.prefix}_…)",
                used,
                limits.key_monthly,
                limits.soft_budget_percent,
            )
        )
    return rows


def _quota(name: str, used: int, limit: int, soft: int) -> dict[str, Any]:
    percent = min(100, round(100 * used / limit)) if limit else 0
    return {"name": name, "used": used, "limit": limit, "percent": percent, "soft": soft}
