"""The audit log in the admin: read-only, like the table itself."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from audit.models import AuditEntry


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["organization_id", "seq", "created_at", "action", "actor", "target"]
    list_filter = ["action"]
    search_fields = ["actor", "target", "action"]
    ordering = ["-created_at", "-id"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
