"""Reads for the gateway: effective quota limits, the routable registry, usage."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db.models import Count, QuerySet, Sum

from gateway.models import QuotaPolicy, UsageRecord
from inference.models import Backend
from inference.selectors import TierConfig, tier_registry


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


def _pick(policy: QuotaPolicy | None, field: str, default: int) -> int:
    value = getattr(policy, field, None) if policy else None
    return default if value is None else int(value)


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
    )


@dataclass(frozen=True)
class Registry:
    """Tiers as the router sees them, plus each backend's last active-probe verdict."""

    tiers: dict[str, TierConfig]
    healthy: dict[str, bool]


def routable_registry() -> Registry:
    healthy = dict(Backend.objects.filter(enabled=True).values_list("name", "healthy"))
    return Registry(tiers=tier_registry(), healthy=healthy)


def usage_for_organization(
    *, organization_id: int, run_id: str | None = None
) -> QuerySet[UsageRecord]:
    records = UsageRecord.objects.filter(organization_id=organization_id)
    return records.filter(run_id=run_id) if run_id else records


def usage_totals(*, organization_id: int) -> list[dict[str, object]]:
    """Requests and tokens per tier for one organization."""
    rows = (
        UsageRecord.objects.filter(organization_id=organization_id)
        .values("tier")
        .annotate(
            requests=Count("id"),
            prompt_tokens=Sum("prompt_tokens"),
            completion_tokens=Sum("completion_tokens"),
        )
        .order_by("tier")
    )
    return [dict(row) for row in rows]
