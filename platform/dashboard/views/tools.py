"""The organization's own tools: every member sees the sources (MCP servers, OpenAPI services)
and the tools they expose; owners and admins register, refresh and remove sources, change how
they are reached, and govern each tool (risk, capabilities, workflows). Views parse and render;
`toolsources.services` checks the values and writes the audit log."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from dashboard.access import Viewer, dashboard_page
from dashboard.pages import SERVICE_ERRORS, error_message, error_status, page, unconfirmed
from dashboard.tool_forms import KIND_LABELS, SourceForm, SourceSettingsForm, ToolForm
from dashboard.views.governance import managers_only
from runs.workflows import workflow_names
from toolsources import selectors, services

MANAGE = "manage tool sources"
SECTION = "tools"


@dashboard_page
def tools(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    return _list_page(request, viewer, SourceForm())


@require_POST
@dashboard_page
def source_create(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    refused = managers_only(request, viewer, MANAGE, section=SECTION)
    if refused is not None:
        return refused
    form = SourceForm(request.POST)
    if not form.is_valid():
        return _list_page(request, viewer, form, status=400)
    try:
        source = services.tool_source_create(
            organization_id=viewer.organization_id, **form.source_data(), **_actor(viewer)
        )
    except ValidationError as error:
        form.show_problems(error.message_dict)
        return _list_page(request, viewer, form, status=400)
    messages.success(request, f"Registered {source.name}: {source.tools.count()} tools found.")
    return redirect("dashboard:tool-source", source_id=source.id)


@dashboard_page
def source_detail(request: HttpRequest, viewer: Viewer, source_id: int) -> HttpResponse:
    source = _source(viewer, source_id)
    if request.method != "POST":
        return _source_page(request, viewer, source, _settings_form(source))
    refused = managers_only(request, viewer, MANAGE, section=SECTION)
    if refused is not None:
        return refused
    form = SourceSettingsForm(request.POST)
    try:
        if not form.is_valid():
            return _source_page(request, viewer, source, form, status=400)
        services.tool_source_update(source=source, **form.changes(), **_actor(viewer))
    except ValidationError as error:
        form.show_problems(error.message_dict)
        return _source_page(request, viewer, _source(viewer, source_id), form, status=400)
    messages.success(request, f"Saved how {source.name} is reached.")
    return redirect("dashboard:tool-source", source_id=source_id)


@require_POST
@dashboard_page
def source_refresh(request: HttpRequest, viewer: Viewer, source_id: int) -> HttpResponse:
    refused = managers_only(request, viewer, MANAGE, section=SECTION)
    if refused is not None:
        return refused
    source = _source(viewer, source_id)
    try:
        services.tool_source_refresh(source=source, **_actor(viewer))
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    messages.success(request, f"Listed {source.name}'s tools again: {source.tools.count()} now.")
    return redirect("dashboard:tool-source", source_id=source_id)


@require_POST
@dashboard_page
def source_delete(request: HttpRequest, viewer: Viewer, source_id: int) -> HttpResponse:
    refused = managers_only(request, viewer, MANAGE, section=SECTION)
    if refused is not None:
        return refused
    source = _source(viewer, source_id)
    question = (
        f"Remove the source “{source.name}” and its {source.tools.count()} tools? Runs are no "
        "longer offered them."
    )
    back = _source_url(source_id)
    asked = unconfirmed(request, viewer, question=question, back=back, section=SECTION)
    if asked is not None:
        return asked
    services.tool_source_delete(source=source, **_actor(viewer))
    messages.success(request, f"Removed {source.name}: runs are no longer offered its tools.")
    return redirect("dashboard:tools")


@require_POST
@dashboard_page
def tool_govern(request: HttpRequest, viewer: Viewer, tool_id: int) -> HttpResponse:
    refused = managers_only(request, viewer, MANAGE, section=SECTION)
    if refused is not None:
        return refused
    tool = selectors.tool_get(organization_id=viewer.organization_id, tool_id=tool_id)
    if tool is None:
        raise Http404("No such tool in your organization.")
    form = ToolForm(request.POST, workflows=workflow_names())
    try:
        if not form.is_valid():
            raise ValidationError(form.errors.get_json_data())
        services.external_tool_update(tool=tool, **form.cleaned_data, **_actor(viewer))
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    messages.success(request, f"Saved how {tool.tool_name} is governed.")
    return redirect(f"{_source_url(tool.source_id)}#tool-{tool.id}")


def _actor(viewer: Viewer) -> dict[str, Any]:
    return {"actor": viewer.user.username, "actor_user_id": viewer.user.id}


def _source(viewer: Viewer, source_id: int) -> Any:
    source = selectors.source_get(organization_id=viewer.organization_id, source_id=source_id)
    if source is None:
        raise Http404("No such tool source in your organization.")
    return source


def _source_url(source_id: int) -> str:
    return reverse("dashboard:tool-source", kwargs={"source_id": source_id})


def _settings_form(source: Any) -> SourceSettingsForm:
    initial = {
        "allowed_hosts": " ".join(source.allowed_hosts),
        "timeout_seconds": source.timeout_seconds,
        "enabled": source.enabled,
    }
    return SourceSettingsForm(initial=initial)


def _tool_forms(source: Any) -> list[tuple[Any, ToolForm]]:
    names = workflow_names()
    return [
        # One form a tool on the page: their fields' ids must differ, their names need not.
        (tool, ToolForm(initial=_governance(tool), workflows=names, auto_id=f"tool-{tool.id}-%s"))
        for tool in source.tools.all()
    ]


def _governance(tool: Any) -> dict[str, Any]:
    fields = ("risk", "capabilities", "workflows", "enabled")
    return {name: getattr(tool, name) for name in fields}


def _list_page(
    request: HttpRequest, viewer: Viewer, form: SourceForm, *, status: int = 200
) -> HttpResponse:
    context = {
        "sources": selectors.source_list(organization_id=viewer.organization_id),
        "kinds": {kind.value: label for kind, label in KIND_LABELS.items()},
        "form": form,
    }
    return page(
        request, viewer, "dashboard/tools/list.html", context, section=SECTION, status=status
    )


def _source_page(
    request: HttpRequest,
    viewer: Viewer,
    source: Any,
    form: SourceSettingsForm,
    *,
    status: int = 200,
) -> HttpResponse:
    context = {
        "source": source,
        "kind_label": KIND_LABELS.get(source.kind, source.kind),
        "form": form,
        "tools": _tool_forms(source),
    }
    template = "dashboard/tools/source.html"
    return page(request, viewer, template, context, section=SECTION, status=status)


def _refused(request: HttpRequest, viewer: Viewer, error: Exception) -> HttpResponse:
    refusal = {"message": error_message(error)}
    template = "dashboard/forbidden.html"
    return page(request, viewer, template, refusal, section=SECTION, status=error_status(error))
