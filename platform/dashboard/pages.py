"""What every dashboard page shares: the viewer, the navigation, the pending-approvals badge,
and turning service errors into messages a person can act on."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.actors import Rule
from approvals import selectors as approvals_selectors
from core.errors import ServiceError
from core.problems import status_for
from dashboard.access import Viewer

PAGE_SIZE = 25


def page(
    request: HttpRequest,
    viewer: Viewer,
    template: str,
    context: dict[str, Any],
    *,
    section: str,
    status: int = 200,
) -> HttpResponse:
    shared = {"viewer": viewer, "section": section, "pending_count": pending_count(viewer)}
    return render(request, template, {**shared, **context}, status=status)


def pending_count(viewer: Viewer) -> int:
    """Open requests (pending or escalated) in the viewer's organization."""
    return approvals_selectors.approval_queue(organization_id=viewer.organization_id).count()


def paginate(request: HttpRequest, items: Any, size: int = PAGE_SIZE) -> Page:
    return Paginator(items, size).get_page(request.GET.get("page"))


def query_without_page(request: HttpRequest) -> str:
    """The query string without the page number, for pagination links that keep filters."""
    query = request.GET.copy()
    query.pop("page", None)
    query.pop("verify", None)
    return query.urlencode()


def unconfirmed(
    request: HttpRequest, viewer: Viewer, *, question: str, back: str, section: str
) -> HttpResponse | None:
    """A form that cannot be undone, sent without its confirmation (a browser that runs no
    scripts, so its `data-confirm` question was never asked): the page that asks it, whose
    button sends the same request confirmed. None once confirmed."""
    if request.POST.get("confirmed") == "yes":
        return None
    context = {"question": question, "action": request.path, "back": back}
    return page(request, viewer, "dashboard/confirm.html", context, section=section)


def refused_unless(
    request: HttpRequest, viewer: Viewer, rule: Rule, *, section: str
) -> HttpResponse | None:
    """The refusal page for a page the viewer may not see, by the rule of the service behind it
    (a read gate, or a question not to ask); None when allowed. Writes check in their services."""
    try:
        rule.check(viewer.actor())
    except ServiceError as error:
        return refusal(request, viewer, error, section=section)
    return None


def refusal(
    request: HttpRequest, viewer: Viewer, error: Exception, *, section: str
) -> HttpResponse:
    """A service's refusal as the dashboard's refusal page, with the status REST would answer."""
    context = {"message": error_message(error)}
    template = "dashboard/forbidden.html"
    return page(request, viewer, template, context, section=section, status=error_status(error))


def error_message(error: Exception) -> str:
    """A service's refusal as one sentence (core.errors kinds and Django validation errors)."""
    if isinstance(error, ServiceError):
        return error.detail
    if isinstance(error, DjangoValidationError):
        if hasattr(error, "error_dict"):
            return _flatten({k: [str(m) for m in v] for k, v in error.message_dict.items()})
        return " ".join(str(m) for m in error.messages)
    return str(error)


def error_status(error: Exception) -> int:
    """The HTTP status the REST API would answer the same refusal with."""
    return status_for(error) if isinstance(error, ServiceError) else 400


def _flatten(detail: Any) -> str:
    if isinstance(detail, dict):
        return " ".join(f"{key}: {_flatten(value)}" for key, value in detail.items())
    if isinstance(detail, list):
        return " ".join(_flatten(item) for item in detail)
    return str(detail)


SERVICE_ERRORS = (ServiceError, DjangoValidationError)
