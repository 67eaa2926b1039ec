"""What governs approvals, for owners and admins: the tamper-evident audit log (filtered, each
entry linked to what it is about) with its chain check. The policy is in `views.policy`,
webhooks in `views.webhooks`."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from accounts.permissions import MANAGERS, require_role
from audit.selectors import audit_actions, audit_search, audit_verify
from dashboard.access import Viewer, dashboard_page
from dashboard.forms import AuditFilterForm
from dashboard.pages import SERVICE_ERRORS, error_message, page, paginate, query_without_page


def managers_only(
    request: HttpRequest, viewer: Viewer, what: str, *, section: str = "review"
) -> HttpResponse | None:
    try:
        require_role(viewer.actor(), MANAGERS, action=what)
    except SERVICE_ERRORS as error:
        refusal = {"message": error_message(error)}
        return page(
            request, viewer, "dashboard/forbidden.html", refusal, section=section, status=403
        )
    return None


@dashboard_page
def audit(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    refused = managers_only(request, viewer, "read the audit log")
    if refused is not None:
        return refused
    org = viewer.organization_id
    filters = AuditFilterForm(request.GET or None, actions=audit_actions(organization_id=org))
    entries = audit_search(organization_id=org, filters=filters.filters()).order_by("-seq")
    context = {
        "filters": filters,
        "entries": paginate(request, entries, size=50),
        "query": query_without_page(request),
        "report": audit_verify(organization_id=org) if request.GET.get("verify") else None,
        "tab": "audit",
    }
    return page(request, viewer, "dashboard/review/audit.html", context, section="review")
