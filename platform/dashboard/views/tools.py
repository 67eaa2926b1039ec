"""The organization's own tools: every member sees the sources (MCP servers, OpenAPI services)
and the tools they expose; owners and admins register, refresh and remove sources, change how
they are reached, and govern each tool (risk, capabilities, workflows). Views parse and render;
`toolsources.services` checks who may, checks the values and writes the audit log."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from dashboard.access import Viewer, dashboard_page
from dashboard.pages import SERVICE_ERRORS, page, refusal, refused_unless, unconfirmed
from dashboard.tool_forms import KIND_LABELS, SourceForm, SourceSettingsForm, ToolForm
from runs.workflows import workflow_names
from toolsources import selectors, services

SECTION = "tools"


@dashboard_page
def tools(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    return _list_page(request, viewer, SourceForm())


@require_POST
@dashboard_page
def source_create(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    form = SourceForm(request.POST)
    if not form.is_valid():
        return _list_page(request, viewer, form, status=400)
    try:
        source = services.tool_source_create(actor=viewer.actor(), **form.source_data())
    except ValidationError as error:
        form.show_problems(error.message_dict)
        return _list_page(request, viewer, form, status=400)
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    messages.success(request, f"Registered {source.name}: {source.tools.count()} tools found.")
    return redirect("dashboard:tool-source", source_id=source.id)


@dashboard_page
def source_detail(request: HttpRequest, viewer: Viewer, source_id: int) -> HttpResponse:
    source = _source(viewer, source_id)
    if request.method != "POST":
        return _source_page(request, viewer, source, _settings_form(source))
    form = SourceSettingsForm(request.POST)
    try:
        if not form.is_valid():
            return _source_page(request, viewer, source, form, status=400)
        services.tool_source_update(actor=viewer.actor(), source=source, **form.changes())
    except ValidationError as error:
        form.show_problems(error.message_dict)
        return _source_page(request, viewer, _source(viewer, source_id), form, status=400)
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    messages.success(request, f"Saved how {source.name} is reached.")
    return redirect("dashboard:tool-source", source_id=source_id)


@require_POST
@dashboard_page
def source_refresh(request: HttpRequest, viewer: Viewer, source_id: int) -> HttpResponse:
    source = _source(viewer, source_id)
    try:
        services.tool_source_refresh(actor=viewer.actor(), source=source)
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    messages.success(request, f"Listed {source.name}'s tools again: {source.tools.count()} now.")
    return redirect("dashboard:tool-source", source_id=source_id)


@require_POST
@dashboard_page
def source_delete(request: HttpRequest, viewer: Viewer, source_id: int) -> HttpResponse:
    # Before the confirmation question: never ask what the service would refuse.
    refused = refused_unless(request, viewer, services.MANAGE_SOURCES, section=SECTION)
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
    services.tool_source_delete(actor=viewer.actor(), source=source)
    messages.success(request, f"Removed {source.name}: runs are no longer offered its tools.")
    return redirect("dashboard:tools")


@require_POST
@dashboard_page
def tool_govern(request: HttpRequest, viewer: Viewer, tool_id: int) -> HttpResponse:
    tool = selectors.tool_get(organization_id=viewer.organization_id, tool_id=tool_id)
    if tool is None:
        raise Http404("No such tool in your organization.")
    form = ToolForm(request.POST, workflows=workflow_names())
    try:
        if not form.is_valid():
            raise ValidationError(form.errors.get_json_data())
        services.external_tool_update(actor=viewer.actor(), tool=tool, **form.cleaned_data)
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    messages.success(request, f"Saved how {tool.tool_name} is governed.")
    return redirect(f"{_source_url(tool.source_id)}#tool-{tool.id}")


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
    return refusal(request, viewer, error, section=SECTION)
