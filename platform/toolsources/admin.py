"""Tool sources in the admin: credentials stay encrypted; each tool's risk, capabilities and
workflows are an admin's to adjust."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from toolsources.models import ExternalTool, ToolSource


class ToolInline(admin.TabularInline):
    model = ExternalTool
    extra = 0
    fields = ["name", "remote_name", "risk", "capabilities", "enabled", "workflows"]
    readonly_fields = ["name", "remote_name"]


@admin.register(ToolSource)
class ToolSourceAdmin(admin.ModelAdmin):
    list_display = ["name", "organization", "kind", "url", "enabled", "discovered_at"]
    list_filter = ["kind", "enabled"]
    exclude = ["headers_ciphertext"]
    readonly_fields = [
        "kind",
        "url",
        "command",
        "document",
        "discovered_at",
        "created_by",
        "created_at",
    ]
    inlines = [ToolInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # sources are registered through the API, which checks and discovers them


@admin.register(ExternalTool)
class ExternalToolAdmin(admin.ModelAdmin):
    list_display = ["__str__", "risk", "enabled"]
    list_filter = ["risk", "enabled"]
    readonly_fields = ["source", "name", "remote_name", "description", "parameters", "operation"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
