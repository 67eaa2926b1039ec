"""System (owners and admins): tiers and backends with health, breaker state and load, and the
readiness checks of /readyz as a page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse

from accounts.permissions import MANAGERS, require_role
from core.health import readiness
from dashboard.access import Viewer, dashboard_page
from dashboard.pages import SERVICE_ERRORS, error_message, page
from inference.breakers import breaker_states, describe_breaker
from inference.selectors import backends_enabled


@dashboard_page
def system(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    try:
        require_role(viewer.actor(), MANAGERS, action="see the system page")
    except SERVICE_ERRORS as error:
        refusal = {"message": error_message(error)}
        return page(
            request, viewer, "dashboard/forbidden.html", refusal, section="system", status=403
        )
    breakers = breaker_states()
    backends = [
        {"backend": backend, "breaker": describe_breaker(breakers.get(backend.name)),
         "breaker_open": (breakers.get(backend.name) or {}).get("state") == "open"}
        for backend in backends_enabled()
    ]  # fmt: skip
    checks = sorted(readiness().items())
    context: dict[str, Any] = {
        "backends": backends,
        "checks": checks,
        "ready": all(result.ok for _, result in checks),
    }
    return page(request, viewer, "dashboard/system.html", context, section="system")
