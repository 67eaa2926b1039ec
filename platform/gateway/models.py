"""Quota policies (admin-editable) and the usage ledger, one row per /v1 request."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from accounts.models import ApiKey, Organization

_DEFAULT_HELP = "Blank: the default from settings. 0: unlimited."


class QuotaPolicy(models.Model):
    """Limits for an organization (no key) or for one of its keys; blank fields use settings."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="quota_policies"
    )
    api_key = models.ForeignKey(
        ApiKey,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="quota_policies",
        help_text="Blank: the organization-wide limits, shared by all of its keys.",
    )
    requests_per_minute = models.PositiveIntegerField(
        null=True, blank=True, help_text=_DEFAULT_HELP
    )
    tokens_per_minute = models.PositiveBigIntegerField(
        null=True, blank=True, help_text=_DEFAULT_HELP
    )
    monthly_tokens = models.PositiveBigIntegerField(null=True, blank=True, help_text=_DEFAULT_HELP)
    # At most 999,999,999.999999: the budget counter in Redis counts nano-units in 64 bits.
    monthly_spend = models.DecimalField(
        max_digits=15,
        decimal_places=6,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0))],
        help_text="A monthly budget in the currency setting (calendar month, UTC). Blank or 0: "
        "no budget in currency.",
    )
    soft_budget_percent = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(100)],
        help_text="Report when this share of the monthly budget is used. Blank: settings.",
    )
    allow_fallback = models.BooleanField(
        null=True, blank=True, help_text="Fall back (fast → standard) when a tier is down."
    )
    auto_tier = models.SlugField(
        max_length=64, blank=True, help_text="The tier `auto` picks when no other rule decides."
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "quota policies"
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "api_key"],
                name="gateway_one_policy_per_key",
                condition=Q(api_key__isnull=False),
            ),
            models.UniqueConstraint(
                fields=["organization"],
                name="gateway_one_policy_per_organization",
                condition=Q(api_key__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        target = self.api_key.prefix if self.api_key else "organization"
        return f"quota for {self.organization} ({target})"

    def clean(self) -> None:
        if self.api_key is not None and self.api_key.organization_id != self.organization_id:
            raise ValidationError({"api_key": "The key belongs to another organization."})


class UsageRecord(models.Model):
    """One /v1 request as billed. Written in batches by the ledger flusher, never per request."""

    # The gateway's id for the request; the caller's own, if it sent one, is client_request_id.
    request_id = models.CharField(max_length=128, unique=True)
    client_request_id = models.CharField(max_length=128, blank=True, db_index=True)
    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="+")
    # No database constraint: the ledger outlives a deleted key (it is the billing record).
    api_key = models.ForeignKey(
        ApiKey, null=True, on_delete=models.DO_NOTHING, db_constraint=False, related_name="+"
    )
    endpoint = models.CharField(max_length=32)
    requested_model = models.CharField(max_length=64)
    tier = models.CharField(max_length=64, blank=True)
    backend = models.CharField(max_length=100, blank=True)
    model = models.CharField(max_length=200, blank=True, help_text="the served model upstream")
    stream = models.BooleanField(default=False)
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    total_tokens = models.PositiveIntegerField(default=0)
    # At the price in force at created_at, set when the row is flushed. Null: no price was in
    # force for its tier or backend; 0: a price was, or the request was not billable.
    cost = models.DecimalField(max_digits=24, decimal_places=12, null=True, blank=True)
    ttft_ms = models.FloatField(null=True, blank=True)
    latency_ms = models.FloatField()
    overhead_ms = models.FloatField(null=True, blank=True)
    status = models.PositiveSmallIntegerField()
    error_code = models.CharField(max_length=64, blank=True)
    run_id = models.CharField(max_length=128, blank=True, db_index=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["organization", "created_at"])]

    def __str__(self) -> str:
        return f"{self.request_id} {self.tier} {self.status}"
