"""Tool sources in the admin: credentials stay encrypted; each tool's risk, capabilities and
workflows are an admin's to adjust."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from accounts.actors import Actor, operator_actor
from toolsources.models import ExternalTool, ToolSource
from toolsources.services import external_tool_update, tool_source_update

GOVERNED = ("risk", "capabilities", "enabled", "workflows")
REACHED = ("enabled",)


class ToolInline(admin.TabularInline):
    """Listed only: a tool is governed on its own page, through the audited service."""

    model = ExternalTool
    extra = 0
    can_delete = False
    fields = ("name", "remote_name", *GOVERNED)
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ToolSource)
class ToolSourceAdmin(admin.ModelAdmin):
    list_display = ["name", "organization", "kind", "url", "enabled", "discovered_at"]
    list_filter = ["kind", "enabled"]
    exclude = ["headers_ciphertext"]
    readonly_fields = [
        "organization",
        "name",
        "kind",
        "url",
        "command",
        "document",
        "allowed_hosts",
        "timeout_seconds",
        "discovered_at",
        "created_by",
        "created_at",
    ]
    inlines = [ToolInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # sources are registered through the API, which checks and discovers them

    def save_model(self, request: HttpRequest, obj: ToolSource, form: Any, change: bool) -> None:
        """The switch goes through the service, which writes the audit log; hosts and timeout,
        checked against the source's URL and the operator's ceiling, are changed in the
        dashboard or over REST."""
        changed = {f: form.cleaned_data[f] for f in form.changed_data if f in REACHED}
        stored = ToolSource.objects.get(pk=obj.pk)
        tool_source_update(actor=_staff(request, stored.organization_id), source=stored, **changed)


@admin.register(ExternalTool)
class ExternalToolAdmin(admin.ModelAdmin):
    list_display = ["__str__", "risk", "enabled"]
    list_filter = ["risk", "enabled"]
    readonly_fields = ["source", "name", "remote_name", "description", "parameters", "operation"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: ExternalTool, form: Any, change: bool) -> None:
        """An admin's change of risk, capabilities or workflows goes through the service, which
        checks the values and writes the audit log."""
        changed = {f: form.cleaned_data[f] for f in form.changed_data if f in GOVERNED}
        stored = ExternalTool.objects.select_related("source").get(pk=obj.pk)
        staff = _staff(request, stored.source.organization_id)
        external_tool_update(actor=staff, tool=stored, **changed)


def _staff(request: HttpRequest, organization_id: int) -> Actor:
    """Staff in the admin act for the platform; the audit log names them."""
    user: Any = request.user
    return operator_actor(organization_id=organization_id, name=user.username, person=user)
