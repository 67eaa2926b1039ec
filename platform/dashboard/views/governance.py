"""What governs approvals, for owners and admins: the tamper-evident audit log (filtered, each
entry linked to what it is about) with its chain check. The policy is in `views.policy`,
webhooks in `views.webhooks`."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from accounts.actors import Rule
from accounts.roles import MANAGERS
from audit.selectors import audit_actions, audit_search, audit_verify
from dashboard.access import Viewer, dashboard_page
from dashboard.forms import AuditFilterForm
from dashboard.pages import page, paginate, query_without_page, refused_unless

# A read gate: the log is the managers' (as on `GET /api/audit`).
READ_AUDIT = Rule(MANAGERS, "read the audit log")


@dashboard_page
def audit(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    refused = refused_unless(request, viewer, READ_AUDIT, section="review")
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
