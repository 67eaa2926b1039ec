"""Webhooks in the admin: endpoints (the secret stays encrypted) and the delivery log."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(admin.ModelAdmin):
    list_display = ["id", "organization", "url", "enabled", "created_at"]
    list_filter = ["enabled"]
    exclude = ["secret_ciphertext"]
    readonly_fields = ["created_by", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # endpoints are created through the API, which shows the secret once


class AttemptInline(admin.TabularInline):
    model = WebhookAttempt
    extra = 0
    can_delete = False
    readonly_fields = ["number", "status_code", "error", "response_excerpt", "duration_ms"]


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ["id", "event", "endpoint", "status", "attempts", "last_status_code"]
    list_filter = ["status"]
    readonly_fields = [field.name for field in WebhookDelivery._meta.fields]
    inlines = [AttemptInline]
