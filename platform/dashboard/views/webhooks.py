"""Webhooks in the dashboard, for owners and admins: endpoints added, changed, deleted and
tested (a signed test delivery and the receiver's answer), secrets rotated, and the recent
deliveries. Views parse and render; `webhooks.endpoints` checks who may do what."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from core.errors import NotFound
from dashboard.access import Viewer, dashboard_page
from dashboard.governance_forms import WebhookForm
from dashboard.pages import (
    SERVICE_ERRORS,
    error_message,
    page,
    paginate,
    refusal,
    refused_unless,
    unconfirmed,
)
from webhooks import endpoints
from webhooks.selectors import delivery_list, endpoint_get, endpoint_list

RULE = endpoints.MANAGE_WEBHOOKS


@dashboard_page
def webhooks(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    # A read gate: endpoints and deliveries are shown to those who may manage them.
    refused = refused_unless(request, viewer, RULE, section="review")
    return refused or _list_page(request, viewer, WebhookForm())


@require_POST
@dashboard_page
def webhook_create(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    form = WebhookForm(request.POST)
    if not form.is_valid():
        return _list_page(request, viewer, form, status=400)
    try:
        data = form.endpoint_data(creating=True)
        endpoint, secret = endpoints.webhook_endpoint_create(actor=viewer.actor(), **data)
    except ValidationError as error:
        form.show_problems(error.message_dict)
        return _list_page(request, viewer, form, status=400)
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    # Rendered, not redirected: the secret exists only in this response.
    return _list_page(request, viewer, WebhookForm(), created=(endpoint, secret), status=201)


def _list_page(
    request: HttpRequest,
    viewer: Viewer,
    form: WebhookForm,
    *,
    created: tuple[Any, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    org = viewer.organization_id
    deliveries = delivery_list(organization_id=org).order_by("-created_at")
    context = {
        "endpoints": endpoint_list(organization_id=org).order_by("id"),
        "deliveries": paginate(request, deliveries),
        "form": form,
        "created": created,
        "tab": "webhooks",
    }
    template = "dashboard/review/webhooks.html"
    return page(request, viewer, template, context, section="review", status=status)


@dashboard_page
def webhook_edit(request: HttpRequest, viewer: Viewer, endpoint_id: int) -> HttpResponse:
    refused = refused_unless(request, viewer, RULE, section="review")  # the page is a read too
    if refused is not None:
        return refused
    endpoint = _endpoint(viewer, endpoint_id)
    if request.method != "POST":
        initial = {name: getattr(endpoint, name) for name in WebhookForm.base_fields}
        return _edit_page(request, viewer, endpoint, WebhookForm(initial=initial))
    form = WebhookForm(request.POST)
    if not form.is_valid():
        return _edit_page(request, viewer, endpoint, form, status=400)
    try:
        changes = form.endpoint_data(creating=False)
        endpoints.webhook_endpoint_update(
            actor=viewer.actor(), endpoint_id=endpoint_id, changes=changes
        )
    except ValidationError as error:
        form.show_problems(error.message_dict)
        return _edit_page(request, viewer, endpoint, form, status=400)
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    messages.success(request, "Saved the endpoint.")
    return redirect("dashboard:webhook-edit", endpoint_id=endpoint_id)


@require_POST
@dashboard_page
def webhook_test(request: HttpRequest, viewer: Viewer, endpoint_id: int) -> HttpResponse:
    try:
        answer = endpoints.webhook_endpoint_test(actor=viewer.actor(), endpoint_id=endpoint_id)
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    endpoint = _endpoint(viewer, endpoint_id)
    initial = {name: getattr(endpoint, name) for name in WebhookForm.base_fields}
    return _edit_page(request, viewer, endpoint, WebhookForm(initial=initial), answer=answer)


@require_POST
@dashboard_page
def webhook_rotate(request: HttpRequest, viewer: Viewer, endpoint_id: int) -> HttpResponse:
    try:
        endpoint, secret = endpoints.webhook_secret_rotate(
            actor=viewer.actor(), endpoint_id=endpoint_id
        )
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    initial = {name: getattr(endpoint, name) for name in WebhookForm.base_fields}
    return _edit_page(request, viewer, endpoint, WebhookForm(initial=initial), secret=secret)


@require_POST
@dashboard_page
def webhook_delete(request: HttpRequest, viewer: Viewer, endpoint_id: int) -> HttpResponse:
    refused = refused_unless(request, viewer, RULE, section="review")  # before the question
    if refused is not None:
        return refused
    endpoint = _endpoint(viewer, endpoint_id)
    question = f"Delete the endpoint {endpoint.url}? Nothing more is sent to it."
    back = reverse("dashboard:webhook-edit", kwargs={"endpoint_id": endpoint_id})
    asked = unconfirmed(request, viewer, question=question, back=back, section="review")
    if asked is not None:
        return asked
    try:
        endpoints.webhook_endpoint_delete(actor=viewer.actor(), endpoint_id=endpoint_id)
    except SERVICE_ERRORS as error:
        return _refused(request, viewer, error)
    messages.success(request, "Deleted the endpoint: nothing more is sent to it.")
    return redirect("dashboard:webhooks")


def _endpoint(viewer: Viewer, endpoint_id: int) -> Any:
    endpoint = endpoint_get(organization_id=viewer.organization_id, endpoint_id=endpoint_id)
    if endpoint is None:
        raise Http404("No such webhook endpoint in your organization.")
    return endpoint


def _edit_page(
    request: HttpRequest,
    viewer: Viewer,
    endpoint: Any,
    form: WebhookForm,
    *,
    answer: Any = None,
    secret: str = "",
    status: int = 200,
) -> HttpResponse:
    deliveries = delivery_list(organization_id=viewer.organization_id, endpoint_id=endpoint.id)
    context = {
        "endpoint": endpoint,
        "form": form,
        "answer": answer,
        "secret": secret,
        "deliveries": deliveries.order_by("-created_at")[:20],
        "tab": "webhooks",
    }
    template = "dashboard/review/webhook.html"
    return page(request, viewer, template, context, section="review", status=status)


def _refused(request: HttpRequest, viewer: Viewer, error: Exception) -> HttpResponse:
    if isinstance(error, NotFound):
        raise Http404(error_message(error))
    return refusal(request, viewer, error, section="review")
