from __future__ import annotations

from django.contrib import admin

from gateway.models import QuotaPolicy, UsageRecord


@admin.register(QuotaPolicy)
class QuotaPolicyAdmin(admin.ModelAdmin):
    list_display = [
        "organization",
        "api_key",
        "requests_per_minute",
        "tokens_per_minute",
        "monthly_tokens",
        "monthly_spend",
        "soft_budget_percent",
        "allow_fallback",
        "auto_tier",
    ]
    list_filter = ["organization"]
    autocomplete_fields = ["organization"]
    raw_id_fields = ["api_key"]


@admin.register(UsageRecord)
class UsageRecordAdmin(admin.ModelAdmin):
    """The ledger is written by the gateway only: read-only here."""

    list_display = [
        "created_at",
        "organization",
        "tier",
        "backend",
        "status",
        "prompt_tokens",
        "completion_tokens",
        "cost",
        "latency_ms",
        "run_id",
    ]
    list_filter = ["tier", "status", "organization"]
    search_fields = ["request_id", "client_request_id", "run_id"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False
