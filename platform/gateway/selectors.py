"""Reads for the gateway: effective quota limits, the routable registry, usage."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db.models import Count, DecimalField, Q, QuerySet, Sum, Value
from django.db.models.functions import Coalesce

from gateway.models import QuotaPolicy, UsageRecord
from gateway.pricing import PriceBook, to_nanos
from gateway.runs_port import run_directory
from inference.selectors import TierConfig, backends_healthy, price_rows, tier_registry


@dataclass(frozen=True)
class Limits:
    """What one key may spend; 0 means unlimited. Resolved once and cached with the key."""

    key_rpm: int
    key_tpm: int
    key_monthly: int
    org_rpm: int
    org_tpm: int
    org_monthly: int
    soft_budget_percent: int
    allow_fallback: bool
    auto_tier: str
    key_monthly_spend: int = 0  # in nano-units of the currency (gateway.pricing)
    org_monthly_spend: int = 0


def _pick(policy: QuotaPolicy | None, field: str, default: int) -> int:
    value = getattr(policy, field, None) if policy else None
    return default if value is None else int(value)


def _spend(policy: QuotaPolicy | None) -> int:
    amount = policy.monthly_spend if policy else None
    return to_nanos(amount) if amount else 0


def limits_for(*, organization_id: int, api_key_id: int) -> Limits:
    policies = QuotaPolicy.objects.filter(organization_id=organization_id, api_key_id=api_key_id)
    org_policies = QuotaPolicy.objects.filter(organization_id=organization_id, api_key__isnull=True)
    key_policy, org_policy = policies.first(), org_policies.first()
    s = settings
    fallback = next(
        (p.allow_fallback for p in (key_policy, org_policy) if p and p.allow_fallback is not None),
        s.LONGHAUL_GATEWAY_ALLOW_FALLBACK,
    )
    auto_tier = next(
        (p.auto_tier for p in (key_policy, org_policy) if p and p.auto_tier),
        s.LONGHAUL_GATEWAY_AUTO_DEFAULT_TIER,
    )
    soft = _pick(key_policy, "soft_budget_percent", 0) or _pick(
        org_policy, "soft_budget_percent", s.LONGHAUL_GATEWAY_SOFT_BUDGET_PERCENT
    )
    return Limits(
        key_rpm=_pick(key_policy, "requests_per_minute", s.LONGHAUL_GATEWAY_KEY_RPM),
        key_tpm=_pick(key_policy, "tokens_per_minute", s.LONGHAUL_GATEWAY_KEY_TPM),
        key_monthly=_pick(key_policy, "monthly_tokens", s.LONGHAUL_GATEWAY_KEY_MONTHLY_TOKENS),
        org_rpm=_pick(org_policy, "requests_per_minute", s.LONGHAUL_GATEWAY_ORG_RPM),
        org_tpm=_pick(org_policy, "tokens_per_minute", s.LONGHAUL_GATEWAY_ORG_TPM),
        org_monthly=_pick(org_policy, "monthly_tokens", s.LONGHAUL_GATEWAY_ORG_MONTHLY_TOKENS),
        soft_budget_percent=soft,
        allow_fallback=bool(fallback),
        auto_tier=auto_tier,
        key_monthly_spend=_spend(key_policy),
        org_monthly_spend=_spend(org_policy),
    )


@dataclass(frozen=True)
class Registry:
    """Tiers as the router sees them, plus each backend's last active-probe verdict."""

    tiers: dict[str, TierConfig]
    healthy: dict[str, bool]
    prices: PriceBook = field(default_factory=PriceBook)


def routable_registry() -> Registry:
    return Registry(tiers=tier_registry(), healthy=backends_healthy(), prices=price_book())


def price_book() -> PriceBook:
    """Every price version of every tier and backend."""
    return PriceBook(price_rows())


@dataclass(frozen=True)
class UsageFilters:
    """Narrowing the ledger; empty fields do not filter."""

    run: str = ""
    key: str = ""  # an API key's prefix
    workflow: str = ""  # runs of this workflow, joined by run id
    tier: str = ""
    since: datetime | None = None
    until: datetime | None = None


def usage_for_organization(
    *, organization_id: int, filters: UsageFilters | None = None
) -> QuerySet[UsageRecord]:
    records = UsageRecord.objects.filter(organization_id=organization_id)
    if filters is None:
        return records
    exact = {"run_id": filters.run, "api_key__prefix": filters.key, "tier": filters.tier}
    records = records.filter(**{field: value for field, value in exact.items() if value})
    if filters.workflow:
        records = records.filter(run_id__in=_run_ids_of(organization_id, filters.workflow))
    if filters.since:
        records = records.filter(created_at__gte=filters.since)
    if filters.until:
        records = records.filter(created_at__lt=filters.until)
    return records


def _run_ids_of(organization_id: int, workflow: str) -> QuerySet[Any, Any]:
    # The ledger names a run by its id as text (a run token's, or an X-Longhaul-Run label).
    return run_directory().run_text_ids_of_workflow(
        organization_id=organization_id, workflow=workflow
    )


USAGE_GROUPS = ("tier", "backend", "key", "run", "workflow", "organization")
_GROUP_FIELDS = {
    "tier": "tier",
    "backend": "backend",
    "key": "api_key__prefix",
    "run": "run_id",
    "workflow": "run_id",  # then mapped to the run's workflow
    "organization": "organization__slug",
}
_COST = DecimalField(max_digits=24, decimal_places=12)
_SUMMED = (
    "requests",
    "prompt_tokens",
    "completion_tokens",
    "total_tokens",
    "cost",
    "unpriced_requests",
)


def usage_totals(
    *, organization_id: int, group_by: str = "tier", filters: UsageFilters | None = None
) -> list[dict[str, object]]:
    """Requests, tokens and spend of one organization per `group_by` (see USAGE_GROUPS).
    `cost` sums the priced requests; `unpriced_requests` counts billable ones without a price."""
    column = _GROUP_FIELDS[group_by]
    rows = [
        {group_by: row.pop(column), "cost": row.pop("spend"), **row}
        for row in usage_for_organization(organization_id=organization_id, filters=filters)
        .values(column)
        .annotate(
            requests=Count("id"),
            prompt_tokens=Sum("prompt_tokens"),
            completion_tokens=Sum("completion_tokens"),
            total_tokens=Sum("total_tokens"),
            spend=Coalesce(Sum("cost"), Value(Decimal(0)), output_field=_COST),
            unpriced_requests=Count("id", filter=Q(cost__isnull=True)),
        )
        .order_by(column)
    ]
    if group_by == "workflow":
        rows = _by_workflow(organization_id, rows)
    return rows


def _by_workflow(organization_id: int, per_run: list[dict[str, Any]]) -> list[dict[str, object]]:
    """Folds per-run rows into per-workflow rows; calls outside any run fall under None."""
    workflows = _workflows_of(organization_id, [str(row["workflow"]) for row in per_run])
    folded: dict[str | None, dict[str, Any]] = {}
    for row in per_run:
        name = workflows.get(str(row["workflow"]))
        into = folded.setdefault(name, {"workflow": name, **dict.fromkeys(_SUMMED, 0)})
        for column in _SUMMED:
            into[column] += row[column]
    return sorted(folded.values(), key=lambda row: row["workflow"] or "")


def _workflows_of(organization_id: int, run_ids: list[str]) -> dict[str, str]:
    return run_directory().run_workflows(organization_id=organization_id, run_ids=run_ids)


def run_cost(*, organization_id: int, run_id: str) -> Decimal:
    """What a run's model calls have cost so far, from the ledger (0 before the first flush)."""
    records = usage_for_organization(organization_id=organization_id).filter(run_id=run_id)
    return records.aggregate(cost=Sum("cost"))["cost"] or Decimal(0)


@dataclass(frozen=True)
class LedgerEntry:
    """What the ledger says of one request: where it went and what it cost."""

    tier: str
    backend: str
    cost: Decimal | None  # None: no price was in force for its tier or backend
    latency_ms: float


def run_ledger_entries(
    *, organization_id: int, run_id: str, request_ids: list[str]
) -> dict[str, LedgerEntry]:
    """The ledger rows of a run's requests by request id (absent until flushed)."""
    records = UsageRecord.objects.filter(
        organization_id=organization_id, run_id=run_id, request_id__in=request_ids
    ).values_list("request_id", "tier", "backend", "cost", "latency_ms")
    return {
        request_id: LedgerEntry(tier, backend, cost, latency_ms)
        for request_id, tier, backend, cost, latency_ms in records
    }


@dataclass(frozen=True)
class RunSpend:
    """A run's model calls in the ledger: what the priced ones cost and how many had no price."""

    cost: Decimal = Decimal(0)
    priced: int = 0
    unpriced: int = 0

    @property
    def is_unpriced(self) -> bool:
        """Every call so far lacked a price: a cost of 0 would be a false figure."""
        return self.unpriced > 0 and self.priced == 0


def runs_spend(*, organization_id: int, run_ids: list[str]) -> dict[str, RunSpend]:
    """RunSpend of each of the runs (one grouped query); runs without calls are left out."""
    rows = (
        usage_for_organization(organization_id=organization_id)
        .filter(run_id__in=run_ids)
        .values("run_id")
        .annotate(
            spend=Coalesce(Sum("cost"), Value(Decimal(0)), output_field=_COST),
            priced=Count("id", filter=Q(cost__isnull=False)),
            unpriced=Count("id", filter=Q(cost__isnull=True)),
        )
    )
    return {row["run_id"]: RunSpend(row["spend"], row["priced"], row["unpriced"]) for row in rows}
