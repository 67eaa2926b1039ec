"""Admin for the tier registry. Upstream keys are write-only: entered here, stored encrypted,
never rendered back."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from inference.breakers import breaker_states, describe_breaker
from inference.health import backends_probe_and_record
from inference.models import Backend, Price, Tier
from inference.services import backend_secret_set


class BackendInline(admin.TabularInline):
    model = Backend
    extra = 0
    fields = ["name", "base_url", "served_model", "weight", "max_concurrency", "enabled", "healthy"]
    readonly_fields = ["healthy"]
    show_change_link = True


class PriceInline(admin.TabularInline):
    model = Price
    extra = 0
    fields = ["backend", "effective_from", "input_per_million", "output_per_million"]
    show_change_link = True

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a price changes by a new row from a later date (PriceAdmin)


@admin.register(Tier)
class TierAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "kind",
        "fallback",
        "context_window",
        "agent_strategy",
        "is_active",
        "updated_at",
    ]
    list_filter = ["is_active", "kind"]
    search_fields = ["name", "description"]
    inlines = [BackendInline, PriceInline]


@admin.register(Price)
class PriceAdmin(admin.ModelAdmin):
    """Prices by date. A row already in force is history (the ledger was priced with it): it
    is read-only; a new price is a new row from a later moment."""

    list_display = [
        "tier",
        "backend",
        "effective_from",
        "input_per_million",
        "output_per_million",
        "in_force",
    ]
    list_filter = ["tier"]
    raw_id_fields = ["backend"]
    date_hierarchy = "effective_from"

    def get_readonly_fields(self, request: HttpRequest, obj: Price | None = None) -> Any:
        if obj is not None and obj.effective_from <= timezone.now():
            return ["tier", "backend", "effective_from", "input_per_million", "output_per_million"]
        return []

    @admin.display(boolean=True, description="in force now")
    def in_force(self, obj: Price) -> bool:
        now = timezone.now()
        newer = Price.objects.filter(
            tier=obj.tier,
            backend=obj.backend,
            effective_from__gt=obj.effective_from,
            effective_from__lte=now,
        )
        return obj.effective_from <= now and not newer.exists()


class BackendForm(forms.ModelForm):
    base_url = forms.URLField(
        max_length=500, assume_scheme="https", help_text="OpenAI-compatible base, ending in /v1"
    )
    api_key = forms.CharField(
        label="Upstream API key",
        required=False,
        strip=True,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "new-password"}),
        help_text="Stored encrypted and never shown again; leave empty to keep the current key.",
    )
    clear_api_key = forms.BooleanField(label="Remove the stored API key", required=False)

    class Meta:
        model = Backend
        fields = [
            "tier",
            "name",
            "base_url",
            "served_model",
            "weight",
            "max_concurrency",
            "max_queue",
            "connect_timeout_s",
            "read_timeout_s",
            "api_key_env",
            "enabled",
            "dialect",
            "supports_tools",
            "supports_json_schema",
            "supports_logprobs",
        ]

    def clean_base_url(self) -> str:
        url = str(self.cleaned_data["base_url"]).rstrip("/")
        if not url.endswith("/v1"):
            raise forms.ValidationError("Use the OpenAI-compatible base URL, ending in /v1.")
        return url


@admin.register(Backend)
class BackendAdmin(admin.ModelAdmin):
    form = BackendForm
    list_display = [
        "name",
        "tier",
        "base_url",
        "served_model",
        "weight",
        "max_concurrency",
        "enabled",
        "healthy",
        "health",
        "breaker",
        "last_probe_at",
        "has_stored_key",
    ]
    list_filter = ["tier", "enabled", "healthy", "probe_status"]
    search_fields = ["name", "base_url", "served_model"]
    readonly_fields = [
        "healthy",
        "health",
        "breaker",
        "last_probe_at",
        "last_probe_error",
        "has_stored_key",
    ]
    actions = ["probe_selected"]

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> Any:
        self._breakers = breaker_states()  # one Redis read per page, not one per row
        return super().changelist_view(request, extra_context)

    @admin.display(description="probe")
    def health(self, obj: Backend) -> str:
        """The last probe: up, busy (alive, queue full) or down, with the load it reported."""
        if obj.last_probe_at is None:
            return "not probed yet"
        load = ""
        if obj.probe_in_flight is not None:
            load = f" ({obj.probe_in_flight} decoding, {obj.probe_waiting or 0} waiting)"
        return f"{obj.get_probe_status_display()}{load}"

    @admin.display(description="circuit breaker")
    def breaker(self, obj: Backend) -> str:
        states = getattr(self, "_breakers", None)
        if states is None:
            states = breaker_states()
        return describe_breaker(states.get(obj.name))

    @admin.display(boolean=True, description="stored key")
    def has_stored_key(self, obj: Backend) -> bool:
        return bool(obj.api_key_encrypted)

    def save_model(self, request: HttpRequest, obj: Backend, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if form.cleaned_data.get("clear_api_key"):
            backend_secret_set(backend=obj, api_key="")
        elif form.cleaned_data.get("api_key"):
            backend_secret_set(backend=obj, api_key=form.cleaned_data["api_key"])

    @admin.action(description="Probe now (health check)")
    def probe_selected(self, request: HttpRequest, queryset: QuerySet[Backend]) -> None:
        results = backends_probe_and_record(queryset.filter(enabled=True))
        down = sorted(name for name, alive in results.items() if not alive)
        level = messages.WARNING if down else messages.SUCCESS
        summary = f"{len(results) - len(down)} up" + (f", down: {', '.join(down)}" if down else "")
        self.message_user(request, summary, level)
