"""What governs approvals, read-only: the organization's rules and policy versions, the approval
SLA figures, the tamper-evident audit log with its chain check, and webhook deliveries. Rules and
webhooks are changed through the REST API (`/api/approvals/rules`, `/api/webhooks`) or the admin."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from accounts.permissions import MANAGERS, require_role
from approvals import selectors as approvals_selectors
from approvals.sla import sla_for
from audit.selectors import audit_entries, audit_verify
from dashboard.access import Viewer, dashboard_page
from dashboard.pages import SERVICE_ERRORS, error_message, page, paginate
from webhooks.selectors import delivery_list, endpoint_list

RECENT_VERSIONS = 10


@dashboard_page
def policy(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    org = viewer.organization_id
    context = {
        "rules": approvals_selectors.rule_list(organization_id=org),
        "versions": approvals_selectors.policy_versions(organization_id=org)[:RECENT_VERSIONS],
        "sla": sla_for(organization_id=org),
        "tab": "policy",
    }
    return page(request, viewer, "dashboard/review/policy.html", context, section="review")


def _managers_only(request: HttpRequest, viewer: Viewer, what: str) -> HttpResponse | None:
    try:
        require_role(viewer.actor(), MANAGERS, action=what)
    except SERVICE_ERRORS as error:
        refusal = {"message": error_message(error)}
        return page(
            request, viewer, "dashboard/forbidden.html", refusal, section="review", status=403
        )
    return None


@dashboard_page
def audit(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    refused = _managers_only(request, viewer, "read the audit log")
    if refused is not None:
        return refused
    org = viewer.organization_id
    entries = audit_entries(organization_id=org).order_by("-seq")
    context = {
        "entries": paginate(request, entries, size=50),
        "report": audit_verify(organization_id=org) if request.GET.get("verify") else None,
        "tab": "audit",
    }
    return page(request, viewer, "dashboard/review/audit.html", context, section="review")


@dashboard_page
def webhooks(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    refused = _managers_only(request, viewer, "see webhooks")
    if refused is not None:
        return refused
    org = viewer.organization_id
    context = {
        "endpoints": endpoint_list(organization_id=org),
        "deliveries": paginate(request, delivery_list(organization_id=org).order_by("-created_at")),
        "tab": "webhooks",
    }
    return page(request, viewer, "dashboard/review/webhooks.html", context, section="review")
